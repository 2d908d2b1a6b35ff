/// A family of simulations that measures one design pattern against the plain code it
/// replaces.
///
/// A scenario turns a configuration (entities, events per entity, seed, parameters) into
/// shards: the inputs of a contiguous range of entities, built before any timing starts.
/// Each variant turns a shard into an outcome; every variant must produce exactly the
/// baseline's outcome for the same shard.
///
/// Shards are built per entity range from per-entity random streams, so the outcome of a
/// fleet never depends on how it was sliced across actors.
///
/// Variants are synchronous (the harness spreads the fleet over its worker actors and counts
/// each worker's thread) or, all of them, asynchronous (`Variant.Body.asynchronous`: each
/// spreads the fleet itself; the harness runs it from one worker and counts process-wide).
public protocol Scenario: Sendable {
    /// The inputs of a range of entities: event tapes, trees, texts.
    associatedtype Shard: Sendable
    /// What a variant computed over a shard; merged across shards.
    associatedtype Outcome: ScenarioOutcome

    static var descriptor: ScenarioDescriptor { get }
    static var variants: [Variant<Shard, Outcome>] { get }

    /// Creates the scenario; `configuration.parameters` were validated against the
    /// descriptor's parameter specs already.
    init(configuration: ScenarioConfiguration)

    /// Builds the inputs of `entities`. Never timed.
    func makeShard(entities: Range<Int>) -> Shard

    /// The number of events one run over `shard` performs; the unit of "ns per event".
    func eventCount(of shard: Shard) -> Int
}

/// Whether a variant is the plain code (the ruler), a pattern measured against it, or the
/// scenario's floor.
public enum VariantRole: String, Sendable, CaseIterable {
    case baseline
    case pattern
    /// The simulation's own cost: the same inputs walked and the same kind of outcome
    /// recorded, with no pattern logic. Its outcome differs from the baseline's by design, so
    /// the outcome check exempts it; its time must still grow with its work (`doctor`). The
    /// harness reports each variant's ratio net of it: (variant − floor) / (baseline − floor).
    case floor
}

/// One implementation of a scenario's work.
public struct Variant<Shard: Sendable, Outcome: ScenarioOutcome>: Sendable {
    /// How a variant runs a shard.
    public enum Body: Sendable {
        /// Builds whatever the variant needs beyond the shard (untimed), and returns the
        /// closure that runs the shard once (timed), on the calling thread. The closure stays
        /// on the actor that made it.
        case synchronous(@Sendable (Shard) -> () -> Outcome)
        /// The same for a variant that owns its concurrency: the run may spread the shard
        /// over tasks and actors of its own. The harness then gives the scenario one worker
        /// and counts CPU time and allocations process-wide.
        case asynchronous(@Sendable (Shard) -> @Sendable () async -> Outcome)
    }

    public let name: String
    public let role: VariantRole
    public let summary: String
    public let body: Body

    public init(
        name: String,
        role: VariantRole = .pattern,
        summary: String,
        prepare: @escaping @Sendable (Shard) -> () -> Outcome
    ) {
        self.name = name
        self.role = role
        self.summary = summary
        self.body = .synchronous(prepare)
    }

    /// A variant that needs nothing beyond the shard.
    public init(
        name: String,
        role: VariantRole = .pattern,
        summary: String,
        run: @escaping @Sendable (Shard) -> Outcome
    ) {
        self.init(name: name, role: role, summary: summary) { shard in { run(shard) } }
    }

    /// An asynchronous variant that needs nothing beyond the shard: `run` spreads the
    /// shard's work over whatever tasks or actors it creates, and waits for them.
    public init(
        name: String,
        role: VariantRole = .pattern,
        summary: String,
        runAsync: @escaping @Sendable (Shard) async -> Outcome
    ) {
        self.name = name
        self.role = role
        self.summary = summary
        self.body = .asynchronous { shard in { await runAsync(shard) } }
    }

    /// Whether the variant owns its concurrency (`Body.asynchronous`).
    public var isAsynchronous: Bool {
        if case .asynchronous = body { return true }
        return false
    }

    /// A synchronous variant's preparation. Asynchronous variants have none: use `body`.
    public var prepare: @Sendable (Shard) -> () -> Outcome {
        guard case .synchronous(let prepare) = body else {
            preconditionFailure("variant '\(name)' is asynchronous: run it through `body`")
        }
        return prepare
    }
}

