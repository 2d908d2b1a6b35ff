import Foundation

/// The two runs of an `ABTrial` pair: side by side, taking turns on the machine, when both
/// builds can (`MachineTurns`), else one after the other.
///
/// Taking turns, the pair's first side is started, and holds the machine, before the second
/// starts, so that the pair's order says which measures first; each measures only while the
/// other's span waits, never beside it. Each turn a run takes is noted in the turns file
/// (`MachineTurns.turns(in:from:)`), so that what the pair did, not what it was asked, is
/// on record (`PairTurns`).
public final class PairRuns {
    public typealias Side = ABTrial.Side

    let binaries: [Side: String]
    let labels: [Side: String]
    let runs: ABTrial.Runs
    /// The file both sides take turns on; nil when a build cannot take turns.
    let turns: String?
    /// What tells this object's files from those of another at the same time.
    private let token = "\(getpid())-\(UUID().uuidString.prefix(8))"

    /// Both sides' binaries and what to call them; whether they take turns is asked of
    /// their run's help (`runs.help`).
    public init(binaries: [Side: String], labels: [Side: String], runs: ABTrial.Runs) {
        self.binaries = binaries
        self.labels = labels
        self.runs = runs
        turns =
            Self.takeTurns(Side.allCases.compactMap { binaries[$0] }, help: runs.help)
            ? FileManager.default.temporaryDirectory.appendingPathComponent(
                "simbench-ab-turns-\(token)"
            ).path : nil
    }

    deinit {
        if let turns { try? FileManager.default.removeItem(atPath: turns) }
    }

    /// Whether the sides take turns on the machine.
    public var takesTurns: Bool { turns != nil }

    /// Whether every build's run takes turns on the machine: its help names
    /// `MachineTurns.variable`. A build older than that would measure beside the other
    /// side, so then the sides run one after the other.
    static func takeTurns(_ binaries: [String], help: [String]) -> Bool {
        binaries.allSatisfy { binary in
            guard
                let result = try? ChildProcess.run(
                    binary, arguments: help, environment: ABTrial.childEnvironment, timeout: 60),
                result.exitStatus == 0
            else { return false }
            return String(decoding: result.standardOutput, as: UTF8.self).contains(
                MachineTurns.variable)
        }
    }

    /// Runs the pair's sides in `order`, each writing its results to `csv(side)`: side by
    /// side taking turns, or one after the other (`announce` hears each side as it starts).
    /// Returns the turns they took.
    ///
    /// - Throws: `ABTrial.Failure` for a wrong outcome or a failed run: taking turns, once
    ///   both have ended (a later side is stopped when an earlier one failed).
    public func run(
        _ order: [Side], csv: (Side) -> String, announce: (Side) -> Void
    ) throws(ABTrial.Failure) -> PairTurns {
        let sides = order.map { side in
            Started(
                side: side, binary: binaries[side]!, label: labels[side]!,
                arguments: runs.arguments(side, csv(side)), csv: csv(side),
                wrongOutcomeStatus: runs.wrongOutcomeStatus)
        }
        guard let turns else {
            for side in sides {
                announce(side.side)
                try runAlone(side)
            }
            return PairTurns(order: order, holders: [])
        }
        let offset = MachineTurns.size(of: turns)
        let pids = try runTakingTurns(sides, turns: turns)
        let holders = MachineTurns.turns(in: turns, from: offset).compactMap { turn in
            order.first { side in pids[side] == turn.process || pids[side] == turn.parent }
        }
        return PairTurns(order: order, holders: holders)
    }

    /// One side's run: its binary, arguments, label and results.
    struct Started {
        let side: Side
        let binary: String
        let label: String
        let arguments: [String]
        let csv: String
        let wrongOutcomeStatus: Int32
    }

    /// Runs one side to its end; a wrong outcome or any failure ends the trial.
    private func runAlone(_ run: Started) throws(ABTrial.Failure) {
        let result: ChildProcess.Result
        do {
            result = try ChildProcess.run(
                run.binary, arguments: run.arguments, environment: ABTrial.childEnvironment,
                standardOutput: .discard)
        } catch {
            throw .cannotStart("\(error)")
        }
        try Self.check(result, of: run)
    }

