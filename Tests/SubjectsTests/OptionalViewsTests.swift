import SimBenchCore
import Testing

@testable import Subjects

private typealias Screen = OptionalViews.Screen
private typealias AppConditions = OptionalViews.AppConditions
private typealias ScreenVisit = OptionalViews.ScreenVisit

/// Conditions under which the optional view shows everywhere, as a banner.
private let allOn = AppConditions(
    isOnline: true, isLoggedIn: true, isProductAvailable: true, featureFlags: .all,
    bucket: .banner)

private func visit(
    _ screen: Screen, _ change: OptionalViews.AppStateChange = .none, loaded: Bool = true,
    appearances: UInt8 = 1
) -> ScreenVisit {
    ScreenVisit(screen: screen, change: change, isLoaded: loaded, appearances: appearances)
}

/// Runs `variant` over one session that starts with `conditions` and makes `visits`.
private func runSession(
    _ variant: String, _ conditions: AppConditions, _ visits: [ScreenVisit]
) -> OptionalViewsOutcome {
    let shard = OptionalViewsShard(
        firstSession: 0, visitsPerSession: visits.count, initialConditions: [conditions],
        visits: visits)
    guard let chosen = OptionalViewsScenario.variants.first(where: { $0.name == variant }) else {
        Issue.record("no variant '\(variant)' in optional-views")
        return OptionalViewsOutcome()
    }
    return chosen.prepare(shard)()
}

private let variantNames = OptionalViewsScenario.checkedVariants.map(\.name)

@Suite("optional-views")
struct OptionalViewsTests {
    @Test("every variant agrees with inline-conditions", arguments: 0..<40)
    func variantsAgree(seed: UInt64) {
        for (sessions, visits) in [(0, 10), (1, 1), (1, 200), (7, 30), (40, 30)] {
            expectVariantsAgree(
                OptionalViewsScenario.self, entities: sessions, events: visits, seed: seed)
        }
        for parameters in [
            ["unloaded": "0"], ["unloaded": "1"], ["changes": "0"], ["changes": "1"],
            ["appearances": "0"], ["appearances": "1"],
        ] {
            expectVariantsAgree(
                OptionalViewsScenario.self, entities: 6, events: 40, seed: seed,
                parameters: parameters)
        }
        // Up to 255 appearances a visit, 128 on average: each visit is some 50 times the
        // default's work, so fewer visits give the same boundary, still sliced in three.
        expectVariantsAgree(
            OptionalViewsScenario.self, entities: 6, events: 10, seed: seed,
            parameters: ["appearances": "255"])
    }

