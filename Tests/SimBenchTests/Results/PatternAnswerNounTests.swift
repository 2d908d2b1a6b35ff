import Foundation
import Testing

@testable import SimBench

/// An event unit's noun: the text before its first parenthesis, trimmed of blanks as
/// Foundation's `trimmingCharacters(in: .whitespaces)` trims them.
@Suite("event unit nouns")
struct PatternAnswerNounTests {
    @Test(
        "the noun is trimmed as Foundation trims whitespace",
        arguments: [
            "customer action (putMoney, ejectMoney or pressButton)", "event", "  event  ",
            "\tevent\t(x)", "(only a parenthesis)", "", " ", "\u{00A0}event\u{3000}",
            "event\n", "\u{200B}event", "e\u{301} (x)", " \u{301}event", "a (b (c)",
            "word\u{2003}", "\u{85}x\u{85}", "((", "((a", "a((b", "(\u{301}x (y", "−x (y)",
        ])
    func trimmedAsFoundation(unit: String) {
        let plain = unit.split(separator: "(").first.map(String.init) ?? unit
        #expect(
            PatternAnswer.noun(unit) == plain.trimmingCharacters(in: .whitespaces),
            "\(unit.debugDescription)")
    }
}
