import Foundation
import SimBench
import Testing

@testable import SimBenchCommandLine

/// `simbench run` with `SIMBENCH_MACHINE_TURNS` (`MachineTurns`): the test holds the turns
/// file's lock as another run would, and watches what the run does meanwhile. Synchronous, on
/// the test's own thread: what it waits for, a sleep or a lock, the kernel wakes it from,
/// however busy the other tests keep the shared pool of tasks.
///
/// What it watches is the run's temporary directory (`TMPDIR`, the test's own): every
/// measured process is a child whose request and result files live there from just before
/// the child starts until the parent has read its result (`ChildRole`). So a file there
/// while the test holds the machine is a child measuring while another run holds it: what
/// taking turns forbids. With turns kept, no such file can exist then, whatever the load:
/// the check never fails a correct run by being slow.
@Suite("run: taking turns on the machine with another run")
struct MachineTurnsRunTests {
    @Test(
        "a run waits for the machine before it measures, and gives it back only while its span waits"
    )
    func waitsAndYields() throws {
        let scratch = try ScratchDirectory()
        let turns = scratch.path("machine")
        let csv = scratch.path("run.csv")
        let temporary = scratch.path("tmp")
        let errors = scratch.path("stderr")
        try FileManager.default.createDirectory(
            atPath: temporary, withIntermediateDirectories: false)
        try #require(FileManager.default.createFile(atPath: errors, contents: nil))
        let lock = open(turns, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        try #require(lock >= 0)
        defer { close(lock) }
        try #require(flock(lock, LOCK_EX) == 0)

        // Three processes spread over a span far longer than their work, which the run cuts
        // to four times their work (`ProcessSpread`): between two, it sleeps three times the
        // first's work, however slow a loaded machine makes it.
        var environment = ProcessInfo.processInfo.environment
        environment[MachineTurns.variable] = turns
        environment["TMPDIR"] = temporary
        let run = try ChildProcess.start(
            SimBenchBinary.url.path,
            arguments: [
                "run", "--allow-debug", "--scenario", "vending", "--machines", "2000",
                "--events", "20", "--rounds", "2", "--warmup", "0", "--processes", "3",
                "--span", "60", "--quiet", "--csv", csv,
            ], environment: environment, standardOutput: .discard, standardError: .file(errors))
        let childFiles = { (try? FileManager.default.contentsOfDirectory(atPath: temporary)) ?? [] }

        // Held by the test, the machine is not the run's: it starts no child, measures
        // nothing, writes nothing. The test holds it from before the run starts to a second
        // after the run has checked its flags and build, the last it does before it asks
        // for the machine (a debug build's warning on stderr says it got there; a release
        // build says nothing, and gets five seconds): a run that did not wait would have
        // started its first child within milliseconds.
        let started = Date()
        let bannerLine = HelpText.debugBanner(name: "simbench").split(separator: "\n")[1]
        let askedForTheMachine = {
            guard RunEnvironment.isDebugBuild else { return Date().timeIntervalSince(started) > 5 }
            let said = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
            return said.contains(bannerLine)
        }
        var asked: Date?
        var seenWhileHeld = [String]()
        while seenWhileHeld.isEmpty {
            if asked == nil && askedForTheMachine() { asked = Date() }
            if let asked, Date().timeIntervalSince(asked) > 1 { break }
            try #require(
                Date().timeIntervalSince(started) < SimBenchBinary.defaultTimeout,
                "the run never got as far as asking for the machine")
            Thread.sleep(forTimeInterval: 0.01)
            seenWhileHeld = childFiles()
        }
        #expect(
            seenWhileHeld.isEmpty,
            "the run started a child while another held the machine: \(seenWhileHeld)")
        #expect(!FileManager.default.fileExists(atPath: csv))

        // Given back, the run takes it (at once: it is waiting for it); the test, waiting
        // for it again, gets it only when the run lets it go: while its span waits, before
        // its results exist, with no child of it running. (Had the run not woken before the
        // test asked again, the test would take it first and see no child and no results:
        // never a false failure.)
        _ = flock(lock, LOCK_UN)
        let givenBack = Date()
        Thread.sleep(forTimeInterval: 0.2)
        let took = flock(lock, LOCK_EX) == 0
        let turn = Date().timeIntervalSince(givenBack)
        let sawResults = FileManager.default.fileExists(atPath: csv)
        // Held again past the end of the run's wait, three times its first child's work
        // (which took less than the test's wait for its turn) and a second more: a run that
        // went on without taking the machine back would start its next child meanwhile.
        var seenWhileYielded = childFiles()
        let heldAgain = Date()
        while seenWhileYielded.isEmpty && Date().timeIntervalSince(heldAgain) < 3 * turn + 1 {
            Thread.sleep(forTimeInterval: 0.01)
            seenWhileYielded = childFiles()
        }
        _ = flock(lock, LOCK_UN)
        #expect(took)
        #expect(!sawResults, "the machine came to the test only after the run had ended")
        #expect(
            seenWhileYielded.isEmpty,
            "a child of the run measured while the test held the machine: \(seenWhileYielded)")

        let result = run.wait(timeout: SimBenchBinary.defaultTimeout)
        let said = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
        #expect(result.exitStatus == 0 && !result.timedOut, "\(said)")
        #expect(FileManager.default.fileExists(atPath: csv))
        #expect(childFiles().isEmpty, "the run left files in its temporary directory")
    }
}
