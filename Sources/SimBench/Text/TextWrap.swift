import Foundation

/// Breaking text for a terminal of a given width.
public enum TextWrap {
    /// Every line of `text` longer than `width` broken at spaces; continuation lines keep
    /// the line's indent plus two spaces. A single word longer than `width` stays whole.
    ///
    /// - Complexity: O(n) in the length of the text; a line whose UTF-8 bytes fit `width`
    ///   is not counted in characters, since no character is shorter than a byte.
    public static func fit(_ text: String, width: Int) -> String {
        lines(text).flatMap { line -> [String] in
            guard line.utf8.count > width, line.count > width else { return [String(line)] }
            let indent = String(line.prefix { $0 == " " })
            let words = line.dropFirst(indent.count).split(separator: " ")
            var lines = [String]()
            var current = indent
            var hasWord = false
            for word in words {
                let candidate = hasWord ? current + " " + word : current + word
                if hasWord, candidate.count > width {
                    lines.append(current)
                    current = indent + "  " + word
                } else {
                    current = candidate
                }
                hasWord = true
            }
            lines.append(current)
            return lines
        }.joined(separator: "\n")
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
