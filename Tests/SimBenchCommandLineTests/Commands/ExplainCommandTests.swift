import SimBench
import Testing

@testable import SimBenchCommandLine

/// `explain`'s children run the user's `run` words with its own settings in place of theirs.
@Suite("explain's run words")
struct ExplainCommandTests {
    @Test("a flag and its value are dropped, in either spelling; other words are kept")
    func without() {
        #expect(
            ExplainCommand.without(
                "--processes", in: ["--scenario", "workday", "--processes", "4", "--seed", "2"])
                == ["--scenario", "workday", "--seed", "2"])
        #expect(
            ExplainCommand.without("--processes", in: ["--processes=4", "--quiet"]) == ["--quiet"])
        #expect(
            ExplainCommand.without("--actors", in: ["--actors-x", "1"]) == ["--actors-x", "1"])
    }

    @Test("the actors switch reads, in the command line's words, as its flag")
    func switchName() {
        let actors = ModeSwitch.all.first { $0.actors != nil }!
        #expect(actors.name.flagged == "--actors 1")
    }
}
