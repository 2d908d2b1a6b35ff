import SimBenchCore

/// Optional views: factory method, abstract factory and a lazy proxy against a container
/// that decides inline.
///
/// Modelled on `factory-proxy-optional-views.en-zh.txt`. A container (the article's
/// `ContainerViewController`) has an optional view that exists only under conditions: the
/// app is online, the user is logged in, the product is sold in the user's market, the
/// feature flag is on for the screen, and the user's A/B bucket is not the control group
/// (the bucket also picks the view's design, banner or card). On `viewDidLoad` the
/// container adds the optional view, if there is one, and forwards `viewDidLoad` to it;
/// `viewWillAppear` is forwarded too.
///
/// Each entity is one user's session moving between screens. One event is one container's
/// lifecycle: the container is created; an app-state change may arrive (going online or
/// offline, logging in or out, a flag flipping on some screen), since containers are often
/// created ahead of being shown; then the container is loaded and appears several times,
/// or is never loaded at all; then it is torn down. Conditions are drawn per user and
/// change as the session goes on.
public struct OptionalViewsScenario: Scenario {
    public static let descriptor = ScenarioDescriptor(
        name: "optional-views",
        title: "Factory method, abstract factory and proxy vs inline conditions: optional views",
        seedArticle: "工厂模式和抽象工厂模式_使用代理和抽象工厂模式快速查看可选视图",
        entityUnit: "user session",
        eventUnit: "container lifecycle (create, maybe load, appear n times, tear down)",
        defaultEventsPerEntity: 20,
        // Fitted to release runs' peak resident memory: a 4-byte `ScreenVisit` per
        // lifecycle and a user's `AppConditions`; containers and views live one lifecycle.
        bytesPerEvent: 4,
        bytesPerEntity: 8,
        parameters: [
            .integer(
                "appearances",
                "most viewWillAppear calls per loaded container (drawn 1...n; 0: none)",
                default: 4, range: 0...255),
            .number(
                "unloaded", "probability that a container is created but never loaded",
                default: 0.2, range: 0...1),
            .number(
                "changes", "probability that an app-state change arrives during a lifecycle",
                default: 0.25, range: 0...1),
        ]
    )

    public static let variants: [Variant<OptionalViewsShard, OptionalViewsOutcome>] = [
        Variant(
            name: "inline-conditions", role: .baseline,
            summary: "the container decides with if / else and makes the view itself",
            run: OptionalViews.InlineConditions.run),
        Variant(
            name: "concrete-factory",
            summary: "a factory returning the concrete view; the container keeps both",
            run: OptionalViews.ConcreteFactory.run),
        Variant(
            name: "abstract-factory",
            summary: "a factory returning (any OptionalViewProtocol)?",
            run: OptionalViews.AbstractFactory.run),
        Variant(
            name: "proxy",
            summary: "a lazy proxy per container, deciding on first use",
            run: OptionalViews.Proxy.run),
        Variant(
            name: "floor", role: .floor,
            summary: "bare containers created, loaded, shown and recorded; no optional view",
            run: OptionalViews.Floor.run),
    ]

    public let configuration: ScenarioConfiguration
    private let maximumAppearances: Int
    private let unloadedProbability: Double
    private let changeProbability: Double

    public init(configuration: ScenarioConfiguration) {
        self.configuration = configuration
        maximumAppearances = configuration.parameters.integer("appearances")
        unloadedProbability = configuration.parameters.number("unloaded")
        changeProbability = configuration.parameters.number("changes")
    }

    public func makeShard(entities: Range<Int>) -> OptionalViewsShard {
        let events = configuration.eventsPerEntity
        var conditions = [OptionalViews.AppConditions]()
        conditions.reserveCapacity(entities.count)
        var visits = [OptionalViews.ScreenVisit]()
        visits.reserveCapacity(entities.count * events)
        for index in entities {
            var random = SplitMix64(seed: configuration.seed, stream: 0x6F70_7476, index: index)
            conditions.append(OptionalViewsScenario.drawConditions(&random))
            for _ in 0..<events {
                let screen = OptionalViewsScenario.drawScreen(&random)
                let change =
                    random.chance(changeProbability)
                    ? OptionalViewsScenario.drawChange(&random) : .none
                let isLoaded = !random.chance(unloadedProbability)
                let appearances =
                    isLoaded && maximumAppearances > 0
                    ? 1 + random.next(below: maximumAppearances) : 0
                visits.append(
                    OptionalViews.ScreenVisit(
                        screen: screen, change: change, isLoaded: isLoaded,
                        appearances: UInt8(appearances)))
            }
        }
        return OptionalViewsShard(
            firstSession: entities.lowerBound, visitsPerSession: events,
            initialConditions: conditions, visits: visits)
    }

