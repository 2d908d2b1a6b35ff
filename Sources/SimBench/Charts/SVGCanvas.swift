import Foundation

/// An SVG document built element by element, with every number written the same way
/// (two decimals at most, no `-0`), so that the same chart is the same bytes.
///
/// Each element is written as its bytes, a line feed after it, straight into one buffer:
/// a report of 100,000 rows draws hundreds of thousands of elements, and a string made for
/// each attribute and each element cost more than drawing them.
struct SVGCanvas {
    let width: Double
    var height: Double
    /// The elements, in order, each followed by a line feed.
    private var elements = [UInt8]()
    /// How many elements the canvas holds.
    private(set) var elementCount = 0
    /// An element was refused for want of room (`ChartLimits`): the chart is not drawn.
    private(set) var overflowed = false

    /// Whether the canvas holds all it may: drawing more is refused, so loops over rows
    /// stop here rather than work for nothing.
    var isFull: Bool { overflowed || elementCount >= ChartLimits.elementsPerChart }

    /// Fails at once when a chart is sure to draw at least `elements` elements, so that a
    /// chart past `ChartLimits.elementsPerChart` is refused before the work of drawing it.
    static func reserve(_ elements: Int) throws(CanvasOverflow) {
        guard elements < ChartLimits.elementsPerChart else { throw CanvasOverflow() }
    }

    /// Fails when a chart that will be drawn, with `least` to `most` elements, surely holds
    /// more than the `room` its caller has left (what a report's budget still holds), though
    /// it is within `ChartLimits.elementsPerChart`: it would be drawn whole, then left out,
    /// so it is left out before the work of drawing it. A chart that may pass the bound is
    /// drawn, to be refused as too large.
    static func leaveOut(least: Int, most: Int, room: Int) throws(CanvasOverflow) {
        guard least <= room || most >= ChartLimits.elementsPerChart else {
            throw CanvasOverflow(pastRoom: true)
        }
    }

    /// The elements `each` says each of `items` is sure to draw, summed until the sum reaches
    /// `ChartLimits.elementsPerChart`: a chart that many rows past its bound is refused
    /// whatever the rest of them add, so they are not counted.
    static func elements<Items: Sequence>(of items: Items, _ each: (Items.Element) -> Int) -> Int {
        var sum = 0
        for item in items {
            sum += each(item)
            if sum >= ChartLimits.elementsPerChart { break }
        }
        return sum
    }

    /// The lines of a document besides its elements' (`document`): the root's start, its
    /// title, its background and its end.
    static let documentLines = 4

    /// Adds the element `write` writes if there is room for it.
    private mutating func add(_ write: (inout [UInt8]) -> Void) {
        guard elementCount < ChartLimits.elementsPerChart else {
            overflowed = true
            return
        }
        write(&elements)
        elements.append(UInt8(ascii: "\n"))
        elementCount += 1
    }

    /// Writes ` name="value"`, the value escaped: where it needs no escape (nearly always: a
    /// colour, a class), made on the stack and appended once.
    private static func attribute(_ name: StaticString, _ value: String, to out: inout [UInt8]) {
        var value = value
        let written = value.withUTF8 { value in
            guard !value.contains(where: needsEscape) else { return false }
            StackBytes.append(room: name.utf8CodeUnitCount + value.count + 4, to: &out) { bytes in
                bytes.add(UInt8(ascii: " "))
                bytes.add(name)
                bytes.add("=\"")
                bytes.add(value)
                bytes.add(UInt8(ascii: "\""))
            }
            return true
        }
        guard !written else { return }
        StackBytes.append(" ", to: &out)
        StackBytes.append(name, to: &out)
        StackBytes.append("=\"", to: &out)
        appendEscaped(value, clipped: false, to: &out)
        out.append(UInt8(ascii: "\""))
    }

    /// Writes ` name="value"` for a coordinate or length (`number`), which needs no escape:
    /// made in a buffer on the stack and appended once (a chart writes hundreds of thousands).
    private static func attribute(
        _ name: StaticString, number value: Double, to out: inout [UInt8]
    ) {
        StackBytes.append(room: name.utf8CodeUnitCount + 4 + numberRoom, to: &out) { bytes in
            bytes.add(UInt8(ascii: " "))
            bytes.add(name)
            bytes.add("=\"")
            bytes.count += writeNumber(value, into: bytes.start + bytes.count)
            bytes.add(UInt8(ascii: "\""))
        }
    }

