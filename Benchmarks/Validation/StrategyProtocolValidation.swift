import SimBenchCore

/// `validation.strategy-protocol`: each field holds its strategy as an `any Validator`.
///
/// The Swift reading of the article's design without a class hierarchy: the text field
/// knows its validator only through the protocol, and every call goes through the
/// existential's witness table.
enum StrategyProtocolValidation: ValidationDesign {
    /// A text field that knows its validator only as a protocol.
    struct TextField {
        let validator: any Validator
    }

    struct Form: ValidationForm {
        /// The form's fields, indexed by `FieldKind.index`.
        let fields: [TextField]

        init<Matcher: RuleMatcher>(matcher: Matcher) {
            fields = FieldKind.allCases.map { kind in
                switch kind {
                case .numeric: TextField(validator: NumericValidator(matcher: matcher))
                case .alphabetic: TextField(validator: AlphabeticValidator(matcher: matcher))
                case .alphanumeric: TextField(validator: AlphanumericValidator(matcher: matcher))
                case .hexadecimal: TextField(validator: HexadecimalValidator(matcher: matcher))
                case .name: TextField(validator: NameValidator(matcher: matcher))
                case .postalCode: TextField(validator: PostalCodeValidator(matcher: matcher))
                case .phoneNumber: TextField(validator: PhoneNumberValidator(matcher: matcher))
                case .email: TextField(validator: EmailValidator(matcher: matcher))
                }
            }
        }

        @inline(__always)
        func validate(_ field: FieldKind, _ text: String) -> InputValidationError? {
            fields[field.index].validator.validate(text)
        }
    }

    static func prepare<Matcher: RuleMatcher>(
        _ shard: ValidationShard, using matcher: Matcher
    ) -> () -> ValidationOutcome {
        let form = Form(matcher: matcher)
        return { shard.simulate(form) }
    }
}
