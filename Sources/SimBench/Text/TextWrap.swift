import Foundation

/// Breaking text for a terminal of a given width.
public enum TextWrap {
    /// The width reports fit when nothing says another (a file, a pipe).
    public static let defaultWidth = 120

    /// Every line of `text` longer than `width` broken at spaces; continuation lines keep
    /// the line's indent plus two spaces. A single word longer than `width` stays whole.
    ///
    /// - Complexity: O(n) in the length of the text: one pass over its bytes when every
    ///   line fits (`everyLineFits`); else one more, which copies each line of no more
    ///   scalars than `width` as it is, since no character is shorter than a scalar.
    public static func fit(_ text: String, width: Int) -> String {
        // Nearly always every line fits already: the text is returned as it is, not copied.
        if everyLineFits(text, width: width) { return text }
        // A CR LF is one character, which a split at "\n" leaves whole: such text is split
        // by characters, as before.
        guard !text.utf8.contains(UInt8(ascii: "\r")) else {
            return lines(text).map { fit(line: $0, width: width) }.joined(separator: "\n")
        }
        // Else line by line among the bytes: a line of no more scalars than `width` (nearly
        // every one) is copied as its bytes; only a longer one is made text and measured.
        var text = text
        let fitted = text.withUTF8 { bytes in
            var fitted = [UInt8]()
            fitted.reserveCapacity(bytes.count + bytes.count / 8)
            var lineStart = 0
            var scalars = 0
            for index in 0...bytes.count {
                if index < bytes.count, bytes[index] != UInt8(ascii: "\n") {
                    if bytes[index] & 0xC0 != 0x80 { scalars += 1 }
                    continue
                }
                let line = UnsafeBufferPointer(rebasing: bytes[lineStart..<index])
                if scalars <= width {
                    fitted.append(contentsOf: line)
                } else {
                    appendFitted(line, width: width, to: &fitted)
                }
                if index < bytes.count { fitted.append(UInt8(ascii: "\n")) }
                lineStart = index + 1
                scalars = 0
            }
            return fitted
        }
        return String(decoding: fitted, as: UTF8.self)
    }

    /// One line (no line feed) of `fit`: as it is when it fits, else broken at spaces.
    static func fit(line: Substring, width: Int) -> String {
        // A line whose every scalar is a character of its own (ASCII, and the signs a
        // comparison prints: `−`, `±`; nearly every line) is measured and split among its
        // bytes: each space is then a character, and no other character is a space.
        guard line.utf8.count > width else { return String(line) }
        var measured = line
        let standalone = measured.withUTF8(CharacterCount.scalarsIfEachIsACharacter)
        guard (standalone ?? CharacterCount.of(line)) > width else { return String(line) }
        let spaces =
            standalone != nil
            ? line.utf8.prefix { $0 == UInt8(ascii: " ") }.count
            : line.prefix { $0 == " " }.count
        let indent = String(repeating: " ", count: spaces)
        let words =
            standalone != nil
            ? line.utf8.dropFirst(spaces).split(separator: UInt8(ascii: " ")).map {
                Substring($0)
            }
            : line.dropFirst(spaces).split(separator: " ")
        return breakLines(words, width: width, first: indent, next: indent + "  ")
            .joined(separator: "\n")
    }

    /// `fit(line:width:)` of the line `line` (no line feed), appended to `output`: among
    /// its bytes where each of its scalars is a character of its own (nearly every line),
    /// with no string made; through `fit(line:width:)` otherwise.
    static func appendFitted(
        _ line: UnsafeBufferPointer<UInt8>, width: Int, to output: inout [UInt8]
    ) {
        guard let scalars = CharacterCount.scalarsIfEachIsACharacter(line) else {
            let text = Substring(String(decoding: line, as: UTF8.self))
            output += fit(line: text, width: width).utf8
            return
        }
        guard scalars > width else {
            output.append(contentsOf: line)
            return
        }
        let spaces = line.prefix { $0 == UInt8(ascii: " ") }.count
        appendBrokenLines(
            UnsafeBufferPointer(rebasing: line[spaces...]), width: width, indent: spaces,
            to: &output)
    }

