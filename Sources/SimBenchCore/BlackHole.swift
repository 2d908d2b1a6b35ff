/// Consumes a value so that the optimiser cannot delete the work that produced it.
///
/// It lives in SimBenchCore, an optimised module the subjects import; what keeps its body
/// opaque is that it is neither `@inlinable` nor inlined (`@inline(never)`), and is itself
/// compiled without optimisation (`@_optimize(none)`), so no caller can see that it does
/// nothing with its argument. The harness also compares every outcome with its baseline's,
/// so the work is observable twice over.
@inline(never)
@_optimize(none)
public func blackHole<T>(_ value: T) {
    _ = value
}

/// Returns its argument through an opaque call, hiding constants from the optimiser.
@inline(never)
@_optimize(none)
public func identity<T>(_ value: T) -> T {
    value
}
