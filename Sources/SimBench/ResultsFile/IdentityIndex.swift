/// Rows found by what they measure, compared as the bytes of their identifying fields: the
/// reader's check that no two rows measure the same (scenario, params, sweep, variant), and a
/// comparison's join of two files' rows.
///
/// An open-addressed table of row numbers, each with its identity's hash: no string, key or
/// set element is made per row, and a row is compared with another only when their hashes
/// agree.
struct IdentityIndex {
    /// The fields that identify a row, in order; nil where the header lacks the column (it
    /// reads as empty).
    let fields: [Int?]
    /// Per slot: the row + 1 in the low 32 bits, its hash in the high 32; 0 when empty.
    private var slots = [UInt64]()
    private(set) var count = 0

    init(fields: [Int?] = []) {
        self.fields = fields
    }

    /// Makes room for `rows` rows without growing.
    mutating func reserve(_ rows: Int) {
        var capacity = 16
        while capacity < rows * 2 { capacity *= 2 }
        if capacity > slots.count { grow(to: capacity) }
    }

    /// Adds row `row`, whose fields start in `text` where `starts` says, unless
    /// an earlier row has the same identity: then that row (`duplicate`), and `row` is not
    /// added. `hash` is the identity's, as `RowIdentity.hash` makes it.
    ///
    /// - Complexity: O(1) expected, plus the identity's bytes.
    mutating func insert(
        row: Int, text: UnsafeBufferPointer<UInt8>, starts: FieldStarts
    ) -> (duplicate: Int?, hash: UInt32) {
        // The starts are passed to each call, not kept in the identity: a copy of them kept
        // is a retain and release of each of their arrays for every row read.
        let identity = Identity(text: text, fields: fields)
        let hash = identity.hash(row: row, starts: starts)
        return (insert(row: row, hash: hash) { identity.same(row, $0, starts: starts) }, hash)
    }

    /// Adds `row`, whose identity hashes to `hash`, unless a row already in the index has
    /// the same identity (`same(row, other)`): then that row.
    mutating func insert(row: Int, hash: UInt32, same: (Int) -> Bool) -> Int? {
        if (count + 1) * 2 > slots.count { grow(to: max(16, slots.count * 2)) }
        let mask = slots.count - 1
        var slot = Int(hash) & mask
        while true {
            let entry = slots[slot]
            if entry == 0 {
                slots[slot] = UInt64(hash) << 32 | UInt64(row + 1)
                count += 1
                return nil
            }
            if UInt32(truncatingIfNeeded: entry >> 32) == hash {
                let other = Int(entry & 0xFFFF_FFFF) - 1
                if same(other) { return other }
            }
            slot = (slot + 1) & mask
        }
    }

    /// The row in the index whose identity hashes to `hash` and is the same
    /// (`same(other)`); nil when there is none.
    func find(hash: UInt32, same: (Int) -> Bool) -> Int? {
        guard !slots.isEmpty else { return nil }
        let mask = slots.count - 1
        var slot = Int(hash) & mask
        while true {
            let entry = slots[slot]
            if entry == 0 { return nil }
            if UInt32(truncatingIfNeeded: entry >> 32) == hash {
                let other = Int(entry & 0xFFFF_FFFF) - 1
                if same(other) { return other }
            }
            slot = (slot + 1) & mask
        }
    }

    private mutating func grow(to capacity: Int) {
        let old = slots
        slots = [UInt64](repeating: 0, count: capacity)
        let mask = capacity - 1
        for entry in old where entry != 0 {
            var slot = Int(entry >> 32) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = entry
        }
    }

    /// The identifying fields of the rows of one text, read where they lie, their fields
    /// starting where `starts` says.
    struct Identity {
        let text: UnsafeBufferPointer<UInt8>
        let fields: [Int?]

        /// Where field `field` of row `row` is, inside its quotes: the text as written, a
        /// quote doubled where the field doubles one, which is the same for the same text.
        func range(_ row: Int, _ field: Int, starts: FieldStarts) -> Range<Int> {
            let (start, next) = starts.bounds(row: row, field: field)
            let end = next &- 1
            guard start < end, text[start] == RowTable.quote else { return start..<end }
            return (start &+ 1)..<(end &- 1)
        }

        func hash(row: Int, starts: FieldStarts) -> UInt32 {
            var hasher = ByteHasher()
            for field in fields {
                if let field { hasher.combine(text, range(row, field, starts: starts)) }
                hasher.endField()
            }
            return hasher.value
        }

        /// Whether rows `row` and `other` have the same identity.
        func same(_ row: Int, _ other: Int, starts: FieldStarts) -> Bool {
            for case let field? in fields {
                let here = range(row, field, starts: starts)
                let there = range(other, field, starts: starts)
                guard here.count == there.count else { return false }
                if here.isEmpty { continue }
                if memcmp(
                    text.baseAddress! + here.lowerBound, text.baseAddress! + there.lowerBound,
                    here.count) != 0
                {
                    return false
                }
            }
            return true
        }
    }
}

/// A hash of byte ranges, eight bytes at a time (FxHash's step: rotate, xor, multiply),
/// for tables that are never written out: its values decide no order anything prints.
struct ByteHasher {
    private var state: UInt64 = 0

    mutating func combine(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) {
        guard !range.isEmpty else { return }
        let base = UnsafeRawPointer(text.baseAddress! + range.lowerBound)
        var at = 0
        let count = range.count
        while at + 8 <= count {
            add(base.loadUnaligned(fromByteOffset: at, as: UInt64.self))
            at += 8
        }
        if at < count {
            var word: UInt64 = 0
            var shift: UInt64 = 0
            while at < count {
                word |= UInt64(base.load(fromByteOffset: at, as: UInt8.self)) << shift
                shift += 8
                at += 1
            }
            add(word)
        }
    }

    /// Marks the end of a field: `ab`,`c` and `a`,`bc` hash apart.
    mutating func endField() {
        add(0xFF)
    }

    private mutating func add(_ word: UInt64) {
        state = ((state << 5) | (state >> 59)) ^ word
        state = state &* 0x517C_C1B7_2722_0A95
    }

    var value: UInt32 {
        let mixed = (state ^ (state >> 29)) &* 0xBF58_476D_1CE4_E5B9
        return UInt32(truncatingIfNeeded: mixed ^ (mixed >> 32))
    }
}
