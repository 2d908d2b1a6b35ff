extension OptionalViews {
    /// `optional-views.abstract-factory`: the article's factory method over an abstraction.
    ///
    /// The factory returns `(any OptionalViewProtocol)?`, so the container no longer names
    /// the view's class and every lifecycle call goes through the existential; the container
    /// still knows that a factory is involved.
    enum AbstractFactory {
        protocol OptionalViewFactoryProtocol {
            func makeOptionalView() -> (any OptionalViewProtocol)?
        }

        final class ContainerViewController: ViewController {
            let optionalViewFactory: any OptionalViewFactoryProtocol
            var optionalView: (any OptionalViewProtocol)?

            init(optionalViewFactory: any OptionalViewFactoryProtocol) {
                self.optionalViewFactory = optionalViewFactory
                super.init()
            }

            override func viewDidLoad() {
                super.viewDidLoad()
                if let optionalView = optionalViewFactory.makeOptionalView() {
                    self.optionalView = optionalView
                    // The article's protocol has a non-optional `view`; see
                    // `OptionalViewProtocol` for why this one is optional.
                    if let subview = optionalView.view { view.addSubview(subview) }
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
    OptionalViews.AbstractFactory.OptionalViewFactoryProtocol
{
    /// The article's abstract form of the factory method: the same conditions, the view
    /// returned as its abstraction.
    func makeOptionalView() -> (any OptionalViews.OptionalViewProtocol)? {
        let optionalView: OptionalViews.OptionalView? = makeOptionalView()
        return optionalView
    }
}
