import SimBench

/// `simbench repair-history FILE`: drops the partial last record an interrupted append of
/// an older simbench left in a history file (see `HistoryFile.repair`).
struct RepairHistoryCommand {
    var file = ""

    init(parsing words: some Collection<String>) throws(UsageError) {
        var arguments = Arguments(words)
        var files = [String]()
        while let word = arguments.next() {
            guard !word.hasPrefix("-") || word == "-" else {
                throw UsageError("repair-history: unknown flag '\(word)'; see 'simbench help repair-history'")
            }
            files.append(word)
        }
        guard files.count == 1 else {
            throw UsageError("repair-history: expected one history file, but got \(files.count); see 'simbench help repair-history'")
        }
        file = files[0]
    }

    func execute() throws -> ExitStatus {
        switch try HistoryFile.repair(file) {
        case .intact:
            print("\(file): a valid history; nothing to repair")
        case .droppedPartialRecord(let line, let bytes):
            print("\(file): dropped the partial last record (line \(line), \(bytes) bytes); the rows before it are unchanged")
        }
        return .success
    }
}
