/// JSON text as `JSONEncoder` writes it with `.prettyPrinted`, `.sortedKeys` and
/// `.withoutEscapingSlashes`, byte for byte, written straight into one buffer.
///
/// The exports of a results file of 100,000 rows are millions of values: `JSONEncoder`
/// builds a tree of boxed containers for them first, which took most of an export's time
/// and gigabytes of memory. A test holds the two texts equal.
enum PrettyJSON {
    /// A JSON value: what the exports write.
    indirect enum Value {
        case number(Double)
        case string(String)
        case array([Value])
        /// Members are written sorted by key, as `.sortedKeys` sorts them (by their UTF-8
        /// bytes).
        case object([String: Value])
    }

    /// The text of `value`, without a final line break.
    ///
    /// - Complexity: O(n) in the values, and O(k log k) to sort each object's k keys.
    static func text(_ value: Value) -> String {
        // Written as bytes, made text once: millions of small appends to a `String` cost
        // more than the values they write.
        var text = [UInt8]()
        write(value, depth: 0, into: &text)
        return String(decoding: text, as: UTF8.self)
    }

    private static func write(_ value: Value, depth: Int, into text: inout [UInt8]) {
        switch value {
        case .number(let number):
            append(number, to: &text)
        case .string(let string):
            quote(string, into: &text)
        case .array(let items):
            // An empty container is two lines apart, as `JSONEncoder` writes it.
            text += (items.isEmpty ? "[\n" : "[").utf8
            for (index, item) in items.enumerated() {
                text += (index == 0 ? "\n" : ",\n").utf8
                indent(depth + 1, into: &text)
                write(item, depth: depth + 1, into: &text)
            }
            text.append(UInt8(ascii: "\n"))
            indent(depth, into: &text)
            text.append(UInt8(ascii: "]"))
        case .object(let members):
            text += (members.isEmpty ? "{\n" : "{").utf8
            let keys = members.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            for (index, key) in keys.enumerated() {
                text += (index == 0 ? "\n" : ",\n").utf8
                indent(depth + 1, into: &text)
                quote(key, into: &text)
                text += " : ".utf8
                write(members[key]!, depth: depth + 1, into: &text)
            }
            text.append(UInt8(ascii: "\n"))
            indent(depth, into: &text)
            text.append(UInt8(ascii: "}"))
        }
    }

    private static func indent(_ depth: Int, into text: inout [UInt8]) {
        text.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * depth))
    }

    /// Swift's shortest exact form, without the `.0` of a whole number: `1`, `0.1`,
    /// `1e-05`, `1.2345678901234568e+17`.
    static func number(_ number: Double) -> String {
        var text = [UInt8]()
        append(number, to: &text)
        return String(decoding: text, as: UTF8.self)
    }

    /// Appends `number` as `number(_:)` writes it, with no string made.
    static func append(_ number: Double, to text: inout [UInt8]) {
        let start = text.count
        text.appendDescription(of: number)
        if text.count - start > 2, text[text.count - 2] == UInt8(ascii: "."),
            text[text.count - 1] == UInt8(ascii: "0")
        {
            text.removeLast(2)
        }
    }

    /// `string` in quotes: quotes and backslashes escaped, control characters as `\n`,
    /// `\t` … or `\u001f`; slashes and everything else as they are.
    static func quote(_ string: String, into text: inout [UInt8]) {
        var string = string
        string.withUTF8 { quote(utf8: $0, into: &text) }
    }

    /// The text of the UTF-8 `bytes` in quotes, as `quote(_:into:)` writes it: for a cell
    /// written from a file's bytes, with no string made.
    static func quote(utf8 bytes: UnsafeBufferPointer<UInt8>, into text: inout [UInt8]) {
        text.append(UInt8(ascii: "\""))
        // Among the string's bytes (an export writes millions of strings): each run of bytes
        // that need no escape copied whole. Every byte that needs escaping is ASCII, so a
        // multi-byte character passes through whole.
        var start = 0
        var index = 0
        while index < bytes.count {
            // Eight bytes at a time past those that need no escape.
            if index &+ 8 <= bytes.count {
                let word = UInt64(
                    littleEndian: UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(
                        as: UInt64.self))
                let escapes = WordScan.jsonEscapes(word)
                if escapes == 0 {
                    index &+= 8
                    continue
                }
                index &+= escapes.trailingZeroBitCount &>> 3
            }
            let byte = bytes[index]
            index &+= 1
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
            else { continue }
            text.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<(index - 1)]))
            start = index
            switch byte {
            case UInt8(ascii: "\""): text += "\\\"".utf8
            case UInt8(ascii: "\\"): text += "\\\\".utf8
            case UInt8(ascii: "\n"): text += "\\n".utf8
            case UInt8(ascii: "\r"): text += "\\r".utf8
            case UInt8(ascii: "\t"): text += "\\t".utf8
            case 0x08: text += "\\b".utf8
            case 0x0C: text += "\\f".utf8
            default:
                let hex = String(byte, radix: 16)
                text += ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8
            }
        }
        text.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...]))
        text.append(UInt8(ascii: "\""))
    }
}
