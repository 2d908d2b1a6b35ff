import Foundation

/// A run in K processes (`RunOptions.processes`): the same run in K child processes, one after another, their samples
/// pooled, their starts spread over `RunOptions.spanSeconds`, or over less when their work is
/// short (`ProcessSpread`).
///
/// Each child is this very binary (or a library user's, which serves the same `ChildRole`),
/// asked for the timed rounds of the plan's configurations (`ChildRequest.Task.timedRounds`).
/// It plans the same configurations from the same inputs, warms up, measures its rounds and
/// writes its samples, outcome verdicts and setup by configuration; it prints and writes
/// nothing else. The parent reads them back, matched to its plan by configuration identity,
/// and tags every sample with its child's index, so that the intervals resample processes
/// before rounds (`ProcessGroups`).
public enum ProcessPool {
    /// This binary, to start as a child (`Platform.executablePath()`).
    public static var currentExecutable: String { Platform.executablePath() }

    /// Why a child failed: its exit status or what it left.
    public struct ChildFailure: Error, CustomStringConvertible {
        public let process: Int
        public let reason: String
        public var description: String { "child process \(process + 1): \(reason)" }
    }

    /// Runs `plan` in `plan.processes` children of `executable`, one after another, and pools
    /// what they measured. Child `i` starts no sooner than `startOffset(ofChild:)` after the
    /// first: when the children are quicker than the span, the pool waits between them. The
    /// span is cut to a multiple of the children's own work when it is short
    /// (`ProcessSpread.span(asked:count:finished:)`), and the result says which span was
    /// used.
    ///
    /// - Parameters:
    ///   - setting: variables added to the children's environment, over the parent's
    ///     (`simbench explain`: `MALLOC_ARENA_MAX=1`).
    ///   - layouts: with N code layouts (`RunOptions.layouts`), the N relinked builds of this binary: child `i`
    ///     runs `layouts[i % N]`, and the pooled result records which layout each process
    ///     ran (`ProcessGroups`); empty: every child runs `executable`.
    ///   - makeLayout: makes `layouts[i]` (a relink), called once for each `i` before the first
    ///     child that runs it: the first layout's before the span starts, each other one's
    ///     as the child before it has ended, before the wait for its own start. A relink
    ///     thus takes the seconds the pool would wait anyway, while no child runs; when it
    ///     takes longer, its child starts late, as after a slow child. Its error fails the
    ///     run, naming the child that would have run the layout.
    ///   - progress: hears of each child as it starts (counted from 1).
    public static func run(
        plan: RunPlan, environment: RunEnvironment, executable: String,
        setting: [String: String] = [:], layouts: [String] = [],
        makeLayout: (Int) throws -> Void = { _ in },
        progress: (Int) -> Void = { _ in }
    ) throws(ChildFailure) -> RunResult {
        var notes = [String]()
        let (children, span) = try spread(
            processes: plan.processes, spanSeconds: plan.spanSeconds, layouts: layouts.count,
            makeLayout: makeLayout, progress: progress
        ) { index throws(ChildFailure) in
            do {
                let report: ChildReport<MeasuredConfiguration> = try ChildRole.run(
                    .timedRounds, of: plan,
                    command: [layouts.isEmpty ? executable : layouts[index % layouts.count]],
                    variables: setting, scratch: ChildRole.scratchPrefix("child-\(index)"),
                    standardError: .inherit)
                if index == 0 { notes = report.notes }
                return try report.parts(for: plan)
            } catch {
                throw ChildFailure(process: index, reason: "\(error)")
            }
        }
        var result = pool(
            children, plan: plan, environment: environment, notes: notes,
            layoutOfProcess: layouts.count > 1
                ? (0..<plan.processes).map { $0 % layouts.count } : nil)
        result.spread = ProcessSpread(asked: plan.spanSeconds, used: span)
        return result
    }

    /// The schedule of `run`: `processes` children one after another (`child(i)` runs child
    /// `i` to its end), their starts spread over the span, each of the first `layouts` made
    /// before its child (`makeLayout`, as `run` says); returns the children's results and the
    /// span used.
    static func spread<Child>(
        processes: Int, spanSeconds: Double, layouts: Int,
        makeLayout: (Int) throws -> Void, progress: (Int) -> Void,
        child: (Int) throws(ChildFailure) -> Child
    ) throws(ChildFailure) -> (children: [Child], span: Double) {
        func make(_ index: Int) throws(ChildFailure) {
            guard index < layouts else { return }
            do {
                try makeLayout(index)
            } catch {
                throw ChildFailure(process: index, reason: "\(error)")
            }
        }
        var children = [Child]()
        try make(0)
        let started = ContinuousClock.now
        var durations = [Double]()
        var span = spanSeconds
        for index in 0..<processes {
            if index > 0 { try make(index) }
            span = ProcessSpread.span(asked: spanSeconds, count: processes, finished: durations)
            waitUntil(started + startOffset(ofChild: index, of: processes, span: span))
            progress(index + 1)
            let childStarted = ContinuousClock.now
            defer { durations.append(seconds(ContinuousClock.now - childStarted)) }
            children.append(try child(index))
        }
        return (children, span)
    }

    /// When child `index` of `count` may start, after the first: an equal share of `span`
    /// each, so that the last starts `span · (count − 1) / count` after the first and the
    /// run, ending with it, lasts about `span` at least.
    static func startOffset(ofChild index: Int, of count: Int, span: Double) -> Duration {
        guard count > 0, span > 0 else { return .zero }
        return .seconds(span * Double(index) / Double(count))
    }

    /// Sleeps until `instant`, the machine given to another run meanwhile when runs take
    /// turns on it (`MachineTurns`); returns at once when it has passed.
    private static func waitUntil(_ instant: ContinuousClock.Instant) {
        let wait = instant - ContinuousClock.now
        guard wait > .zero else { return }
        MachineTurns.yield { Thread.sleep(forTimeInterval: seconds(wait)) }
    }

    private static func seconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) + Double(attoseconds) / 1e18
    }

    /// The children's results as one, every sample tagged with its child's index: each
    /// child's measurements in the plan's order.
    static func pool(
        _ children: [[MeasuredConfiguration]], plan: RunPlan, environment: RunEnvironment,
        notes: [String], layoutOfProcess: [Int]? = nil
    ) -> RunResult {
        let measured = plan.configurations.indices.map { index in
            var pooled = MeasuredConfiguration.pooled(children.map { $0[index] })
            pooled.layoutOfProcess = layoutOfProcess
            return pooled
        }
        return RunResult(plan: plan, measured: measured, environment: environment, notes: notes)
    }
}
