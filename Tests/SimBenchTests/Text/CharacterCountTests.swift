import SimBenchCore
import Testing

@testable import SimBench

/// Characters counted from the bytes, where every scalar is a character of its own, give
/// what `String.count` gives; so do lines broken and fitted with that count.
@Suite("character counts from bytes")
struct CharacterCountTests {
    /// Scalars of every kind a count must not get wrong: ASCII, CR and LF, Latin-1, the signs
    /// a report prints, wide (CJK), emoji, combining marks, joiners, regional indicators,
    /// Hangul jamo, a prepended mark, a line separator.
    static let pieces = [
        "a", "Z", " ", "7", "\n", "\r", "\r\n", "\t", "é", "ß", "±", "×", "·", "²", "−", "√",
        "≤", "…", "–", "—", "‰", "→", "日", "本", "😀", "👍🏽", "e\u{301}", "\u{301}",
        "\u{20DD}", "\u{200D}", "👨\u{200D}👩", "🇫🇷", "\u{1F1EB}", "\u{1100}", "\u{1161}",
        "\u{11A8}", "\u{0600}", "\u{2028}", "\u{2060}", "\u{0903}", "ʰ", "\u{02FF}",
        "\u{0300}", "\u{FE0F}",
    ]

    /// Texts made of `pieces`, the same ones each run.
    static func texts(count: Int, length: Int) -> [String] {
        var random = SplitMix64(seed: 7)
        return (0..<count).map { _ in
            (0..<Int.random(in: 0...length, using: &random)).map { _ in
                pieces.randomElement(using: &random)!
            }.joined()
        }
    }

    @Test("the count from bytes equals String.count, of strings and substrings")
    func equalsCount() {
        for text in Self.pieces + Self.texts(count: 3000, length: 12) {
            #expect(CharacterCount.of(text) == text.count, "\(text.debugDescription)")
            let inner = text.dropFirst()
            #expect(CharacterCount.of(inner) == inner.count, "\(inner.debugDescription)")
        }
    }

    @Test("long texts, read eight bytes at a time, are counted as String.count counts them")
    func longTextsCounted() {
        var random = SplitMix64(seed: 11)
        // Mostly ASCII, so that whole words of eight are read, with any piece now and then.
        let ascii = ["a", "Z", " ", "7", "[", "words ", "ns/event "]
        for _ in 0..<3000 {
            var text = ""
            for _ in 0..<Int.random(in: 0...60, using: &random) {
                text +=
                    Int.random(in: 0..<12, using: &random) == 0
                    ? Self.pieces.randomElement(using: &random)!
                    : ascii.randomElement(using: &random)!
            }
            #expect(CharacterCount.of(text) == text.count, "\(text.debugDescription)")
        }
    }

    @Test("the fast count is taken for ASCII and the signs a report prints")
    func fastForReportText() {
        for text in ["vending.table", "+0.6% [−23.9%, +32.8%]", "±0.01/event", "1.25× · ²√ ≤ …"] {
            let scalars = Array(text.utf8).withUnsafeBufferPointer {
                CharacterCount.scalarsIfEachIsACharacter($0)
            }
            #expect(scalars == text.count, "\(text)")
        }
        for text in ["e\u{301}", "👍🏽", "\r\n", "🇫🇷", "\u{1100}\u{1161}"] {
            let scalars = Array(text.utf8).withUnsafeBufferPointer {
                CharacterCount.scalarsIfEachIsACharacter($0)
            }
            #expect(scalars == nil, "\(text.debugDescription)")
        }
    }

    @Test("breaking lines counted from bytes breaks them where counting characters does")
    func breakLinesAsCounted() {
        let texts = Self.texts(count: 600, length: 30)
        for (index, text) in texts.enumerated() {
            let words = text.split(separator: " ")
            let width = 1 + index % 20
            for (first, next) in [("", ""), ("  ", "    "), ("é ", "−−")] {
                #expect(
                    TextWrap.breakLines(words, width: width, first: first, next: next)
                        == TextWrap.breakLinesCountingCharacters(
                            words, width: width, first: first, next: next),
                    "\(text.debugDescription), width \(width)")
            }
        }
    }

    @Test("fit breaks the lines that counting each line's characters finds too long")
    func fitAsCounted() {
        // Lines as a comparison prints them too: ASCII, spaces and its signs, with now and
        // then a piece that joins its neighbour.
        var random = SplitMix64(seed: 29)
        let reportPieces = [
            "a", "b", "7", " ", " ", "  ", "−", "±", "%", "[", "e\u{301}", "\u{301}",
        ]
        let reportTexts = (0..<1500).map { _ in
            // One text in four may hold the joining pieces (the last two).
            let pieces =
                Int.random(in: 0..<4, using: &random) == 0
                ? reportPieces.count : reportPieces.count - 2
            return (0..<Int.random(in: 0...60, using: &random)).map { _ in
                reportPieces[Int.random(in: 0..<pieces, using: &random)]
            }.joined()
        }
        let texts =
            Self.texts(count: 1500, length: 30) + ["  a long line of words\nshort"] + reportTexts
        for (index, text) in texts.enumerated() {
            let width = index % 12
            let expected = text.split(separator: "\n", omittingEmptySubsequences: false).map {
                line in
                guard line.count > width else { return String(line) }
                let spaces = line.prefix { $0 == " " }.count
                let indent = String(repeating: " ", count: spaces)
                return TextWrap.breakLinesCountingCharacters(
                    line.dropFirst(spaces).split(separator: " "), width: width, first: indent,
                    next: indent + "  "
                ).joined(separator: "\n")
            }.joined(separator: "\n")
            #expect(TextWrap.fit(text, width: width) == expected, "\(text.debugDescription)")
        }
    }

    @Test("a text fit returns whole has no line wider than the width, and no CR LF")
    func everyLineFits() {
        for (index, text) in Self.texts(count: 2000, length: 20).enumerated() {
            let width = index % 12
            let fits = TextWrap.everyLineFits(text, width: width)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            if fits {
                #expect(lines.allSatisfy { $0.count <= width }, "\(text.debugDescription)")
                #expect(TextWrap.fit(text, width: width) == text)
            }
            // Where every line has as few scalars as the width, and no CR, it is told so.
            if !text.utf8.contains(UInt8(ascii: "\r")),
                lines.allSatisfy({ $0.unicodeScalars.count <= width })
            {
                #expect(fits, "\(text.debugDescription), width \(width)")
            }
        }
    }
}