    @Test("views are made only for loaded containers that show them", arguments: variantNames)
    func viewsMadeOnlyWhenShown(variant: String) {
        for seed: UInt64 in 0..<20 {
            let outcome = runVariant(
                OptionalViewsScenario.self, variant, entities: 20, events: 50, seed: seed)
            #expect(
                outcome.optionalViewsCreated == outcome.viewsShown.reduce(0, +),
                "\(variant), seed \(seed): \(outcome.optionalViewsCreated) views made")
            #expect(outcome.viewDidLoadForwarded == outcome.optionalViewsCreated, "seed \(seed)")
            // The tapes exercise every branch: unloaded containers, views shown and not.
            #expect(outcome.containersLoaded < outcome.containers, "seed \(seed)")
            #expect(outcome.optionalViewsCreated > 0, "seed \(seed)")
            #expect(outcome.optionalViewsCreated < outcome.containersLoaded, "seed \(seed)")
        }
    }

    @Test("a container that is never loaded gets no view", arguments: variantNames)
    func neverLoadedContainersMakeNoView(variant: String) {
        let visits = Screen.allCases.map { visit($0, loaded: false, appearances: 0) }
        let outcome = runSession(variant, allOn, visits)
        #expect(outcome.containers == 5)
        #expect(outcome.containersLoaded == 0)
        #expect(outcome.optionalViewsCreated == 0)
        #expect(outcome.viewsShown == [0, 0])

        for seed: UInt64 in 0..<10 {
            let unloaded = runVariant(
                OptionalViewsScenario.self, variant, entities: 10, events: 30, seed: seed,
                parameters: ["unloaded": "1"])
            #expect(unloaded.containers == 300 && unloaded.containersLoaded == 0, "seed \(seed)")
            #expect(unloaded.optionalViewsCreated == 0, "seed \(seed)")
        }
    }

    @Test("the proxy makes its view on first use, not when the container is made")
    func proxyIsLazy() {
        let session = OptionalViews.AppSession(conditions: allOn)
        let proxy = OptionalViews.Proxy.OptionalViewProxy(session: session, screen: .cart)
        let container = OptionalViews.Proxy.ContainerViewController(optionalView: proxy)
        #expect(session.optionalViewsCreated == 0)
        #expect(container.viewIfLoaded == nil)

        container.loadViewIfNeeded()
        #expect(session.optionalViewsCreated == 1)
        container.viewWillAppear(true)
        container.viewWillAppear(true)
        #expect(session.optionalViewsCreated == 1, "the proxy decides once")
        let shown = container.view.subviews.first as? OptionalViews.OptionalView
        #expect(shown?.kind == .banner)
        #expect(shown?.didLoadCalls == 1 && shown?.willAppearCalls == 2)
    }

    @Test("the proxy's container cannot tell the view from the proxy")
    func viewWithoutProxy() {
        let session = OptionalViews.AppSession(conditions: allOn)
        let view = OptionalViews.OptionalView(kind: .card, in: session)
        let container = OptionalViews.Proxy.ContainerViewController(optionalView: view)
        container.loadViewIfNeeded()
        container.viewWillAppear(false)
        #expect(container.view.subviews.count == 1)
        #expect(container.view.subviews.first === view)
        #expect(view.didLoadCalls == 1 && view.willAppearCalls == 1)
    }

    @Test("the view shows only when every condition holds", arguments: variantNames)
    func everyConditionCanTurnTheViewOff(variant: String) {
        for combination in 0..<48 {
            let bucket = OptionalViews.ABBucket(rawValue: UInt8(combination % 3))!
            let bits = combination / 3
            let flagOn = bits & 8 != 0
            let conditions = AppConditions(
                isOnline: bits & 1 != 0, isLoggedIn: bits & 2 != 0,
                isProductAvailable: bits & 4 != 0,
                // The flag is on for every other screen either way: only the container's
                // own screen counts.
                featureFlags: OptionalViews.FeatureFlags(
                    enabledOn: Screen.allCases.filter { $0 != .search || flagOn }),
                bucket: bucket)
            let outcome = runSession(variant, conditions, [visit(.search, appearances: 2)])
            let shows = bits == 15 && bucket != .control
            let expected = !shows ? [0, 0] : bucket == .banner ? [1, 0] : [0, 1]
            #expect(outcome.viewsShown == expected, "\(variant): \(conditions)")
            #expect(outcome.optionalViewsCreated == (shows ? 1 : 0), "\(variant): \(conditions)")
            #expect(outcome.viewsShownPerScreen[Int(Screen.search.rawValue)] == (shows ? 1 : 0))
            #expect(outcome.viewWillAppearForwarded == (shows ? 2 : 0), "\(variant): \(conditions)")
            #expect(outcome.containersLoaded == 1)
        }
    }

    @Test("each condition alone turns the view off", arguments: variantNames)
    func eachConditionAlone(variant: String) {
        var offline = allOn
        offline.isOnline = false
        var loggedOut = allOn
        loggedOut.isLoggedIn = false
        var unavailable = allOn
        unavailable.isProductAvailable = false
        var flaggedOff = allOn
        flaggedOff.featureFlags.flip(.home)
        var control = allOn
        control.bucket = .control
        #expect(runSession(variant, allOn, [visit(.home)]).viewsShown == [1, 0])
        for (condition, conditions) in [
            ("offline", offline), ("logged out", loggedOut), ("product unavailable", unavailable),
            ("flag off on the screen", flaggedOff), ("control bucket", control),
        ] {
            let outcome = runSession(variant, conditions, [visit(.home, appearances: 3)])
            #expect(outcome.viewsShown == [0, 0], "\(variant): \(condition)")
            #expect(outcome.optionalViewsCreated == 0, "\(variant): \(condition)")
            #expect(outcome.viewWillAppearForwarded == 0, "\(variant): \(condition)")
            #expect(outcome.containersLoaded == 1, "\(variant): \(condition)")
        }
        // A flag off on another screen leaves this one's view alone.
        #expect(runSession(variant, flaggedOff, [visit(.cart)]).viewsShown == [1, 0], "\(variant)")
    }

    @Test(
        "conditions are read when the container loads, not when it is made",
        arguments: variantNames)
    func decisionOnLoad(variant: String) {
        var offline = allOn
        offline.isOnline = false
        #expect(runSession(variant, offline, [visit(.home, .wentOnline)]).viewsShown == [1, 0])
        #expect(runSession(variant, allOn, [visit(.home, .wentOffline)]).viewsShown == [0, 0])
        #expect(runSession(variant, allOn, [visit(.home, .loggedOut)]).viewsShown == [0, 0])
        #expect(
            runSession(variant, allOn, [visit(.home, .flagFlipped(.home))]).viewsShown == [0, 0])
        #expect(
            runSession(variant, allOn, [visit(.home, .flagFlipped(.cart))]).viewsShown == [1, 0])
    }

    @Test("app-state changes last for the rest of the session", arguments: variantNames)
    func changesPersist(variant: String) {
        let visits = [
            visit(.home, .loggedOut), visit(.search), visit(.product, .loggedIn),
            visit(.cart, .flagFlipped(.profile)), visit(.profile),
            visit(.profile, .flagFlipped(.profile)), visit(.home, .wentOffline, loaded: false),
            visit(.home),
        ]
        let outcome = runSession(variant, allOn, visits)
        // Shown on product, cart and the second profile visit only.
        #expect(outcome.viewsShown == [3, 0], "\(variant)")
        #expect(outcome.viewsShownPerScreen == [0, 0, 1, 1, 1], "\(variant)")
        #expect(outcome.containers == 8 && outcome.containersLoaded == 7, "\(variant)")
    }

    @Test(
        "lifecycle calls are forwarded once per load and per appearance",
        arguments: variantNames)
    func forwarding(variant: String) {
        var card = allOn
        card.bucket = .card
        let outcome = runSession(
            variant, card,
            [visit(.home, appearances: 3), visit(.cart, appearances: 0), visit(.search)])
        #expect(outcome.viewsShown == [0, 3], "\(variant)")
        #expect(outcome.viewDidLoadForwarded == 3, "\(variant)")
        #expect(outcome.viewWillAppearForwarded == 4, "\(variant)")
    }

    @Test("a prepared run gives the same outcome every time", arguments: variantNames)
    func runsRepeat(variant: String) {
        let scenario = OptionalViewsScenario(
            configuration: OptionalViewsScenario.makeConfiguration(
                entities: 15, events: 40, seed: 3))
        let shard = scenario.makeShard(entities: 0..<15)
        let run = OptionalViewsScenario.variants.first { $0.name == variant }!.prepare(shard)
        let first = run()
        #expect(run() == first, "\(variant)")
        #expect(run().checksum == first.checksum, "\(variant)")
    }

    @Test("the checksum changes when one container's calls change")
    func checksumCoversOutcome() {
        func outcome(appearances: UInt8) -> OptionalViewsOutcome {
            runSession(
                "inline-conditions", allOn, [visit(.home), visit(.cart, appearances: appearances)])
        }
        let a = outcome(appearances: 2)
        var b = outcome(appearances: 3)
        #expect(a != b)
        #expect(a.checksum != b.checksum)
        // The digest alone tells them apart, too.
        b.viewWillAppearForwarded = a.viewWillAppearForwarded
        #expect(a.sessionDigest != b.sessionDigest)
        #expect(a.checksum != b.checksum)
    }

    @Test("tapes depend on the seed and the session index only")
    func tapesAreDeterministic() {
        let configuration = OptionalViewsScenario.makeConfiguration(
            entities: 10, events: 20, seed: 7)
        let scenario = OptionalViewsScenario(configuration: configuration)
        let whole = scenario.makeShard(entities: 0..<10)
        let tail = scenario.makeShard(entities: 6..<10)
        #expect(Array(whole.visits[120...]) == tail.visits)
        #expect(Array(whole.initialConditions[6...]) == tail.initialConditions)
        let other = OptionalViewsScenario(
            configuration: OptionalViewsScenario.makeConfiguration(
                entities: 10, events: 20, seed: 8))
        #expect(other.makeShard(entities: 0..<10).visits != whole.visits)
        #expect(scenario.eventCount(of: whole) == 200)
    }

    @Test("tapes respect the parameters")
    func tapesFollowParameters() {
        let scenario = OptionalViewsScenario(
            configuration: OptionalViewsScenario.makeConfiguration(
                entities: 20, events: 50, seed: 1,
                parameters: ["appearances": "3", "unloaded": "0", "changes": "0"]))
        let visits = scenario.makeShard(entities: 0..<20).visits
        #expect(visits.allSatisfy { $0.isLoaded && (1...3).contains($0.appearances) })
        #expect(visits.allSatisfy { $0.change == .none })
        #expect(Set(visits.map(\.appearances)) == [1, 2, 3])
        #expect(Set(visits.map(\.screen)) == Set(Screen.allCases))
    }
}
