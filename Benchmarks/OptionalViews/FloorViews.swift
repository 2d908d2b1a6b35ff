extension OptionalViews {
    /// `optional-views.floor`: the app's side of every lifecycle, with no optional view.
    ///
    /// The container is the bare `ViewController`: it is created, the tape's change is
    /// applied, it is loaded and appears, and its view tree is recorded through the same
    /// `OptionalViewsOutcome` as every other variant's, but it never decides about an
    /// optional view. What it costs is the simulation's own bookkeeping (a container and its
    /// root view made and torn down, the lifecycle calls, the record); its outcome differs
    /// from the baseline's by design.
    enum Floor {
        final class ContainerViewController: ViewController {}

        static func run(_ shard: OptionalViewsShard) -> OptionalViewsOutcome {
            shard.simulate { _, _ in ContainerViewController() }
        }
    }
}