    /// Runs the sides at once, taking turns on the machine through the file `turns`: the
    /// first started, and holding the machine, before the second starts. Returns each
    /// side's process id.
    private func runTakingTurns(
        _ runs: [Started], turns: String
    ) throws(ABTrial.Failure) -> [Side: pid_t] {
        var environment = ABTrial.childEnvironment
        environment[MachineTurns.variable] = turns
        var started = [(run: Started, child: ChildProcess.Running, errors: String)]()
        defer {
            for (_, _, errors) in started { try? FileManager.default.removeItem(atPath: errors) }
        }
        for (index, run) in runs.enumerated() {
            // Its errors to a file of its own: a pipe left unread while the other side is
            // waited for could fill and stall it.
            let errors = FileManager.default.temporaryDirectory.appendingPathComponent(
                "simbench-ab-\(token)-side-\(index + 1).stderr"
            ).path
            guard FileManager.default.createFile(atPath: errors, contents: nil) else {
                throw .cannotWrite(errors)
            }
            do {
                let child = try ChildProcess.start(
                    run.binary, arguments: run.arguments, environment: environment,
                    standardOutput: .discard, standardError: .file(errors))
                started.append((run, child, errors))
            } catch {
                try? FileManager.default.removeItem(atPath: errors)
                for (_, child, _) in started { _ = child.wait(timeout: 0) }
                throw .cannotStart("\(error)")
            }
            if index == 0 { Self.waitUntilHeld(turns) }
        }
        // In order: when the first fails, the second is stopped (SIGTERM: it ends its
        // children and leaves no file) before it measures more, as one after the other would
        // not have started it.
        for (index, (run, child, errors)) in started.enumerated() {
            var result = child.wait()
            result.standardError = Array(FileManager.default.contents(atPath: errors) ?? Data())
            do {
                try Self.check(result, of: run)
            } catch {
                for (_, later, _) in started[(index + 1)...] {
                    kill(later.pid, SIGTERM)
                    _ = later.wait(timeout: 60)
                }
                throw error
            }
        }
        return Dictionary(uniqueKeysWithValues: started.map { ($0.run.side, $0.child.pid) })
    }

    /// Waits until a run holds the machine through `turns` (the first side, which takes it
    /// before it measures), for at most 10 s: a side that fails before it takes it is told
    /// by its exit status, once both have ended.
    private static func waitUntilHeld(_ turns: String) {
        let descriptor = open(turns, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        let deadline = ContinuousClock.now + .seconds(10)
        while ContinuousClock.now < deadline {
            guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else { return }
            _ = flock(descriptor, LOCK_UN)
            Thread.sleep(forTimeInterval: 0.005)
        }
    }

    /// A side's ended run: a wrong outcome or any failure ends the trial.
    static func check(_ result: ChildProcess.Result, of run: Started) throws(ABTrial.Failure) {
        let status = result.exitStatus
        if status == run.wrongOutcomeStatus {
            let wrong = ((try? ResultsFile.read(run.csv))?.records ?? []).filter { !$0.isOK }
                .map { "\($0[.scenario]) \($0[.variant]) (\($0[.status]))" }
            throw .wrongOutcome(label: run.label, rows: wrong, results: run.csv)
        }
        guard status == 0 else {
            let last =
                String(decoding: result.standardError, as: UTF8.self).split(separator: "\n").last
                .map(String.init) ?? ""
            throw .runFailed(
                label: run.label, arguments: run.arguments, status: status, lastLine: last)
        }
    }
}

/// What one pair's sides did on the machine: the order they were started in, and the order
/// they held it, turn by turn, as each run noted its turns (`MachineTurns`).
public struct PairTurns: Sendable, Equatable {
    public typealias Side = ABTrial.Side

    /// The sides, in the order started.
    public let order: [Side]
    /// The side that held the machine in each turn, in the order taken; empty when the
    /// sides ran one after the other, or their builds note no turns.
    public let holders: [Side]

    public init(order: [Side], holders: [Side]) {
        self.order = order
        self.holders = holders
    }

    /// Whether the sides took turns: the second held the machine before the first's last
    /// turn, so that it measured while the first waited; false when one ran all its turns
    /// before the other's first.
    public var interleaved: Bool {
        guard let second = order.last, let firstSidesLast = holders.lastIndex(of: order[0]),
            let secondsFirst = holders.firstIndex(of: second)
        else { return false }
        return secondsFirst < firstSidesLast
    }
}
