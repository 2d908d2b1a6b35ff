import Foundation

/// One axis of a chart: how a value maps to a pixel, and where its ticks go.
///
/// A linear scale maps `domain` to `pixels` proportionally; a logarithmic one maps the
/// logarithms proportionally, so that equal ratios take equal distances (1× to 2× is as
/// long as 2× to 4×). `pixels` may run backwards (a y axis grows upwards).
public struct ChartScale: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case linear
        case logarithmic
    }

    public let kind: Kind
    public let domain: ClosedRange<Double>
    /// The pixel of `domain.lowerBound`, then that of `domain.upperBound`.
    public let pixels: (start: Double, end: Double)
    /// The smallest step between linear ticks: 1 for counts (runs, actors), so that no
    /// tick falls between two of them.
    public var minimumTickStep = 0.0
    /// The logarithms of `domain`'s bounds, taken once: a history chart maps hundreds of
    /// thousands of values, and a logarithm costs a hundred instructions.
    private let decades: (low: Double, high: Double)

    public static func == (a: ChartScale, b: ChartScale) -> Bool {
        a.kind == b.kind && a.domain == b.domain && a.pixels == b.pixels
    }

    /// A scale over `domain`; an empty one is widened so that every value has a place.
    /// Bounds past `ChartLimits` are pulled in (a logarithmic one to positive values), so
    /// that any domain gives a finite, non-empty scale.
    public init(_ kind: Kind, domain: ClosedRange<Double>, pixels: (start: Double, end: Double)) {
        self.init(kind, from: domain.lowerBound, to: domain.upperBound, pixels: pixels)
    }

    /// A scale from `low` to `high`, whatever they are: NaN, infinite, reversed, equal,
    /// or not positive on a logarithmic axis. The domain it gets is finite, positive for a
    /// logarithmic scale, and wide enough for distinct ticks; arithmetic on it cannot
    /// overflow, because its bounds stay within a hundred times `ChartLimits`' (margins
    /// around clamped values need a little room).
    init(_ kind: Kind, from low: Double, to high: Double, pixels: (start: Double, end: Double)) {
        self.kind = kind
        let largest = ChartLimits.largestMagnitude * 100
        var low = low
        var high = high
        if low.isNaN { low = high.isNaN ? (kind == .linear ? 0 : 1) : high }
        if high.isNaN { high = low }
        if low > high { swap(&low, &high) }
        switch kind {
        case .linear:
            low = min(max(low, -largest), largest)
            high = min(max(high, -largest), largest)
            let magnitude = max(abs(low), abs(high))
            if high - low
                <= max(magnitude * ChartLimits.narrowestRelativeSpan, ChartLimits.smallestPositive)
            {
                let widening = max(1, magnitude * 1e-6)
                (low, high) = (low - widening, high + widening)
            }
        case .logarithmic:
            let smallest = ChartLimits.smallestPositive / 100
            low = min(max(low, smallest), largest)
            high = min(max(high, smallest), largest)
            if high / low <= 1 + ChartLimits.narrowestRelativeSpan {
                (low, high) = (low / 2, high * 2)
            }
        }
        self.domain = low...high
        decades = (log10(low), log10(high))
        self.pixels = (
            pixels.start.isFinite ? pixels.start : 0, pixels.end.isFinite ? pixels.end : 0
        )
    }

    /// A scale fitted to `values` (finite ones; non-positive ones are left out of a
    /// logarithmic scale; magnitudes past `ChartLimits` count as the limit): a logarithmic
    /// one spans at least `minimumSpan` (high / low) and a little more than the values; a
    /// linear one starts at zero when `fromZero`.
    public static func fitted(
        _ kind: Kind, to values: [Double], pixels: (start: Double, end: Double),
        including: [Double] = [],
        minimumSpan: Double = 4, fromZero: Bool = false
    ) -> ChartScale {
        let largest = ChartLimits.largestMagnitude
        switch kind {
        case .logarithmic:
            // In decades, so that 5e-324 and 1.8e308 in one axis overflow nothing.
            let decades = (values + including).filter { $0.isFinite && $0 > 0 }
                .map { log10(min(max($0, ChartLimits.smallestPositive), largest)) }
            let low = decades.min() ?? 0
            let high = decades.max() ?? 0
            let span = max(log10(max(minimumSpan, 1)), high - low + log10(1.2))
            let widen = (span - (high - low)) / 2
            return ChartScale(
                .logarithmic, from: pow(10, low - widen), to: pow(10, high + widen), pixels: pixels)
        case .linear:
            let finite = (values + including).filter(\.isFinite).map {
                min(max($0, -largest), largest)
            }
            var low = fromZero ? 0 : finite.min() ?? 0
            var high = finite.max() ?? 1
            if fromZero { low = min(low, 0) }
            let margin = (high - low) * 0.05
            high += margin
            if !fromZero { low -= margin }
            return ChartScale(.linear, from: low, to: high, pixels: pixels)
        }
    }

    /// The pixel of `value`: where it is drawn along this axis. A value far outside the
    /// domain (or not finite, or not positive on a logarithmic axis) is drawn at most a
    /// plot's length beyond its edge, so that every pixel is a modest finite number.
    public func pixel(_ value: Double) -> Double {
        var fraction: Double
        switch kind {
        case .linear:
            let largest = ChartLimits.largestMagnitude * 100
            let clamped = value.isNaN ? domain.lowerBound : min(max(value, -largest), largest)
            fraction = (clamped - domain.lowerBound) / (domain.upperBound - domain.lowerBound)
        case .logarithmic:
            let clamped = value > 0 ? value : domain.lowerBound
            fraction = (log10(clamped) - decades.low) / (decades.high - decades.low)
        }
        fraction = fraction.isNaN ? 0 : min(max(fraction, -1), 2)
        return pixels.start + fraction * (pixels.end - pixels.start)
    }

    /// The pixel of `value`, or nil when it cannot be drawn: not finite, not positive on a
    /// logarithmic axis, or outside the domain.
    public func pixelIfShown(_ value: Double) -> Double? {
        guard value.isFinite, kind == .linear || value > 0, domain.contains(value) else {
            return nil
        }
        return pixel(value)
    }

    /// The pixel of `value` pulled into the domain, for a band or whisker that runs off it.
    public func clampedPixel(_ value: Double) -> Double {
        guard value.isFinite, kind == .linear || value > 0 else { return pixel(domain.lowerBound) }
        return pixel(min(max(value, domain.lowerBound), domain.upperBound))
    }

    /// Readable tick values inside the domain: 1-2-5 steps on a linear scale; powers of ten
    /// on a logarithmic one, with 2 and 5 (or finer) between them when the domain spans
    /// less than a few decades. At least two ticks whenever the domain allows, at most
    /// `ChartLimits.ticksPerAxis`.
    public func ticks() -> [Double] {
        switch kind {
        case .linear:
            var step = ChartScale.niceStep((domain.upperBound - domain.lowerBound) / 5)
            if step.value < minimumTickStep { step = ChartScale.niceStep(minimumTickStep) }
            // index × mantissa × 10^exponent, so that 3 × 0.1 is written 0.3.
            // The domain is at least `ChartLimits.narrowestRelativeSpan` of its magnitude
            // wide, so `index` stays exact; the count bounds the loop whatever happens.
            var ticks = [Double]()
            var index = (domain.lowerBound / step.value).rounded(.up)
            while ticks.count < ChartLimits.ticksPerAxis,
                index * step.value <= domain.upperBound + step.value * 1e-9
            {
                let tick = ChartScale.power(index * step.mantissa, step.exponent)
                ticks.append(tick == 0 ? 0 : tick)
                index += 1
            }
            return ticks
        case .logarithmic:
            let mantissaSets: [[Double]] = [
                [1], [1, 2, 5], [1, 1.5, 2, 3, 5, 7], [1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 7, 8, 9],
            ]
            let first = Int(floor(log10(domain.lowerBound)))
            let last = Int(ceil(log10(domain.upperBound)))
            var best = [Double]()
            for mantissas in mantissaSets {
                best = []
                for exponent in first...last {
                    for mantissa in mantissas {
                        let value = ChartScale.power(mantissa, exponent)
                        if value >= domain.lowerBound * (1 - 1e-12),
                            value <= domain.upperBound * (1 + 1e-12)
                        {
                            best.append(value)
                        }
                    }
                }
                if best.count >= 3 { break }
            }
            return ChartScale.thinned(best)
        }
    }

    /// Every k-th of `ticks`, the first kept, so that at most `ChartLimits.ticksPerAxis`
    /// remain: a logarithmic axis over 600 decades is labelled every 50.
    static func thinned(_ ticks: [Double]) -> [Double] {
        let limit = ChartLimits.ticksPerAxis
        guard ticks.count > limit else { return ticks }
        let stride = (ticks.count + limit - 1) / limit
        return ticks.enumerated().filter { $0.offset % stride == 0 }.map(\.element)
    }

    /// `mantissa` × 10^`exponent`, exactly for the decimal values ticks use (0.1, not
    /// 0.1000000001).
    static func power(_ mantissa: Double, _ exponent: Int) -> Double {
        exponent >= 0 ? mantissa * pow(10, Double(exponent)) : mantissa / pow(10, Double(-exponent))
    }

    /// 1, 2 or 5 times a power of ten, the smallest not below `rough`.
    static func niceStep(_ rough: Double) -> (value: Double, mantissa: Double, exponent: Int) {
        guard rough > 0, rough.isFinite else { return (1, 1, 0) }
        let exponent = Int(floor(log10(rough)))
        for mantissa in [1.0, 2, 5] where power(mantissa, exponent) >= rough * (1 - 1e-9) {
            return (power(mantissa, exponent), mantissa, exponent)
        }
        return (power(1, exponent + 1), 1, exponent + 1)
    }
}
