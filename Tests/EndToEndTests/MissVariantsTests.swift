import Foundation
import Testing

/// The mechanism scenario's miss variants under Callgrind's cache simulation: what the
/// counted pass sees of them is what they say they do.
struct MissVariantsTests {
    static let valgrindPresent = FileManager.default.isExecutableFile(atPath: "/usr/bin/valgrind")

    static let missVariants = [
        "miss-l2", "miss-l3", "miss-memory", "miss-l2-spread", "miss-l3-spread",
        "miss-memory-spread",
    ]

    @Test(
        "a miss variant's second run goes on where its first stopped: each of its events misses the first level again",
        .enabled(if: LongTests.enabled, "long: scripts/long-tests.sh runs it (.ci/run)"),
        .enabled(if: valgrindPresent, "valgrind is not installed (apt-get install valgrind)"))
    func secondRunGoesOn() throws {
        // The counted pass counts a variant's second run, after its first on the same
        // machines. 100 events a run touch 100 lines, 6.4 KB, which any first-level cache
        // keeps: a second run that began the lap again, or gathered by the same steps, would
        // find its lines there and miss nothing. Both buffers are larger than a first-level
        // cache and fit any last level, so that only the first-level misses tell.
        let scratch = try ScratchDirectory()
        let csv = scratch.path("misses.csv")
        let result = try SimBenchBinary.run(
            [
                "run", "--allow-debug", "--scenarios", "mechanisms", "--variants",
                (["plain"] + Self.missVariants).joined(separator: ","), "--machines", "20",
                "--events", "5", "--rounds", "1", "--warmup", "0", "--processes", "1",
                "--param", "mechanisms.l2-bytes=262144", "--param", "mechanisms.l3-bytes=524288",
                "--param", "mechanisms.memory-bytes=1048576", "--instructions", "callgrind",
                "--quiet",
                "--csv", csv,
            ], in: scratch.url, timeout: 600)
        #expect(result.status == 0, "stderr: \(result.standardError)")
        let rows = try csvRows(at: csv)
        func misses(_ variant: String) throws -> Double {
            let row = try #require(rows.first { $0["variant"] == variant }, "no \(variant) row")
            #expect(row["status"] == "ok", "\(variant): \(row["status"] ?? "")")
            return try #require(
                Double(row["cache_misses_l1d_per_event"] ?? ""), "\(variant): not counted")
        }
        let plain = try misses("plain")
        for variant in Self.missVariants {
            let added = try misses(variant) - plain
            #expect(added > 0.9, "\(variant) adds \(added) first-level misses per event")
        }
    }
}

extension MissVariantsTests {
    @Test(
        "the buffers the last level holds miss only the first level, the memory variants running after them",
        .enabled(if: LongTests.enabled, "long: scripts/long-tests.sh runs it (.ci/run)"),
        .enabled(if: valgrindPresent, "valgrind is not installed (apt-get install valgrind)"))
    func lastLevelBuffersStayIn() throws {
        // The memory variants' buffer (64 MiB) is larger than the simulated last level, and
        // a counted run touches each of its few thousand lines once: had the memory variants
        // run before the others, the others' buffers would be out of the simulated last
        // level, and their counted runs would miss it where the timed rounds, lap after lap,
        // find their lines in the level they fit. The chase to memory must miss the last.
        let scratch = try ScratchDirectory()
        let csv = scratch.path("misses.csv")
        let result = try SimBenchBinary.run(
            [
                "run", "--allow-debug", "--scenarios", "mechanisms", "--variants",
                "plain,miss-l2,miss-l3,miss-memory,miss-memory-spread,miss-l2-spread,miss-l3-spread",
                "--machines", "50", "--events", "100", "--rounds", "1", "--warmup", "0",
                "--processes", "1", "--param", "mechanisms.l2-bytes=524288", "--param",
                "mechanisms.l3-bytes=2097152", "--param", "mechanisms.memory-bytes=67108864",
                "--instructions", "callgrind", "--quiet", "--csv", csv,
            ], in: scratch.url, timeout: 600)
        #expect(result.status == 0, "stderr: \(result.standardError)")
        let rows = try csvRows(at: csv)
        for variant in ["miss-l2", "miss-l2-spread", "miss-l3", "miss-l3-spread"] {
            let row = try #require(rows.first { $0["variant"] == variant }, "no \(variant) row")
            let lastLevel = try #require(
                Double(row["cache_misses_ll_per_event"] ?? ""), "\(variant): not counted")
            #expect(lastLevel < 0.1, "\(variant) misses the last level \(lastLevel) times an event")
        }
        let memory = try #require(rows.first { $0["variant"] == "miss-memory" })
        #expect(Double(memory["cache_misses_ll_per_event"] ?? "") ?? 0 > 0.9)
    }
}
