import Foundation
import Testing

@testable import SimBench

/// The data-cache misses a counted row gets: read off a dump Valgrind really wrote.
struct CacheMissTests {
    /// This folder, where the dumps lie.
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()

    /// A dump of this folder, as Callgrind 3.19 wrote it.
    ///
    /// Both come from one run of a small C program under the counted pass's own options
    /// (`--tool=callgrind --collect-atstart=no --toggle-collect=region --dump-after=region
    /// --cache-sim=yes --I1=32768,8,64 --D1=32768,8,64 --LL=33554432,16,64`), its object's
    /// path on the `ob=` line shortened to `chase` and nothing else changed. Its `region`
    /// chases 3,000 steps through a buffer of 64-byte lines in a full-period order (a read
    /// miss each where the buffer does not fit) and stores each step's sum beside the one
    /// before (a write miss every other step): first through 64 MiB, larger than the
    /// simulated 32 MiB last level (`callgrind-chase-to-memory.out`), then through 256 KiB
    /// just written, which the last level holds (`callgrind-chase-within-last-level.out`,
    /// whose last-level totals are zeros Callgrind leaves out).
    static func dump(_ name: String) throws -> String {
        try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
    }

    /// Each fixture with the figures read off it by hand: its `totals:` line, in the order
    /// of its `events:` line (`Ir Dr Dw I1mr D1mr D1mw ILmr DLmr DLmw`).
    static let fixtures: [(file: String, l1d: Double, lastLevel: Double)] = [
        // totals: 21009 3001 3000 0 3001 1500 0 3000 1500
        ("callgrind-chase-to-memory.out", 3001 + 1500, 3000 + 1500),
        // totals: 21009 3001 3000 0 3001 1500 (DLmr and DLmw left out: 0)
        ("callgrind-chase-within-last-level.out", 3001 + 1500, 0),
    ]

    @Test(
        "a real dump's misses: D1mr + D1mw at the first level, DLmr + DLmw at the last",
        arguments: fixtures)
    func readsRealDump(fixture: (file: String, l1d: Double, lastLevel: Double)) throws {
        let dump = try CallgrindDump(parsing: try Self.dump(fixture.file))
        let misses = try #require(dump.cacheMisses, "\(fixture.file) has the cache events")
        #expect(misses[.l1d] == fixture.l1d, "\(fixture.file)")
        #expect(misses[.lastLevel] == fixture.lastLevel, "\(fixture.file)")
        #expect(dump.instructions == 21009, "\(fixture.file)")
        // Every instruction is the chase's own (its two cost lines: 2 and 21,007): the
        // dump's functions read as well as its totals.
        let region = dump.functions.first { $0.symbol == "region" }
        #expect(region?.instructions == 21009, "\(dump.functions)")
        #expect(dump.functions.reduce(0) { $0 + $1.instructions } == 21009)
    }

    @Test("a dump without the cache simulation's events has no misses, nor a partial one")
    func noCacheEvents() throws {
        #expect(try CallgrindDump(parsing: "events: Ir\ntotals: 500").cacheMisses == nil)
        // The real dump with the cache simulation's events cut to the first level's.
        let cut = try Self.dump("callgrind-chase-to-memory.out")
            .replacingOccurrences(
                of: "events: Ir Dr Dw I1mr D1mr D1mw ILmr DLmr DLmw",
                with: "events: Ir Dr Dw I1mr D1mr D1mw"
            )
            .replacingOccurrences(
                of: "totals: 21009 3001 3000 0 3001 1500 0 3000 1500",
                with: "totals: 21009 3001 3000 0 3001 1500")
        let dump = try CallgrindDump(parsing: cut)
        #expect(dump.totals["D1mr"] == 3001, "the cut dump still reads")
        #expect(dump.cacheMisses == nil, "no last-level events: no misses")
    }

    @Test("what a pattern adds: its misses less its baseline's, level by level")
    func subtracting() {
        let pattern = CacheMisses([.l1d: 1.5, .lastLevel: 0.25])
        let baseline = CacheMisses([.l1d: 0.5])
        #expect(pattern.subtracting(baseline) == CacheMisses([.l1d: 1, .lastLevel: 0.25]))
        #expect(baseline.subtracting(pattern) == CacheMisses([.l1d: -1, .lastLevel: -0.25]))
        #expect(
            CacheMiss.allCases.map(\.columnName) == [
                "cache_misses_l1d_per_event", "cache_misses_ll_per_event",
            ])
    }
}
