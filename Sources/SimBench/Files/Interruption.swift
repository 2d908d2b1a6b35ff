import CSimBenchSystem
import Synchronization

/// What happens on SIGINT, SIGTERM and SIGHUP: simbench's children are ended (they remove
/// their own files, `ChildLifeline`), its temporary files are removed, one line says what
/// happened to each output, and the process exits 130, 143 or 129.
///
/// The handler itself is C (`Interruption.c`), because a signal handler may only call
/// async-signal-safe functions; this type keeps the line it prints up to date. Each output's
/// fate changes inside the same held-signal section as the change to the file itself (see
/// `holdingSignals`), so the line is true whenever the signal lands: rows appended to a
/// history are said to be appended, never "not written", and a rerun does not add them twice.
public enum Interruption {
    /// What became of an output, as the notice says it.
    public enum Fate: Sendable, Equatable, CaseIterable {
        /// Written whole (a results file, an export, a baseline).
        case written
        /// The rows are in the history, complete and flushed.
        case appended
        /// An append failed and was undone: the history is as it was.
        case undone
        /// An append failed and could not be undone: the history ends in a partial record.
        case cutShort
        /// Promised and not (yet) written: absent, or as it was before.
        case notWritten

        /// The words before the outputs' names, in the notice.
        var label: String {
            switch self {
            case .written: "written"
            case .appended: "rows appended to"
            case .undone: "append undone, the file as it was"
            case .cutShort: "append cut short, mend with '\(HistoryFile.repairCommand)'"
            case .notWritten: "not written"
            }
        }
    }

    /// The outputs a command has promised, as the user named them, with their fates, in the
    /// order promised.
    private static let outputs = Mutex<[(name: String, fate: Fate)]>([])

    /// Installs the handler; call once, first thing.
    public static func install() {
        simbench_interruption_install()
    }

    /// The command will write these outputs: until each is written, an interruption names it
    /// as not written. A character device (`/dev/null`, a terminal) is left out: nothing
    /// is lost when it is not written, so the notice does not name it.
    public static func expect(_ names: [String]) {
        let files = names.filter { !isCharacterDevice($0) }
        outputs.withLock { list in
            list.append(contentsOf: files.map { ($0, Fate.notWritten) })
            publish(list)
        }
    }

    private static func isCharacterDevice(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFCHR
    }

    /// `output` has been written whole.
    public static func written(_ output: String) {
        record(output, .written)
    }

    /// What became of `output`, if the command promised it (else nothing): the first entry of
    /// that name still not written, else the last of that name.
    public static func record(_ output: String, _ fate: Fate) {
        outputs.withLock { list in
            guard
                let index = list.firstIndex(where: { $0.name == output && $0.fate == .notWritten })
                    ?? list.lastIndex(where: { $0.name == output })
            else { return }
            list[index].fate = fate
            publish(list)
        }
    }

    /// The notice for `list`, which is what the handler prints after "interrupted by SIG…; ":
    /// the outputs grouped by fate (`written: a.csv; rows appended to: h.csv; not written:
    /// r.csv`).
    static func notice(for list: [(name: String, fate: Fate)]) -> String {
        guard !list.isEmpty else { return "no output was pending" }
        return Fate.allCases.compactMap { fate in
            let names = list.filter { $0.fate == fate }
                .map { $0.name == OutputPath.standardOutputName ? "standard output" : $0.name }
            return names.isEmpty ? nil : "\(fate.label): \(names.joined(separator: ", "))"
        }
        .joined(separator: "; ")
    }

    private static func publish(_ list: [(name: String, fate: Fate)]) {
        simbench_interruption_notice(notice(for: list).escapingControlCharacters)
    }

    /// Runs `body` with signals held: an interruption meanwhile takes effect when it ends.
    static func holdingSignals<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        simbench_critical_enter()
        defer { simbench_critical_leave() }
        return try body()
    }

    /// Remembers `path`, a temporary file, for removal on a signal, until `forget`.
    static func remember(temporary path: String) -> Int32 {
        simbench_cleanup_remember(path)
    }

    static func forget(_ slot: Int32) {
        simbench_cleanup_forget(slot)
    }
}