    public func eventCount(of shard: OptionalViewsShard) -> Int {
        shard.visits.count
    }

    /// A user's conditions when the session starts: most are online and logged in, the
    /// product is sold in most markets, the flag is on for most screens, and the A/B test
    /// splits users evenly.
    private static func drawConditions(_ random: inout SplitMix64) -> OptionalViews.AppConditions {
        let isOnline = random.chance(0.9)
        let isLoggedIn = random.chance(0.7)
        let isProductAvailable = random.chance(0.9)
        let flagged = OptionalViews.Screen.allCases.filter { _ in random.chance(0.8) }
        let bucket = OptionalViews.ABBucket(rawValue: UInt8(random.next(below: 3)))!
        return OptionalViews.AppConditions(
            isOnline: isOnline, isLoggedIn: isLoggedIn, isProductAvailable: isProductAvailable,
            featureFlags: OptionalViews.FeatureFlags(enabledOn: flagged), bucket: bucket)
    }

    private static func drawScreen(_ random: inout SplitMix64) -> OptionalViews.Screen {
        OptionalViews.Screen(rawValue: UInt8(random.next(below: OptionalViews.Screen.count)))!
    }

    /// One app-state change. Coming back online and logging in are likelier than the
    /// opposite, so sessions do not drift into all-off; a change that is already true is a
    /// harmless repeat, as real notifications are.
    private static func drawChange(_ random: inout SplitMix64) -> OptionalViews.AppStateChange {
        let roll = random.next(below: 100)
        if roll < 10 { return .wentOffline }
        if roll < 40 { return .wentOnline }
        if roll < 50 { return .loggedOut }
        if roll < 70 { return .loggedIn }
        return .flagFlipped(OptionalViewsScenario.drawScreen(&random))
    }
}

extension OptionalViews {
    /// One container's lifecycle in a session's tape.
    public struct ScreenVisit: Sendable, Hashable {
        /// The screen the container shows.
        public var screen: Screen
        /// What happens to the app after the container is created, before it could load.
        public var change: AppStateChange
        /// Whether the container is loaded; one that is not never appears either.
        public var isLoaded: Bool
        /// How many times a loaded container appears.
        public var appearances: UInt8

        public init(screen: Screen, change: AppStateChange, isLoaded: Bool, appearances: UInt8) {
            self.screen = screen
            self.change = change
            self.isLoaded = isLoaded
            self.appearances = appearances
        }
    }
}

/// The sessions of one slice of the fleet: each user's starting conditions and screen
/// visits.
public struct OptionalViewsShard: Sendable {
    /// The fleet index of the first session.
    public let firstSession: Int
    public let visitsPerSession: Int
    /// Each session's conditions when it starts.
    public let initialConditions: [OptionalViews.AppConditions]
    /// All sessions' visits, session after session.
    public let visits: [OptionalViews.ScreenVisit]

    public init(
        firstSession: Int, visitsPerSession: Int,
        initialConditions: [OptionalViews.AppConditions], visits: [OptionalViews.ScreenVisit]
    ) {
        precondition(visits.count == initialConditions.count * visitsPerSession)
        self.firstSession = firstSession
        self.visitsPerSession = visitsPerSession
        self.initialConditions = initialConditions
        self.visits = visits
    }

    public var sessionCount: Int { initialConditions.count }

    /// Replays every session of the shard.
    ///
    /// The app's side is identical for every variant: a fresh `AppSession` per user (so
    /// every call replays from the same start), containers created by `makeContainer`, the
    /// tape's change applied after creation, the container loaded and shown, then its view
    /// tree recorded and the container released. Generic specialisation inlines each
    /// variant's container type.
    @inline(__always)
    func simulate<Container: OptionalViews.ViewController>(
        _ makeContainer: (OptionalViews.AppSession, OptionalViews.Screen) -> Container
    ) -> OptionalViewsOutcome {
        var outcome = OptionalViewsOutcome()
        visits.withUnsafeBufferPointer { all in
            for session in 0..<sessionCount {
                let app = OptionalViews.AppSession(conditions: initialConditions[session])
                var digest = SequenceDigest()
                let start = session * visitsPerSession
                for visit in all[start..<start + visitsPerSession] {
                    let container = makeContainer(app, visit.screen)
                    app.conditions.apply(visit.change)
                    if visit.isLoaded {
                        container.loadViewIfNeeded()
                        for _ in 0..<visit.appearances { container.viewWillAppear(true) }
                    }
                    outcome.recordTearDown(
                        screen: visit.screen, root: container.viewIfLoaded, digest: &digest)
                }
                outcome.recordSession(
                    index: firstSession + session, viewsCreated: app.optionalViewsCreated,
                    digest: digest)
            }
        }
        return outcome
    }
}
