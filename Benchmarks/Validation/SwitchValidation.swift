import SimBenchCore

/// `validation.switch`: the same checks as the chain, chosen by a switch over the field's
/// kind.
///
/// The article's alternative to `if / else if` before it introduces strategies
/// ("if-else或switch-case"); an exhaustive switch also makes the compiler point at every
/// place a new kind must be handled.
enum SwitchValidation: ValidationDesign {
    struct Form<Matcher: RuleMatcher>: ValidationForm {
        let matcher: Matcher

        @inline(__always)
        func validate(_ field: FieldKind, _ text: String) -> InputValidationError? {
            switch field {
            case .numeric:
                matcher.isNumeric(text) ? nil : FieldKind.numeric.error
            case .alphabetic:
                matcher.isAlphabetic(text) ? nil : FieldKind.alphabetic.error
            case .alphanumeric:
                matcher.isAlphanumeric(text) ? nil : FieldKind.alphanumeric.error
            case .hexadecimal:
                matcher.isHexadecimal(text) ? nil : FieldKind.hexadecimal.error
            case .name:
                matcher.isName(text) ? nil : FieldKind.name.error
            case .postalCode:
                matcher.isPostalCode(text) ? nil : FieldKind.postalCode.error
            case .phoneNumber:
                matcher.isPhoneNumber(text) ? nil : FieldKind.phoneNumber.error
            case .email:
                matcher.isEmail(text) ? nil : FieldKind.email.error
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
