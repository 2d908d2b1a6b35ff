import Foundation
import SimBenchCore
import Testing

@testable import Subjects

/// The three matchers give the same verdict on every text, Unicode included.
@Suite("validation matchers")
struct ValidationMatcherTests {
    let scan = ScanMatcher()
    let regex = SwiftRegexMatcher()
    let nsregex = NSRegexMatcher()

    /// Checks every kind's rule on `text` with the three matchers; returns the verdicts.
    @discardableResult
    func expectAgreement(
        on text: String, sourceLocation: SourceLocation = #_sourceLocation
    ) -> [Bool] {
        FieldKind.allCases.map { kind in
            let verdicts = [
                scan.matches(text, as: kind), regex.matches(text, as: kind),
                nsregex.matches(text, as: kind),
            ]
            #expect(
                verdicts.allSatisfy { $0 == verdicts[0] },
                "scan, regex, nsregex say \(verdicts) for \(kind.label) on \(String(reflecting: text))",
                sourceLocation: sourceLocation)
            return verdicts[0]
        }
    }

    /// Pieces of text the generator strings together: the rules' own ASCII, the ASCII they
    /// refuse, and Unicode that looks like it belongs (other scripts' digits and letters,
    /// combining marks, emoji, line and space separators that ICU's `$` knows).
    static let ruleASCII = Array("0123456789abcdefxyzABCDEFXYZ '-+.@_%").map(String.init)
    static let otherASCII = ["\n", "\r", "\t", "\r\n", "#", ",", "/", "\u{0}", "$", "^", "\\"]
    static let unicode = [
        "١", "٣", "١٢", "१", "１", "𝟎", "𝟗", "é", "e\u{301}", "\u{301}", "\u{20DD}", "ß", "α",
        "а", "Ａ", "ｚ", "\u{212A}", "ſ", "ı", "İ", "中", "😀", "👍🏽", "👨‍👩‍👧", "🇨🇳",
        "1\u{FE0F}\u{20E3}", "\u{A0}", "\u{200B}", "\u{2028}", "\u{2029}", "\u{85}", "\u{FEFF}",
        "\u{1F}", "\u{7F}", "＠", "．", "－", "＋",
    ]

    struct TextGenerator {
        var random: SplitMix64

        mutating func piece() -> String {
            let roll = random.next(below: 100)
            let pool =
                roll < 70
                ? ValidationMatcherTests.ruleASCII
                : roll < 80 ? ValidationMatcherTests.otherASCII : ValidationMatcherTests.unicode
            return pool[random.next(below: pool.count)]
        }

        /// A short string of random pieces.
        mutating func random(maximumPieces: Int) -> String {
            var text = ""
            for _ in 0..<random.next(below: maximumPieces + 1) { text += piece() }
            return text
        }

        /// A valid-looking text of `kind` with one to three random edits: the near misses
        /// where structured rules (postal codes, addresses) can disagree.
        mutating func nearMiss(_ kind: FieldKind) -> String {
            var filler = FormFiller(random: random)
            var characters = Array(filler.validText(for: kind))
            random = filler.random
            for _ in 0...random.next(below: 3) {
                let position = random.next(below: characters.count + 1)
                switch random.next(below: 3) {
                case 0:
                    characters.insert(contentsOf: piece(), at: position)
                case 1 where position < characters.count:
                    characters.remove(at: position)
                default:
                    if position < characters.count {
                        characters.replaceSubrange(position...position, with: piece())
                    }
                }
            }
            return String(characters)
        }
    }

    @Test("random Unicode strings get one verdict from all three matchers", arguments: 0..<20)
    func randomStrings(seed: UInt64) {
        var generator = TextGenerator(random: SplitMix64(seed: seed, stream: 0x7465_7374, index: 0))
        for _ in 0..<400 {
            expectAgreement(on: generator.random(maximumPieces: 14))
        }
    }

    @Test("near misses of every kind get one verdict from all three matchers", arguments: 0..<20)
    func nearMisses(seed: UInt64) {
        var generator = TextGenerator(random: SplitMix64(seed: seed, stream: 0x6E65_6172, index: 0))
        var accepted = 0
        for _ in 0..<50 {
            for kind in FieldKind.allCases {
                let text = generator.nearMiss(kind)
                if expectAgreement(on: text)[kind.index] { accepted += 1 }
            }
        }
        // Some edits leave the text valid: the test sees both sides of every rule.
        #expect(accepted > 0, "seed \(seed)")
    }

    @Test("the workload's texts get one verdict, the intended one", arguments: 0..<5)
    func workloadTexts(seed: UInt64) {
        for (invalid, expected) in [("0", true), ("1", false)] {
            let scenario = ValidationScenario(
                configuration: ValidationScenario.makeConfiguration(
                    entities: 40, events: 16, seed: seed,
                    parameters: ["matcher": "scan", "invalid": invalid]))
            let shard = scenario.makeShard(entities: 0..<40)
            for (field, text) in zip(shard.fields, shard.texts) {
                let verdict = expectAgreement(on: text)[field.index]
                #expect(
                    verdict == expected,
                    "\(field.label) text \(String(reflecting: text)) should be \(expected ? "valid" : "invalid")"
                )
            }
        }
    }

    @Test("edge cases: empty, anchors, line ends, long texts")
    func edgeCases() {
        let long = String(repeating: "7", count: 5_000)
        let longLetters = String(repeating: "xy", count: 3_000)
        let cases: [(String, [FieldKind])] = [
            ("", [.numeric, .alphabetic, .alphanumeric, .hexadecimal]),
            ("123\n", []),
            ("123\nabc", []),
            ("abc\n123", []),
            ("\n", []),
            ("123\r\n", []),
            ("123\u{2028}", []),
            ("12345", [.numeric, .alphanumeric, .hexadecimal, .postalCode]),
            ("12345-6789", [.postalCode]),
            ("+8613800138000", [.phoneNumber]),
            ("8613800138000", [.numeric, .alphanumeric, .hexadecimal, .phoneNumber]),
            ("mary.smith@example.co.uk", [.email]),
            ("Mary-Jane O'Brien", [.name]),
            ("Zoe", [.alphabetic, .alphanumeric, .name]),
            ("Caf\u{E9}", []),
            ("Cafe\u{301}", []),
            ("1\u{FE0F}\u{20E3}", []),
            (long, [.numeric, .alphanumeric, .hexadecimal]),
            (long + "\n", []),
            (long + "٣", []),
            ("٣" + long, []),
            (longLetters, [.alphabetic, .alphanumeric]),
            (longLetters + "é", []),
            ("Z" + String(repeating: "y", count: 23), [.alphabetic, .alphanumeric, .name]),
            ("Z" + String(repeating: "y", count: 24), [.alphabetic, .alphanumeric]),
        ]
        for (text, accepted) in cases {
            let verdicts = expectAgreement(on: text)
            for kind in FieldKind.allCases {
                #expect(
                    verdicts[kind.index] == accepted.contains(kind),
                    "\(kind.label) on \(String(reflecting: text.prefix(40)))")
            }
        }
    }

    @Test("the article's own anchors accept what simbench's refuse")
    func articleAnchors() throws {
        // The article compiles ^[0-9]*$ with AnchorsMatchLines and counts anchored matches:
        // "123\nabc" passes as a number there. simbench anchors with \A and \z instead.
        let article = try NSRegularExpression(
            pattern: FieldKind.numeric.articlePattern, options: .anchorsMatchLines)
        for text in ["123\nabc", "123\n"] {
            let range = NSRange(location: 0, length: text.utf16.count)
            #expect(article.numberOfMatches(in: text, options: .anchored, range: range) > 0)
            #expect(!nsregex.isNumeric(text), "\(String(reflecting: text))")
        }
    }
}
