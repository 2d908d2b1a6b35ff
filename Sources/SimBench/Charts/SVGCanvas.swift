import Foundation

/// An SVG document built element by element, with every number written the same way
/// (two decimals at most, no `-0`), so that the same chart is the same bytes.
struct SVGCanvas {
    let width: Double
    var height: Double
    private var elements = [String]()
    /// An element was refused for want of room (`ChartLimits`): the chart is not drawn.
    private(set) var overflowed = false

    /// Whether the canvas holds all it may: drawing more is refused, so loops over rows
    /// stop here rather than work for nothing.
    var isFull: Bool { overflowed || elements.count >= ChartLimits.elementsPerChart }

    /// How many elements the canvas holds.
    var elementCount: Int { elements.count }

    /// Fails at once when a chart is sure to draw at least `elements` elements, so that a
    /// chart past `ChartLimits.elementsPerChart` is refused before the work of drawing it.
    static func reserve(_ elements: Int) throws(CanvasOverflow) {
        guard elements < ChartLimits.elementsPerChart else { throw CanvasOverflow() }
    }

    /// Adds `element` if there is room for it.
    private mutating func add(_ element: String) {
        guard elements.count < ChartLimits.elementsPerChart else {
            overflowed = true
            return
        }
        elements.append(element)
    }

