import Foundation
import SimBench
import Testing

/// `simbench run` with `SIMBENCH_MACHINE_TURNS` (`MachineTurns`): the test holds the turns
/// file's lock as another run would, and watches when the run lets it go. Synchronous, on
/// the test's own thread: what it waits for, a sleep or a lock, the kernel wakes it from,
/// however busy the other tests keep the shared pool of tasks.
@Suite("run: taking turns on the machine with another run")
struct MachineTurnsRunTests {
    @Test(
        "a run waits for the machine before it measures, and gives it back only while its span waits"
    )
    func waitsAndYields() throws {
        let scratch = try ScratchDirectory()
        let turns = scratch.path("machine")
        let csv = scratch.path("run.csv")
        let lock = open(turns, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        try #require(lock >= 0)
        defer { close(lock) }
        try #require(flock(lock, LOCK_EX) == 0)

        // Three processes spread over a span far longer than their work, which the run cuts
        // to four times their work (`ProcessSpread`): between two, it sleeps three times the
        // first's work, however slow a loaded machine makes it.
        var environment = ProcessInfo.processInfo.environment
        environment[MachineTurns.variable] = turns
        let run = try ChildProcess.start(
            SimBenchBinary.url.path,
            arguments: [
                "run", "--allow-debug", "--scenario", "vending", "--machines", "2000",
                "--events", "20", "--rounds", "2", "--warmup", "0", "--processes", "3",
                "--span", "60", "--quiet", "--csv", csv,
            ], environment: environment, standardOutput: .discard)

        // Held by the test, the machine is not the run's: it measures nothing, writes nothing.
        Thread.sleep(forTimeInterval: 2)
        #expect(!FileManager.default.fileExists(atPath: csv))

        // Given back, the run takes it (at once: it is waiting for it); the test, waiting
        // for it again, gets it only when the run lets it go: while its span waits, before
        // its results exist. (Had the run not woken within 0.2 s, the test would take it
        // first and pass without seeing the wait: never a false failure.)
        _ = flock(lock, LOCK_UN)
        Thread.sleep(forTimeInterval: 0.2)
        let took = flock(lock, LOCK_EX) == 0
        let sawResults = FileManager.default.fileExists(atPath: csv)
        Thread.sleep(forTimeInterval: 0.3)
        _ = flock(lock, LOCK_UN)
        #expect(took)
        #expect(!sawResults, "the machine came to the test only after the run had ended")

        let result = run.wait(timeout: SimBenchBinary.defaultTimeout)
        #expect(
            result.exitStatus == 0 && !result.timedOut,
            "\(String(decoding: result.standardError, as: UTF8.self))")
        #expect(FileManager.default.fileExists(atPath: csv))
    }
}
