/// The rules as Swift `Regex`es, compiled once when the matcher is made.
///
/// Two choices make Swift `Regex` read the rules as the other matchers do:
/// - `wholeMatch` instead of `^…$`: the whole text must match, with no line anchors and no
///   `$` that also matches before a trailing newline;
/// - Unicode-scalar semantics instead of the default grapheme clusters, so that a class is
///   tested against one code point at a time, as ICU and the UTF-8 scan do. (With these
///   ASCII-only patterns, grapheme mode happens to give the same verdicts: a cluster such
///   as `"1\u{301}"` or the keycap `1️⃣` fails `[0-9]` as a whole. The property test
///   checks the semantics chosen here.)
struct SwiftRegexMatcher: CompiledRuleMatcher {
    private let rules: [Regex<AnyRegexOutput>]

    init() {
        rules = FieldKind.allCases.map { kind in
            do {
                return try Regex(kind.pattern).matchingSemantics(.unicodeScalar)
            } catch {
                preconditionFailure("pattern of \(kind.label) does not compile: \(error)")
            }
        }
    }

    @inline(__always)
    func check(_ text: String, _ kind: FieldKind) -> Bool {
        // wholeMatch throws only for custom regex components, which these patterns lack.
        (try? rules[kind.index].wholeMatch(in: text)) != nil
    }
}
