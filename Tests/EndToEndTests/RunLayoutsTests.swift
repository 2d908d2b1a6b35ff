import Foundation
import SimBench
import Testing

@testable import SimBenchCommandLine

/// `run --layouts N`: the seeds, the refusals before any work, and what the header says.
@Suite("run: code layouts")
struct RunLayoutsTests {
    @Test("the layouts' seeds come from --seed: the same seed relinks the same layouts")
    func seeds() {
        let four = RunCommand.layoutSeeds(count: 4, seed: 1)
        #expect(four.count == 4 && Set(four).count == 4)
        #expect(four == RunCommand.layoutSeeds(count: 4, seed: 1))
        #expect(four != RunCommand.layoutSeeds(count: 4, seed: 2))
        #expect(RunCommand.layoutSeeds(count: 3, seed: 1) == Array(four.prefix(3)))
    }

    @Test("without the package's checkout, refused in one line before any work")
    func noCheckout() throws {
        let scratch = try ScratchDirectory()
        let result = try SimBenchBinary.run(
            ["run", "--layouts", "2", "--csv", scratch.path("out.csv"), "--allow-debug"],
            in: scratch.url)
        #expect(result.status == 64, "\(result.standardError)")
        #expect(result.errorLines.count == 1, "\(result.errorLines)")
        #expect(result.standardError.contains("needs its checkout"))
        #expect(scratch.contents.isEmpty)
    }

    @Test("fewer processes than layouts, refused in one line before any work")
    func tooFewProcesses() throws {
        let scratch = try ScratchDirectory()
        let result = try SimBenchBinary.run(
            [
                "run", "--layouts", "4", "--processes", "3", "--csv", scratch.path("out.csv"),
                "--allow-debug",
            ],
            in: scratch.url)
        #expect(result.status == 64, "\(result.standardError)")
        #expect(result.errorLines.count == 1, "\(result.errorLines)")
        #expect(result.standardError.contains("--layouts 4 needs at least as many processes"))
        #expect(scratch.contents.isEmpty)
    }

    @Test("the header says what the intervals hold")
    func header() {
        #expect(
            IntervalScope(processes: 20, layouts: 4).sample.flagged
                == "20 processes over 4 code layouts")
        #expect(
            IntervalScope(processes: 20, layouts: 1).sample.flagged
                == "20 processes, one code layout: add --layouts N to include layout")
        #expect(
            IntervalScope(processes: 1, layouts: 1).sentence.flagged.contains("one process only"))
        #expect(IntervalScope(processes: 5, layouts: 1).unit == "processes")
        #expect(IntervalScope(processes: 8, layouts: 4).unit == "layouts")
        #expect(IntervalScope(processes: 1, layouts: 1).unit == "rounds")
    }
}
