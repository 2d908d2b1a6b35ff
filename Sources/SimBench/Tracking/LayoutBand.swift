import Foundation

/// How far one row's figure moves between code layouts of one build: `simbench ab`'s layout
/// band.
///
/// Where the linker puts each function moves a tight loop's speed, the same in every run of
/// one binary (the manual's CI.md, "Code layout"). With layouts on, `ab` links every run of
/// each build with its own shuffle seed, so the runs of one build differ only in layout (and
/// in the noise between processes). The band is the largest move between two of them, on
/// the figure the verdict rests on: `exp(max log − min log) − 1` over one build's runs, the
/// larger of the two builds'. It is measured, not modelled: no distribution is assumed, and
/// it includes the noise between processes, which makes it wider, never narrower. A change
/// no larger than the band could be one layout against another, so `ab` reports it as
/// within the layout band rather than as a regression or an improvement.
public struct LayoutBand: Sendable, Equatable {
    /// The largest relative move between two runs of one build, `0.041` for 4.1%.
    public let width: Double

    public init(width: Double) {
        self.width = width
    }

    /// The band of one row from its figures in each build's runs (one per layout); nil when
    /// neither build has two positive, finite figures.
    public init?(base: [Double], head: [Double]) {
        let spans = [base, head].compactMap { figures -> Double? in
            let logs = figures.filter { $0 > 0 && $0.isFinite }.map { log($0) }
            guard logs.count >= 2, let low = logs.min(), let high = logs.max() else { return nil }
            return high - low
        }
        guard let span = spans.max() else { return nil }
        width = exp(span) - 1
    }

    /// Whether a relative change (`0.05` for +5%) is no larger than the band, either way: in
    /// log space, so that +10% and −9.1% (the same factor) are treated alike.
    public func contains(_ change: Double) -> Bool {
        guard change > -1 else { return false }
        return abs(log1p(change)) <= log1p(width)
    }

    /// `±4.1%`.
    public var text: String { "±" + String(format: "%.1f%%", width * 100) }
}
