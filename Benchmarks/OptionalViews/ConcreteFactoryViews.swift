extension OptionalViews {
    /// `optional-views.concrete-factory`: the article's concrete factory method.
    ///
    /// The conditions move out of the container into a factory, which returns the concrete
    /// `OptionalView` or nil. As in the article's listing, the container holds the factory
    /// through `OptionalViewFactoryProtocol` and keeps two references, one to the factory
    /// and one to the concrete view, so it knows both that a factory exists and which view
    /// class it makes. The factory is the shared `OptionalViewFactory`.
    enum ConcreteFactory {
        protocol OptionalViewFactoryProtocol {
            func makeOptionalView() -> OptionalView?
        }

        final class ContainerViewController: ViewController {
            let optionalViewFactory: any OptionalViewFactoryProtocol
            var optionalView: OptionalView?

            init(optionalViewFactory: any OptionalViewFactoryProtocol) {
                self.optionalViewFactory = optionalViewFactory
                super.init()
            }

            override func viewDidLoad() {
                super.viewDidLoad()
                if let optionalView = optionalViewFactory.makeOptionalView() {
                    self.optionalView = optionalView
                    view.addSubview(optionalView)
                    optionalView.viewDidLoad()
                }
            }

            override func viewWillAppear(_ animated: Bool) {
                super.viewWillAppear(animated)
                optionalView?.viewWillAppear()
            }
        }

        static func run(_ shard: OptionalViewsShard) -> OptionalViewsOutcome {
            shard.simulate { session, screen in
                ContainerViewController(
                    optionalViewFactory: OptionalViewFactory(session: session, screen: screen))
            }
        }
    }
}

extension OptionalViews.OptionalViewFactory:
    OptionalViews.ConcreteFactory.OptionalViewFactoryProtocol
{}
