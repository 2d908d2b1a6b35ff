import SimBenchCore

/// `validation.if-else-chain`, the baseline: the article's code before the Strategy
/// pattern.
///
/// One delegate method, `textFieldDidEndEditing:`, asks which field ended editing and
/// validates it in place: `if (textField == self.numberTF) { … } else if (textField ==
/// self.alphaTF) { … }`. The article warns that the chain grows with every new kind of
/// field; here it has eight branches, the article's two first. The form has one field per
/// kind, so a field is identified by its kind.
enum IfElseChainValidation: ValidationDesign {
    struct Form<Matcher: RuleMatcher>: ValidationForm {
        let matcher: Matcher

        /// The article's `textFieldDidEndEditing:`, returning the error it would show.
        @inline(__always)
        func validate(_ field: FieldKind, _ text: String) -> InputValidationError? {
            if field == .numeric {
                // Its value may contain digits only.
                if !matcher.isNumeric(text) { return FieldKind.numeric.error }
            } else if field == .alphabetic {
                // Its value may contain letters only.
                if !matcher.isAlphabetic(text) { return FieldKind.alphabetic.error }
            } else if field == .alphanumeric {
                if !matcher.isAlphanumeric(text) { return FieldKind.alphanumeric.error }
            } else if field == .hexadecimal {
                if !matcher.isHexadecimal(text) { return FieldKind.hexadecimal.error }
            } else if field == .name {
                if !matcher.isName(text) { return FieldKind.name.error }
            } else if field == .postalCode {
                if !matcher.isPostalCode(text) { return FieldKind.postalCode.error }
            } else if field == .phoneNumber {
                if !matcher.isPhoneNumber(text) { return FieldKind.phoneNumber.error }
            } else if field == .email {
                if !matcher.isEmail(text) { return FieldKind.email.error }
            }
            return nil
        }
    }

    static func prepare<Matcher: RuleMatcher>(
        _ shard: ValidationShard, using matcher: Matcher
    ) -> () -> ValidationOutcome {
        let form = Form(matcher: matcher)
        return { shard.simulate(form) }
    }
}
