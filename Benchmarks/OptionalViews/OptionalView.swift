extension OptionalViews {
    /// The two designs of the optional view under A/B test.
    public enum OptionalViewKind: UInt8, Sendable, CaseIterable {
        case banner = 1
        case card = 2
    }

    /// The abstraction of the optional view that the abstract factory returns and the proxy
    /// stands in for.
    ///
    /// The article's last form: `view` is optional so that a proxy, which may turn out to
    /// have no view, conforms too. The article's abstract-factory listing declares it
    /// non-optional; simbench uses this one form for both, so the abstract factory's
    /// container pays one nil check the article's would not.
    protocol OptionalViewProtocol {
        var view: View? { get }
        func viewDidLoad()
        func viewWillAppear()
    }

    /// The view that exists only under conditions: an offer, shown as a banner or a card.
    ///
    /// It does not know whether it should exist (the article: that should be an assertion,
    /// not the view's job); it counts the lifecycle calls forwarded to it, and counts itself
    /// in its session's census so that tests can see when a view was made at all.
    final class OptionalView: View, OptionalViewProtocol {
        let kind: OptionalViewKind
        private(set) var didLoadCalls = 0
        private(set) var willAppearCalls = 0

        init(kind: OptionalViewKind, in session: AppSession) {
            self.kind = kind
            session.optionalViewsCreated += 1
            super.init()
        }

        var view: View? { self }

        func viewDidLoad() {
            didLoadCalls += 1
        }

        func viewWillAppear() {
            willAppearCalls += 1
        }
    }
}
