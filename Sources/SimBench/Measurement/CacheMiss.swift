/// A data-cache miss, counted by Callgrind's cache simulation (`CallgrindPass`): what a
/// pattern's memory costs beyond its instructions. A pattern whose objects lie in one array
/// misses less than one whose objects the traversal follows from pointer to pointer, and
/// what a miss takes is the host's: the mechanism scenario's miss variants price each
/// level on it.
///
/// The order is the CSV's (`cache_misses_l1d_per_event`, `cache_misses_ll_per_event`).
public enum CacheMiss: String, CaseIterable, Sendable, Codable {
    /// A first-level data cache miss, read or write (Callgrind's `D1mr` + `D1mw`): the line
    /// comes from a cache further out, or from memory.
    case l1d
    /// A last-level cache miss of data, read or write (`DLmr` + `DLmw`): the line comes from
    /// memory. Such a miss is a first-level miss too, counted in both.
    case lastLevel = "ll"

    /// How a sentence names one: `first-level miss`.
    public var phrase: String {
        switch self {
        case .l1d: "first-level miss"
        case .lastLevel: "last-level miss"
        }
    }

    /// The CSV column holding its misses per event: `cache_misses_l1d_per_event`.
    public var columnName: String { "cache_misses_\(rawValue)_per_event" }

    /// The Callgrind events that count it.
    var callgrindEvents: [String] {
        switch self {
        case .l1d: ["D1mr", "D1mw"]
        case .lastLevel: ["DLmr", "DLmw"]
        }
    }
}

/// Data-cache misses per event, by level (`CacheMiss`).
public struct CacheMisses: Sendable, Equatable {
    public private(set) var misses: [CacheMiss: Double]

    public init(_ misses: [CacheMiss: Double] = [:]) {
        self.misses = misses
    }

    public subscript(level: CacheMiss) -> Double {
        get { misses[level, default: 0] }
        set { misses[level] = newValue }
    }

    /// These misses less `baseline`'s, level by level: what a pattern adds.
    public func subtracting(_ baseline: CacheMisses) -> CacheMisses {
        var difference = CacheMisses()
        for level in CacheMiss.allCases { difference[level] = self[level] - baseline[level] }
        return difference
    }
}

/// The caches Callgrind simulates: the host's first-level data cache and its last level,
/// as the identity gives them, in a geometry Callgrind accepts (a power-of-two number of
/// sets of 64-byte lines), or a fixed one where the identity does not give them.
public struct CacheGeometry: Sendable, Equatable {
    public struct Level: Sendable, Equatable {
        public var bytes: Int
        public var ways: Int
        public static let lineBytes = 64

        /// `--D1=32768,8,64`.
        func option(_ name: String) -> String { "--\(name)=\(bytes),\(ways),\(Self.lineBytes)" }

        /// The largest geometry Callgrind can simulate within `bytes`: `ways` of a
        /// power-of-two number of sets, with the ways widened (up to 64) where that keeps
        /// every byte (48 KiB: 64 sets of 12 ways).
        init(within bytes: Int, ways: Int) {
            var sets = 1
            while sets * 2 * Self.lineBytes * ways <= bytes { sets *= 2 }
            let exact = bytes / (sets * Self.lineBytes)
            if exact * sets * Self.lineBytes == bytes, (1...64).contains(exact) {
                self.init(bytes: bytes, ways: exact)
            } else {
                self.init(bytes: sets * Self.lineBytes * ways, ways: ways)
            }
        }

        init(bytes: Int, ways: Int) {
            self.bytes = bytes
            self.ways = ways
        }
    }

    /// The instruction cache: Callgrind needs one; instructions' misses are not priced.
    public var instructions: Level
    public var data: Level
    public var lastLevel: Level

    /// 32 KiB 8-way first level, 8 MiB 16-way last level: where the identity is unknown.
    public static let fixed = CacheGeometry(
        instructions: Level(bytes: 32768, ways: 8), data: Level(bytes: 32768, ways: 8),
        lastLevel: Level(bytes: 8 * 1024 * 1024, ways: 16))

    /// The host's: its L1d, and its L3 (else its L2) as the last level; `fixed` for a level
    /// the identity does not give.
    public init(host identity: HostIdentity) {
        let fixed = Self.fixed
        instructions = fixed.instructions
        data = identity.l1dBytes.map { Level(within: Int($0), ways: 8) } ?? fixed.data
        lastLevel =
            (identity.l3Bytes ?? identity.l2Bytes).map { Level(within: Int($0), ways: 16) }
            ?? fixed.lastLevel
    }

    init(instructions: Level, data: Level, lastLevel: Level) {
        self.instructions = instructions
        self.data = data
        self.lastLevel = lastLevel
    }

    /// Callgrind's options for it.
    var options: [String] {
        [instructions.option("I1"), data.option("D1"), lastLevel.option("LL")]
    }

    /// `L1d 32768 B 8-way, LL 33554432 B 16-way`: what the `cache_geometry` column holds.
    public var description: String {
        "L1d \(data.bytes) B \(data.ways)-way, LL \(lastLevel.bytes) B \(lastLevel.ways)-way"
    }
}
