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

    /// The elements `each` says each of `records` is sure to draw, summed until the sum
    /// reaches `ChartLimits.elementsPerChart`: a chart that many rows past its bound is
    /// refused whatever the rest of them add, so they are not counted. Each row's bytes are
    /// asked for a few rows ahead (`ResultsRecord.prefetch`): a pass over 100,000 rows
    /// otherwise waits on memory for each.
    static func elements(of records: [ResultsRecord], _ each: (ResultsRecord) -> Int) -> Int {
        var sum = 0
        for index in records.indices {
            ResultsRecord.prefetch(records, at: index)
            sum += each(records[index])
            if sum >= ChartLimits.elementsPerChart { break }
        }
        return sum
    }

    /// `elements(of:_:)` over the rows of `groups`, group after group: each group's rows
    /// asked for ahead among its own, with no array of all of them made. The sum reaches the
    /// bound where `elements(of:_:)` over all the rows in order reaches it.
    static func elements(of groups: [[ResultsRecord]], _ each: (ResultsRecord) -> Int) -> Int {
        var sum = 0
        for records in groups where sum < ChartLimits.elementsPerChart {
            sum += elements(of: records, each)
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

    /// Writes an element's start, `<name` and what `attributes` adds (`add`), on the stack
    /// and appended at once: a report draws hundreds of thousands of elements, and an append
    /// costs about a hundred instructions however few its bytes. `room` is what the
    /// attributes may take (`room(numbers:)` and `room(_:)`).
    private static func start(
        _ name: StaticString, room: Int, to out: inout [UInt8],
        _ attributes: (inout StackBytes) -> Void
    ) {
        StackBytes.append(room: 1 + name.utf8CodeUnitCount + room, to: &out) { bytes in
            bytes.add(UInt8(ascii: "<"))
            bytes.add(name)
            attributes(&bytes)
        }
    }

    /// The most a start's attributes take: `numbers` coordinates or lengths, and a closing
    /// `/>` or `>`; each value given adds `room(value)`. Each attribute takes its name (at
    /// most `longestName`), a space, `="` and `"` besides its value.
    private static func room(numbers: Int) -> Int {
        numbers * (longestName + 4 + numberRoom) + 2
    }

    /// The most ` name="value"` takes: six bytes for each of the value's (`&quot;` is six).
    private static func room(_ value: String?) -> Int {
        value.map { longestName + 4 + 6 * $0.utf8.count } ?? 0
    }

    /// The longest attribute name an element writes (`stroke-dasharray`).
    private static let longestName = 16

    /// Adds ` name="value"`, the value escaped.
    private static func add(_ name: StaticString, _ value: String, to bytes: inout StackBytes) {
        precondition(name.utf8CodeUnitCount <= longestName, "an attribute's name past its room")
        bytes.add(UInt8(ascii: " "))
        bytes.add(name)
        bytes.add("=\"")
        let text = value
        var value = value
        value.withUTF8 { value in
            if !value.contains(where: needsEscape) {
                bytes.add(value)
            } else {
                var escaped = [UInt8]()
                appendEscaped(text, clipped: false, to: &escaped)
                escaped.withUnsafeBufferPointer { bytes.add($0) }
            }
        }
        bytes.add(UInt8(ascii: "\""))
    }

    /// Adds ` name="value"` for a coordinate or length (`number`), which needs no escape.
    private static func add(_ name: StaticString, number value: Double, to bytes: inout StackBytes)
    {
        precondition(name.utf8CodeUnitCount <= longestName, "an attribute's name past its room")
        bytes.add(UInt8(ascii: " "))
        bytes.add(name)
        bytes.add("=\"")
        bytes.add(atMost: numberRoom) { writeNumber(value, into: $0) }
        bytes.add(UInt8(ascii: "\""))
    }

    /// Writes `<title>text</title>` and the element's end tag, the text clipped and escaped:
    /// a text within the clip whose every scalar is a character of its own (nearly every
    /// tooltip) escaped on the stack among its tags, and appended once.
    private static func title(_ title: String, closing tag: StaticString, to out: inout [UInt8]) {
        var title = title
        let written = title.withUTF8 { text in
            guard text.count <= ChartLimits.charactersPerText else { return false }
            let plain = !text.contains(where: needsEscape)
            guard plain || CharacterCount.scalarsIfEachIsACharacter(text) != nil else {
                return false
            }
            let room = (plain ? 1 : 6) * text.count + tag.utf8CodeUnitCount + 20
            StackBytes.append(room: room, to: &out) { bytes in
                bytes.add("><title>")
                if plain { bytes.add(text) } else { addEscapedBytes(text, to: &bytes) }
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
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: numberRoom) { buffer in
            let count = writeNumber(value, into: buffer.baseAddress!)
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[..<count]), as: UTF8.self)
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
        // Written on the stack (an escape is at most six bytes for one), appended once for
        // each kilobyte: a cell may be megabytes long. An escape is of one byte below 0x80,
        // so a piece may end anywhere.
        var start = 0
        while start < bytes.count {
            let piece = UnsafeBufferPointer(rebasing: bytes[start..<min(start + 1024, bytes.count)])
            StackBytes.append(room: 6 * piece.count, to: &out) { addEscapedBytes(piece, to: &$0) }
            start += piece.count
        }
    }

    /// `appendEscapedBytes` into `out`, which has room for six bytes for each of `bytes`.
    private static func addEscapedBytes(
        _ bytes: UnsafeBufferPointer<UInt8>, to out: inout StackBytes
    ) {
        var runStart = 0
        for index in bytes.indices where needsEscape(bytes[index]) {
            out.add(UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
            switch bytes[index] {
            case UInt8(ascii: "&"): out.add("&amp;")
            case UInt8(ascii: "<"): out.add("&lt;")
            case UInt8(ascii: ">"): out.add("&gt;")
            case UInt8(ascii: "\""): out.add("&quot;")
            case UInt8(ascii: "'"): out.add("&#39;")
            default: out.add(UInt8(ascii: " "))
            }
            runStart = index + 1
        }
        out.add(UnsafeBufferPointer(rebasing: bytes[runStart...]))
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
            Self.start(
                "line",
                room: Self.room(numbers: 5) + Self.room(stroke) + Self.room(dash)
                    + Self.room(cssClass), to: &out
            ) {
                Self.add("x1", number: x1, to: &$0)
                Self.add("y1", number: y1, to: &$0)
                Self.add("x2", number: x2, to: &$0)
                Self.add("y2", number: y2, to: &$0)
                Self.add("stroke", stroke, to: &$0)
                Self.add("stroke-width", number: width, to: &$0)
                if let dash { Self.add("stroke-dasharray", dash, to: &$0) }
                if let cssClass { Self.add("class", cssClass, to: &$0) }
                $0.add("/>")
            }
        }
    }

    mutating func rect(
        _ x: Double, _ y: Double, _ width: Double, _ height: Double, fill: String,
        stroke: String? = nil,
        opacity: Double? = nil, cssClass: String? = nil
    ) {
        add { out in
            Self.start(
                "rect",
                room: Self.room(numbers: 5) + Self.room(fill) + Self.room(stroke)
                    + Self.room(cssClass), to: &out
            ) {
                Self.add("x", number: x, to: &$0)
                Self.add("y", number: y, to: &$0)
                Self.add("width", number: max(0, width), to: &$0)
                Self.add("height", number: max(0, height), to: &$0)
                Self.add("fill", fill, to: &$0)
                if let stroke { Self.add("stroke", stroke, to: &$0) }
                if let opacity { Self.add("fill-opacity", number: opacity, to: &$0) }
                if let cssClass { Self.add("class", cssClass, to: &$0) }
                $0.add("/>")
            }
        }
    }

    mutating func circle(
        _ x: Double, _ y: Double, radius: Double, fill: String, stroke: String? = nil,
        title: String? = nil, cssClass: String? = nil
    ) {
        add { out in
            let room =
                Self.room(numbers: 3) + Self.room(fill) + Self.room(stroke) + Self.room("1.5")
                + Self.room(cssClass)
            Self.start("circle", room: room, to: &out) {
                Self.add("cx", number: x, to: &$0)
                Self.add("cy", number: y, to: &$0)
                Self.add("r", number: radius, to: &$0)
                Self.add("fill", fill, to: &$0)
                if let stroke {
                    Self.add("stroke", stroke, to: &$0)
                    Self.add("stroke-width", "1.5", to: &$0)
                }
                if let cssClass { Self.add("class", cssClass, to: &$0) }
                if title == nil { $0.add("/>") }
            }
            if let title { Self.title(title, closing: "circle", to: &out) }
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
            // The path's data (` L`, two numbers and a space a point) is numbers, letters and
            // spaces: nothing to escape.
            let data = points.count * (2 * Self.numberRoom + 3) + 8
            let room =
                data + Self.room(numbers: 2) + Self.room(fill) + Self.room(stroke) + Self.room(dash)
                + Self.room(cssClass)
            Self.start("path", room: room, to: &out) { bytes in
                bytes.add(" d=\"M")
                bytes.add(atMost: Self.numberRoom) { Self.writeNumber(first.0, into: $0) }
                bytes.add(UInt8(ascii: " "))
                bytes.add(atMost: Self.numberRoom) { Self.writeNumber(first.1, into: $0) }
                for point in points.dropFirst() {
                    bytes.add(" L")
                    bytes.add(atMost: Self.numberRoom) { Self.writeNumber(point.0, into: $0) }
                    bytes.add(UInt8(ascii: " "))
                    bytes.add(atMost: Self.numberRoom) { Self.writeNumber(point.1, into: $0) }
                }
                if closed { bytes.add(" Z") }
                bytes.add(UInt8(ascii: "\""))
                Self.add("fill", fill, to: &bytes)
                Self.add("stroke", stroke, to: &bytes)
                if stroke != "none" { Self.add("stroke-width", number: width, to: &bytes) }
                if let fillOpacity { Self.add("fill-opacity", number: fillOpacity, to: &bytes) }
                if let dash { Self.add("stroke-dasharray", dash, to: &bytes) }
                if let cssClass { Self.add("class", cssClass, to: &bytes) }
                if title == nil { bytes.add("/>") }
            }
            if let title { Self.title(title, closing: "path", to: &out) }
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
            let transform = rotated ? "rotate(-90 \(Self.number(x)) \(Self.number(y)))" : nil
            let room =
                Self.room(numbers: 3) + Self.room(anchor.rawValue) + Self.room("bold")
                + Self.room(transform) + Self.room(fill) + Self.room(cssClass)
            Self.start("text", room: room, to: &out) {
                Self.add("x", number: x, to: &$0)
                Self.add("y", number: y, to: &$0)
                if anchor != .start { Self.add("text-anchor", anchor.rawValue, to: &$0) }
                if size != 12 { Self.add("font-size", number: size, to: &$0) }
                if bold { Self.add("font-weight", "bold", to: &$0) }
                if let transform { Self.add("transform", transform, to: &$0) }
                if fill != "#222222" { Self.add("fill", fill, to: &$0) }
                if let cssClass { Self.add("class", cssClass, to: &$0) }
                $0.add(UInt8(ascii: ">"))
            }
            Self.appendEscaped(string, clipped: true, to: &out)
            StackBytes.append("</text>", to: &out)
        }
    }

    /// Opens a group; `close()` ends it.
    mutating func open(cssClass: String, label: String? = nil) {
        add { out in
            let label = label.map(ChartText.clipped)
            Self.start(
                "g", room: Self.room(numbers: 0) + Self.room(cssClass) + Self.room(label), to: &out
            ) {
                Self.add("class", cssClass, to: &$0)
                if let label { Self.add("data-label", label, to: &$0) }
                $0.add(UInt8(ascii: ">"))
            }
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
        var head = [UInt8]()
        let room = pairs.reduce(Self.room(numbers: 0)) { $0 + Self.room($1.1) }
        Self.start("svg", room: room, to: &head) { bytes in
            for (name, value) in pairs { Self.add(name, value, to: &bytes) }
        }
        head += ">\n<title>\(Self.escaped(title))</title>\n".utf8
        head +=
            "<rect x=\"0\" y=\"0\" width=\"\(Self.number(width))\" height=\"\(Self.number(height))\" fill=\"#ffffff\"/>\n"
            .utf8
        return SVGDocument(head: head, elements: elements)
    }
}

/// A chart's SVG document as its UTF-8 bytes, one element a line. A report inlines it among
/// its own bytes with no text made of it: making a `String` checks each byte as UTF-8, and a
/// report's charts are megabytes. So the document is kept as the canvas made it, its root's
/// opening (`head`), the elements and the root's end (`tail`), and `append(to:)` copies the
/// elements once, where they go: not first into a document of their own.
struct SVGDocument {
    /// The root's opening, the title and the background: the lines before the elements.
    let head: [UInt8]
    /// The elements, one a line.
    let elements: [UInt8]
    /// The root's end, after the elements.
    static let tail: StaticString = "</svg>\n"

    /// The whole document's bytes.
    var bytes: [UInt8] {
        var bytes = [UInt8]()
        append(to: &bytes)
        return bytes
    }

    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Adds the whole document's bytes to `out`.
    func append(to out: inout [UInt8]) {
        out += head
        out += elements
        StackBytes.append(Self.tail, to: &out)
    }

    /// The line feeds in the whole document (`lineCount`).
    func lineCount(_ lineCount: (UnsafeBufferPointer<UInt8>) -> Int) -> Int {
        head.withUnsafeBufferPointer(lineCount) + elements.withUnsafeBufferPointer(lineCount)
            + Self.tail.withUTF8Buffer(lineCount)
    }
}
