/// Percentiles by linear interpolation between closest ranks: Hyndman and Fan's type 7,
/// the default of R's `quantile` and of NumPy's `percentile`.
///
/// For `n` sorted values `x[0] ... x[n-1]` and a fraction `p` in 0...1, let `h = (n - 1) p`;
/// the percentile is `x[⌊h⌋] + (h - ⌊h⌋) (x[⌊h⌋ + 1] - x[⌊h⌋])`. So p = 0 is the minimum,
/// p = 1 the maximum, p = 0.5 the usual median (the mean of the two middle values when `n`
/// is even), and every percentile of one value is that value. Every figure simbench reports
/// (median, p10, p90, quartiles, bootstrap bounds) uses this one definition, so a reader
/// can reproduce it with `numpy.percentile(samples, 100 * p)`.
public enum Percentile {
    /// The `fraction` percentile of `sorted`, which must be in ascending order.
    ///
    /// - Parameters:
    ///   - sorted: the values, ascending; `nan` is returned when empty.
    ///   - fraction: the percentile as a fraction, 0...1 (0.9 is p90).
    /// - Complexity: O(1).
    public static func of(sorted: [Double], fraction: Double) -> Double {
        sorted.withUnsafeBufferPointer { of(sorted: $0, fraction: fraction) }
    }

    /// `of(sorted:fraction:)` of values in place: a proof over a million rows takes the
    /// median of each row's runs, sorted where they are held.
    static func of(sorted: UnsafeBufferPointer<Double>, fraction: Double) -> Double {
        precondition((0...1).contains(fraction), "percentile fraction \(fraction) outside 0...1")
        guard !sorted.isEmpty else { return .nan }
        let position = Double(sorted.count - 1) * fraction
        let lower = Int(position.rounded(.down))
        guard lower + 1 < sorted.count else { return sorted[sorted.count - 1] }
        let weight = position - Double(lower)
        return sorted[lower] + weight * (sorted[lower + 1] - sorted[lower])
    }

    /// The median of `sorted`, by the same definition: `of(sorted:fraction: 0.5)`.
    public static func median(sorted: [Double]) -> Double {
        of(sorted: sorted, fraction: 0.5)
    }
}
