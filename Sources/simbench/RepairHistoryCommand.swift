import SimBench

/// `simbench repair-history FILE`: drops the partial last record an interrupted append of
/// an older simbench left in a history file (see `HistoryFile.repair`).
struct RepairHistoryCommand: Command {
    var file = ""

    static let name = "repair-history"
    static let abstract = "drop the partial last record an interrupted append left in a history"
    static let operands = [
        Operand(name: "FILE", help: "a history CSV written by run --append", completion: .file)
    ]
    static var flags: [Option<RepairHistoryCommand>] { [] }
    static let discussion = """
        Only a partial last record is dropped; any other damage is refused and the file is
        left as it was.

        EXIT STATUS
          0 repaired, or nothing to repair · 1 the file is damaged otherwise · 64 usage
        """

    init() {}

    mutating func finish(operands files: [String]) throws {
        guard files.count == 1 else {
            throw UsageError(
                "repair-history: expected one history file, but got \(files.count); see 'simbench repair-history --help'")
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