    /// Writes `<title>text</title>` and the element's end tag, the text clipped and escaped:
    /// a text within the clip that needs no escape (nearly every tooltip) made on the stack
    /// with its tags and appended once.
    private static func title(_ title: String, closing tag: StaticString, to out: inout [UInt8]) {
        var title = title
        let written = title.withUTF8 { text in
            guard text.count <= ChartLimits.charactersPerText, !text.contains(where: needsEscape)
            else { return false }
            StackBytes.append(room: text.count + tag.utf8CodeUnitCount + 20, to: &out) { bytes in
                bytes.add("><title>")
                bytes.add(text)
                bytes.add("</title></")
                bytes.add(tag)
                bytes.add(UInt8(ascii: ">"))
            }
            return true
        }
        guard !written else { return }
        StackBytes.append("><title>", to: &out)
        appendEscaped(title, clipped: true, to: &out)
        StackBytes.append("</title></", to: &out)
        StackBytes.append(tag, to: &out)
        out.append(UInt8(ascii: ">"))
    }

    init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// A coordinate or length: at most two decimals, trailing zeros dropped.
    static func number(_ value: Double) -> String {
        var text = [UInt8]()
        appendNumber(value, to: &text)
        return String(decoding: text, as: UTF8.self)
    }

    /// Writes `number(value)`.
    static func appendNumber(_ value: Double, to out: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: numberRoom) { buffer in
            let count = writeNumber(value, into: buffer.baseAddress!)
            out.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<count]))
        }
    }

    /// The most bytes `writeNumber` writes: a sign, ten whole digits (up to a billion), a
    /// point and two decimals.
    private static let numberRoom = 16

    /// Writes `number(value)` from `start`, which has room for `numberRoom` bytes; returns
    /// how many it wrote.
    @inline(__always)
    private static func writeNumber(_ value: Double, into start: UnsafeMutablePointer<UInt8>)
        -> Int
    {
        guard value.isFinite else {
            start[0] = UInt8(ascii: "0")
            return 1
        }
        // A coordinate beyond a billion pixels means nothing; it must not overflow below.
        let value = min(max(value, -1e9), 1e9)
        // In whole hundredths, written by hand: `String(format:)` took a sixth of a report's
        // time, and a chart has tens of thousands of coordinates.
        let cents = Int((value * 100).rounded())
        if cents == 0 {
            start[0] = UInt8(ascii: "0")
            return 1
        }
        var count = 0
        if cents < 0 {
            start[0] = UInt8(ascii: "-")
            count = 1
        }
        let whole = cents.magnitude / 100
        let fraction = cents.magnitude % 100
        // The whole part's digits, from the last, each where it goes.
        var digits = 1
        var power: UInt = 10
        while power <= whole {
            digits += 1
            power *= 10
        }
        var rest = whole
        var at = count + digits
        repeat {
            at -= 1
            start[at] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
        } while rest > 0
        count += digits
        if fraction != 0 {
            start[count] = UInt8(ascii: ".")
            start[count + 1] = UInt8(ascii: "0") + UInt8(fraction / 10)
            count += 2
            if fraction % 10 != 0 {
                start[count] = UInt8(ascii: "0") + UInt8(fraction % 10)
                count += 1
            }
        }
        return count
    }

    /// `text` safe inside an element or a quoted attribute.
    static func escaped(_ text: String) -> String {
        var text = text
        // Most text needs nothing: found among its bytes, where they lie (a report escapes
        // millions of strings), it is returned as it is.
        if text.withUTF8({ !$0.contains(where: needsEscape) }) { return text }
        let escapedBytes: [UInt8]? = text.withUTF8 { bytes in
            guard CharacterCount.scalarsIfEachIsACharacter(bytes) != nil else { return nil }
            var out = [UInt8]()
            out.reserveCapacity(bytes.count + 16)
            appendEscapedBytes(bytes, to: &out)
            return out
        }
        if let escapedBytes { return String(decoding: escapedBytes, as: UTF8.self) }
        return escapedByCharacter(text)
    }

    /// Appends `escaped(text)`, or `escaped(ChartText.clipped(text))` when `clipped`: a
    /// text within the clip whose every scalar is a character of its own (a point's
    /// tooltip, a label: nearly every text a chart writes) is escaped among its bytes,
    /// straight into `out`, no string made.
    static func appendEscaped(_ text: String, clipped: Bool, to out: inout [UInt8]) {
        var text = text
        let written = text.withUTF8 { bytes in
            guard !clipped || bytes.count <= ChartLimits.charactersPerText else { return false }
            guard bytes.contains(where: needsEscape) else {
                out.append(contentsOf: bytes)
                return true
            }
            guard CharacterCount.scalarsIfEachIsACharacter(bytes) != nil else { return false }
            appendEscapedBytes(bytes, to: &out)
            return true
        }
        if !written { out += escaped(clipped ? ChartText.clipped(text) : text).utf8 }
    }

    /// Whether `byte` is escaped: markup, quotes, and the control characters XML 1.0
    /// does not allow (written as a space).
    @inline(__always)
    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">")
            || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")
            || (byte < 0x20 && byte != 0x09 && byte != 0x0A)
    }

    /// Appends `bytes` escaped, where each scalar is a character (so each byte below 0x80
    /// is one): the runs between escapes copied whole.
    private static func appendEscapedBytes(
        _ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]
    ) {
        var runStart = 0
        for index in bytes.indices where needsEscape(bytes[index]) {
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
            switch bytes[index] {
            case UInt8(ascii: "&"): StackBytes.append("&amp;", to: &out)
            case UInt8(ascii: "<"): StackBytes.append("&lt;", to: &out)
            case UInt8(ascii: ">"): StackBytes.append("&gt;", to: &out)
            case UInt8(ascii: "\""): StackBytes.append("&quot;", to: &out)
            case UInt8(ascii: "'"): StackBytes.append("&#39;", to: &out)
            default: out.append(UInt8(ascii: " "))
            }
            runStart = index + 1
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
    }

    /// `escaped(text)` character by character: a text where a scalar joins the one before
    /// into one character (`&` and a combining accent are neither `&` nor escaped).
    private static func escapedByCharacter(_ text: String) -> String {
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

    mutating func line(
        _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, stroke: String, width: Double = 1,
        dash: String? = nil, cssClass: String? = nil
    ) {
        add { out in
            StackBytes.append("<line", to: &out)
            Self.attribute("x1", number: x1, to: &out)
            Self.attribute("y1", number: y1, to: &out)
            Self.attribute("x2", number: x2, to: &out)
            Self.attribute("y2", number: y2, to: &out)
            Self.attribute("stroke", stroke, to: &out)
            Self.attribute("stroke-width", number: width, to: &out)
            if let dash { Self.attribute("stroke-dasharray", dash, to: &out) }
            if let cssClass { Self.attribute("class", cssClass, to: &out) }
            StackBytes.append("/>", to: &out)
        }
    }

    mutating func rect(
        _ x: Double, _ y: Double, _ width: Double, _ height: Double, fill: String,
        stroke: String? = nil,
        opacity: Double? = nil, cssClass: String? = nil
    ) {
        add { out in
            StackBytes.append("<rect", to: &out)
            Self.attribute("x", number: x, to: &out)
            Self.attribute("y", number: y, to: &out)
            Self.attribute("width", number: max(0, width), to: &out)
            Self.attribute("height", number: max(0, height), to: &out)
            Self.attribute("fill", fill, to: &out)
            if let stroke { Self.attribute("stroke", stroke, to: &out) }
            if let opacity { Self.attribute("fill-opacity", number: opacity, to: &out) }
            if let cssClass { Self.attribute("class", cssClass, to: &out) }
            StackBytes.append("/>", to: &out)
        }
    }

    mutating func circle(
        _ x: Double, _ y: Double, radius: Double, fill: String, stroke: String? = nil,
        title: String? = nil, cssClass: String? = nil
    ) {
        add { out in
            StackBytes.append("<circle", to: &out)
            Self.attribute("cx", number: x, to: &out)
            Self.attribute("cy", number: y, to: &out)
            Self.attribute("r", number: radius, to: &out)
            Self.attribute("fill", fill, to: &out)
            if let stroke {
                Self.attribute("stroke", stroke, to: &out)
                Self.attribute("stroke-width", "1.5", to: &out)
            }
            if let cssClass { Self.attribute("class", cssClass, to: &out) }
            if let title {
                Self.title(title, closing: "circle", to: &out)
            } else {
                StackBytes.append("/>", to: &out)
            }
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
        add { out in
            // The path's data is numbers, letters and spaces: nothing to escape.
            StackBytes.append("<path d=\"M", to: &out)
            Self.appendNumber(first.0, to: &out)
            out.append(UInt8(ascii: " "))
            Self.appendNumber(first.1, to: &out)
            for point in points.dropFirst() {
                StackBytes.append(" L", to: &out)
                Self.appendNumber(point.0, to: &out)
                out.append(UInt8(ascii: " "))
                Self.appendNumber(point.1, to: &out)
            }
            if closed { StackBytes.append(" Z", to: &out) }
            out.append(UInt8(ascii: "\""))
            Self.attribute("fill", fill, to: &out)
            Self.attribute("stroke", stroke, to: &out)
            if stroke != "none" { Self.attribute("stroke-width", number: width, to: &out) }
            if let fillOpacity { Self.attribute("fill-opacity", number: fillOpacity, to: &out) }
            if let dash { Self.attribute("stroke-dasharray", dash, to: &out) }
            if let cssClass { Self.attribute("class", cssClass, to: &out) }
            if let title {
                Self.title(title, closing: "path", to: &out)
            } else {
                StackBytes.append("/>", to: &out)
            }
        }
    }

    enum Anchor: String {
        case start, middle, end
    }

    mutating func text(
        _ x: Double, _ y: Double, _ string: String, anchor: Anchor = .start, size: Double = 12,
        bold: Bool = false, rotated: Bool = false, fill: String = "#222222", cssClass: String? = nil
    ) {
        add { out in
            StackBytes.append("<text", to: &out)
            Self.attribute("x", number: x, to: &out)
            Self.attribute("y", number: y, to: &out)
            if anchor != .start { Self.attribute("text-anchor", anchor.rawValue, to: &out) }
            if size != 12 { Self.attribute("font-size", number: size, to: &out) }
            if bold { Self.attribute("font-weight", "bold", to: &out) }
            if rotated {
                Self.attribute(
                    "transform", "rotate(-90 \(Self.number(x)) \(Self.number(y)))", to: &out)
            }
            if fill != "#222222" { Self.attribute("fill", fill, to: &out) }
            if let cssClass { Self.attribute("class", cssClass, to: &out) }
            out.append(UInt8(ascii: ">"))
            Self.appendEscaped(string, clipped: true, to: &out)
            StackBytes.append("</text>", to: &out)
        }
    }

    /// Opens a group; `close()` ends it.
    mutating func open(cssClass: String, label: String? = nil) {
        add { out in
            StackBytes.append("<g", to: &out)
            Self.attribute("class", cssClass, to: &out)
            if let label { Self.attribute("data-label", ChartText.clipped(label), to: &out) }
            out.append(UInt8(ascii: ">"))
        }
    }

    mutating func close() { add { StackBytes.append("</g>", to: &$0) } }

    /// Adds `other`'s elements after this canvas's own (drawn over them).
    mutating func append(_ other: SVGCanvas) {
        // Past the limit the chart is refused whole (`document`), so which of `other`'s
        // elements would have fitted is of no matter: that one did not is.
        if elementCount + other.elementCount > ChartLimits.elementsPerChart {
            overflowed = true
        } else {
            elements += other.elements
            elementCount += other.elementCount
        }
        overflowed = overflowed || other.overflowed
    }

    /// The whole document; `kind` becomes the root's `data-chart` attribute, which the
    /// browser check looks for. Fails if an element was refused: a chart is drawn whole or
    /// not at all.
    func document(title: String, kind: String) throws(CanvasOverflow) -> SVGDocument {
        guard !isFull else { throw CanvasOverflow() }
        let pairs: [(StaticString, String)] = [
            ("xmlns", "http://www.w3.org/2000/svg"), ("width", Self.number(width)),
            ("height", Self.number(height)),
            ("viewBox", "0 0 \(Self.number(width)) \(Self.number(height))"), ("role", "img"),
            ("class", "simbench-chart"), ("data-chart", kind), ("font-family", "sans-serif"),
            ("font-size", "12"),
        ]
        var out = [UInt8]("<svg".utf8)
        for (name, value) in pairs { Self.attribute(name, value, to: &out) }
        out += ">\n<title>\(Self.escaped(title))</title>\n".utf8
        out +=
            "<rect x=\"0\" y=\"0\" width=\"\(Self.number(width))\" height=\"\(Self.number(height))\" fill=\"#ffffff\"/>\n"
            .utf8
        out += elements
        StackBytes.append("</svg>\n", to: &out)
        return SVGDocument(bytes: out)
    }
}

/// A chart's SVG document as its UTF-8 bytes, one element a line. A report inlines it among
/// its own bytes with no text made of it: making a `String` checks each byte as UTF-8, and a
/// report's charts are megabytes. `text` is the document as text.
struct SVGDocument {
    let bytes: [UInt8]

    var text: String { String(decoding: bytes, as: UTF8.self) }
}
