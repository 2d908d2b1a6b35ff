import SimBenchCore

/// `validation.strategy-objects`: the article's design.
///
/// An abstract `InputValidator` with one subclass per kind of field
/// (`NumberInputValidator`, `AlphaInputValidator`, and six more), and a `CustomTextField`
/// that holds its validator and validates itself, knowing nothing of the algorithm. The
/// view controller (the form) sets each field's validator once, as the article's
/// `viewDidLoad` does, and on `textFieldDidEndEditing:` just asks the field to validate.
///
/// The article's `validateInput:error:` returns `BOOL` and fills an `NSError **`; its
/// Swift form is a throwing method, here with a typed error. The article's
/// `CustomTextField.validate` shows the error in an alert; here it hands the error back.
enum StrategyObjectsValidation: ValidationDesign {
    /// The article's abstract strategy.
    class InputValidator {
        /// The stub the subclasses override. The article's stub returns `NO` with no error,
        /// which a throwing method cannot express; it is never called.
        func validateInput(_ input: CustomTextField) throws(InputValidationError) {
            fatalError("abstract: a subclass supplies the strategy")
        }
    }

    /// The strategies' shared state: the matcher that checks their rule.
    class MatchingInputValidator<Matcher: RuleMatcher>: InputValidator {
        let matcher: Matcher
        init(_ matcher: Matcher) { self.matcher = matcher }
    }

    /// `^[0-9]*$`, error 1001.
    final class NumberInputValidator<Matcher: RuleMatcher>: MatchingInputValidator<Matcher> {
        override func validateInput(_ input: CustomTextField) throws(InputValidationError) {
            guard matcher.isNumeric(input.text) else { throw FieldKind.numeric.error }
        }
    }

    /// `^[a-zA-Z]*$`, error 1002.
    final class AlphaInputValidator<Matcher: RuleMatcher>: MatchingInputValidator<Matcher> {
        override func validateInput(_ input: CustomTextField) throws(InputValidationError) {
            guard matcher.isAlphabetic(input.text) else { throw FieldKind.alphabetic.error }
        }
    }

    final class AlphanumericInputValidator<Matcher: RuleMatcher>:
        MatchingInputValidator<Matcher>
    {
        override func validateInput(_ input: CustomTextField) throws(InputValidationError) {
            guard matcher.isAlphanumeric(input.text) else { throw FieldKind.alphanumeric.error }
        }
    }

    final class HexadecimalInputValidator<Matcher: RuleMatcher>:
        MatchingInputValidator<Matcher>
    {
        override func validateInput(_ input: CustomTextField) throws(InputValidationError) {
            guard matcher.isHexadecimal(input.text) else { throw FieldKind.hexadecimal.error }
        }
    }

    final class NameInputValidator<Matcher: RuleMatcher>: MatchingInputValidator<Matcher> {
        override func validateInput(_ input: CustomTextField) throws(InputValidationError) {
            guard matcher.isName(input.text) else { throw FieldKind.name.error }
        }
    }

    final class PostalCodeInputValidator<Matcher: RuleMatcher>:
        MatchingInputValidator<Matcher>
    {
        override func validateInput(_ input: CustomTextField) throws(InputValidationError) {
            guard matcher.isPostalCode(input.text) else { throw FieldKind.postalCode.error }
        }
    }

    final class PhoneNumberInputValidator<Matcher: RuleMatcher>:
        MatchingInputValidator<Matcher>
    {
        override func validateInput(_ input: CustomTextField) throws(InputValidationError) {
            guard matcher.isPhoneNumber(input.text) else { throw FieldKind.phoneNumber.error }
        }
    }

    final class EmailInputValidator<Matcher: RuleMatcher>: MatchingInputValidator<Matcher> {
        override func validateInput(_ input: CustomTextField) throws(InputValidationError) {
            guard matcher.isEmail(input.text) else { throw FieldKind.email.error }
        }
    }

    /// The article's `UITextField` subclass that holds its strategy.
    final class CustomTextField {
        var text = ""
        var inputValidator: InputValidator

        init(inputValidator: InputValidator) {
            self.inputValidator = inputValidator
        }

        /// Validates the field's text with its validator.
        ///
        /// - Returns: `nil` when valid, otherwise the error the article shows in an alert
        ///   (its description as the title, its failure reason as the message).
        func validate() -> InputValidationError? {
            do {
                try inputValidator.validateInput(self)
                return nil
            } catch {
                return error
            }
        }
    }

    /// The article's `ViewController`: one field per kind, each given its validator once.
    struct ViewController: ValidationForm {
        /// The fields, indexed by `FieldKind.index`.
        let fields: [CustomTextField]

        /// The article's `viewDidLoad`.
        init<Matcher: RuleMatcher>(matcher: Matcher) {
            fields = FieldKind.allCases.map { kind in
                let validator: InputValidator =
                    switch kind {
                    case .numeric: NumberInputValidator(matcher)
                    case .alphabetic: AlphaInputValidator(matcher)
                    case .alphanumeric: AlphanumericInputValidator(matcher)
                    case .hexadecimal: HexadecimalInputValidator(matcher)
                    case .name: NameInputValidator(matcher)
                    case .postalCode: PostalCodeInputValidator(matcher)
                    case .phoneNumber: PhoneNumberInputValidator(matcher)
                    case .email: EmailInputValidator(matcher)
                    }
                return CustomTextField(inputValidator: validator)
            }
        }

        /// The article's `textFieldDidEndEditing:` once the field holds the user's text.
        @inline(__always)
        func validate(_ field: FieldKind, _ text: String) -> InputValidationError? {
            let textField = fields[field.index]
            textField.text = text
            return textField.validate()
        }
    }

    static func prepare<Matcher: RuleMatcher>(
        _ shard: ValidationShard, using matcher: Matcher
    ) -> () -> ValidationOutcome {
        let form = ViewController(matcher: matcher)
        return { shard.simulate(form) }
    }
}
