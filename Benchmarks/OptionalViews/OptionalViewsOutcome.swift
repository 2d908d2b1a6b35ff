import SimBenchCore

/// Containers loaded, optional views made and shown, and lifecycle calls forwarded, over a
/// fleet of user sessions.
///
/// Everything here is read from what the variants built: the view trees of the torn-down
/// containers, the lifecycle counters of the optional views in them, and each session's
/// census of views made. Nothing is copied from the tape except which screen a container
/// showed.
public struct OptionalViewsOutcome: ScenarioOutcome {
    public var sessions = 0
    public var containers = 0
    /// Containers whose root view was loaded before they were torn down.
    public var containersLoaded = 0
    /// `OptionalView`s made, whether or not they ended up in a view tree.
    public var optionalViewsCreated = 0
    /// Optional views found in torn-down containers' view trees, by kind (banner, card).
    public var viewsShown = [0, 0]
    /// Optional views shown, by screen (`Screen.rawValue`).
    public var viewsShownPerScreen = [Int](repeating: 0, count: OptionalViews.Screen.count)
    /// `viewDidLoad` calls the optional views received.
    public var viewDidLoadForwarded = 0
    /// `viewWillAppear` calls the optional views received.
    public var viewWillAppearForwarded = 0
    /// Sum of per-session digests of which screens got which views and how many calls each
    /// received: catches a wrong container even when the totals agree.
    public var sessionDigest: UInt64 = 0

    public init() {}

    /// Records what a container left behind when it was torn down: whether it loaded, its
    /// subviews, and the optional view among them with the calls it received.
    @inline(__always)
    mutating func recordTearDown(
        screen: OptionalViews.Screen, root: OptionalViews.View?, digest: inout SequenceDigest
    ) {
        containers += 1
        digest.append(Int(screen.rawValue))
        guard let root else {
            digest.append(0)
            return
        }
        containersLoaded += 1
        digest.append(1)
        let subviews = root.subviews
        digest.append(subviews.count)
        for subview in subviews {
            guard let optionalView = subview as? OptionalViews.OptionalView else { continue }
            viewsShown[Int(optionalView.kind.rawValue) - 1] += 1
            viewsShownPerScreen[Int(screen.rawValue)] += 1
            viewDidLoadForwarded += optionalView.didLoadCalls
            viewWillAppearForwarded += optionalView.willAppearCalls
            digest.append(Int(optionalView.kind.rawValue))
            digest.append(optionalView.didLoadCalls)
            digest.append(optionalView.willAppearCalls)
        }
    }

    /// Closes a session: its census of views made, and its digest.
    mutating func recordSession(index: Int, viewsCreated: Int, digest: SequenceDigest) {
        sessions += 1
        optionalViewsCreated += viewsCreated
        var digest = digest
        digest.append(viewsCreated)
        sessionDigest &+= Checksum.entityContribution(index: index, hash: digest.value)
    }

    public mutating func merge(_ other: OptionalViewsOutcome) {
        sessions += other.sessions
        containers += other.containers
        containersLoaded += other.containersLoaded
        optionalViewsCreated += other.optionalViewsCreated
        for kind in viewsShown.indices { viewsShown[kind] += other.viewsShown[kind] }
        for screen in viewsShownPerScreen.indices {
            viewsShownPerScreen[screen] += other.viewsShownPerScreen[screen]
        }
        viewDidLoadForwarded += other.viewDidLoadForwarded
        viewWillAppearForwarded += other.viewWillAppearForwarded
        sessionDigest &+= other.sessionDigest
    }

    public var checksum: UInt64 {
        var checksum = Checksum()
        checksum.combine(sessions)
        checksum.combine(containers)
        checksum.combine(containersLoaded)
        checksum.combine(optionalViewsCreated)
        checksum.combine(contentsOf: viewsShown)
        checksum.combine(contentsOf: viewsShownPerScreen)
        checksum.combine(viewDidLoadForwarded)
        checksum.combine(viewWillAppearForwarded)
        checksum.combine(sessionDigest)
        return checksum.value
    }

    public var summary: [(label: String, value: String)] {
        var lines: [(label: String, value: String)] = [
            ("sessions", "\(sessions)"), ("containers", "\(containers)"),
            ("containers loaded", "\(containersLoaded)"),
            ("optional views created", "\(optionalViewsCreated)"),
        ]
        for kind in OptionalViews.OptionalViewKind.allCases {
            lines.append(("shown as \(kind)", "\(viewsShown[Int(kind.rawValue) - 1])"))
        }
        for screen in OptionalViews.Screen.allCases {
            lines.append(("shown on \(screen)", "\(viewsShownPerScreen[Int(screen.rawValue)])"))
        }
        lines.append(("viewDidLoad forwarded", "\(viewDidLoadForwarded)"))
        lines.append(("viewWillAppear forwarded", "\(viewWillAppearForwarded)"))
        return lines
    }
}
