import SimBenchCore
import Testing

@testable import SimBench

/// `simbench host`'s plan: the mechanism scenario's buffers sized by the host's caches.
struct HostProfileTests {
    static let kib: UInt64 = 1024
    static let mib: UInt64 = 1024 * 1024

    /// The parameters set for `identity`, as `name=value`, in the order set.
    static func parameters(_ identity: HostIdentity) -> [String] {
        HostProfile.cacheSizedParameters(scenario: "mechanisms", identity: identity).map {
            #expect($0.scenario == "mechanisms", "\($0)")
            return "\($0.name)=\($0.value)"
        }
    }

    /// Caches, and the buffers worked out by hand: half the L2 (at least 4 × the L1d), four
    /// times the L2 (at most half the L3, at least twice the L2; twice the L2 without an L3),
    /// four times the L3 or else the L2 (at most 1 GiB).
    static let cases: [(l1d: UInt64?, l2: UInt64?, l3: UInt64?, expected: [String])] = [
        // An AMD core: 512 KiB, 4 MiB, 128 MiB.
        (
            32 * kib, mib, 32 * mib,
            ["l2-bytes=524288", "l3-bytes=4194304", "memory-bytes=134217728"]
        ),
        // No L3: the L2 is the last level; half of it is 640 KiB, twice it 2.5 MiB, four
        // times it 5 MiB.
        (
            48 * kib, 1280 * kib, nil,
            ["l2-bytes=655360", "l3-bytes=2621440", "memory-bytes=5242880"]
        ),
        // A small L2 beside a large L1d: half the L2 (128 KiB) would fit the L1d, so
        // 4 × 48 KiB.
        (
            48 * kib, 256 * kib, 8 * mib,
            ["l2-bytes=196608", "l3-bytes=1048576", "memory-bytes=33554432"]
        ),
        // A huge L3: four times it would be 3 GiB, held to 1 GiB.
        (
            48 * kib, 2 * mib, 768 * mib,
            ["l2-bytes=1048576", "l3-bytes=8388608", "memory-bytes=1073741824"]
        ),
        // An L3 barely larger than the L2: no buffer lies well between the two (four times
        // the L2 would not fit the L3, half the L3 would fit the L2), so twice the L2.
        (
            32 * kib, 2 * mib, 3 * mib,
            ["l2-bytes=1048576", "l3-bytes=4194304", "memory-bytes=12582912"]
        ),
        // An L3 alone: no size for the L2's buffer.
        (nil, nil, 32 * mib, ["memory-bytes=134217728"]),
    ]

    @Test("the miss buffers follow the caches the identity gives", arguments: cases)
    func sized(_ example: (l1d: UInt64?, l2: UInt64?, l3: UInt64?, expected: [String])) {
        let identity = CacheGeometryTests.identity(l1d: example.l1d, l2: example.l2, l3: example.l3)
        #expect(Self.parameters(identity) == example.expected, "\(identity.fields)")
    }

    @Test("an identity without caches sets no size, and the scenario keeps its defaults")
    func unknown() {
        #expect(Self.parameters(.unknown).isEmpty)
        #expect(
            Self.parameters(CacheGeometryTests.identity(l1d: 32 * Self.kib, l2: nil, l3: nil))
                .isEmpty)
        let options = HostProfile.options(
            scenario: "mechanisms", machines: 20, events: 5, processes: 1, rounds: 2,
            spanSeconds: 0.1, seed: 1, identity: .unknown)
        #expect(options.parameters.isEmpty)
    }

    @Test("host's options carry them, named as the scenario declares them")
    func options() {
        let options = HostProfile.options(
            scenario: "mechanisms", machines: 20, events: 5, processes: 1, rounds: 2,
            spanSeconds: 0.1, seed: 1,
            identity: CacheGeometryTests.identity(
                l1d: 32 * Self.kib, l2: Self.mib, l3: 32 * Self.mib))
        #expect(
            options.parameters == [
                ParameterAssignment(
                    scenario: "mechanisms", name: CacheSizedParameter.l2Bytes, value: "524288"),
                ParameterAssignment(
                    scenario: "mechanisms", name: CacheSizedParameter.l3Bytes, value: "4194304"),
                ParameterAssignment(
                    scenario: "mechanisms", name: CacheSizedParameter.memoryBytes,
                    value: "134217728"),
            ])
        #expect(CacheSizedParameter.l3Bytes == "l3-bytes")
        #expect(CacheSizedParameter.l2Bytes == "l2-bytes")
        #expect(CacheSizedParameter.memoryBytes == "memory-bytes")
    }
}
