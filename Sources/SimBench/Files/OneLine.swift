extension String {
    /// The most characters of a user's value a message quotes whole.
    public static let quotedLimit = 100

    /// The text as a message quotes it: whole up to `quotedLimit` characters, else its
    /// first `quotedLimit` and how long it was, so that a value of megabytes (a file's
    /// contents passed by mistake) still makes a one-line refusal.
    public var clippedForMessage: String {
        guard utf8.count > Self.quotedLimit, count > Self.quotedLimit else { return self }
        return "\(prefix(Self.quotedLimit))… (\(NumberFormat.grouped(count)) characters)"
    }

    /// The text with line breaks, tabs and other control characters shown as escapes
    /// (`\n`, `\r`, `\t`, `\0`, `\u{1B}`), so that a message quoting a user's value stays
    /// one line.
    public var escapingControlCharacters: String {
        guard unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            return self
        }
        var result = ""
        for scalar in unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\0": result += "\\0"
            case _ where scalar.properties.generalCategory == .control:
                result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
