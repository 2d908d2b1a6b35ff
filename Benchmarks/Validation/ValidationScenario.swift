import SimBenchCore

/// Form validation: Strategy objects against the `if / else if` chain they replace.
///
/// Modelled on `strategy-input-validation.zh.txt`. A form has one field of each
/// `FieldKind`; when the user ends editing a field, its text is validated by the rule of
/// its kind, and a failure is an `InputValidationError` in `InputValidationErrorDomain`
/// with a code, "validation failed" and a reason. The article's two validators keep their
/// rules (digits only, 1001; letters only, 1002; both accept the empty string and are
/// ASCII-only) but not their anchoring: `^…$` becomes `\A(?:…)\z`, and the expressions are
/// compiled once, not per call (see `NSRegexMatcher` and the README's "Deviations from the
/// articles"); six more kinds make the chain as long as a real form makes it.
///
/// Each entity is a form session receiving a stream of (field, text) edits; a share
/// `invalid` of them hold a plausible mistake (see `FormFiller`). One event is one
/// validated edit. The second axis, `matcher`, chooses how every variant checks a rule.
public struct ValidationScenario: Scenario {
    /// Edits per session. Measured on this 2-core Linux machine (release build, one core,
    /// under load): 0.7–2.2 µs per edit with `nsregex` or `regex`, 40–90 ns with `scan`. So
    /// 8 edits keep one run over 10,000 sessions near 0.1 s with the expressions and near
    /// 5 ms with the scan: the expressions, 20× slower, set the budget of the default suite.
    public static let defaultEditsPerSession = 8

    public static let descriptor = ScenarioDescriptor(
        name: "validation",
        title: "Strategy objects vs if / else-if chain: form input validation",
        seedArticle: "策略模式",
        entityUnit: "form session",
        eventUnit: "validated edit (one field's text checked by its rule)",
        defaultEventsPerEntity: defaultEditsPerSession,
        // A String (16 bytes) and a field byte per edit, plus the heap text of long ones:
        // release runs peaked 30 B per edit above the process with every text valid, 38
        // with every text mistaken (mistakes make texts longer; `shapeBytes`), and nothing
        // measurable per session.
        bytesPerEvent: 30,
        bytesPerEntity: 0,
        shapeBytes: { configuration in
            8 * configuration.parameters.number("invalid") * Double(configuration.entities)
                * Double(configuration.eventsPerEntity)
        },
        parameters: [
            .number(
                "invalid", "share of edits whose text holds a mistake", default: 0.3,
                range: 0...1),
            MatcherKind.parameter,
        ]
    )

    public static let variants: [Variant<ValidationShard, ValidationOutcome>] = [
        Variant(
            name: "if-else-chain", role: .baseline,
            summary: "the article's starting point: one function, an if / else-if per field",
            prepare: IfElseChainValidation.prepare),
        Variant(
            name: "switch",
            summary: "a switch over the field-kind enum",
            prepare: SwitchValidation.prepare),
        Variant(
            name: "strategy-objects",
            summary: "the article's design: InputValidator subclasses held by CustomTextFields",
            prepare: StrategyObjectsValidation.prepare),
        Variant(
            name: "strategy-protocol",
            summary: "validators as `any Validator` existentials",
            prepare: StrategyProtocolValidation.prepare),
        Variant(
            name: "strategy-generic",
            summary: "fields generic over their validator, statically dispatched",
            prepare: StrategyGenericValidation.prepare),
        Variant(
            name: "strategy-closures",
            summary: "a table of validation closures indexed by field",
            prepare: StrategyClosuresValidation.prepare),
        Variant(
            name: "floor", role: .floor,
            summary: "the user's loop and the per-session log, no rule checked",
            prepare: FloorValidation.prepare),
    ]

    /// Keeps this family's random streams apart from every other's ("vali").
    static let stream: UInt64 = 0x7661_6C69

    public let configuration: ScenarioConfiguration
    public let matcher: MatcherKind
    private let invalidShare: Double

    public init(configuration: ScenarioConfiguration) {
        self.configuration = configuration
        invalidShare = configuration.parameters.number("invalid")
        matcher = MatcherKind(parameter: configuration.parameters.string("matcher"))
    }

    public func makeShard(entities: Range<Int>) -> ValidationShard {
        let edits = configuration.eventsPerEntity
        var fields = [FieldKind]()
        var texts = [String]()
        fields.reserveCapacity(entities.count * edits)
        texts.reserveCapacity(entities.count * edits)
        for index in entities {
            var filler = FormFiller(
                random: SplitMix64(seed: configuration.seed, stream: Self.stream, index: index))
            for _ in 0..<edits {
                let field = filler.nextField()
                fields.append(field)
                let mistaken = filler.random.chance(invalidShare)
                texts.append(filler.text(for: field, mistaken: mistaken))
            }
        }
        return ValidationShard(
            firstSession: entities.lowerBound, sessionCount: entities.count,
            editsPerSession: edits, matcher: matcher, fields: fields, texts: texts)
    }

    public func eventCount(of shard: ValidationShard) -> Int {
        shard.fields.count
    }
}

/// The form sessions of one slice of the fleet and their edits.
public struct ValidationShard: Sendable {
    /// The fleet index of the first session.
    public let firstSession: Int
    public let sessionCount: Int
    public let editsPerSession: Int
    /// How every variant checks a rule over this shard.
    public let matcher: MatcherKind
    /// The field of each edit, session after session.
    public let fields: [FieldKind]
    /// The text of each edit, generated before timing.
    public let texts: [String]

    /// Validates every edit of every session, in order, with `form`.
    ///
    /// The loop is the user's side, identical for every variant; generic specialisation
    /// gives each variant a copy with its own form type (and matcher) inlined.
    @inline(__always)
    func simulate<Form: ValidationForm>(_ form: Form) -> ValidationOutcome {
        var outcome = ValidationOutcome()
        fields.withUnsafeBufferPointer { fields in
            texts.withUnsafeBufferPointer { texts in
                for session in 0..<sessionCount {
                    var log = FormLog()
                    let start = session &* editsPerSession
                    for edit in start..<start &+ editsPerSession {
                        log.record(fields[edit], form.validate(fields[edit], texts[edit]))
                    }
                    outcome.record(session: firstSession + session, log: log)
                }
            }
        }
        return outcome
    }
}

/// What the user's loop needs of a form, whatever its design.
protocol ValidationForm {
    /// Validates `text`, which the user just finished typing into `field`.
    ///
    /// - Returns: `nil` when the text is valid, otherwise the error the article would show.
    func validate(_ field: FieldKind, _ text: String) -> InputValidationError?
}

/// One variant: how it turns a matcher into a form.
///
/// Each variant implements the generic `prepare(_:using:)`; `prepare(_:)` picks the
/// shard's matcher once, outside the timed region, so the form is specialised for it.
protocol ValidationDesign {
    /// Builds the form (untimed) and returns the run over `shard` (timed).
    static func prepare<Matcher: RuleMatcher>(
        _ shard: ValidationShard, using matcher: Matcher
    ) -> () -> ValidationOutcome
}

extension ValidationDesign {
    /// The variant's `prepare`: builds the shard's matcher, compiling its expressions.
    static func prepare(_ shard: ValidationShard) -> () -> ValidationOutcome {
        switch shard.matcher {
        case .scan: prepare(shard, using: ScanMatcher())
        case .regex: prepare(shard, using: SwiftRegexMatcher())
        case .nsregex: prepare(shard, using: NSRegexMatcher())
        }
    }
}
