import Foundation
import SimBenchCore
import Synchronization
import Testing

@testable import SimBench

@Suite("progress")
struct ProgressTests {
    static func progress(_ fraction: Double?) -> BenchmarkRunner.Progress {
        BenchmarkRunner.Progress(
            scenario: 2, scenarios: 5, label: "vending[machines=1000]", phase: "round 3/10 table",
            fraction: fraction)
    }

    @Test("the line says scenario, configuration, step, percentage and time left")
    func text() {
        let line = ProgressDisplay.text(Self.progress(0.25), elapsed: 60_000_000_000, width: 200)
        #expect(
            line == "[2/5] vending[machines=1000]: round 3/10 table · 25% · about 3 min 0 s left")
        // Too early to say how long: no estimate yet.
        let early = ProgressDisplay.text(Self.progress(0.25), elapsed: 1_000_000_000, width: 200)
        #expect(early == "[2/5] vending[machines=1000]: round 3/10 table · 25%")
        let unknown = ProgressDisplay.text(Self.progress(nil), elapsed: 60_000_000_000, width: 200)
        #expect(unknown == "[2/5] vending[machines=1000]: round 3/10 table")
    }

    @Test("a line wider than the terminal is cut, so that it can be rewritten in place")
    func cut() {
        let line = ProgressDisplay.text(Self.progress(0.5), elapsed: 10_000_000_000, width: 30)
        #expect(line.count == 30)
        #expect(line.hasSuffix("…"))
    }

    @Test(
        "durations",
        arguments: [(0.2, "1 s"), (45, "45 s"), (200, "3 min 20 s"), (7500, "2 h 05 min")])
    func durations(seconds: Double, text: String) {
        #expect(ProgressDisplay.duration(seconds) == text)
    }

    @Test("the line changes at most every quarter second")
    func paced() {
        var display = ProgressDisplay(start: 0)
        let interval = ProgressDisplay.minimumInterval
        #expect(display.update(Self.progress(0.1), now: 1, width: 100) != nil, "the first is shown")
        #expect(display.update(Self.progress(0.2), now: 1 + interval / 2, width: 100) == nil)
        #expect(display.update(Self.progress(0.3), now: 1 + interval - 1, width: 100) == nil)
        #expect(display.update(Self.progress(0.4), now: 1 + interval, width: 100) != nil)
        #expect(display.update(Self.progress(0.5), now: 1 + interval + 1, width: 100) == nil)
    }

    /// The (configuration, fraction) a run reports, in order.
    func reports(_ configure: (inout RunOptions) -> Void) async throws -> [(
        label: String, fraction: Double
    )] {
        var options = RunOptions()
        options.scenarios = ["tally"]
        options.eventsPerMachine = [5]
        options.rounds = 4
        options.warmup = 1
        configure(&options)
        let plan = try RunPlan(
            options: options, catalog: FakeScenarios.catalog, cores: 2, physicalMemory: 1 << 34)
        let seen = Seen()
        _ = await BenchmarkRunner(plan: plan, environment: RunEnvironment.current()).run {
            progress in
            seen.append((progress.label, progress.fraction ?? -1))
        }
        return seen.values
    }

    @Test("a run's fraction never goes back, starts at 0 and stays within 0 and 1")
    func monotone() async throws {
        let values = try await reports { $0.machines = [3, 6] }.map(\.fraction)
        #expect(!values.isEmpty)
        #expect(values.first == 0)
        #expect(values.allSatisfy { (0...1).contains($0) }, "\(values)")
        #expect(zip(values, values.dropFirst()).allSatisfy { $0 <= $1 }, "\(values)")
    }

    @Test("a sweep's points weigh by their work: the small point is a small part of the run")
    func weighted() async throws {
        // 10 and 990 machines, the same events: the first point is 1% of the work.
        let reports = try await reports { $0.machines = [10, 990] }
        let small = reports.filter { $0.label == "tally[machines=10]" }.map(\.fraction)
        let large = reports.filter { $0.label == "tally[machines=990]" }.map(\.fraction)
        #expect(!small.isEmpty && !large.isEmpty)
        #expect(small.allSatisfy { $0 <= 0.01 + 1e-9 }, "\(small)")
        #expect(large.allSatisfy { $0 >= 0.01 - 1e-9 }, "\(large)")
        #expect(
            abs(large[0] - 0.01) < 1e-9, "the large point starts where the small one's share ends")
    }

    @Test("--max-time ends a group early: its measured time counts toward done")
    func maxTime() throws {
        var options = RunOptions()
        options.scenarios = ["tally"]
        options.rounds = 100
        options.warmup = 0
        options.maxTimeSeconds = 2
        let plan = try RunPlan(
            options: options, catalog: FakeScenarios.catalog, cores: 2, physicalMemory: 1 << 34)
        let estimate = RunProgress(groups: [plan.configurations], plan: plan)
        let byRounds = estimate.withinGroup(
            .measuring(round: 2, unit: 0, units: 3, measured: 0.1, leastMeasured: 0.1))
        let byTime = estimate.withinGroup(
            .measuring(round: 2, unit: 0, units: 3, measured: 1.0, leastMeasured: 0.5))
        #expect(byTime > byRounds)
        #expect(
            abs(
                estimate.withinGroup(
                    .measuring(round: 4, unit: 0, units: 3, measured: 2.5, leastMeasured: 1)) - 1)
                < 1e-12)
    }
}

/// Fractions heard from the runner's progress callback.
private final class Seen: Sendable {
    private let storage = Mutex<[(label: String, fraction: Double)]>([])
    func append(_ value: (String, Double)) { storage.withLock { $0.append(value) } }
    var values: [(label: String, fraction: Double)] { storage.withLock { $0 } }
}
