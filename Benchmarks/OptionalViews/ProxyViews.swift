extension OptionalViews {
    /// `optional-views.proxy`: the article's lazy proxy.
    ///
    /// The container holds one `any OptionalViewProtocol` and cannot tell a proxy from a
    /// view; it knows nothing of factories. Every container gets a proxy, which asks the
    /// shared `OptionalViewFactory` on first use (the container's `viewDidLoad`) and keeps
    /// the answer. So a container that is never loaded costs a proxy but never a view, and
    /// a condition that changes between the container's creation and its loading is seen.
    enum Proxy {
        final class OptionalViewProxy: OptionalViewProtocol {
            /// Where the view comes from; only the proxy knows.
            let factory: OptionalViewFactory

            init(session: AppSession, screen: Screen) {
                factory = OptionalViewFactory(session: session, screen: screen)
            }

            /// The view, or its absence, decided on first use.
            lazy var optionalView: OptionalView? = factory.makeOptionalView()

            var view: View? { optionalView }
            func viewDidLoad() { optionalView?.viewDidLoad() }
            func viewWillAppear() { optionalView?.viewWillAppear() }
        }

        final class ContainerViewController: ViewController {
            let optionalView: any OptionalViewProtocol

            init(optionalView: any OptionalViewProtocol) {
                self.optionalView = optionalView
                super.init()
            }

            override func viewDidLoad() {
                super.viewDidLoad()
                if let optionalView = optionalView.view {
                    view.addSubview(optionalView)
                }
                optionalView.viewDidLoad()
            }

            override func viewWillAppear(_ animated: Bool) {
                super.viewWillAppear(animated)
                optionalView.viewWillAppear()
            }
        }

        static func run(_ shard: OptionalViewsShard) -> OptionalViewsOutcome {
            shard.simulate { session, screen in
                ContainerViewController(
                    optionalView: OptionalViewProxy(session: session, screen: screen))
            }
        }
    }
}
