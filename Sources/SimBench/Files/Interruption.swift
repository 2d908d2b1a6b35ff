import CAllocationCounter
import Synchronization

/// What happens on SIGINT and SIGTERM: simbench's temporary files are removed, one line
/// says which outputs were not written, and the process exits 130 or 143.
///
/// The handler itself is C (`Interruption.c`), because a signal handler may only call
/// async-signal-safe functions; this type keeps the line it prints up to date.
public enum Interruption {
    /// Outputs a command has promised and not yet written, as the user named them.
    private static let pending = Mutex<[String]>([])

    /// Installs the handler; call once, first thing.
    public static func install() {
        simbench_interruption_install()
    }

    /// The command will write these outputs: until each is written, an interruption names it.
    public static func expect(_ outputs: [String]) {
        pending.withLock { list in
            list.append(contentsOf: outputs)
            publish(list)
        }
    }

    /// `output` has been written.
    public static func written(_ output: String) {
        pending.withLock { list in
            if let index = list.firstIndex(of: output) { list.remove(at: index) }
            publish(list)
        }
    }

    /// The notice for `list`, which is what the handler prints after "interrupted by SIG…; ".
    static func notice(for list: [String]) -> String {
        list.isEmpty
            ? "no output was pending"
            : "not written: " + list.map { $0 == OutputPath.standardOutputName ? "standard output" : $0 }
                .joined(separator: ", ")
    }

    private static func publish(_ list: [String]) {
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
