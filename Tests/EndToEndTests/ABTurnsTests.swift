import Foundation
import Testing

@testable import SimBench

/// `ab`'s pairs taking turns on the machine, with the built simbench as both sides (the
/// trial's pairs, `ABTrial.runPairs`, without its git checkout and builds): what the runs
/// did, as each noted the turns it took (`MachineTurns`), not what `ab` printed.
@Suite(.serialized)
struct ABTurnsTests {
    /// Short runs whose span leaves each run's processes waiting between them: three
    /// processes spread over a second, during which the other side's processes measure.
    static func runs(_ scratch: ScratchDirectory) -> ABTrial.Runs {
        ABTrial.Runs(
            arguments: { _, csv in
                [
                    "run", "--scenario", "calibrate", "--machines", "50", "--rounds", "3",
                    "--warmup", "1", "--processes", "3", "--span", "1", "--allow-debug",
                    "--quiet", "--csv", csv,
                ]
            }, help: ["run", "--help"], wrongOutcomeStatus: 3)
    }

    @Test(
        "the pairs' sides take turns, each measuring while the other waits, the first to hold the machine in ABBA order"
    )
    func turnsInABBAOrder() throws {
        let scratch = try ScratchDirectory()
        var settings = ABTrial.Settings(base: "HEAD", output: scratch.url.path)
        settings.pairs = 3
        settings.layouts = .off
        let trial = ABTrial(settings)
        // Both sides are the built simbench: the trial's pairs as they run after its builds.
        let binary = SimBenchBinary.url.path
        let side = { (label: String) in
            ABTrial.BuildSide(label: label, directory: scratch.url.path, scratch: nil, log: "")
        }
        let builds = ABTrial.Builds(
            base: side("base"), head: side("head"), baseBinary: binary, headBinary: binary,
            seeds: nil, compile: [])
        var events = [ABTrial.Event]()
        let (pairs, turns) = try trial.runPairs(builds, runs: Self.runs(scratch)) {
            events.append($0)
        }
        #expect(pairs.count == 3 && turns.count == 3)
        #expect(!events.contains(.sidesCannotTakeTurns), "\(events)")
        for (index, pair) in turns.enumerated() {
            #expect(pair.order == ABTrial.order(ofPair: index + 1))
            // Both sides noted turns, and the second took one before the first's last: they
            // ran side by side, not one after the other.
            #expect(Set(pair.holders) == [.base, .head], "pair \(index + 1): \(pair.holders)")
            #expect(pair.interleaved, "pair \(index + 1): \(pair.holders)")
        }
        // Who held the machine first: the base in odd pairs, the head in even ones.
        #expect(turns.map(\.holders.first) == [.base, .head, .base], "\(turns)")
        #expect(!events.contains { if case .turnOrderDiffered = $0 { true } else { false } })
    }
}
