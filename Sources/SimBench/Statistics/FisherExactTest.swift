import Foundation

/// Fisher's exact test on a 2×2 table of counts: whether a share changed between two groups.
///
/// `simbench explain` counts slow and fast processes under the default settings and under a
/// switch; with a slow share of about 14% and a few dozen processes a side, the counts are
/// small, so the test is exact (the hypergeometric probabilities of every table with the same
/// margins), not a normal approximation.
public enum FisherExactTest {
    /// The one-sided p-value that the second group's share of `hits` is below the first's:
    /// the probability, were both groups drawn from one share, of a table at least as
    /// lopsided (as few hits in the second group, given the margins) as the one seen.
    ///
    /// - Parameters:
    ///   - hits: the first group's hits (slow processes) and its size.
    ///   - versus: the second group's hits and its size.
    /// - Returns: a probability in 0...1; 1 when there are no hits at all.
    /// - Complexity: O(min(hits total, second size)).
    public static func fewerInSecond(
        hits: (Int, of: Int), versus: (Int, of: Int)
    ) -> Double {
        let (a, n1) = (hits.0, hits.of)
        let (b, n2) = (versus.0, versus.of)
        precondition(0 <= a && a <= n1 && 0 <= b && b <= n2, "counts outside their groups")
        let total = a + b
        let lowest = max(0, total - n1)
        guard total > 0 else { return 1 }
        var p = 0.0
        for second in lowest...min(b, total) {
            p += probability(second: second, total: total, n1: n1, n2: n2)
        }
        return min(1, p)
    }

    /// The hypergeometric probability that `second` of `total` hits fall in the second group.
    private static func probability(second: Int, total: Int, n1: Int, n2: Int) -> Double {
        exp(
            logChoose(n2, second) + logChoose(n1, total - second) - logChoose(n1 + n2, total))
    }

    private static func logChoose(_ n: Int, _ k: Int) -> Double {
        lgamma(Double(n + 1)) - lgamma(Double(k + 1)) - lgamma(Double(n - k + 1))
    }
}
