import Foundation
import Testing

@testable import SimBench

/// The numbers and text a chart writes: coordinates in hundredths, text escaped for XML.
@Suite("SVG canvas")
struct SVGCanvasTests {
    /// What `SVGCanvas.number` wrote through `String(format:)`: the reference the hand-written
    /// form must match.
    static func formatted(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let rounded = (min(max(value, -1e9), 1e9) * 100).rounded() / 100
        if rounded == 0 { return "0" }
        var text = String(format: "%.2f", rounded)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    @Test("a coordinate has at most two decimals, no trailing zero, as %.2f gave it")
    func numbers() {
        var values: [Double] = [
            0, -0.0, 0.004, -0.004, 0.005, -0.005, 0.05, 0.1, 0.5, 1, 1.005, 1.25, -1.25, 12.3,
            99.999, 100, 123456.789, -987654.321, 1e9, 2e9, -2e9, .infinity, -.infinity, .nan,
        ]
        // A sweep that meets every hundredth's last digits, and halves of hundredths.
        values += stride(from: -2_000.0, through: 2_000, by: 0.7373).map { $0 }
        values += stride(from: -100_000, through: 100_000, by: 37).map { Double($0) / 100 }
        values += stride(from: -10_000, through: 10_000, by: 7).map { (Double($0) + 0.5) / 100 }
        for value in values {
            #expect(SVGCanvas.number(value) == Self.formatted(value), "\(value)")
        }
    }

    @Test("text is escaped for XML; text needing nothing comes back as it is")
    func escaping() {
        #expect(SVGCanvas.escaped("vending.table ×1.25 é") == "vending.table ×1.25 é")
        #expect(
            SVGCanvas.escaped("a<b & \"c\" > 'd'\u{1}\tx\ny")
                == "a&lt;b &amp; &quot;c&quot; &gt; &#39;d&#39; \tx\ny")
    }
}
