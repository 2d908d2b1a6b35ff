extension OptionalViews {
    /// The article's `OptionalViewFactory`: the one place outside the baseline's container
    /// where the conditions are applied.
    ///
    /// The article writes this struct twice, once returning the concrete `OptionalView?`
    /// and once returning the abstraction; simbench writes its body once and lets each
    /// variant's `OptionalViewFactoryProtocol` pick the form it needs (the abstract form is
    /// an overload by return type, in `AbstractFactoryViews.swift`). The proxy delegates to
    /// it too, as the article allows ("it could delegate the task in another class").
    struct OptionalViewFactory {
        let session: AppSession
        let screen: Screen

        /// The view the conditions call for on `screen`, made now, or nil.
        @inline(__always)
        func makeOptionalView() -> OptionalView? {
            guard let kind = session.conditions.optionalViewKind(on: screen) else { return nil }
            return OptionalView(kind: kind, in: session)
        }
    }
}
