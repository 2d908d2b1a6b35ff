import Foundation
import Testing

@testable import SimBench

/// The caches the counted pass simulates: the host's, in a geometry Callgrind accepts.
struct CacheGeometryTests {
    /// An identity giving these caches, in bytes, and nothing else.
    static func identity(l1d: UInt64?, l2: UInt64?, l3: UInt64?) -> HostIdentity {
        var identity = HostIdentity()
        identity.l1dBytes = l1d
        identity.l2Bytes = l2
        identity.l3Bytes = l3
        return identity
    }

    static let kib: UInt64 = 1024
    static let mib: UInt64 = 1024 * 1024

    /// A cache's size and ways as the identity gives it, and what Callgrind simulates of it,
    /// worked out by hand: sets of 64-byte lines, a power of two of them.
    static let levels: [(bytes: Int, ways: Int, simulated: Int, simulatedWays: Int)] = [
        // 32 KiB: 64 sets of 8 ways.
        (32768, 8, 32768, 8),
        // 48 KiB: 64 sets of 12 ways, every byte kept (96 sets of 8 would not be a power
        // of two).
        (49152, 8, 49152, 12),
        // 32 MiB: 32,768 sets of 16 ways.
        (33_554_432, 16, 33_554_432, 16),
        // 1.25 MiB: 1,024 sets of 20 ways, kept whole.
        (1_310_720, 16, 1_310_720, 20),
        // 105 MiB: 107,520 sets of 16 ways is no power of two, and 65,536 sets would need
        // 26.25 ways: 65,536 sets of 16 ways, 64 MiB, the largest within it.
        (110_100_480, 16, 67_108_864, 16),
        // 1,000,000 B: 1,024 sets of 16 ways are more, and 512 sets would need 30.5 ways:
        // 512 sets of 16 ways.
        (1_000_000, 16, 524_288, 16),
    ]

    @Test(
        "the largest geometry within a size, ways widened where that keeps every byte",
        arguments: levels)
    func level(_ level: (bytes: Int, ways: Int, simulated: Int, simulatedWays: Int)) {
        let simulated = CacheGeometry.Level(within: level.bytes, ways: level.ways)
        #expect(
            simulated == CacheGeometry.Level(bytes: level.simulated, ways: level.simulatedWays),
            "\(level.bytes) B \(level.ways)-way")
    }

    @Test("an AMD host's L1d and L3, as options and as the cache_geometry cell")
    func host() {
        let geometry = CacheGeometry(
            host: Self.identity(l1d: 32 * Self.kib, l2: Self.mib, l3: 32 * Self.mib))
        #expect(
            geometry.options == [
                "--I1=32768,8,64", "--D1=32768,8,64", "--LL=33554432,16,64",
            ])
        #expect(geometry.description == "L1d 32768 B 8-way, LL 33554432 B 16-way")
    }

    @Test("the last level is the L2 where the identity gives no L3")
    func secondLevelLast() {
        let geometry = CacheGeometry(
            host: Self.identity(l1d: 48 * Self.kib, l2: 1280 * Self.kib, l3: nil))
        #expect(
            geometry.options == [
                "--I1=32768,8,64", "--D1=49152,12,64", "--LL=1310720,20,64",
            ])
    }

    @Test("a level the identity does not give is the fixed one's")
    func fixedWhereUnknown() {
        #expect(CacheGeometry(host: .unknown) == .fixed)
        #expect(
            CacheGeometry.fixed.options == [
                "--I1=32768,8,64", "--D1=32768,8,64", "--LL=8388608,16,64",
            ])
        #expect(CacheGeometry.fixed.description == "L1d 32768 B 8-way, LL 8388608 B 16-way")
        let noL1d = CacheGeometry(host: Self.identity(l1d: nil, l2: Self.mib, l3: 32 * Self.mib))
        #expect(noL1d.data == CacheGeometry.fixed.data)
        #expect(noL1d.lastLevel == CacheGeometry.Level(bytes: 33_554_432, ways: 16))
        let noCaches = CacheGeometry(host: Self.identity(l1d: 64 * Self.kib, l2: nil, l3: nil))
        #expect(noCaches.data == CacheGeometry.Level(bytes: 65536, ways: 8))
        #expect(noCaches.lastLevel == CacheGeometry.fixed.lastLevel)
    }

    static let valgrind = "/usr/bin/valgrind"

    /// Identities whose caches need the ways widened or the sets rounded down, and the
    /// fixed geometry's.
    static let hosts: [HostIdentity] = [
        identity(l1d: 32 * kib, l2: mib, l3: 32 * mib),
        identity(l1d: 48 * kib, l2: 1280 * kib, l3: nil),
        identity(l1d: 48 * kib, l2: 2 * mib, l3: 105 * mib),
        identity(l1d: 128 * kib, l2: 12 * mib, l3: nil),
        .unknown,
    ]

    @Test(
        "Valgrind accepts every geometry's options",
        .enabled(
            if: FileManager.default.isExecutableFile(atPath: valgrind),
            "valgrind is not installed (apt-get install valgrind)"),
        arguments: hosts)
    func valgrindAccepts(_ identity: HostIdentity) throws {
        let options = CacheGeometry(host: identity).options
        let result = try ChildProcess.run(
            Self.valgrind,
            arguments: ["--tool=callgrind", "--cache-sim=yes", "--callgrind-out-file=/dev/null"]
                + options + ["/bin/true"],
            environment: ProcessInfo.processInfo.environment, timeout: 120)
        #expect(
            result.exitStatus == 0,
            "\(options): \(String(decoding: result.standardError, as: UTF8.self))")
    }
}
