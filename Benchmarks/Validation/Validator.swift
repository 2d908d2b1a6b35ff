/// A validation strategy as a protocol: one conforming value per field kind.
///
/// `strategy-protocol` stores these as `any Validator` existentials, `strategy-generic`
/// as the type parameters of its fields; both use the same eight strategies, so the two
/// variants differ only in how a call reaches one.
protocol Validator {
    /// Checks a field's text.
    ///
    /// - Returns: `nil` when the text is valid, otherwise why it is not.
    func validate(_ text: String) -> InputValidationError?
}

struct NumericValidator<Matcher: RuleMatcher>: Validator {
    let matcher: Matcher
    @inline(__always)
    func validate(_ text: String) -> InputValidationError? {
        matcher.isNumeric(text) ? nil : FieldKind.numeric.error
    }
}

struct AlphabeticValidator<Matcher: RuleMatcher>: Validator {
    let matcher: Matcher
    @inline(__always)
    func validate(_ text: String) -> InputValidationError? {
        matcher.isAlphabetic(text) ? nil : FieldKind.alphabetic.error
    }
}

struct AlphanumericValidator<Matcher: RuleMatcher>: Validator {
    let matcher: Matcher
    @inline(__always)
    func validate(_ text: String) -> InputValidationError? {
        matcher.isAlphanumeric(text) ? nil : FieldKind.alphanumeric.error
    }
}

struct HexadecimalValidator<Matcher: RuleMatcher>: Validator {
    let matcher: Matcher
    @inline(__always)
    func validate(_ text: String) -> InputValidationError? {
        matcher.isHexadecimal(text) ? nil : FieldKind.hexadecimal.error
    }
}

struct NameValidator<Matcher: RuleMatcher>: Validator {
    let matcher: Matcher
    @inline(__always)
    func validate(_ text: String) -> InputValidationError? {
        matcher.isName(text) ? nil : FieldKind.name.error
    }
}

struct PostalCodeValidator<Matcher: RuleMatcher>: Validator {
    let matcher: Matcher
    @inline(__always)
    func validate(_ text: String) -> InputValidationError? {
        matcher.isPostalCode(text) ? nil : FieldKind.postalCode.error
    }
}

struct PhoneNumberValidator<Matcher: RuleMatcher>: Validator {
    let matcher: Matcher
    @inline(__always)
    func validate(_ text: String) -> InputValidationError? {
        matcher.isPhoneNumber(text) ? nil : FieldKind.phoneNumber.error
    }
}

struct EmailValidator<Matcher: RuleMatcher>: Validator {
    let matcher: Matcher
    @inline(__always)
    func validate(_ text: String) -> InputValidationError? {
        matcher.isEmail(text) ? nil : FieldKind.email.error
    }
}
