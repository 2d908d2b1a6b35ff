/// One setting `simbench explain` runs a row's processes under, to see whether the row's slow
/// mode survives it: the default, or one switch that simbench controls.
///
/// Each switch removes one way that threads of a process can share, or fight over, what the
/// pattern's allocations touch; the one that removes the slow mode names where it comes
/// from. The list is the one declaration: the command's help, its runs and its paragraph all
/// read it.
public struct ModeSwitch: Sendable, Equatable {
    /// How the switch reads in the table: `MALLOC_ARENA_MAX=1`; a run setting it fixes is
    /// named by whoever prints it.
    public let name: SettingMessage
    /// What it does, in words: `one malloc arena`.
    public let summary: String
    /// What removing the slow mode with it says of the cause.
    public let cause: String
    /// The worker actors the switch runs with, in place of the run's (one), or nil to keep
    /// the run's.
    public let actors: Int?
    /// Added to each child's environment.
    public let environment: [String: String]
    /// Each child and its threads kept on one core.
    public let oneCore: Bool

    public init(
        name: SettingMessage, summary: String, cause: String, actors: Int? = nil,
        environment: [String: String] = [:], oneCore: Bool = false
    ) {
        self.name = name
        self.summary = summary
        self.cause = cause
        self.actors = actors
        self.environment = environment
        self.oneCore = oneCore
    }

    /// The settings as the user runs them: nothing changed.
    public static let standard = ModeSwitch(
        name: "default", summary: "the run's own settings", cause: "")

    /// Every switch, in the order explain tries them, after the default. The glibc ones only
    /// mean something where glibc's allocator runs (every Linux build of simbench);
    /// `MALLOC_ARENA_MAX=1` is the tunable `glibc.malloc.arena_max=1` under its older name.
    public static let all: [ModeSwitch] = [
        ModeSwitch(
            name: "\(.actors) 1", summary: "one worker actor",
            cause:
                "it needs several worker threads running the variant at once; with one, its processes all run at the fast cost",
            actors: 1),
        ModeSwitch(
            name: "MALLOC_ARENA_MAX=1", summary: "one malloc arena in glibc",
            cause:
                "it comes from glibc's per-thread malloc arenas: with several, a process's threads allocate from, and free into, different arenas, and some processes settle into a costly pattern of them",
            environment: ["MALLOC_ARENA_MAX": "1"]),
        ModeSwitch(
            name: "GLIBC_TUNABLES=glibc.malloc.tcache_count=0",
            summary: "no per-thread cache of freed blocks in glibc",
            cause:
                "it comes from glibc's per-thread caches of freed blocks (tcache), which a block freed on another thread than the one that allocated it fills",
            environment: ["GLIBC_TUNABLES": "glibc.malloc.tcache_count=0"]),
        ModeSwitch(
            name: "one core", summary: "every thread kept on one core by sched_setaffinity",
            cause:
                "it needs threads running in parallel on different cores: cache lines or locks passed between cores, not the number of threads",
            oneCore: true),
    ]
}
