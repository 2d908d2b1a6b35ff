import SimBenchCore

/// `validation.strategy-closures`: the strategies as a table of closures, one per field.
///
/// The lightest Strategy in Swift: no types at all, each algorithm a closure capturing
/// the matcher, looked up by the field's index and called indirectly.
enum StrategyClosuresValidation: ValidationDesign {
    typealias Validation = (String) -> InputValidationError?

    struct Form: ValidationForm {
        /// One validation per field, indexed by `FieldKind.index`.
        let validations: [Validation]

        init<Matcher: RuleMatcher>(matcher: Matcher) {
            validations = FieldKind.allCases.map { kind -> Validation in
                switch kind {
                case .numeric: { matcher.isNumeric($0) ? nil : FieldKind.numeric.error }
                case .alphabetic: { matcher.isAlphabetic($0) ? nil : FieldKind.alphabetic.error }
                case .alphanumeric:
                    { matcher.isAlphanumeric($0) ? nil : FieldKind.alphanumeric.error }
                case .hexadecimal:
                    { matcher.isHexadecimal($0) ? nil : FieldKind.hexadecimal.error }
                case .name: { matcher.isName($0) ? nil : FieldKind.name.error }
                case .postalCode: { matcher.isPostalCode($0) ? nil : FieldKind.postalCode.error }
                case .phoneNumber:
                    { matcher.isPhoneNumber($0) ? nil : FieldKind.phoneNumber.error }
                case .email: { matcher.isEmail($0) ? nil : FieldKind.email.error }
                }
            }
        }

        @inline(__always)
        func validate(_ field: FieldKind, _ text: String) -> InputValidationError? {
            validations[field.index](text)
        }
    }

    static func prepare<Matcher: RuleMatcher>(
        _ shard: ValidationShard, using matcher: Matcher
    ) -> () -> ValidationOutcome {
        let form = Form(matcher: matcher)
        return { shard.simulate(form) }
    }
}
