/// JSON text as `JSONEncoder` writes it with `.prettyPrinted`, `.sortedKeys` and
/// `.withoutEscapingSlashes`, byte for byte, written straight into one string.
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
        var text = ""
        write(value, depth: 0, into: &text)
        return text
    }

    private static func write(_ value: Value, depth: Int, into text: inout String) {
        switch value {
        case .number(let number):
            text += self.number(number)
        case .string(let string):
            quote(string, into: &text)
        case .array(let items):
            // An empty container is two lines apart, as `JSONEncoder` writes it.
            text += items.isEmpty ? "[\n" : "["
            for (index, item) in items.enumerated() {
                text += index == 0 ? "\n" : ",\n"
                indent(depth + 1, into: &text)
                write(item, depth: depth + 1, into: &text)
            }
            text += "\n"
            indent(depth, into: &text)
            text += "]"
        case .object(let members):
            text += members.isEmpty ? "{\n" : "{"
            let keys = members.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            for (index, key) in keys.enumerated() {
                text += index == 0 ? "\n" : ",\n"
                indent(depth + 1, into: &text)
                quote(key, into: &text)
                text += " : "
                write(members[key]!, depth: depth + 1, into: &text)
            }
            text += "\n"
            indent(depth, into: &text)
            text += "}"
        }
    }

    private static func indent(_ depth: Int, into text: inout String) {
        for _ in 0..<depth { text += "  " }
    }

    /// Swift's shortest exact form, without the `.0` of a whole number: `1`, `0.1`,
    /// `1e-05`, `1.2345678901234568e+17`.
    static func number(_ number: Double) -> String {
        let text = "\(number)"
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }

    /// `string` in quotes: quotes and backslashes escaped, control characters as `\n`,
    /// `\t` … or `\u001f`; slashes and everything else as they are.
    private static func quote(_ string: String, into text: inout String) {
        text += "\""
        let plain = !string.utf8.contains {
            $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\")
        }
        if plain {
            text += string
        } else {
            for scalar in string.unicodeScalars {
                switch scalar {
                case "\"": text += "\\\""
                case "\\": text += "\\\\"
                case "\n": text += "\\n"
                case "\r": text += "\\r"
                case "\t": text += "\\t"
                case "\u{8}": text += "\\b"
                case "\u{C}": text += "\\f"
                case _ where scalar.value < 0x20:
                    let hex = String(scalar.value, radix: 16)
                    text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                default: text.unicodeScalars.append(scalar)
                }
            }
        }
        text += "\""
    }
}
