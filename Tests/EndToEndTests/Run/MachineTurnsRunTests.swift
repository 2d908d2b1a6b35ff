import Foundation
import SimBench
import Synchronization
import Testing

/// `simbench run` with `SIMBENCH_MACHINE_TURNS` (`MachineTurns`): the test holds the turns
/// file's lock as another run would, and watches when the run lets it go.
@Suite("run: taking turns on the machine with another run")
struct MachineTurnsRunTests {
    @Test(
        "a run waits for the machine before it measures, and gives it back only while its span waits"
    )
    func waitsAndYields() async throws {
        let scratch = try ScratchDirectory()
        let turns = scratch.path("machine")
        let csv = scratch.path("run.csv")
        let lock = open(turns, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        try #require(lock >= 0)
        defer { close(lock) }
        try #require(flock(lock, LOCK_EX) == 0)

        // Two processes spread over a span: the run sleeps between them.
        let ended = Mutex(false)
        let run = Task.detached {
            defer { ended.withLock { $0 = true } }
            return try SimBenchBinary.run(
                [
                    "run", "--allow-debug", "--scenario", "vending", "--machines", "20000",
                    "--events", "20", "--rounds", "2", "--warmup", "0", "--processes", "2",
                    "--span", "3", "--quiet", "--csv", csv,
                ], variables: [MachineTurns.variable: turns])
        }
        // Held by the test, the machine is not the run's: it measures nothing, writes nothing.
        try await Task.sleep(for: .seconds(2))
        #expect(!FileManager.default.fileExists(atPath: csv))
        #expect(!ended.withLock { $0 })

        // Given back, the run takes it (at once: it is waiting); the test then gets it again
        // only while the run's span waits between its processes, before its results exist.
        _ = flock(lock, LOCK_UN)
        try await Task.sleep(for: .milliseconds(200))
        var taken = false
        let deadline = ContinuousClock.now + .seconds(SimBenchBinary.defaultTimeout)
        while !ended.withLock({ $0 }) && ContinuousClock.now < deadline {
            if flock(lock, LOCK_EX | LOCK_NB) == 0 {
                taken = true
                break
            }
            try await Task.sleep(for: .milliseconds(5))
        }
        #expect(taken, "the run never gave the machine back while it ran")
        #expect(!FileManager.default.fileExists(atPath: csv), "taken only after the run had ended")
        try await Task.sleep(for: .milliseconds(300))
        _ = flock(lock, LOCK_UN)

        let result = try await run.value
        #expect(result.status == 0, "\(result.standardError)")
        #expect(FileManager.default.fileExists(atPath: csv))
    }
}
