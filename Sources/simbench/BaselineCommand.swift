import SimBench

/// `simbench baseline save NAME FILE` and `simbench baseline list`: named baselines under
/// `results/baselines/`.
struct BaselineCommand {
    enum Action {
        case save(name: String, file: String)
        case list
    }

    let action: Action

    init(parsing words: some Collection<String>) throws(UsageError) {
        var arguments = Arguments(words)
        var operands = [String]()
        while let word = arguments.next() {
            guard !word.hasPrefix("-") else {
                throw UsageError("baseline: unknown flag '\(word)'; see 'simbench help baseline'")
            }
            operands.append(word)
        }
        switch operands.first {
        case "save":
            guard operands.count == 3 else {
                throw UsageError("baseline save: expected NAME FILE, such as 'baseline save ci results/simbench-….csv'")
            }
            try BaselineStore.validate(operands[1], flag: "baseline save")
            action = .save(name: operands[1], file: operands[2])
        case "list":
            guard operands.count == 1 else {
                throw UsageError("baseline list: takes no arguments")
            }
            action = .list
        default:
            throw UsageError(
                "baseline: expected 'save NAME FILE' or 'list'\(operands.first.map { ", not '\($0)'" } ?? ""); see 'simbench help baseline'")
        }
    }

    func execute() throws -> ExitStatus {
        switch action {
        case .list:
            let names = BaselineStore.names()
            print(names.isEmpty ? "no baselines in \(BaselineStore.directory)/" : names.joined(separator: "\n"))
        case .save(let name, let file):
            // Validated first, so that only a file compare can read becomes a baseline; then
            // copied byte for byte, so that it diffs against the run it came from.
            let results = try ResultsFile.read(file)
            guard !results.records.isEmpty else {
                throw ResultsFileError(path: file, line: 2, column: nil, message: "no result rows, only a header; not saved as a baseline")
            }
            let path = try BaselineStore.save(String(decoding: results.bytes, as: UTF8.self), as: name)
            print("baseline '\(name)': \(path) (\(results.records.count) rows from \(file))")
        }
        return .success
    }
}
