/// Why a chart the rows allow is not drawn.
public enum ChartError: Error, CustomStringConvertible, Equatable {
    /// Drawing `kind` for `rows` rows would take more than `ChartLimits` allows.
    case tooLarge(kind: ChartKind, rows: Int)
    /// `kind` is sure to draw more elements than the room it was given
    /// (`Charts.svg(_:records:room:)`: what a report's budget still holds).
    case pastRoom(kind: ChartKind, room: Int)

    public var description: String {
        switch self {
        case .tooLarge(let kind, let rows):
            "the \(kind.rawValue) chart of \(NumberFormat.grouped(rows)) rows would draw more than "
                + "\(NumberFormat.grouped(ChartLimits.elementsPerChart)) elements; "
                + "expected fewer rows: plot one run, scenario or sweep at a time"
        case .pastRoom(let kind, let room):
            "the \(kind.rawValue) chart would draw more than the \(NumberFormat.grouped(room)) "
                + "elements left for it"
        }
    }
}

/// A canvas refused elements for want of room (`SVGCanvas.overflowed`).
struct CanvasOverflow: Error {
    /// The chart would be within `ChartLimits.elementsPerChart` but not within the room its
    /// caller had left (`SVGCanvas.leaveOut(least:most:room:)`).
    var pastRoom = false
}
