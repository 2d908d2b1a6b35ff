/// The costs of one Callgrind dump: one call of the counted region
/// (`simbench_counted_region`), as `--dump-after` wrote them.
///
/// A dump names its events once (`events: Ir Dr Dw I1mr D1mr D1mw ILmr DLmr DLmw` under
/// `--cache-sim=yes`) and totals them (`totals: 6011 1002 1002`); trailing zeros are left
/// out, so a missing total is 0.
public struct CallgrindDump: Sendable, Equatable {
    /// Every event's total, by Callgrind's name (`Ir`, `D1mr`, …).
    public let totals: [String: UInt64]

    /// Why a dump could not be read.
    public struct Malformed: Error, CustomStringConvertible, Sendable {
        public let reason: String
        public var description: String { "unreadable Callgrind dump: \(reason)" }
    }

    public init(totals: [String: UInt64]) {
        self.totals = totals
    }

    /// Reads a dump's `events:` and `totals:` (or, in older files, `summary:`) lines.
    public init(parsing text: String) throws(Malformed) {
        var names: [String]?
        var values: [UInt64]?
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            if line.hasPrefix("events:") {
                names = line.dropFirst("events:".count).split(separator: " ").map(String.init)
            } else if line.hasPrefix("totals:") || (values == nil && line.hasPrefix("summary:")) {
                let fields = line.drop { $0 != ":" }.dropFirst().split(separator: " ")
                let numbers = fields.compactMap { UInt64($0) }
                guard numbers.count == fields.count else {
                    throw Malformed(reason: "'\(line)' holds something other than counts")
                }
                values = numbers
            }
        }
        guard let names, !names.isEmpty else { throw Malformed(reason: "no 'events:' line") }
        guard let values else { throw Malformed(reason: "no 'totals:' line") }
        guard values.count <= names.count else {
            throw Malformed(reason: "\(values.count) totals for \(names.count) events")
        }
        var totals = [String: UInt64]()
        for (index, name) in names.enumerated() {
            totals[name] = index < values.count ? values[index] : 0
        }
        self.totals = totals
    }

    /// Instructions executed (`Ir`).
    public var instructions: UInt64 { totals["Ir"] ?? 0 }

    /// Callgrind's cache simulation turned into cycles, as iai-callgrind estimates them:
    /// L1 hits + 5 × last-level hits + 35 × RAM accesses. Nil without `--cache-sim=yes`.
    public var estimatedCycles: UInt64? {
        let names = ["Ir", "Dr", "Dw", "I1mr", "D1mr", "D1mw", "ILmr", "DLmr", "DLmw"]
        guard names.allSatisfy({ totals[$0] != nil }) else { return nil }
        func total(_ names: String...) -> UInt64 { names.reduce(0) { $0 + totals[$1]! } }
        let accesses = total("Ir", "Dr", "Dw")
        let l1Misses = total("I1mr", "D1mr", "D1mw")
        let llMisses = total("ILmr", "DLmr", "DLmw")
        // A miss at a level is also an access of the next, so the counts nest; a dump that
        // says otherwise is not Callgrind's, and has no estimate.
        guard l1Misses <= accesses, llMisses <= l1Misses else { return nil }
        let l1Hits = accesses - l1Misses
        let llHits = l1Misses - llMisses
        return l1Hits + 5 * llHits + 35 * llMisses
    }
}