    init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// A coordinate or length: at most two decimals, trailing zeros dropped.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        // A coordinate beyond a billion pixels means nothing; it must not overflow below.
        let value = min(max(value, -1e9), 1e9)
        // In whole hundredths, written by hand: `String(format:)` took a sixth of a report's
        // time, and a chart has tens of thousands of coordinates.
        let cents = Int((value * 100).rounded())
        if cents == 0 { return "0" }
        let whole = cents.magnitude / 100
        let fraction = cents.magnitude % 100
        var text = (cents < 0 ? "-" : "") + String(whole)
        if fraction % 10 != 0 {
            text += (fraction < 10 ? ".0" : ".") + String(fraction)
        } else if fraction != 0 {
            text += "." + String(fraction / 10)
        }
        return text
    }

    /// `text` safe inside an element or a quoted attribute.
    static func escaped(_ text: String) -> String {
        // Most text needs nothing: found among its bytes, where they lie (a report escapes
        // millions of strings), it is returned as it is.
        func needsEscape(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">")
                || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")
                || (byte < 0x20 && byte != 0x09 && byte != 0x0A)
        }
        var text = text
        if text.withUTF8({ !$0.contains(where: needsEscape) }) { return text }
        // Where each scalar is a character of its own (a point's tooltip, `run's CI`: nearly
        // every text that needs escaping), each byte below 0x80 is a character: escaped
        // among the bytes.
        let escapedBytes: [UInt8]? = text.withUTF8 { bytes in
            guard CharacterCount.scalarsIfEachIsACharacter(bytes) != nil else { return nil }
            var out = [UInt8]()
            out.reserveCapacity(bytes.count + 16)
            for byte in bytes {
                switch byte {
                case UInt8(ascii: "&"): out += "&amp;".utf8
                case UInt8(ascii: "<"): out += "&lt;".utf8
                case UInt8(ascii: ">"): out += "&gt;".utf8
                case UInt8(ascii: "\""): out += "&quot;".utf8
                case UInt8(ascii: "'"): out += "&#39;".utf8
                case _ where byte < 0x20 && byte != 0x09 && byte != 0x0A:
                    out.append(UInt8(ascii: " "))
                default: out.append(byte)
                }
            }
            return out
        }
        if let escapedBytes { return String(decoding: escapedBytes, as: UTF8.self) }
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default:
                // Control characters are not allowed in XML 1.0.
                if let ascii = character.asciiValue, ascii < 0x20, ascii != 0x09, ascii != 0x0A {
                    out += " "
                } else {
                    out.append(character)
                }
            }
        }
        return out
    }

    private static func attributes(_ pairs: [(String, String)]) -> String {
        pairs.map { " \($0.0)=\"\(escaped($0.1))\"" }.joined()
    }

    mutating func line(
        _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, stroke: String, width: Double = 1,
        dash: String? = nil, cssClass: String? = nil
    ) {
        var pairs = [
            ("x1", Self.number(x1)), ("y1", Self.number(y1)), ("x2", Self.number(x2)),
            ("y2", Self.number(y2)),
            ("stroke", stroke), ("stroke-width", Self.number(width)),
        ]
        if let dash { pairs.append(("stroke-dasharray", dash)) }
        if let cssClass { pairs.append(("class", cssClass)) }
        add("<line\(Self.attributes(pairs))/>")
    }

    mutating func rect(
        _ x: Double, _ y: Double, _ width: Double, _ height: Double, fill: String,
        stroke: String? = nil,
        opacity: Double? = nil, cssClass: String? = nil
    ) {
        var pairs = [
            ("x", Self.number(x)), ("y", Self.number(y)), ("width", Self.number(max(0, width))),
            ("height", Self.number(max(0, height))), ("fill", fill),
        ]
        if let stroke { pairs.append(("stroke", stroke)) }
        if let opacity { pairs.append(("fill-opacity", Self.number(opacity))) }
        if let cssClass { pairs.append(("class", cssClass)) }
        add("<rect\(Self.attributes(pairs))/>")
    }

    mutating func circle(
        _ x: Double, _ y: Double, radius: Double, fill: String, stroke: String? = nil,
        title: String? = nil, cssClass: String? = nil
    ) {
        var pairs = [
            ("cx", Self.number(x)), ("cy", Self.number(y)), ("r", Self.number(radius)),
            ("fill", fill),
        ]
        if let stroke {
            pairs.append(("stroke", stroke))
            pairs.append(("stroke-width", "1.5"))
        }
        if let cssClass { pairs.append(("class", cssClass)) }
        if let title {
            add(
                "<circle\(Self.attributes(pairs))><title>\(Self.escaped(ChartText.clipped(title)))</title></circle>"
            )
        } else {
            add("<circle\(Self.attributes(pairs))/>")
        }
    }

    /// A closed shape or an open line through `points`.
    mutating func path(
        _ points: [(Double, Double)], closed: Bool, fill: String = "none",
        fillOpacity: Double? = nil,
        stroke: String = "none", width: Double = 1.5, dash: String? = nil, title: String? = nil,
        cssClass: String? = nil
    ) {
        guard points.count <= ChartLimits.pointsPerPath else {
            overflowed = true
            return
        }
        guard let first = points.first else { return }
        var data = "M\(Self.number(first.0)) \(Self.number(first.1))"
        for point in points.dropFirst() {
            data += " L\(Self.number(point.0)) \(Self.number(point.1))"
        }
        if closed { data += " Z" }
        var pairs = [("d", data), ("fill", fill), ("stroke", stroke)]
        if stroke != "none" { pairs.append(("stroke-width", Self.number(width))) }
        if let fillOpacity { pairs.append(("fill-opacity", Self.number(fillOpacity))) }
        if let dash { pairs.append(("stroke-dasharray", dash)) }
        if let cssClass { pairs.append(("class", cssClass)) }
        if let title {
            add(
                "<path\(Self.attributes(pairs))><title>\(Self.escaped(ChartText.clipped(title)))</title></path>"
            )
        } else {
            add("<path\(Self.attributes(pairs))/>")
        }
    }

    enum Anchor: String {
        case start, middle, end
    }

    mutating func text(
        _ x: Double, _ y: Double, _ string: String, anchor: Anchor = .start, size: Double = 12,
        bold: Bool = false, rotated: Bool = false, fill: String = "#222222", cssClass: String? = nil
    ) {
        var pairs = [("x", Self.number(x)), ("y", Self.number(y))]
        if anchor != .start { pairs.append(("text-anchor", anchor.rawValue)) }
        if size != 12 { pairs.append(("font-size", Self.number(size))) }
        if bold { pairs.append(("font-weight", "bold")) }
        if rotated {
            pairs.append(("transform", "rotate(-90 \(Self.number(x)) \(Self.number(y)))"))
        }
        if fill != "#222222" { pairs.append(("fill", fill)) }
        if let cssClass { pairs.append(("class", cssClass)) }
        add("<text\(Self.attributes(pairs))>\(Self.escaped(ChartText.clipped(string)))</text>")
    }

    /// Opens a group; `close()` ends it.
    mutating func open(cssClass: String, label: String? = nil) {
        var pairs = [("class", cssClass)]
        if let label { pairs.append(("data-label", ChartText.clipped(label))) }
        add("<g\(Self.attributes(pairs))>")
    }

    mutating func close() { add("</g>") }

    /// Adds `other`'s elements after this canvas's own (drawn over them).
    mutating func append(_ other: SVGCanvas) {
        for element in other.elements { add(element) }
        overflowed = overflowed || other.overflowed
    }

    /// The whole document; `kind` becomes the root's `data-chart` attribute, which the
    /// browser check looks for. Fails if an element was refused: a chart is drawn whole or
    /// not at all.
    func document(title: String, kind: String) throws(CanvasOverflow) -> String {
        guard !isFull else { throw CanvasOverflow() }
        let pairs = [
            ("xmlns", "http://www.w3.org/2000/svg"), ("width", Self.number(width)),
            ("height", Self.number(height)),
            ("viewBox", "0 0 \(Self.number(width)) \(Self.number(height))"), ("role", "img"),
            ("class", "simbench-chart"), ("data-chart", kind), ("font-family", "sans-serif"),
            ("font-size", "12"),
        ]
        var out = "<svg\(Self.attributes(pairs))>\n<title>\(Self.escaped(title))</title>\n"
        out +=
            "<rect x=\"0\" y=\"0\" width=\"\(Self.number(width))\" height=\"\(Self.number(height))\" fill=\"#ffffff\"/>\n"
        for element in elements { out += element + "\n" }
        out += "</svg>\n"
        return out
    }
}
