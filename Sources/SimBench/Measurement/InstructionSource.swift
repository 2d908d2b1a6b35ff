/// Where `instructions_per_event` comes from (`RunOptions.instructions`): auto, perf, callgrind or off.
public enum InstructionSource: String, CaseIterable, Sendable, Codable {
    /// perf where the kernel allows it, else nothing.
    case auto
    /// perf only: refused where the kernel does not count (most virtual machines).
    case perf
    /// A separate counted pass under Valgrind's Callgrind, after the timed rounds
    /// (`CallgrindPass`): deterministic, needs no hardware counter.
    case callgrind
    /// No instruction counts.
    case off

    /// Whether the timed rounds open perf counters.
    public var usesPerf: Bool { self == .auto || self == .perf }

    /// The `instructions_source` cell of figures from each source.
    public static let perfSource = "perf"
    public static let callgrindSource = "callgrind"
}
