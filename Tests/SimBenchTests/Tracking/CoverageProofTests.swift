import Testing

@testable import SimBench

@Suite("coverage proof: one run's intervals against the others' median")
struct CoverageProofTests {
    /// K runs of one pattern row whose ratios are `ratios`, each with the interval
    /// `ratio ± halfWidth`, and ns/event `100 + run` with an interval ±0.1 (too narrow to
    /// hold the others).
    private func runs(_ ratios: [Double], halfWidth: Double) throws -> [ResultsFile] {
        try ratios.enumerated().map { run, ratio in
            var baseline = [String: String].row(
                "enum-switch", role: "baseline", median: 100, ratio: 1, ratioCI: (1, 1),
                run: "run-\(run)")
            baseline["cpu_ratio_to_baseline"] = "1.0"
            var pattern = [String: String].row(
                "state-objects", median: 100 + Double(run),
                ci: (99.9 + Double(run), 100.1 + Double(run)), ratio: ratio,
                ratioCI: (ratio - halfWidth, ratio + halfWidth), run: "run-\(run)")
            pattern["overhead_ns_per_event"] = "\(10 * ratio)"
            pattern["overhead_ci_low"] = "\(10 * (ratio - halfWidth))"
            pattern["overhead_ci_high"] = "\(10 * (ratio + halfWidth))"
            return try ResultsFixture([baseline, pattern]).file("run-\(run).csv")
        }
    }

    private let ratios = [1.50, 1.52, 1.48, 1.51, 1.49, 1.53, 1.47, 1.50]

    @Test("intervals that hold most but not all of the others' medians pass")
    func passes() throws {
        // Wide enough for 1.47 ... 1.53's medians, but the extremes miss by a hair: the
        // leave-one-out median of the others is 1.50 or 1.505/1.495; ±0.025 misses at 1.47
        // and 1.53.
        let proof = CoverageProof(files: try runs(ratios, halfWidth: 0.025))
        let ratio = proof.total(of: CoverageProof.figures[0])
        #expect(ratio.of == 8)
        #expect(ratio.held == 6, "\(ratio)")
        // 6 of 8 is 75%: outside the band; so a figure that covers too few fails ...
        #expect(proof.failures.contains { $0.hasPrefix("ratio to baseline: covers 75%") })
        // ... and the absolute time, whose intervals hold none, is reported, not judged.
        let absolute = try #require(CoverageProof.figures.first { $0.name == "ns/event" })
        #expect(proof.total(of: absolute).held == 0)
        #expect(!proof.failures.contains { $0.hasPrefix("ns/event") })
    }

    @Test(
        "every run covered and within the band passes; the baseline's constant ratio is not a row")
    func coveredPasses() throws {
        // 20 runs: one of them (the outlier) misses, 19 of 20 = 95%.
        let many = (0..<19).map { 1.5 + 0.001 * Double($0 % 3) } + [1.9]
        let proof = CoverageProof(files: try runs(many, halfWidth: 0.01))
        #expect(proof.total(of: CoverageProof.figures[0]).held == 19)
        #expect(proof.total(of: CoverageProof.figures[0]).of == 20)
        #expect(!proof.cells.contains { $0.row.variant == "enum-switch" && $0.judged })
        #expect(proof.failures.isEmpty, "\(proof.failures)")
    }

    @Test("a single re-run: each run's interval against every other run's value, reported")
    func singleRerun() throws {
        // Each run's ±0.025 against each other run's ratio, counted pair by pair.
        let proof = CoverageProof(files: try runs(ratios, halfWidth: 0.025))
        let figure = CoverageProof.figures[0]
        var expected = 0
        for (i, ratio) in ratios.enumerated() {
            for (j, other) in ratios.enumerated() where j != i {
                if ratio - 0.025 <= other && other <= ratio + 0.025 { expected += 1 }
            }
        }
        let pairs = proof.pairTotal(of: figure)
        #expect(pairs.of == 8 * 7)
        #expect(pairs.held == expected)
        #expect(pairs.held > 0 && pairs.held < pairs.of)
        #expect(proof.report(label: "test").contains("a single re-run"))
    }

    @Test("intervals widened until they hold every run fail the upper bound")
    func tooWide() throws {
        let proof = CoverageProof(files: try runs(ratios, halfWidth: 1))
        #expect(proof.total(of: CoverageProof.figures[0]).held == 8)
        #expect(proof.failures.contains { $0.hasPrefix("ratio to baseline: covers 100%") })
    }

    @Test("a row holding fewer than 5 of 8 fails, whatever the totals")
    func rowFloor() throws {
        let proof = CoverageProof(files: try runs(ratios, halfWidth: 0.001))
        #expect(proof.rowMinimum == 5)
        #expect(proof.failures.contains { $0.contains("state-objects ratio to baseline: ") })
    }
}
