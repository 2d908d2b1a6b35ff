import Foundation

/// The rules as `NSRegularExpression`s, as the article checks them, compiled once when the
/// matcher is made.
///
/// The article compiles `^[0-9]*$` with `NSRegularExpressionAnchorsMatchLines` on every
/// call and counts anchored matches. Two of its details would make it disagree with the
/// other matchers, so simbench departs from them:
/// - with `AnchorsMatchLines`, `$` matches at the end of every line, so `"123\nabc"` is
///   accepted as a number; and even without it, ICU's `$` matches before a final newline
///   (`"123\n"`). simbench anchors with `\A(?:…)\z`, which only match at the text's ends;
/// - compiling per call costs more than the dispatch this scenario measures. simbench
///   compiles each expression once per shard, outside the timed region, so that every
///   variant pays the same matching cost and the comparison is about dispatch.
///
/// The range covers the text's UTF-16 length, as the article's `input.text.length` does.
/// ICU matches code points, so a non-BMP scalar (an emoji, `𝟎`) fails every class just as
/// a BMP one does.
struct NSRegexMatcher: CompiledRuleMatcher {
    private let rules: [NSRegularExpression]

    init() {
        rules = FieldKind.allCases.map { kind in
            do {
                return try NSRegularExpression(pattern: "\\A(?:" + kind.pattern + ")\\z")
            } catch {
                preconditionFailure("pattern of \(kind.label) does not compile: \(error)")
            }
        }
    }

    @inline(__always)
    func check(_ text: String, _ kind: FieldKind) -> Bool {
        let range = NSRange(location: 0, length: text.utf16.count)
        return rules[kind.index].numberOfMatches(in: text, options: .anchored, range: range) != 0
    }
}
