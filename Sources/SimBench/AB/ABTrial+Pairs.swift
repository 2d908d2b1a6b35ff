import Foundation

/// `ABTrial`'s pairs: how many, in which order, each relinked on new layouts, and each
/// side's results read back.
extension ABTrial {
    /// The ABBA pairs: each relinked on new layouts (from the second pair), then each side's
    /// run (`PairRuns`), its results read back. Returns the pairs' results and turns.
    func runPairs(
        _ builds: Builds, runs: Runs, progress: (Event) -> Void
    ) throws -> (pairs: [(base: ResultsFile, head: ResultsFile)], turns: [PairTurns]) {
        progress(.measuring)
        let pairRuns = PairRuns(
            binaries: [.base: builds.baseBinary, .head: builds.headBinary],
            labels: [.base: builds.base.label, .head: builds.head.label], runs: runs)
        if !pairRuns.takesTurns { progress(.sidesCannotTakeTurns) }
        var files = [(base: ResultsFile, head: ResultsFile)]()
        var turns = [PairTurns]()
        let started = Date()
        let budget = settings.maxTime ?? (settings.automaticPairs ? Self.automaticMaxTime : nil)
        let total = settings.automaticPairs ? nil : settings.pairs
        for pair in 1...settings.pairs {
            if let budget {
                let elapsed = Date().timeIntervalSince(started)
                if !Self.roomForPair(pair, elapsed: elapsed, budget: budget) {
                    progress(.noRoomForPair(pair, elapsed: elapsed, budget: budget))
                    break
                }
            }
            if settings.automaticPairs, pair > Self.automaticMinimumPairs,
                try sees(files, progress: progress)
            {
                break
            }
            if let seeds = builds.seeds, pair > 1 {
                let seed = seeds[pair - 1]
                progress(
                    .relinking(
                        pair: pair, of: total, seeds: Seeds(base: seed.base, head: seed.head)))
                try relink(
                    builds.base,
                    arguments: builds.compile + CodeLayouts.linkArguments(seed: seed.base),
                    progress: progress)
                try relink(
                    builds.head,
                    arguments: builds.compile + CodeLayouts.linkArguments(seed: seed.head),
                    progress: progress)
            }
            let order = Self.order(ofPair: pair)
            let csv = { (side: Side) in self.resultsPath(side, pair: pair) }
            if pairRuns.takesTurns {
                progress(.pairTakesTurns(pair: pair, of: total, order: order))
            }
            let pairTurns = try pairRuns.run(order, csv: csv) { side in
                progress(.sideRuns(pair: pair, of: total, side: side))
            }
            if let first = pairTurns.holders.first, first != order[0],
                Set(pairTurns.holders).count == 2
            {
                progress(.turnOrderDiffered(pair: pair, first: first))
            }
            turns.append(pairTurns)
            var read = [Side: ResultsFile]()
            for side in order {
                let file = try ResultsFile.read(csv(side))
                if side == .base, pair == 1 { try checkColumns(file) }
                read[side] = file
            }
            files.append((read[.base]!, read[.head]!))
        }
        return (files, turns)
    }

    /// Whether pair number `pair` (from 1) may start `elapsed` seconds into the pairs
    /// without ending past `budget`, each pair taken to last as long as the mean of those
    /// before it. The first pair always runs.
    public static func roomForPair(_ pair: Int, elapsed: Double, budget: Double) -> Bool {
        guard pair > 1 else { return true }
        return elapsed + elapsed / Double(pair - 1) <= budget
    }

    /// Whether every row not flagged over `files` would see a change of its threshold
    /// (`ResultsComparison.rowsBlindToThreshold`), for automatic pairs; says which rows do
    /// not yet.
    func sees(
        _ files: [(base: ResultsFile, head: ResultsFile)], progress: (Event) -> Void
    ) throws -> Bool {
        let blind = try ResultsComparison(
            pairs: files, thresholds: settings.thresholds,
            ignoringParameters: settings.ignoringParameters, baseSummary: "", headSummary: ""
        ).rowsBlindToThreshold
        guard
            let widest = blind.max(by: {
                ($0.pairedTest?.visible ?? 0) < ($1.pairedTest?.visible ?? 0)
            })
        else {
            progress(.everyRowSees(pairs: files.count))
            return true
        }
        progress(
            .rowsCannotSee(
                pairs: files.count, blind: blind.count, widest: widest.identity.benchmarkName,
                visible: widest.pairedTest?.visible ?? 0))
        return false
    }

    /// Refuses a base whose results lack a column the verdicts read.
    func checkColumns(_ file: ResultsFile) throws(Failure) {
        if let missing = settings.thresholds.metric.missingColumn(in: file.header) {
            throw .missingColumn(results: file.path, column: missing)
        }
    }
}
