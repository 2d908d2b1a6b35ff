import Foundation

/// Breaking text for a terminal of a given width.
public enum TextWrap {
    /// Every line of `text` longer than `width` broken at spaces; continuation lines keep
    /// the line's indent plus two spaces. A single word longer than `width` stays whole.
    public static func fit(_ text: String, width: Int) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).flatMap { line -> [String] in
            guard line.count > width else { return [String(line)] }
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
}
