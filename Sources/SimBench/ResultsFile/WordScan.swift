/// Masks of the bytes of an eight-byte word that a CSV splitter looks for, found in the
/// word at once (SWAR: SIMD within a register) rather than byte by byte: each mask has the
/// high bit of every byte that is one of them, and no other bit.
///
/// The word is read little-endian, so byte `k` of the text is bits `8k…8k+7`, and the first
/// such byte is the mask's `trailingZeroBitCount / 8`. Each test is exact for every byte:
/// the sums stay inside their byte (at most 0x7F + 0x7F), so no carry reaches the next.
enum WordScan {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highBits: UInt64 = 0x8080_8080_8080_8080
    private static let lowBits: UInt64 = 0x7F7F_7F7F_7F7F_7F7F

    /// The bytes of `word` that are zero.
    @inline(__always)
    static func zeros(_ word: UInt64) -> UInt64 {
        ~(((word & lowBits) &+ lowBits) | word | lowBits)
    }

    /// The bytes of `word` that are `byte`.
    @inline(__always)
    static func bytes(_ word: UInt64, equalTo byte: UInt8) -> UInt64 {
        zeros(word ^ (UInt64(byte) &* ones))
    }

    /// Whether every byte of `word` is ASCII and none is `byte` (an ASCII byte): eight
    /// characters of text, when `byte` is the one that may join the next.
    @inline(__always)
    static func isASCII(_ word: UInt64, without byte: UInt8) -> Bool {
        (word & highBits) | bytes(word, equalTo: byte) == 0
    }

    /// How many bytes of `word` continue a UTF-8 scalar (`10xxxxxx`).
    @inline(__always)
    static func continuationBytes(_ word: UInt64) -> Int {
        // A byte's bit 6 shifted into its bit 7: set where bit 7 is and bit 6 is not.
        let continuing = word & ~(word &<< 1) & highBits
        return continuing == 0 ? 0 : continuing.nonzeroBitCount
    }

    /// The commas of `word`.
    @inline(__always)
    static func commas(_ word: UInt64) -> UInt64 {
        bytes(word, equalTo: UInt8(ascii: ","))
    }

    /// The bytes of `word` that a JSON string escapes: a control byte (below 0x20), a quote
    /// and a backslash. A byte above ASCII is none of them.
    @inline(__always)
    static func jsonEscapes(_ word: UInt64) -> UInt64 {
        // A byte's low seven bits plus 0x60 reach 0x80 exactly when they are 0x20 or more.
        let control = ~((word & lowBits) &+ 0x6060_6060_6060_6060) & ~word & highBits
        return control | bytes(word, equalTo: UInt8(ascii: "\""))
            | bytes(word, equalTo: UInt8(ascii: "\\"))
    }

    /// The bytes at which an unquoted field's plain run stops: a quote, a control byte
    /// (below 0x20: line feed, carriage return, NUL, and a tab, which the caller lets
    /// through) and any byte above ASCII (of a multi-byte character).
    @inline(__always)
    static func stops(_ word: UInt64) -> UInt64 {
        // A byte's low seven bits plus 0x60 reach 0x80 exactly when they are 0x20 or more.
        let control = ~((word & lowBits) &+ 0x6060_6060_6060_6060) & highBits
        return control | (word & highBits) | bytes(word, equalTo: UInt8(ascii: "\""))
    }
}

extension WordScan {
    /// Whether `cell` is digits with at most one point among them, and at least one digit,
    /// shorter than 300 bytes: a plain decimal, finite and not negative, which
    /// `RowChecks.acceptsPlainDecimal` accepts in any numeric column. False says nothing:
    /// the cell is then judged byte by byte.
    ///
    /// Read eight bytes at a time; the last word is read whole when `readable` bytes from
    /// the cell's start may be (the text goes on past it), its bytes past the cell masked.
    @inline(__always)
    static func isPlainDecimal(_ cell: UnsafeBufferPointer<UInt8>, readable: Int) -> Bool {
        let count = cell.count
        guard count > 0, count < 300 else { return false }
        let base = UnsafeRawPointer(cell.baseAddress!)
        var at = 0
        var sawPoint = false
        var digits: UInt64 = 0
        while at < count {
            let remaining = count &- at
            var word: UInt64
            var inCell = highBits
            if remaining >= 8 || at &+ 8 <= readable {
                word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: at, as: UInt64.self))
                if remaining < 8 { inCell = highBits >> (8 &* (8 &- remaining)) }
            } else {
                word = 0
                for index in 0..<remaining {
                    word |= UInt64(cell[at &+ index]) << (8 &* index)
                }
                inCell = highBits >> (8 &* (8 &- remaining))
            }
            // Each byte below 0x80: plus 0x50 it reaches 0x80 from '0' on, plus 0x46 from
            // past '9' on.
            let low = word & lowBits
            let digit =
                (low &+ 0x5050_5050_5050_5050) & ~(low &+ 0x4646_4646_4646_4646)
                & ~word & highBits
            let point = bytes(word, equalTo: UInt8(ascii: "."))
            guard (digit | point) & inCell == inCell else { return false }
            // Two points, in this word or with one before: counted without a popcount,
            // which a baseline x86-64 build has no instruction for.
            let pointHere = point & inCell
            if pointHere != 0 {
                if sawPoint || pointHere & (pointHere &- 1) != 0 { return false }
                sawPoint = true
            }
            digits |= digit & inCell
            at &+= 8
        }
        return digits != 0
    }
}
