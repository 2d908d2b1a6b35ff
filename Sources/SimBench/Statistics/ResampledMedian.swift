/// The median of a bootstrap resample in O(n), without sorting the resample.
///
/// A resample draws indices of the original samples, so its sorted order is known in
/// advance: sort the originals once, tally how often each rank is drawn, and walk the
/// tallies to the middle rank(s). The result is exactly the type 7 median of the resample
/// (`Percentile.median`), at a fraction of the cost of sorting 2,000 resamples.
struct ResampledMedian {
    /// The original samples, ascending.
    private let sorted: [Double]
    /// The rank in `sorted` of the sample at each original index.
    private let rankOfIndex: [Int]
    /// How often each rank was drawn into the current resample.
    private var draws: [Int]
    private var drawn = 0

    init(samples: [Double]) {
        let order = samples.indices.sorted { samples[$0] < samples[$1] }
        sorted = order.map { samples[$0] }
        var ranks = [Int](repeating: 0, count: samples.count)
        for (rank, index) in order.enumerated() { ranks[index] = rank }
        rankOfIndex = ranks
        draws = [Int](repeating: 0, count: samples.count)
    }

    /// Adds the sample at original `index` to the current resample.
    mutating func draw(index: Int) {
        draws[rankOfIndex[index]] += 1
        drawn += 1
    }

    /// The median of the current resample, which is then emptied for the next one.
    mutating func takeMedian() -> Double {
        precondition(drawn > 0, "median of an empty resample")
        // Type 7 at p = 0.5: the order statistics at ⌊(m−1)/2⌋ and ⌈(m−1)/2⌉, averaged.
        let lowerPosition = (drawn - 1) / 2
        let upperPosition = drawn / 2
        var lower = Double.nan
        var upper = Double.nan
        var seen = 0
        for rank in draws.indices where draws[rank] > 0 {
            let next = seen + draws[rank]
            if lowerPosition >= seen && lowerPosition < next { lower = sorted[rank] }
            if upperPosition >= seen && upperPosition < next { upper = sorted[rank] }
            seen = next
            draws[rank] = 0
        }
        drawn = 0
        return lower + (upper - lower) * 0.5
    }
}
