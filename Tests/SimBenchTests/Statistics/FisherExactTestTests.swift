import Testing

@testable import SimBench

@Suite("statistics: Fisher's exact test")
struct FisherExactTestTests {
    /// Reference p-values from SciPy 1.x, `fisher_exact([[a, n1 - a], [b, n2 - b]],
    /// alternative="greater")`.
    @Test(
        "one-sided p-values match SciPy's",
        arguments: [
            (4, 30, 0, 30, 0.05619982158786799),
            (11, 80, 1, 80, 0.002333435196962065),
            (11, 80, 0, 40, 0.009027174534209176),
        ])
    func matchesReference(_ table: (Int, Int, Int, Int, Double)) {
        let (a, n1, b, n2, expected) = table
        let p = FisherExactTest.fewerInSecond(hits: (a, of: n1), versus: (b, of: n2))
        #expect(abs(p - expected) < 1e-9, "\(a)/\(n1) vs \(b)/\(n2): \(p)")
    }

    @Test("no hits, or more hits in the second group, is no evidence of fewer")
    func noEvidence() {
        #expect(FisherExactTest.fewerInSecond(hits: (0, of: 40), versus: (0, of: 40)) == 1)
        #expect(FisherExactTest.fewerInSecond(hits: (1, of: 40), versus: (9, of: 40)) > 0.99)
    }
}
