import SimBenchCore

/// `validation.strategy-generic`: each field is generic over its validator, so every call
/// to a strategy is static and can be inlined.
///
/// A form of typed fields still has to route an edit to its field: here a switch over the
/// edit's field picks the stored property (a UI would bind one handler per field). What
/// generics change is that no validation call is dynamic: the strategy is chosen by the
/// field's type when the form is built, not looked up when the user types.
enum StrategyGenericValidation: ValidationDesign {
    /// A text field specialised for its validator.
    struct TextField<FieldValidator: Validator> {
        let validator: FieldValidator

        @inline(__always)
        func validate(_ text: String) -> InputValidationError? {
            validator.validate(text)
        }
    }

    struct Form<Matcher: RuleMatcher>: ValidationForm {
        let numeric: TextField<NumericValidator<Matcher>>
        let alphabetic: TextField<AlphabeticValidator<Matcher>>
        let alphanumeric: TextField<AlphanumericValidator<Matcher>>
        let hexadecimal: TextField<HexadecimalValidator<Matcher>>
        let name: TextField<NameValidator<Matcher>>
        let postalCode: TextField<PostalCodeValidator<Matcher>>
        let phoneNumber: TextField<PhoneNumberValidator<Matcher>>
        let email: TextField<EmailValidator<Matcher>>

        init(matcher: Matcher) {
            numeric = TextField(validator: NumericValidator(matcher: matcher))
            alphabetic = TextField(validator: AlphabeticValidator(matcher: matcher))
            alphanumeric = TextField(validator: AlphanumericValidator(matcher: matcher))
            hexadecimal = TextField(validator: HexadecimalValidator(matcher: matcher))
            name = TextField(validator: NameValidator(matcher: matcher))
            postalCode = TextField(validator: PostalCodeValidator(matcher: matcher))
            phoneNumber = TextField(validator: PhoneNumberValidator(matcher: matcher))
            email = TextField(validator: EmailValidator(matcher: matcher))
        }

        @inline(__always)
        func validate(_ field: FieldKind, _ text: String) -> InputValidationError? {
            switch field {
            case .numeric: numeric.validate(text)
            case .alphabetic: alphabetic.validate(text)
            case .alphanumeric: alphanumeric.validate(text)
            case .hexadecimal: hexadecimal.validate(text)
            case .name: name.validate(text)
            case .postalCode: postalCode.validate(text)
            case .phoneNumber: phoneNumber.validate(text)
            case .email: email.validate(text)
            }
        }
    }

    static func prepare<Matcher: RuleMatcher>(
        _ shard: ValidationShard, using matcher: Matcher
    ) -> () -> ValidationOutcome {
        let form = Form(matcher: matcher)
        return { shard.simulate(form) }
    }
}
