import Foundation
import Testing

@testable import SimBench

/// The memory limits a run is checked against, read from fixture files where the machine's
/// own cannot be chosen.
@Suite("run plan: the memory limits that apply")
struct MemoryBudgetTests {
    /// A fixture `memory.max` (or v1 `memory.limit_in_bytes`) holding `text`.
    func fixture(_ text: String) throws -> String {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("simbench-memory-\(UUID().uuidString)").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test(
        "a cgroup memory file: bytes, 'max' (none) and v1's none",
        arguments: [
            ("2147483648\n", UInt64(2_147_483_648) as UInt64?),
            ("max\n", nil),
            // cgroup v1 without a limit: the largest page-aligned 63-bit number.
            ("9223372036854771712\n", nil),
            ("", nil),
            ("lots\n", nil),
        ])
    func cgroupFile(text: String, expected: UInt64?) throws {
        let path = try fixture(text)
        defer { unlink(path) }
        #expect(MemoryBudget.cgroupMemoryLimit(at: path) == expected, "\(text.debugDescription)")
    }

    @Test("a missing cgroup file sets no limit")
    func missingFile() {
        #expect(MemoryBudget.cgroupMemoryLimit(at: "/nonexistent/memory.max") == nil)
    }

    @Test("the smallest limit binds, and is the one named")
    func smallestBinds() throws {
        let path = try fixture("1000000000\n")
        defer { unlink(path) }
        let cgroup = try #require(MemoryBudget.cgroupMemoryLimit(at: path))
        let limits = [
            MemoryBudget(bytes: 19_000_000_000, limit: "physical"),
            MemoryBudget(bytes: cgroup, limit: "cgroup"),
            MemoryBudget(bytes: 4_000_000_000, limit: "address space"),
        ]
        #expect(MemoryBudget.smallest(of: limits) == limits[1])
    }

    @Test("this process's limits include physical memory, and RLIMIT_AS when one is set")
    func currentLimits() throws {
        let limits = MemoryBudget.limits(physicalMemory: 24_000_000_000)
        #expect(limits.first?.bytes == 19_200_000_000)
        var limit = rlimit()
        getrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &limit)
        #expect(
            limits.contains { $0.limit.contains("RLIMIT_AS") } == (limit.rlim_cur != rlim_t.max))
    }
}
