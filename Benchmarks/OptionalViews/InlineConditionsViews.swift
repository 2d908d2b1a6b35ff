extension OptionalViews {
    /// `optional-views.inline-conditions`, the baseline: the container decides by itself.
    ///
    /// The article's first group ("container / optional view's parent"): the easiest way in
    /// simple cases, and messy once the logic grows or the view is reused elsewhere, since
    /// every container repeats these conditions.
    enum InlineConditions {
        final class ContainerViewController: ViewController {
            let session: AppSession
            let screen: Screen
            var optionalView: OptionalView?

            init(session: AppSession, screen: Screen) {
                self.session = session
                self.screen = screen
                super.init()
            }

            override func viewDidLoad() {
                super.viewDidLoad()
                let conditions = session.conditions
                let kind: OptionalViewKind
                if !conditions.isOnline || !conditions.isLoggedIn {
                    return
                } else if !conditions.isProductAvailable {
                    return
                } else if !conditions.featureFlags.isEnabled(on: screen) {
                    return
                } else if conditions.bucket == .banner {
                    kind = .banner
                } else if conditions.bucket == .card {
                    kind = .card
                } else {
                    return
                }
                let optionalView = OptionalView(kind: kind, in: session)
                self.optionalView = optionalView
                view.addSubview(optionalView)
                optionalView.viewDidLoad()
            }

            override func viewWillAppear(_ animated: Bool) {
                super.viewWillAppear(animated)
                optionalView?.viewWillAppear()
            }
        }

        static func run(_ shard: OptionalViewsShard) -> OptionalViewsOutcome {
            shard.simulate { ContainerViewController(session: $0, screen: $1) }
        }
    }
}
