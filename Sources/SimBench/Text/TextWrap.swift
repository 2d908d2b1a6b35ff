import Foundation

/// Breaking text for a terminal of a given width.
public enum TextWrap {
    /// Every line of `text` longer than `width` broken at spaces; continuation lines keep
    /// the line's indent plus two spaces. A single word longer than `width` stays whole.
    ///
    /// - Complexity: O(n) in the length of the text; a line whose UTF-8 bytes fit `width`
    ///   is not counted in characters, since no character is shorter than a byte.
    public static func fit(_ text: String, width: Int) -> String {
        // Appended to one text, line by line: most lines fit and are copied as they are.
        var fitted = ""
        fitted.reserveCapacity(text.utf8.count)
        for (index, line) in lines(text).enumerated() {
            if index > 0 { fitted += "\n" }
            // An ASCII line (nearly every one) is measured and split among its bytes.
            guard line.utf8.count > width else {
                fitted += line
                continue
            }
            let ascii = line.utf8.allSatisfy { $0 < 0x80 }
            guard ascii || line.count > width else {
                fitted += line
                continue
            }
            let spaces =
                ascii
                ? line.utf8.prefix { $0 == UInt8(ascii: " ") }.count
                : line.prefix { $0 == " " }.count
            let indent = String(repeating: " ", count: spaces)
            let words =
                ascii
                ? line.utf8.dropFirst(spaces).split(separator: UInt8(ascii: " ")).map {
                    Substring($0)
                }
                : line.dropFirst(spaces).split(separator: " ")
            fitted += breakLines(words, width: width, first: indent, next: indent + "  ")
                .joined(separator: "\n")
        }
        return fitted
    }

    /// `words` in lines of at most `width` characters, one space between words, each line
    /// starting with `first` (the first) or `next` (the others). A single word longer than
    /// `width` stays whole.
    ///
    /// - Complexity: O(n) in the length of the words: a line's characters are counted as it
    ///   grows (in bytes, when the text is ASCII), not counted again for each word added.
    public static func breakLines(
        _ words: [Substring], width: Int, first: String = "", next: String = ""
    ) -> [String] {
        // In ASCII text a character is a byte; elsewhere a word may join the character
        // before it (a combining mark after the space), so the line is counted whole.
        func isASCII(_ text: Substring) -> Bool { text.utf8.allSatisfy { $0 < 0x80 } }
        let ascii =
            words.allSatisfy(isASCII) && isASCII(Substring(first)) && isASCII(Substring(next))
        var lines = [String]()
        var current = first
        var count = first.utf8.count
        var hasWord = false
        for word in words {
            if ascii {
                let added = count + (hasWord ? 1 : 0) + word.utf8.count
                if hasWord, added > width {
                    lines.append(current)
                    current = next + word
                    count = next.utf8.count + word.utf8.count
                } else {
                    if hasWord { current += " " }
                    current += word
                    count = added
                }
            } else {
                let candidate = hasWord ? current + " " + word : current + word
                if hasWord, candidate.count > width {
                    lines.append(current)
                    current = next + word
                } else {
                    current = candidate
                }
            }
            hasWord = true
        }
        lines.append(current)
        return lines
    }

    /// The lines of `text`, split at each line feed: what `split(separator: "\n",
    /// omittingEmptySubsequences: false)` gives, found among the bytes rather than the
    /// characters, which a long text (a comparison of 100,000 rows) makes costly.
    public static func lines(_ text: String) -> [Substring] {
        // A CR LF is one character, which a split at "\n" leaves whole: such text is
        // split by characters, as before.
        guard !text.utf8.contains(UInt8(ascii: "\r")) else {
            return text.split(separator: "\n", omittingEmptySubsequences: false)
        }
        return text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            .map { Substring($0) }
    }
}
