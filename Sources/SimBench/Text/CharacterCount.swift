/// How many characters a text has, as `String.count` counts them (grapheme clusters), from
/// its bytes where every scalar is a character of its own.
///
/// A table or a wrapped paragraph measures each cell and word: a comparison of 100,000 rows
/// has millions, and `count` walks each one's grapheme breaks. A text whose scalars are all
/// ASCII (other than CR, which joins a following LF), Latin-1 and the Latin letters before
/// the combining marks (below U+0300), or the punctuation, arrows and mathematical signs a
/// report prints (`−`, `±`, `×`, `…`, `√`, `≤`) breaks between every two scalars: none
/// of them extends, joins or prepends (Unicode's grapheme cluster rules GB3 to GB13). Any
/// other text is counted by `count`.
enum CharacterCount {
    /// The characters of `text`: `text.count`.
    static func of(_ text: String) -> Int {
        var text = text
        return text.withUTF8(scalarsIfEachIsACharacter) ?? text.count
    }

    /// The characters of `text`: `text.count`.
    static func of(_ text: Substring) -> Int {
        var text = text
        return text.withUTF8(scalarsIfEachIsACharacter) ?? text.count
    }

    /// The characters of the UTF-8 `bytes`: their text's `count`.
    static func of(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        scalarsIfEachIsACharacter(bytes) ?? String(decoding: bytes, as: UTF8.self).count
    }

    /// The number of scalars the UTF-8 `bytes` hold when each is a character of its own
    /// (the scalars listed above); nil when one may join another.
    static func scalarsIfEachIsACharacter(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var scalars = 0
        var at = 0
        let count = bytes.count
        while at < count {
            // Eight ASCII bytes with no carriage return are eight characters: read as one
            // word (nearly all of a report's text).
            if at &+ 8 <= count,
                WordScan.isASCII(
                    UnsafeRawPointer(bytes.baseAddress! + at).loadUnaligned(as: UInt64.self),
                    without: UInt8(ascii: "\r"))
            {
                scalars &+= 8
                at &+= 8
                continue
            }
            let lead = bytes[at]
            if lead < 0x80 {
                guard lead != UInt8(ascii: "\r") else { return nil }
                at += 1
            } else if lead < 0xE0 {
                // Two bytes: U+0080 to U+07FF; below U+0300 when the lead is below 0xCC.
                guard lead < 0xCC else { return nil }
                at += 2
            } else if lead < 0xF0, at + 2 < bytes.count {
                let scalar =
                    UInt32(lead & 0x0F) << 12 | UInt32(bytes[at + 1] & 0x3F) << 6
                    | UInt32(bytes[at + 2] & 0x3F)
                guard isStandalone(scalar) else { return nil }
                at += 3
            } else {
                return nil
            }
            scalars += 1
        }
        return scalars
    }

    /// Whether a three-byte scalar never joins a neighbour: dashes, quotes, bullets and the
    /// ellipsis; per-mille, primes and other punctuation before the word joiner; arrows and
    /// mathematical operators.
    private static func isStandalone(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x2010...0x2027, 0x2030...0x205E, 0x2190...0x22FF: true
        default: false
        }
    }
}
