import Synchronization

/// What the program that drives the harness calls itself, for the few harness messages that
/// name a command to type (`'mybench repair-history FILE'`) or speak for a child of it.
///
/// Set once, before anything runs, by a command-line tool (`BenchmarkTool.main()`, with the
/// tool's name); a program that drives the harness alone is `simbench` unless it sets it.
public enum ToolName {
    /// The name messages use.
    public static var current: String { storage.withLock { $0 } }

    /// Names the program `name` for every later message.
    public static func set(_ name: String) {
        storage.withLock { $0 = name }
    }

    private static let storage = Mutex("simbench")
}