/// What `simbench list` and the CSV say about a scenario.
public struct ScenarioDescriptor: Sendable {
    /// The public name, used by `--scenario` and in CSV files: `vending`.
    public let name: String
    /// One line: what is measured against what.
    public let title: String
    /// The title of the article the scenario models (its subject for an untitled one), as
    /// `simbench list` cites it; nil for a scenario that models none (a calibration tool, the
    /// harness's self-test).
    public let seedArticle: String?
    /// What one entity is: "vending machine".
    public let entityUnit: String
    /// What one event is: "customer action".
    public let eventUnit: String
    /// Events per entity when `--events` is not given.
    public let defaultEventsPerEntity: Int
    /// The memory one event and one entity hold while a run is prepared and measured (the
    /// inputs, and every variant's representation of them), fitted to measured peaks; the
    /// run plan refuses what the machine cannot hold before allocating anything
    /// (`estimatedBytes`).
    public let bytesPerEvent: Int
    public let bytesPerEntity: Int
    /// The memory a configuration needs beyond `bytesPerEvent` and `bytesPerEntity`, for
    /// scenarios whose shape parameters change what an event or an entity holds (deeply
    /// nested mark trees hold more per mark than flat ones; a workday of short ticks
    /// records fewer days per tick). Nil: nothing beyond them.
    public let shapeBytes: (@Sendable (ScenarioConfiguration) -> Double)?
    /// What a variant's own representation of the inputs holds per event, beyond
    /// `bytesPerEvent` (the inputs every variant shares), for scenarios whose variants each
    /// build one (marks: a class tree, an enum tree, flat arrays); a variant not named holds
    /// nothing per event. The run plan counts only the variants a run measures.
    public let variantBytesPerEvent: [String: Double]
    /// What a variant holds per entity while it runs, beyond `bytesPerEntity`, for
    /// scenarios whose variants each build and free their own structures in turn (fleet: an
    /// actor or a task per machine); a variant not named holds nothing more. Variants run one
    /// after another, so the run plan counts the largest among the variants a run measures.
    public let variantBytesPerEntity: [String: Double]
    public let parameters: [ParameterSpec]
    /// Whether `simbench run` without `--scenario` runs it.
    public let inDefaultSuite: Bool

    public init(
        name: String,
        title: String,
        seedArticle: String? = nil,
        entityUnit: String,
        eventUnit: String,
        defaultEventsPerEntity: Int,
        bytesPerEvent: Int,
        bytesPerEntity: Int,
        shapeBytes: (@Sendable (ScenarioConfiguration) -> Double)? = nil,
        variantBytesPerEvent: [String: Double] = [:],
        variantBytesPerEntity: [String: Double] = [:],
        parameters: [ParameterSpec] = [],
        inDefaultSuite: Bool = true
    ) {
        self.name = name
        self.title = title
        self.seedArticle = seedArticle
        self.entityUnit = entityUnit
        self.eventUnit = eventUnit
        self.defaultEventsPerEntity = defaultEventsPerEntity
        self.bytesPerEvent = bytesPerEvent
        self.bytesPerEntity = bytesPerEntity
        self.shapeBytes = shapeBytes
        self.variantBytesPerEvent = variantBytesPerEvent
        self.variantBytesPerEntity = variantBytesPerEntity
        self.parameters = parameters
        self.inDefaultSuite = inDefaultSuite
    }
}

extension ScenarioDescriptor {
    /// The memory `configuration` holds at its peak, beyond what the process held before
    /// it: `bytesPerEvent` for every event and `bytesPerEntity` for every entity, plus
    /// `shapeBytes`, plus `variantBytesPerEvent` of each of `variants` (nil: every variant)
    /// and the largest `variantBytesPerEntity` among them.
    /// In floating point, so that an absurd configuration cannot trap.
    public func estimatedBytes(_ configuration: ScenarioConfiguration, variants: [String]? = nil)
        -> Double
    {
        let entities = Double(configuration.entities)
        let events = entities * Double(configuration.eventsPerEntity)
        let representations =
            variants.map { names in
                names.reduce(0) { $0 + (variantBytesPerEvent[$1] ?? 0) }
            } ?? variantBytesPerEvent.values.reduce(0, +)
        let perEntity =
            (variants.map { $0.map { variantBytesPerEntity[$0] ?? 0 } }
            ?? Array(variantBytesPerEntity.values)).max() ?? 0
        return events * (Double(bytesPerEvent) + representations) + entities
            * (Double(bytesPerEntity) + perEntity)
            + (shapeBytes?(configuration) ?? 0)
    }
}

/// Everything that determines a scenario's inputs.
public struct ScenarioConfiguration: Sendable, Hashable {
    public let entities: Int
    public let eventsPerEntity: Int
    public let seed: UInt64
    public let parameters: ParameterValues

    public init(entities: Int, eventsPerEntity: Int, seed: UInt64, parameters: ParameterValues) {
        self.entities = entities
        self.eventsPerEntity = eventsPerEntity
        self.seed = seed
        self.parameters = parameters
    }
}

extension Scenario {
    /// The baseline variant's name.
    public static var baselineName: String {
        variants.first { $0.role == .baseline }?.name ?? variants[0].name
    }

    /// The floor variant's name, if the scenario has one.
    public static var floorName: String? {
        variants.first { $0.role == .floor }?.name
    }

    /// Whether the scenario's variants own their concurrency (`Variant.Body.asynchronous`).
    ///
    /// A scenario is one or the other, never a mix: its variants are compared with one
    /// another, so they must be measured the same way (`Catalog` refuses a mix).
    public static var isAsynchronous: Bool {
        variants.contains { $0.isAsynchronous }
    }

    /// The variants whose outcome must equal the baseline's: all but the floor.
    public static var checkedVariants: [Variant<Shard, Outcome>] {
        variants.filter { $0.role != .floor }
    }
}
