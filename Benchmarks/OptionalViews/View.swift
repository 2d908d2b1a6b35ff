extension OptionalViews {
    /// The stand-in for `UIView`: a node in a tree of views.
    ///
    /// There is no UIKit on Linux. What the article's containers do with their views is add
    /// one as a subview, so that is all this keeps; no frame, no drawing, no superview (a weak
    /// back reference would allocate a side table per view and weigh on every variant).
    class View {
        private(set) var subviews: [View] = []

        init() {}

        final func addSubview(_ view: View) {
            subviews.append(view)
        }
    }

    /// The stand-in for `UIViewController`: a root view loaded on first use, and the two
    /// lifecycle callbacks the article's containers override.
    ///
    /// As in UIKit, the root view does not exist until something asks for `view`; the first
    /// access creates it and calls `viewDidLoad`. A controller that is created and torn down
    /// without being shown never loads.
    class ViewController {
        private var loadedView: View?

        init() {}

        /// The root view, created and loaded on first access.
        final var view: View {
            if let loadedView { return loadedView }
            let root = View()
            loadedView = root
            viewDidLoad()
            return root
        }

        /// The root view if it was loaded, without loading it.
        final var viewIfLoaded: View? { loadedView }

        final func loadViewIfNeeded() {
            _ = view
        }

        /// Called once, right after the root view was created.
        func viewDidLoad() {}

        /// Called every time the controller's view is about to be shown.
        func viewWillAppear(_ animated: Bool) {}
    }
}
