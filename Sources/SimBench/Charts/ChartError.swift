/// Why a chart the rows allow is not drawn.
public enum ChartError: Error, CustomStringConvertible, Equatable {
    /// Drawing `kind` for `rows` rows would take more than `ChartLimits` allows.
    case tooLarge(kind: ChartKind, rows: Int)

    public var description: String {
        switch self {
        case .tooLarge(let kind, let rows):
            "the \(kind.rawValue) chart of \(NumberFormat.grouped(rows)) rows would draw more than "
                + "\(NumberFormat.grouped(ChartLimits.elementsPerChart)) elements; "
                + "expected fewer rows: plot one run, scenario or sweep at a time"
        }
    }
}

/// A canvas refused elements for want of room (`SVGCanvas.overflowed`).
struct CanvasOverflow: Error {}
