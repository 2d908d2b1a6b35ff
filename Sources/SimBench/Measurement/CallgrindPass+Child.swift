import CSimBenchSystem
import Foundation
import SimBenchCore

// The counted child of a run counting with Callgrind (`InstructionSource.callgrind`): this binary, under Callgrind, started
// by `CallgrindPass.run` as a child asked for `ChildRequest.Task.countedPass` (`ChildRole`).
// It runs before any of Swift's concurrency starts (Valgrind crashes on the concurrency
// runtime's main loop), so everything here is synchronous: no task, no actor.

extension CallgrindPass {
    /// One variant of one configuration in the counted child.
    struct CountedVariant: Codable {
        var variant: String
        /// Its region's dump, counted from 1 in call order; nil when it was not counted.
        var region: Int?
        /// The machines and events the counted run covered.
        var machines: Int
        var events: Int
        /// Its counted run computed the baseline's outcome (the floor: its own, twice).
        var matchesBaseline: Bool
    }

    /// In the counted child: counts each synchronous variant of `plan` in a region of its
    /// own; returns, by configuration in the plan's order, what Callgrind's dumps belong to.
    static func countChild(_ plan: RunPlan) -> [[CountedVariant]] {
        var nextRegion = 1
        var configurations = [[CountedVariant]]()
        for planned in plan.configurations {
            let counted = planned.entry.countVariants(
                planned.configuration, planned.variants.map(\.name), nextRegion)
            nextRegion += counted.filter { $0.region != nil }.count
            configurations.append(counted)
        }
        return configurations
    }

    /// The machines a counted run covers: the first ones of the fleet, enough for about
    /// `eventBudget` events, never more than the fleet.
    public static func countedMachines(of configuration: ScenarioConfiguration) -> Int {
        min(configuration.entities, max(1, eventBudget / max(1, configuration.eventsPerEntity)))
    }

    /// Counts `names`, variants of `S`, over the first `countedMachines` machines of
    /// `configuration`: each prepared, run once uncounted through the same wrapper (caches,
    /// lazy initialisation, the dynamic linker's first binding of what the region calls),
    /// then run once inside the counted region. Asynchronous variants are not counted: Valgrind
    /// runs one thread at a time, so their count would not be theirs alone.
    static func countVariants<S: Scenario>(
        _ type: S.Type, configuration: ScenarioConfiguration, variants names: [String],
        firstRegion: Int
    ) -> [CountedVariant] {
        let known = names.filter { name in S.variants.contains { $0.name == name } }
        guard !S.isAsynchronous else {
            return known.map {
                CountedVariant(
                    variant: $0, region: nil, machines: 0, events: 0, matchesBaseline: false)
            }
        }
        let machines = countedMachines(of: configuration)
        let scenario = S(configuration: configuration)
        let shard = scenario.makeShard(entities: 0..<machines)
        let events = scenario.eventCount(of: shard)
        var region = firstRegion
        var outcomes = [String: (outcome: S.Outcome, consistent: Bool)]()
        var counted = [CountedVariant]()
        for name in known {
            let variant = S.variants.first { $0.name == name }!
            let run = variant.prepare(shard)
            // The same path as the counted call, uncounted: what the first call binds or
            // fills (the dynamic linker's symbols, caches, lazy globals) is bound and filled
            // before it.
            let uncounted = CountedRegion(run).call(counted: false)
            let outcome = CountedRegion(run).call(counted: true)
            outcomes[name] = (outcome, outcome == uncounted)
            counted.append(
                CountedVariant(
                    variant: name, region: region, machines: machines, events: events,
                    matchesBaseline: false))
            region += 1
        }
        let baseline = outcomes[S.baselineName]
        for index in counted.indices {
            let name = counted[index].variant
            guard let recorded = outcomes[name] else { continue }
            counted[index].matchesBaseline =
                name == S.floorName
                ? recorded.consistent
                : recorded.consistent && baseline?.consistent == true
                    && baseline?.outcome == recorded.outcome
        }
        return counted
    }
}

/// A run handed to `simbench_counted_region` through a C function pointer, which cannot
/// capture: the pointer gets this object, and a virtual call reaches the generic run, with
/// no dynamic cast inside the counted region.
private class RegionBody {
    func execute() {}
}

private final class CountedRegion<Outcome>: RegionBody {
    private let run: () -> Outcome
    private var outcome: Outcome?

    init(_ run: @escaping () -> Outcome) {
        self.run = run
    }

    override func execute() {
        outcome = run()
    }

    /// Runs the body inside the counted region, or the uncounted one of the warm pass;
    /// returns what it computed.
    func call(counted: Bool) -> Outcome {
        let region = counted ? simbench_counted_region : simbench_uncounted_region
        withExtendedLifetime(self) {
            region(
                { context in
                    Unmanaged<RegionBody>.fromOpaque(context!).takeUnretainedValue().execute()
                },
                Unmanaged<RegionBody>.passUnretained(self).toOpaque())
        }
        return outcome!
    }
}
