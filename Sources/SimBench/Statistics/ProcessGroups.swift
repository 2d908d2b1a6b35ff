import SimBenchCore

/// Which process took each sample, for resampling in two stages.
///
/// Samples from separate processes differ by more than samples of one process do: heap
/// layout, address randomisation, which core each thread landed on, what the host's other
/// tenants did that minute. Rounds within one process cannot see that variance, so an
/// interval drawn from rounds alone is too narrow for a claim about the next run. The
/// hierarchical bootstrap draws processes first, with replacement, then rounds within each
/// drawn process, with replacement: the spread between processes then widens the interval as
/// much as it really varies. (pyperf pools values from its worker processes without such a
/// stage; its standard deviation still mixes both sources, but its intervals do not exist.)
///
/// With one process the first stage is skipped, so every interval is exactly the one-stage
/// bootstrap of rounds, draw for draw.
struct ProcessGroups: Sendable, Equatable {
    /// The indices of each process's samples, in sample order; processes in order.
    let members: [[Int]]
    let sampleCount: Int
    /// The code layout each process ran (`RunOptions.layouts`), in process order; all 0 with
    /// one layout.
    let layoutOfProcess: [Int]

    /// - Parameters:
    ///   - processOfSample: the process of each sample, in sample order.
    ///   - layoutOfProcess: the code layout of each process (by its index); one layout when
    ///     nil.
    init(processOfSample: [Int], layoutOfProcess: [Int]? = nil) {
        var members = [Int: [Int]]()
        for (index, process) in processOfSample.enumerated() {
            members[process, default: []].append(index)
        }
        let processes = members.keys.sorted()
        self.members = processes.map { members[$0]! }
        sampleCount = processOfSample.count
        self.layoutOfProcess = processes.map { process in
            layoutOfProcess.flatMap { process < $0.count ? $0[process] : nil } ?? 0
        }
    }

    /// One process holding `count` samples.
    init(singleProcess count: Int) {
        self.init(processOfSample: [Int](repeating: 0, count: count))
    }

    var processCount: Int { members.count }

    /// The code layouts the processes ran, at least 1.
    var layoutCount: Int { max(1, Set(layoutOfProcess).count) }

    /// The independent units an interval is built over: code layouts when there are
    /// several, else processes.
    var unitCount: Int { layoutCount > 1 ? layoutCount : processCount }

    /// Calls `draw` with the index of each sample of one two-stage resample.
    ///
    /// A resample holds as many samples as its drawn processes held, so processes of unequal
    /// size keep their weight.
    func resample(using random: inout SplitMix64, _ draw: (Int) -> Void) {
        if members.count <= 1 {
            for _ in 0..<sampleCount { draw(random.next(below: sampleCount)) }
            return
        }
        for _ in members.indices {
            let process = members[random.next(below: members.count)]
            for _ in process.indices { draw(process[random.next(below: process.count)]) }
        }
    }
}
