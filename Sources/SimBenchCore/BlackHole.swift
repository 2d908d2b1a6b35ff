/// Consumes a value so that the optimiser cannot delete the work that produced it.
///
/// Kept in a module of its own with optimisation disabled; the harness also compares every
/// outcome with its baseline's, so the work is observable twice over.
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
