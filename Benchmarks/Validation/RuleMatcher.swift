import SimBenchCore

/// How the rules of the field kinds are checked: the scenario's second axis.
///
/// A variant decides which rule a field's text must follow (the design pattern being
/// measured); a matcher decides how that rule is checked. Each variant is generic over its
/// matcher and specialised for it, so every variant pays the same price per check and the
/// ratios between variants measure dispatch alone.
///
/// The three matchers give identical verdicts on every text (a property test over Unicode
/// strings proves it): whole-text matches, ASCII-only classes, no line anchors.
protocol RuleMatcher {
    func isNumeric(_ text: String) -> Bool
    func isAlphabetic(_ text: String) -> Bool
    func isAlphanumeric(_ text: String) -> Bool
    func isHexadecimal(_ text: String) -> Bool
    func isName(_ text: String) -> Bool
    func isPostalCode(_ text: String) -> Bool
    func isPhoneNumber(_ text: String) -> Bool
    func isEmail(_ text: String) -> Bool
}

extension RuleMatcher {
    /// Whether `text` follows the rule of `kind`.
    ///
    /// For tests and text generation; variants call the rule methods themselves, so that
    /// no variant pays for this switch.
    func matches(_ text: String, as kind: FieldKind) -> Bool {
        switch kind {
        case .numeric: isNumeric(text)
        case .alphabetic: isAlphabetic(text)
        case .alphanumeric: isAlphanumeric(text)
        case .hexadecimal: isHexadecimal(text)
        case .name: isName(text)
        case .postalCode: isPostalCode(text)
        case .phoneNumber: isPhoneNumber(text)
        case .email: isEmail(text)
        }
    }
}

/// The matcher a configuration uses, by its public name.
public enum MatcherKind: String, Sendable, CaseIterable {
    /// A hand-written scan over the text's UTF-8 bytes.
    case scan
    /// Swift `Regex`, compiled once per shard.
    case regex
    /// Foundation's `NSRegularExpression`, what the article uses, compiled once per shard.
    case nsregex

    /// The `matcher` parameter: an axis whose default runs all three.
    ///
    /// The harness splits an axis value on commas and validates each item on its own, so
    /// a scenario only ever sees one matcher; the spec itself accepts the comma list that
    /// the default is (`ParameterSpec.choice` would refuse it).
    public static let parameter = ParameterSpec(
        name: "matcher",
        summary: "how a rule is checked: a UTF-8 scan, Swift Regex or NSRegularExpression",
        defaultValue: allCases.map(\.rawValue).joined(separator: ","),
        accepted: "scan, regex or nsregex, or a comma list of them",
        isAxis: true
    ) { value in
        value.split(separator: ",", omittingEmptySubsequences: false).allSatisfy {
            MatcherKind(rawValue: String($0)) != nil
        }
    }

    /// The matcher named by a `matcher` value; a list not split by the harness (as in a
    /// test that keeps the default) means its first item.
    init(parameter value: String) {
        let first = value.split(separator: ",", omittingEmptySubsequences: false).first ?? ""
        guard let kind = MatcherKind(rawValue: String(first)) else {
            preconditionFailure("matcher '\(value)' was not validated")
        }
        self = kind
    }
}

/// A matcher that keeps one compiled expression per kind and checks every rule the same
/// way; only the expression differs.
protocol CompiledRuleMatcher: RuleMatcher {
    /// Whether the whole of `text` matches the expression of `kind`.
    func check(_ text: String, _ kind: FieldKind) -> Bool
}

extension CompiledRuleMatcher {
    @inline(__always) func isNumeric(_ text: String) -> Bool { check(text, .numeric) }
    @inline(__always) func isAlphabetic(_ text: String) -> Bool { check(text, .alphabetic) }
    @inline(__always) func isAlphanumeric(_ text: String) -> Bool { check(text, .alphanumeric) }
    @inline(__always) func isHexadecimal(_ text: String) -> Bool { check(text, .hexadecimal) }
    @inline(__always) func isName(_ text: String) -> Bool { check(text, .name) }
    @inline(__always) func isPostalCode(_ text: String) -> Bool { check(text, .postalCode) }
    @inline(__always) func isPhoneNumber(_ text: String) -> Bool { check(text, .phoneNumber) }
    @inline(__always) func isEmail(_ text: String) -> Bool { check(text, .email) }
}
