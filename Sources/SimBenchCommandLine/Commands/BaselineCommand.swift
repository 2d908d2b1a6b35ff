import SimBench

/// `simbench baseline save NAME FILE` and `simbench baseline list`: named baselines under
/// `results/baselines/`.
struct BaselineCommand: Command {
    enum Action {
        case save(name: String, file: String)
        case list
    }

    var action = Action.list

    static let name = "baseline"
    static let abstract = "named baselines under \(BaselineStore.directory)/"
    static let subcommands = [
        (name: "save NAME FILE", abstract: "validate a results CSV and store it as NAME"),
        (name: "list", abstract: "the saved baselines"),
    ]
    static var flags: [Option<BaselineCommand>] { [] }

    static var discussion: String {
        """
        A baseline is the results CSV itself, byte for byte: a person can read and diff it,
        and its environment (host, CPU, Swift version, commit) is in every row. git ignores
        results/ except \(BaselineStore.directory)/: commit the baselines CI compares with.
        NAME: letters, digits, '.', '_' and '-', not starting with '.' or '-'.
        '\(Suite.toolName) run … --save-baseline NAME' stores a run's results as NAME as it finishes.
        """
    }

    static let exitStatuses: [(status: ExitStatus, meaning: String)] = [
        (.success, "saved"),
        (.failure, "FILE is not a valid results file, holds no result row, or cannot be written"),
        (.usage, "usage, or a baselines directory that cannot be made"),
    ]

    init() {}

    mutating func finish(operands: [String]) throws {
        switch operands.first {
        case "save":
            guard operands.count == 3 else {
                throw UsageError(
                    "baseline save: expected NAME FILE, such as 'baseline save ci results/\(Suite.toolName)-….csv'"
                )
            }
            do {
                try BaselineStore.validate(operands[1])
            } catch {
                throw UsageError.invalid("baseline save", error.value, expected: error.accepted)
            }
            // The baselines directory can take it, before the file is read.
            _ = try BaselineStore.check(operands[1], label: "baseline save")
            action = .save(name: operands[1], file: operands[2])
        case "list":
            guard operands.count == 1 else {
                throw UsageError("baseline list: takes no arguments")
            }
            action = .list
        default:
            let suggestion =
                operands.first.map { Suggestion.phrase(for: $0, among: ["save", "list"]) } ?? ""
            throw UsageError(
                "baseline: expected 'save NAME FILE' or 'list'\(operands.first.map { ", not '\($0)'" } ?? "")\(suggestion); see '\(Suite.toolName) baseline --help'"
            )
        }
    }

    func execute() throws -> ExitStatus {
        switch action {
        case .list:
            let names = BaselineStore.names()
            print(
                names.isEmpty
                    ? "no baselines in \(BaselineStore.directory)/" : names.joined(separator: "\n"))
        case .save(let name, let file):
            // Validated first, so that only a file compare can read becomes a baseline; then
            // copied byte for byte, so that it diffs against the run it came from.
            let results = try ResultsFile.read(file, keepingBytes: true)
            try results.requireRows(toDo: "save as a baseline")
            let path = try BaselineStore.save(results, as: name)
            print("baseline '\(name)': \(path) (\(results.records.count) rows from \(file))")
        }
        return .success
    }
}
