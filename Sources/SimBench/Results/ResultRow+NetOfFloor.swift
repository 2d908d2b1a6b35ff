/// Which net-of-floor ratios a table shows: only those that mean something.
///
/// The ratio net of the floor divides by the baseline's time above the floor. When that
/// margin is within the baseline's own round-to-round spread, or when no interval could be
/// formed (Fieller's interval is unbounded when the denominator's own interval holds zero),
/// the quotient is noise over noise (`149.34×` for a baseline 0.67 ns above its floor), and
/// a table shows `—` instead. The CSV keeps every figure, for whoever reads it with care.
extension ResultRow {
    /// Why a table shows `—` for a net ratio, said once under the tables.
    public static let netOfFloorLegend =
        "net of floor —: no interval could be formed, or the baseline is within its own spread (CV) of the floor"

    /// The ratio net of the floor with its interval, nil when it means nothing: no interval
    /// with two finite bounds, or a `baseline` whose margin over the floor (1 − its floor
    /// share) is within its coefficient of variation.
    public func meaningfulNetOfFloor(baseline: ResultRow?) -> Estimate? {
        guard let net = ratioNetOfFloor, let low = net.low, let high = net.high, low.isFinite,
            high.isFinite, net.value.isFinite
        else { return nil }
        if let baseline, let share = baseline.floorShare,
            let spread = baseline.nsPerEvent?.coefficientOfVariation,
            1 - share <= spread
        {
            return nil
        }
        return net
    }
}