    /// The words of `text` broken into lines as `appendFitted` breaks a line too wide that
    /// starts with `indent` spaces and then has them: the first line after the indent, the
    /// others two spaces further in. For `text` whose every scalar is a character of its
    /// own (`appendBrokenLines(_:width:first:next:margin:to:)`).
    static func appendBrokenLines(
        _ text: UnsafeBufferPointer<UInt8>, width: Int, indent: Int, to output: inout [UInt8]
    ) {
        // The indents cut from a run of spaces made once: none made a line.
        let run =
            indent + 2 <= TextWrap.spaceRun.count
            ? TextWrap.spaceRun : [UInt8](repeating: UInt8(ascii: " "), count: indent + 2)
        appendBrokenLines(
            text, width: width, first: run[..<indent], next: run[..<(indent + 2)], to: &output)
    }

    /// Spaces, which indents are cut from.
    private static let spaceRun = [UInt8](repeating: UInt8(ascii: " "), count: 64)

    /// The lines `breakLines(words, width:first:next:)` makes of the words of `text` (split
    /// at spaces, a run of them as one), a line feed between them and each after `margin`,
    /// which is not counted: appended to `output` among the bytes, with no string made.
    ///
    /// For `text`, `first` and `next` whose every scalar is a character of its own
    /// (`CharacterCount.scalarsIfEachIsACharacter`): a word's characters are then its
    /// scalars, and a space is a character that no other is.
    static func appendBrokenLines<Indent: Collection<UInt8>>(
        _ text: UnsafeBufferPointer<UInt8>, width: Int, first: Indent, next: Indent,
        margin: [UInt8] = [], to output: inout [UInt8]
    ) {
        func scalars<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> Int {
            bytes.reduce(0) { $0 + ($1 & 0xC0 != 0x80 ? 1 : 0) }
        }
        let space = UInt8(ascii: " ")
        let nextCount = scalars(next)
        output += margin
        output += first
        var count = scalars(first)
        var hasWord = false
        var at = 0
        // The words written since the last break or the last run of spaces, one space
        // between each two: appended as one stretch of the text, not word by word.
        var stretch = 0..<0
        func appendStretch(to output: inout [UInt8]) {
            output.append(contentsOf: UnsafeBufferPointer(rebasing: text[stretch]))
        }
        while at < text.count {
            if text[at] == space {
                at += 1
                continue
            }
            let start = at
            let wordCount = TextWrap.scanWord(text, at: &at)
            let added = count + (hasWord ? 1 : 0) + wordCount
            if hasWord, added > width {
                appendStretch(to: &output)
                output.append(UInt8(ascii: "\n"))
                output += margin
                output += next
                stretch = start..<start
                count = nextCount + wordCount
            } else {
                // One space since the stretch's last word: the stretch goes on over it.
                if hasWord, start != stretch.upperBound + 1 {
                    appendStretch(to: &output)
                    output.append(space)
                    stretch = start..<start
                } else if !hasWord {
                    stretch = start..<start
                }
                count = added
            }
            stretch = stretch.lowerBound..<at
            hasWord = true
        }
        appendStretch(to: &output)
    }

