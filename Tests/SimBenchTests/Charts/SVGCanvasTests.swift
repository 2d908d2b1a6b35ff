import Foundation
import SimBenchCore
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
        // Each count of whole digits, at its ends: the digits are written where they go.
        for power in 0...9 {
            let ten = pow(10, Double(power))
            values += [ten, ten - 0.001, ten - 0.006, -ten, -(ten - 0.006), ten * 9.999]
        }
        // A sweep that meets every hundredth's last digits, and halves of hundredths.
        values += stride(from: -2_000.0, through: 2_000, by: 0.7373).map { $0 }
        values += stride(from: -100_000, through: 100_000, by: 37).map { Double($0) / 100 }
        values += stride(from: -10_000, through: 10_000, by: 7).map { (Double($0) + 0.5) / 100 }
        for value in values {
            #expect(SVGCanvas.number(value) == Self.formatted(value), "\(value)")
        }
    }

    /// Each character escaped as XML wants it: the escaping as it was first written.
    static func reference(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default:
                if let ascii = character.asciiValue, ascii < 0x20, ascii != 0x09,
                    ascii != 0x0A
                {
                    out += " "
                } else {
                    out.append(character)
                }
            }
        }
        return out
    }

    @Test("text is escaped for XML; text needing nothing comes back as it is")
    func escaping() {
        #expect(SVGCanvas.escaped("vending.table ×1.25 é") == "vending.table ×1.25 é")
        #expect(
            SVGCanvas.escaped("a<b & \"c\" > 'd'\u{1}\tx\ny")
                == "a&lt;b &amp; &quot;c&quot; &gt; &#39;d&#39; \tx\ny")
    }

    @Test("text is escaped character by character, whether read among its bytes or not")
    func escapingByCharacters() {
        let texts = [
            "table: CPU ratio 1.25×, 95% CI [1.20, 1.31] · run's CI −", "é's", "a\u{1}b\u{1F}",
            // A mark joins the sign before it, which is then no `&` or `'`; a CR LF is one
            // character, kept; a CR alone is a control character.
            "&\u{301} '\u{301}x", "a\r\nb", "a\rb", "e\u{301}'s", "<\u{200D}>", "x\u{600}&",
        ]
        for text in texts {
            #expect(SVGCanvas.escaped(text) == Self.reference(text), "\(text.debugDescription)")
        }
    }

    /// Random texts of the bytes that matter: markup, quotes, control characters, marks that
    /// join the scalar before, multi-byte scalars; most short, one in eight about the clip's
    /// length, and one in sixteen of thousands of bytes (escaped a kilobyte at a time). Two
    /// texts in three are of scalars that are each a character (no mark, CR or emoji:
    /// `CharacterCount`), which are escaped among their bytes.
    static func texts(_ count: Int) -> [String] {
        let pieces = [
            "a", "Z", " ", "&", "<", ">", "\"", "'", "\u{1}", "\t", "\n", "\r", "\r\n", "\u{301}",
            "×", "−", "é", "\u{1F600}", "run's CI", "[1.20, 1.25]",
        ]
        var random = SplitMix64(seed: 11)
        let limit = ChartLimits.charactersPerText
        var texts = [String]()
        for round in 0..<count {
            let length =
                round % 16 == 8
                ? 1_000 + Int(random.next() % 3_000)
                : round % 8 == 0 ? limit - 8 + Int(random.next() % 16) : Int(random.next() % 12)
            let joins = round % 3 == 0
            var text = ""
            while text.utf8.count < length {
                let piece = pieces[Int(random.next() % UInt64(pieces.count))]
                let joining = piece.unicodeScalars.contains {
                    $0 == "\r" || $0 == "\u{301}" || $0 == "\u{1F600}"
                }
                if joining, !joins { continue }
                text += piece
            }
            texts.append(text)
        }
        return texts
    }

    @Test("long and short texts are escaped as each character asks, among their bytes or not")
    func escapingRandomTexts() {
        let mismatches = Self.texts(2_000).filter { SVGCanvas.escaped($0) != Self.reference($0) }
        #expect(mismatches.isEmpty, "\(mismatches.count): \(mismatches.prefix(3))")
    }

    @Test("a document appended onto a page is its bytes there, and counts its lines")
    func documentAppended() throws {
        for (count, text) in Self.texts(40).enumerated() {
            var canvas = SVGCanvas(width: 100, height: 100)
            for index in 0..<count {
                canvas.circle(Double(index), 2, radius: 3, fill: "#ffffff", title: text)
            }
            let document = try canvas.document(title: text, kind: "k")
            let bytes = Array(document.text.utf8)
            var page = Array("<p>before</p>\n".utf8)
            let before = page
            document.append(to: &page)
            #expect(page == before + bytes)
            #expect(
                bytes.starts(with: "<svg ".utf8) && bytes.suffix(7).elementsEqual("</svg>\n".utf8))
            let lines = bytes.count { $0 == UInt8(ascii: "\n") }
            #expect(document.lineCount(HTMLReport.lineCount) == lines)
        }
    }

    @Test("a point's and a shape's tooltip is its text clipped and escaped, between its tags")
    func tooltips() throws {
        var mismatches = [String]()
        for text in Self.texts(1_000) {
            var canvas = SVGCanvas(width: 100, height: 100)
            canvas.circle(1, 2, radius: 3, fill: "#ffffff", title: text)
            canvas.path([(1, 2), (3, 4)], closed: false, stroke: "#000000", title: text)
            let document = try canvas.document(title: "t", kind: "k").text
            let title = "<title>" + SVGCanvas.escaped(ChartText.clipped(text)) + "</title>"
            for tag in ["circle", "path"] where !document.contains(title + "</\(tag)>\n") {
                mismatches.append("\(tag): \(text.debugDescription)")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count): \(mismatches.prefix(3))")
    }

    @Test("text appended escaped, into an element's bytes, is the escaped text, clipped or not")
    func appendingEscaped() {
        var mismatches = [String]()
        for text in Self.texts(4_000) {
            for clipped in [false, true] {
                var bytes = Array("x".utf8)
                SVGCanvas.appendEscaped(text, clipped: clipped, to: &bytes)
                let expected = "x" + SVGCanvas.escaped(clipped ? ChartText.clipped(text) : text)
                if String(decoding: bytes, as: UTF8.self) != expected {
                    mismatches.append("\(text.debugDescription) clipped: \(clipped)")
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count): \(mismatches.prefix(5))")
    }
}
