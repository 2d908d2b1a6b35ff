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

    public static func == (a: ChartScale, b: ChartScale) -> Bool {
        a.kind == b.kind && a.domain == b.domain && a.pixels == b.pixels
    }

    /// A scale over `domain`; a logarithmic domain must be positive, and an empty one is
    /// widened so that every value has a place.
    public init(_ kind: Kind, domain: ClosedRange<Double>, pixels: (start: Double, end: Double)) {
        self.kind = kind
        var low = domain.lowerBound
        var high = domain.upperBound
        switch kind {
        case .linear:
            if high - low <= 0 { (low, high) = (low - 1, high + 1) }
        case .logarithmic:
            precondition(low > 0, "a logarithmic axis needs positive values")
            if high / low <= 1 { (low, high) = (low / 2, high * 2) }
        }
        self.domain = low...high
        self.pixels = pixels
    }

    /// A scale fitted to `values` (finite ones; non-positive ones are left out of a
    /// logarithmic scale): a logarithmic one spans at least `minimumSpan` (high / low) and
    /// a little more than the values; a linear one starts at zero when `fromZero`.
    public static func fitted(
        _ kind: Kind, to values: [Double], pixels: (start: Double, end: Double), including: [Double] = [],
        minimumSpan: Double = 4, fromZero: Bool = false
    ) -> ChartScale {
        let finite = (values + including).filter { $0.isFinite && (kind == .linear || $0 > 0) }
        switch kind {
        case .logarithmic:
            var low = finite.min() ?? 1
            var high = finite.max() ?? 1
            let span = max(minimumSpan, (high / low) * 1.2)
            let widen = (span / (high / low)).squareRoot()
            low /= widen
            high *= widen
            return ChartScale(.logarithmic, domain: low...high, pixels: pixels)
        case .linear:
            var low = fromZero ? 0 : finite.min() ?? 0
            var high = finite.max() ?? 1
            if fromZero { low = min(low, 0) }
            let margin = (high - low) * 0.05
            high += margin
            if !fromZero { low -= margin }
            return ChartScale(.linear, domain: low...high, pixels: pixels)
        }
    }

    /// The pixel of `value`: where it is drawn along this axis.
    public func pixel(_ value: Double) -> Double {
        let fraction: Double
        switch kind {
        case .linear:
            fraction = (value - domain.lowerBound) / (domain.upperBound - domain.lowerBound)
        case .logarithmic:
            fraction = log10(value / domain.lowerBound) / log10(domain.upperBound / domain.lowerBound)
        }
        return pixels.start + fraction * (pixels.end - pixels.start)
    }

    /// The pixel of `value`, or nil when it cannot be drawn: not finite, not positive on a
    /// logarithmic axis, or outside the domain.
    public func pixelIfShown(_ value: Double) -> Double? {
        guard value.isFinite, kind == .linear || value > 0, domain.contains(value) else { return nil }
        return pixel(value)
    }

    /// The pixel of `value` pulled into the domain, for a band or whisker that runs off it.
    public func clampedPixel(_ value: Double) -> Double {
        guard value.isFinite, kind == .linear || value > 0 else { return pixel(domain.lowerBound) }
        return pixel(min(max(value, domain.lowerBound), domain.upperBound))
    }

    /// Readable tick values inside the domain: 1-2-5 steps on a linear scale; powers of ten
    /// on a logarithmic one, with 2 and 5 (or finer) between them when the domain spans
    /// less than a few decades. At least two ticks whenever the domain allows.
    public func ticks() -> [Double] {
        switch kind {
        case .linear:
            var step = ChartScale.niceStep((domain.upperBound - domain.lowerBound) / 5)
            if step.value < minimumTickStep { step = ChartScale.niceStep(minimumTickStep) }
            // index × mantissa × 10^exponent, so that 3 × 0.1 is written 0.3.
            var ticks = [Double]()
            var index = (domain.lowerBound / step.value).rounded(.up)
            while index * step.value <= domain.upperBound * (1 + 1e-12) + 1e-12 {
                let tick = ChartScale.power(index * step.mantissa, step.exponent)
                ticks.append(tick == 0 ? 0 : tick)
                index += 1
            }
            return ticks
        case .logarithmic:
            let mantissaSets: [[Double]] = [[1], [1, 2, 5], [1, 1.5, 2, 3, 5, 7], [1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 7, 8, 9]]
            let first = Int(floor(log10(domain.lowerBound)))
            let last = Int(ceil(log10(domain.upperBound)))
            var best = [Double]()
            for mantissas in mantissaSets {
                best = []
                for exponent in first...last {
                    for mantissa in mantissas {
                        let value = ChartScale.power(mantissa, exponent)
                        if value >= domain.lowerBound * (1 - 1e-12), value <= domain.upperBound * (1 + 1e-12) {
                            best.append(value)
                        }
                    }
                }
                if best.count >= 3 { break }
            }
            return best
        }
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
