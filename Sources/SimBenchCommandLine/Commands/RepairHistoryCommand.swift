import SimBench

/// `simbench repair-history FILE`: drops the run an interrupted append left incomplete in a
/// history file, whole (see `HistoryFile.repair`).
struct RepairHistoryCommand: Command {
    var file = ""

    static let name = "repair-history"
    static let abstract = "drop the incomplete run an interrupted append left in a history"
    static let operands = [
        Operand(name: "FILE", help: "a history CSV written by run --append", completion: .file)
    ]
    static var flags: [Option<RepairHistoryCommand>] { [] }
    static let discussion = """
        An append cut short (SIGKILL, a crash, a full disk) leaves the last run incomplete:
        part of a record at the end of the file, or fewer rows than the run wrote (each row
        says how many, in run_rows). That run is dropped whole, never kept in part; the runs
        before it are unchanged. Any other damage (a complete but malformed record, a broken
        run before the last) is refused, in one line, and the file is left as it was.
        """

    static let exitStatuses: [(status: ExitStatus, meaning: String)] = [
        (.success, "repaired, or nothing to repair"),
        (.failure, "not repaired: the file is damaged otherwise, or cannot be read or written"),
    ]

    init() {}

    mutating func finish(operands files: [String]) throws {
        guard files.count == 1 else {
            throw UsageError(
                "repair-history: expected one history file, but got \(files.count); see '\(Suite.toolName) repair-history --help'"
            )
        }
        file = files[0]
    }

    func execute() throws -> ExitStatus {
        switch try HistoryFile.repair(file) {
        case .intact:
            print("\(file): a valid history; nothing to repair")
        case .droppedPartialRecord(let line, let bytes):
            print(
                "\(file): dropped the partial last record (line \(line), \(bytes) bytes); the rows before it are unchanged"
            )
        case .droppedRun(let id, let rows, let partialRecord, let line, let bytes):
            let what =
                "\(rows) row\(rows == 1 ? "" : "s")\(partialRecord ? " and a partial record" : "")"
            print(
                "\(file): dropped run '\(id)', which an interrupted append left incomplete: \(what) from line \(line) on, \(bytes) bytes; the runs before it are unchanged"
            )
        }
        return .success
    }
}
