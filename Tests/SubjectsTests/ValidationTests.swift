import SimBenchCore
import Testing

@testable import Subjects

@Suite("validation")
struct ValidationTests {
    static let variantNames = ValidationScenario.checkedVariants.map(\.name)

    @Test("every variant agrees with if-else-chain", arguments: 0..<40)
    func variantsAgree(seed: UInt64) {
        for invalid in ["0", "0.3", "1"] {
            for (sessions, edits) in [(0, 10), (1, 1), (1, 40), (7, 16), (12, 20)] {
                expectVariantsAgree(
                    ValidationScenario.self, entities: sessions, events: edits, seed: seed,
                    parameters: ["matcher": "scan", "invalid": invalid])
            }
        }
    }

    @Test("every variant agrees with if-else-chain with each regex matcher", arguments: 0..<6)
    func variantsAgreeWithRegexes(seed: UInt64) {
        for matcher in ["regex", "nsregex"] {
            for invalid in ["0", "0.3", "1"] {
                expectVariantsAgree(
                    ValidationScenario.self, entities: 9, events: 12, seed: seed,
                    parameters: ["matcher": matcher, "invalid": invalid])
            }
        }
    }

    @Test("the outcome does not depend on the matcher", arguments: 0..<10)
    func matchersGiveOneOutcome(seed: UInt64) {
        for invalid in ["0", "0.3", "1"] {
            let outcomes = MatcherKind.allCases.map { matcher in
                runVariant(
                    ValidationScenario.self, "if-else-chain", entities: 12, events: 16, seed: seed,
                    parameters: ["matcher": matcher.rawValue, "invalid": invalid])
            }
            for (matcher, outcome) in zip(MatcherKind.allCases, outcomes) {
                #expect(
                    outcome == outcomes[0],
                    "\(matcher) differs from scan: seed \(seed), invalid \(invalid)")
            }
        }
    }

    @Test("the share of invalid edits is the invalid parameter", arguments: 0..<10)
    func invalidShare(seed: UInt64) {
        func outcome(_ invalid: String) -> ValidationOutcome {
            runVariant(
                ValidationScenario.self, "if-else-chain", entities: 40, events: 16, seed: seed,
                parameters: ["matcher": "scan", "invalid": invalid])
        }
        let clean = outcome("0")
        #expect(clean.invalidEdits == 0 && clean.validEdits == 640, "seed \(seed)")
        let mistaken = outcome("1")
        #expect(mistaken.validEdits == 0 && mistaken.invalidEdits == 640, "seed \(seed)")
        #expect(mistaken.errorCodes == mistaken.invalid, "seed \(seed)")
        #expect(mistaken.misworded == 0 && mistaken.unknownCodes == 0, "seed \(seed)")
        let mixed = outcome("0.3")
        #expect((120...270).contains(mixed.invalidEdits), "seed \(seed): \(mixed.invalidEdits)")
        #expect(mixed.edits == 640 && mixed.sessions == 40)
    }

    @Test("every kind of field is edited, and each fails with its own code")
    func everyKindSeen() {
        let outcome = runVariant(
            ValidationScenario.self, "if-else-chain", entities: 200, events: 16, seed: 1,
            parameters: ["matcher": "scan"])
        for kind in FieldKind.allCases {
            #expect(outcome.valid[kind.index] > 0, "no valid \(kind.label) edit")
            #expect(outcome.invalid[kind.index] > 0, "no invalid \(kind.label) edit")
            #expect(outcome.errorCodes[kind.index] == outcome.invalid[kind.index], "\(kind.label)")
        }
    }

    @Test("sessions without edits still count")
    func sessionsWithoutEdits() {
        let outcome = runVariant(
            ValidationScenario.self, "strategy-objects", entities: 5, events: 0, seed: 3,
            parameters: ["matcher": "scan"], slices: 2)
        #expect(outcome.sessions == 5 && outcome.edits == 0)
    }

    // MARK: - The article's validators

    /// Runs one variant with one matcher over a single session of hand-written edits.
    static func verdicts(
        _ variant: String, _ matcher: MatcherKind, _ edits: [(FieldKind, String)]
    ) -> ValidationOutcome {
        let shard = ValidationShard(
            firstSession: 0, sessionCount: 1, editsPerSession: edits.count, matcher: matcher,
            fields: edits.map(\.0), texts: edits.map(\.1))
        return ValidationScenario.variants.first { $0.name == variant }!.prepare(shard)()
    }

    static let variantsAndMatchers = variantNames.flatMap { variant in
        MatcherKind.allCases.map { (variant, $0) }
    }

    /// The article's two fields: what each accepts (the empty string too) and refuses
    /// (other scripts' digits and letters, line ends that `^…$` would let through).
    static let articleFields: [(kind: FieldKind, valid: [String], invalid: [String])] = [
        (
            .numeric, ["", "0", "42", "0012345678901234567890"],
            ["١٢٣", "１２３", "12a", "1.5", "-1", " 1", "123\n", "123\nabc", "𝟏", "7\u{301}"]
        ),
        (
            .alphabetic, ["", "a", "Hello", "ABCxyz"],
            ["é", "Jose\u{301}", "Привет", "αβγ", "中文", "Ａ", "abc1", "a b", "ab\n", "\u{212A}"]
        ),
    ]

    @Test(
        "the article's fields: ASCII only, empty accepted, each error with its code",
        arguments: variantsAndMatchers)
    func articleFields(variant: String, matcher: MatcherKind) {
        for (kind, valid, invalid) in Self.articleFields {
            let outcome = Self.verdicts(variant, matcher, (valid + invalid).map { (kind, $0) })
            let context = "\(kind.label), \(variant), \(matcher)"
            #expect(outcome.valid[kind.index] == valid.count, "\(context)")
            #expect(outcome.invalid[kind.index] == invalid.count, "\(context)")
            #expect(outcome.errorCodes[kind.code - 1001] == invalid.count, "\(context)")
            #expect(outcome.errorCodes.reduce(0, +) == invalid.count, "\(context)")
            #expect(outcome.misworded == 0 && outcome.unknownCodes == 0, "\(context)")
        }
    }

    @Test("the article's errors: domain, codes, description and reasons")
    func articleErrors() {
        let number = FieldKind.numeric.error
        #expect(number.domain == "InputValidationErrorDomain")
        #expect(number.code == 1001)
        #expect(number.localizedDescription == "validation failed")
        #expect(number.localizedFailureReason == "input may contain digits only")
        let alpha = FieldKind.alphabetic.error
        #expect(alpha.domain == "InputValidationErrorDomain")
        #expect(alpha.code == 1002)
        #expect(alpha.localizedDescription == "validation failed")
        #expect(alpha.localizedFailureReason == "input may contain letters only")
        #expect(FieldKind.numeric.articlePattern == "^[0-9]*$")
        #expect(FieldKind.alphabetic.articlePattern == "^[a-zA-Z]*$")
    }

    @Test(
        "the article's CustomTextField reports its validator's error",
        arguments: MatcherKind.allCases)
    func customTextField(matcher: MatcherKind) {
        typealias Objects = StrategyObjectsValidation
        func field(_ kind: FieldKind, _ text: String) -> InputValidationError? {
            let form: Objects.ViewController =
                switch matcher {
                case .scan: Objects.ViewController(matcher: ScanMatcher())
                case .regex: Objects.ViewController(matcher: SwiftRegexMatcher())
                case .nsregex: Objects.ViewController(matcher: NSRegexMatcher())
                }
            return form.validate(kind, text)
        }
        #expect(field(.numeric, "2024") == nil)
        #expect(field(.numeric, "") == nil)
        #expect(field(.numeric, "20x4") == FieldKind.numeric.error)
        #expect(field(.alphabetic, "Swift") == nil)
        #expect(field(.alphabetic, "") == nil)
        #expect(field(.alphabetic, "Swift6") == FieldKind.alphabetic.error)
    }

    @Test("every kind has its own code, reason and compiling pattern")
    func kindsAreDistinct() {
        let kinds = FieldKind.allCases
        #expect(kinds.count >= 8)
        #expect(Set(kinds.map(\.code)).count == kinds.count)
        #expect(Set(kinds.map(\.error.localizedFailureReason)).count == kinds.count)
        for kind in kinds {
            #expect(FieldKind(code: kind.code) == kind)
            #expect(kind.error.localizedDescription == "validation failed")
        }
        #expect(FieldKind(code: 1000) == nil && FieldKind(code: 1009) == nil)
    }

    // MARK: - Outcome and parameters

    @Test("a wrong code or a wrong reason changes the outcome and its checksum")
    func checksumCoversVerdicts() {
        func outcome(_ error: InputValidationError?) -> ValidationOutcome {
            var log = FormLog()
            log.record(.numeric, nil)
            log.record(.numeric, error)
            var outcome = ValidationOutcome()
            outcome.record(session: 0, log: log)
            return outcome
        }
        let right = outcome(FieldKind.numeric.error)
        let wrongReason = outcome(
            InputValidationError(code: 1001, failureReason: FieldKind.alphabetic.failureReason))
        let wrongDescription = outcome(
            InputValidationError(
                code: 1001, failureReason: "input may contain digits only",
                description: "failed"))
        let wrongCode = outcome(FieldKind.alphabetic.error)
        let unknownCode = outcome(InputValidationError(code: 7, failureReason: "?"))
        let noError = outcome(nil)
        for (label, other) in [
            ("reason", wrongReason), ("description", wrongDescription), ("code", wrongCode),
            ("unknown code", unknownCode), ("valid", noError),
        ] {
            #expect(other != right, "\(label)")
            #expect(other.checksum != right.checksum, "\(label)")
        }
        #expect(wrongReason.misworded == 1 && right.misworded == 0)
    }

    @Test("the checksum depends on the order of the verdicts")
    func checksumCoversOrder() {
        func outcome(_ first: FieldKind, _ second: FieldKind) -> ValidationOutcome {
            var log = FormLog()
            log.record(first, first.error)
            log.record(second, second.error)
            var outcome = ValidationOutcome()
            outcome.record(session: 0, log: log)
            return outcome
        }
        #expect(outcome(.name, .email).checksum != outcome(.email, .name).checksum)
    }

    @Test("the matcher parameter is an axis that accepts a comma list of matchers")
    func matcherParameter() throws {
        let spec = try #require(
            ValidationScenario.descriptor.parameters.first { $0.name == "matcher" })
        #expect(spec.isAxis)
        #expect(spec.defaultValue == "scan,regex,nsregex")
        for value in ["scan", "regex", "nsregex", "scan,regex,nsregex", "nsregex,scan"] {
            #expect(spec.accepts(value), "\(value)")
        }
        for value in ["", "pcre", "Scan", "scan,", ",scan", "scan,pcre", "scan regex"] {
            #expect(!spec.accepts(value), "\(value)")
        }
        #expect(MatcherKind(parameter: "nsregex") == .nsregex)
        #expect(MatcherKind(parameter: "regex,scan") == .regex)
    }

    @Test("the invalid parameter is a share from 0 to 1")
    func invalidParameter() throws {
        let spec = try #require(
            ValidationScenario.descriptor.parameters.first { $0.name == "invalid" })
        #expect(spec.defaultValue == "0.3")
        for value in ["0", "0.3", "1"] { #expect(spec.accepts(value), "\(value)") }
        for value in ["1.5", "-0.1", "nan", "a third"] { #expect(!spec.accepts(value), "\(value)") }
    }

    @Test("texts depend on the seed and the session index only")
    func textsAreDeterministic() {
        let configuration = ValidationScenario.makeConfiguration(
            entities: 10, events: 12, seed: 7, parameters: ["matcher": "scan"])
        let scenario = ValidationScenario(configuration: configuration)
        let whole = scenario.makeShard(entities: 0..<10)
        let tail = scenario.makeShard(entities: 6..<10)
        #expect(Array(whole.texts[72...]) == tail.texts)
        #expect(Array(whole.fields[72...]) == tail.fields)
        #expect(scenario.eventCount(of: whole) == 120)
        let other = ValidationScenario(
            configuration: ValidationScenario.makeConfiguration(
                entities: 10, events: 12, seed: 8, parameters: ["matcher": "scan"]))
        #expect(other.makeShard(entities: 0..<10).texts != whole.texts)
    }
}
