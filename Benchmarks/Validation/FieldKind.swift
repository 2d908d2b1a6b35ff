/// The kind of a form field: which rule its text must follow, and the error that says it
/// did not.
///
/// The article has two kinds, digits only (code 1001) and letters only (code 1002). It warns
/// that the `if / else if` chain grows with every new kind of field, so simbench adds six
/// more, each with its own code, in the order a growing form would add them.
///
/// Every rule is ASCII-only: digits and letters of other scripts (fullwidth `１`,
/// Arabic-Indic `١`, `é`, `д`) are invalid, as in the article's `[0-9]` and `[a-zA-Z]`.
public enum FieldKind: UInt8, Sendable, CaseIterable {
    /// `^[0-9]*$`: the article's NumberInputValidator.
    case numeric
    /// `^[a-zA-Z]*$`: the article's AlphaInputValidator.
    case alphabetic
    /// A user name or a booking reference.
    case alphanumeric
    /// A colour or a key.
    case hexadecimal
    /// A person's name: a letter first, at most 24 characters.
    case name
    /// A five-digit postal code, optionally followed by four more (ZIP+4).
    case postalCode
    /// A phone number in the E.164 shape: up to 15 digits after an optional plus.
    case phoneNumber
    /// An address with a local part, an `@` and a domain whose last label is letters.
    case email

    /// The field's position in per-kind tables.
    @inline(__always)
    public var index: Int { Int(rawValue) }

    /// The error code a failed check of this kind carries.
    @inline(__always)
    public var code: Int { 1001 + index }

    /// The kind whose errors carry `code`, if any.
    public init?(code: Int) {
        guard (1001...1008).contains(code) else { return nil }
        self.init(rawValue: UInt8(code - 1001))
    }

    /// The rule as a regular expression without anchors, in the syntax that both
    /// `NSRegularExpression` (ICU) and Swift `Regex` read the same way.
    ///
    /// The matchers anchor it themselves (see `NSRegexMatcher` and `SwiftRegexMatcher`),
    /// because the article's `^…$` also matches before a trailing newline.
    public var pattern: String {
        switch self {
        case .numeric: "[0-9]*"
        case .alphabetic: "[a-zA-Z]*"
        case .alphanumeric: "[a-zA-Z0-9]*"
        case .hexadecimal: "[0-9a-fA-F]*"
        case .name: "[A-Za-z][A-Za-z '-]{0,23}"
        case .postalCode: "[0-9]{5}(?:-[0-9]{4})?"
        case .phoneNumber: "\\+?[0-9]{7,15}"
        case .email: "[A-Za-z0-9._%+-]+@(?:[A-Za-z0-9-]+\\.)+[A-Za-z]{2,}"
        }
    }

    /// The pattern as the article writes its two: `^[0-9]*$`.
    public var articlePattern: String { "^" + pattern + "$" }

    /// Why a text of this kind failed: the error's `NSLocalizedFailureReasonErrorKey`.
    ///
    /// The first two translate the article's 輸入僅能包含數字 and 輸入僅能包字母 (the
    /// second is missing a character in the article; its meaning is plain).
    @inline(__always)
    public var failureReason: StaticString {
        switch self {
        case .numeric: "input may contain digits only"
        case .alphabetic: "input may contain letters only"
        case .alphanumeric: "input may contain letters and digits only"
        case .hexadecimal: "input may contain hexadecimal digits only"
        case .name: "a name starts with a letter and has at most 24 letters, spaces, ' or -"
        case .postalCode: "a postal code is 5 digits, optionally followed by - and 4 digits"
        case .phoneNumber: "a phone number is 7 to 15 digits, optionally after a +"
        case .email: "an address needs a local part, an @ and a domain ending in letters"
        }
    }

    /// The error a failed check of this kind reports.
    @inline(__always)
    public var error: InputValidationError {
        InputValidationError(code: code, failureReason: failureReason)
    }

    /// How summaries and failure messages name the kind.
    public var label: String {
        switch self {
        case .numeric: "numeric"
        case .alphabetic: "alphabetic"
        case .alphanumeric: "alphanumeric"
        case .hexadecimal: "hexadecimal"
        case .name: "name"
        case .postalCode: "postal code"
        case .phoneNumber: "phone number"
        case .email: "email"
        }
    }
}
