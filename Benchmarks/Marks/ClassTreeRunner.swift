/// How the type-cast and type-switch variants find out a mark's class.
protocol MarkClassifier {
    /// Hands a leaf to `handler` by its class, or enters a stroke on `walk` so that its
    /// children are classified next and the stroke is handled after them.
    static func classify<Handler: MarkClassHandler>(
        _ mark: any Mark, _ handler: inout Handler, _ walk: inout MarkWalk)
}

/// Runs the operations over class-tree pages, asking each mark its class with `Classifier`.
///
/// The walk is the visitor variant's (`MarkWalk`), so the class-tree variants differ only in
/// how a mark reaches the code for its class.
struct ClassTreeRunner<Classifier: MarkClassifier>: MarkPageReader {
    typealias Page = (any Mark)?

    private var walk = MarkWalk()

    @inline(__always)
    private mutating func handle<Handler: MarkClassHandler>(
        _ page: Page, _ handler: inout Handler
    ) {
        guard let root = page else { return }
        walk.walk(
            from: root,
            visit: { mark, walk in Classifier.classify(mark, &handler, &walk) },
            leave: { stroke in handler.stroke(stroke) })
    }

    mutating func read<Reading: MarkReading>(_ page: Page, into reading: inout Reading) {
        handle(page, &reading)
    }

    mutating func transform(_ page: inout Page, by pass: inout MarkTransformPass) {
        handle(page, &pass)
    }
}