    /// Reads the word of `text` at `at` (up to the next space or the end), `at` left past
    /// it: its scalars (all but the continuation bytes, `10xxxxxx`), eight bytes at a time
    /// where eight follow.
    @inline(__always)
    private static func scanWord(_ text: UnsafeBufferPointer<UInt8>, at: inout Int) -> Int {
        let space = UInt8(ascii: " ")
        var scalars = 0
        while at &+ 8 <= text.count {
            let word = UInt64(
                littleEndian: UnsafeRawPointer(text.baseAddress! + at).loadUnaligned(
                    as: UInt64.self))
            let spaces = WordScan.bytes(word, equalTo: space)
            let length = spaces == 0 ? 8 : spaces.trailingZeroBitCount &>> 3
            let inWord = length == 8 ? word : word & ((1 &<< (8 &* UInt64(length))) &- 1)
            scalars &+= length &- WordScan.continuationBytes(inWord)
            at &+= length
            if length < 8 { return scalars }
        }
        while at < text.count, text[at] != space {
            if text[at] & 0xC0 != 0x80 { scalars &+= 1 }
            at &+= 1
        }
        return scalars
    }

    /// Whether no line of `text` has more Unicode scalars than `width`, and no line break is
    /// a CR LF (which `lines(_:)` leaves whole): then `fit` has nothing to change, since no
    /// line has more characters than scalars. One pass over the bytes, counting those that
    /// start a scalar (all but continuation bytes, `10xxxxxx`).
    static func everyLineFits(_ text: String, width: Int) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            var scalars = 0
            for byte in bytes {
                if byte == UInt8(ascii: "\n") {
                    scalars = 0
                    continue
                }
                if byte == UInt8(ascii: "\r") { return false }
                if byte & 0xC0 != 0x80 {
                    scalars += 1
                    if scalars > width { return false }
                }
            }
            return true
        }
    }

    /// `words` in lines of at most `width` characters, one space between words, each line
    /// starting with `first` (the first) or `next` (the others). A single word longer than
    /// `width` stays whole.
    ///
    /// - Complexity: O(n) in the length of the words: a line's characters are counted as it
    ///   grows (from the bytes, when each scalar is a character: `CharacterCount`), not
    ///   counted again for each word added.
    public static func breakLines(
        _ words: [Substring], width: Int, first: String = "", next: String = ""
    ) -> [String] {
        // Where each scalar is a character (ASCII, `−`, `±`), a line's characters are the sum
        // of its words'; elsewhere a word may join the character before it (a combining mark
        // after the space), so the line is counted whole.
        func standaloneCount(_ text: Substring) -> Int? {
            var text = text
            return text.withUTF8(CharacterCount.scalarsIfEachIsACharacter)
        }
        let wordCounts = words.compactMap(standaloneCount)
        guard let firstCount = standaloneCount(Substring(first)),
            let nextCount = standaloneCount(Substring(next)), wordCounts.count == words.count
        else {
            return breakLinesCountingCharacters(words, width: width, first: first, next: next)
        }
        var lines = [String]()
        var current = first
        var count = firstCount
        var hasWord = false
        for (word, wordCount) in zip(words, wordCounts) {
            let added = count + (hasWord ? 1 : 0) + wordCount
            if hasWord, added > width {
                lines.append(current)
                current = next + word
                count = nextCount + wordCount
            } else {
                if hasWord { current += " " }
                current += word
                count = added
            }
            hasWord = true
        }
        lines.append(current)
        return lines
    }

    /// `breakLines`, each candidate line counted whole, in characters: for words whose
    /// characters are not their scalars.
    static func breakLinesCountingCharacters(
        _ words: [Substring], width: Int, first: String, next: String
    ) -> [String] {
        var lines = [String]()
        var current = first
        var hasWord = false
        for word in words {
            let candidate = hasWord ? current + " " + word : current + word
            if hasWord, candidate.count > width {
                lines.append(current)
                current = next + word
            } else {
                current = candidate
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

/// Lines written one after another, a line feed between them, each fitted to `width` as
/// `TextWrap.fit` fits a text's lines (one of more characters than `width` broken at
/// spaces), or as they are when `width` is nil: a long report fitted as it is written, not
/// made whole first. For text without carriage returns (which `fit` reads as part of a
/// CR LF).
struct FittedLines {
    let width: Int?
    private var started = false

    init(width: Int?) {
        self.width = width
    }

    mutating func append(_ line: String, to output: inout TextOutput) {
        appendLine(to: &output) { $0 += line.utf8 }
    }

    /// Appends the line `write` writes (which may hold line feeds: each line is fitted).
    mutating func appendLine(to output: inout TextOutput, _ write: (inout [UInt8]) -> Void) {
        if started { output.bytes.append(UInt8(ascii: "\n")) }
        started = true
        let start = output.bytes.count
        write(&output.bytes)
        // A line of no more bytes than `width` has no more scalars: it fits, unread.
        guard let width, output.bytes.count - start > width else { return }
        let fits = output.bytes.withUnsafeBufferPointer {
            FittedLines.fits(UnsafeBufferPointer(rebasing: $0[start...]), width: width)
        }
        guard !fits else { return }
        let written = Array(output.bytes[start...])
        output.bytes.removeSubrange(start...)
        written.withUnsafeBufferPointer {
            FittedLines.appendFitted($0, width: width, to: &output.bytes)
        }
    }

    /// Appends the line `line` (which may hold line feeds: each line is fitted), as
    /// `appendLine` appends what it writes: from where it was written (on the stack), so
    /// that a line too wide is fitted from there, not copied out of the output first.
    mutating func append(line: UnsafeBufferPointer<UInt8>, to output: inout TextOutput) {
        if started { output.bytes.append(UInt8(ascii: "\n")) }
        started = true
        guard let width, line.count > width, !FittedLines.fits(line, width: width) else {
            output.append(line)
            return
        }
        FittedLines.appendFitted(line, width: width, to: &output.bytes)
    }

    /// Appends a line wider than `width`, given as the spaces of its indent and its words
    /// (`words`, split at spaces): as `append(line:)` fits that line, whatever runs of
    /// spaces lie between its words (a table's padding, never written). For words without a
    /// line feed whose every scalar is a character of its own, at a width.
    mutating func appendTooWide(
        indent: Int, words: UnsafeBufferPointer<UInt8>, to output: inout TextOutput
    ) {
        guard let width else { preconditionFailure("a line too wide where every line fits") }
        if started { output.bytes.append(UInt8(ascii: "\n")) }
        started = true
        TextWrap.appendBrokenLines(words, width: width, indent: indent, to: &output.bytes)
    }

    /// Whether no line of `text` (lines at its line feeds) has more scalars than `width`.
    /// Nearly every line fits: only one with more is made text (`appendFitted`).
    private static func fits(_ bytes: UnsafeBufferPointer<UInt8>, width: Int) -> Bool {
        var scalars = 0
        var index = 0
        while index < bytes.count {
            // Eight ASCII bytes, no line feed among them: eight scalars at once.
            if index &+ 8 <= bytes.count,
                WordScan.isASCII(
                    UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self),
                    without: UInt8(ascii: "\n"))
            {
                scalars &+= 8
                index &+= 8
                if scalars > width { return false }
                continue
            }
            let byte = bytes[index]
            index &+= 1
            if byte == UInt8(ascii: "\n") {
                scalars = 0
            } else if byte & 0xC0 != 0x80 {
                scalars += 1
                if scalars > width { return false }
            }
        }
        return true
    }

    /// Appends each line of `written` (lines at its line feeds) fitted to `width`
    /// (`TextWrap.appendFitted`), a line feed between them.
    private static func appendFitted(
        _ written: UnsafeBufferPointer<UInt8>, width: Int, to output: inout [UInt8]
    ) {
        var lineStart = 0
        for index in 0...written.count
        where index == written.count || written[index] == UInt8(ascii: "\n") {
            if lineStart > 0 { output.append(UInt8(ascii: "\n")) }
            TextWrap.appendFitted(
                UnsafeBufferPointer(rebasing: written[lineStart..<index]), width: width,
                to: &output)
            lineStart = index + 1
        }
    }
}
