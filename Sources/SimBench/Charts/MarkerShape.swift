/// The shape of a point, so that series told apart by colour are told apart in grey too:
/// `report` draws each host's ratios in its own colour and shape.
enum MarkerShape: CaseIterable {
    case circle, square, triangle, diamond

    /// The `index`-th series' shape: the shapes in turn. With the palette's colours
    /// (`ChartPalette.colour`), no two of the first 8 series look alike, and neighbours
    /// differ in shape when printed in grey.
    static func of(_ index: Int) -> MarkerShape { allCases[index % allCases.count] }

    /// Draws the shape centred on (`x`, `y`), about `size` pixels across.
    func draw(
        on canvas: inout SVGCanvas, x: Double, y: Double, size: Double, fill: String,
        title: String? = nil, cssClass: String? = nil
    ) {
        let half = size / 2
        switch self {
        case .circle:
            canvas.circle(x, y, radius: half, fill: fill, title: title, cssClass: cssClass)
        case .square:
            let side = half * 0.9
            canvas.path(
                [
                    (x - side, y - side), (x + side, y - side), (x + side, y + side),
                    (x - side, y + side),
                ],
                closed: true, fill: fill, title: title, cssClass: cssClass)
        case .triangle:
            canvas.path(
                [
                    (x, y - half * 1.15), (x + half * 1.1, y + half * 0.8),
                    (x - half * 1.1, y + half * 0.8),
                ],
                closed: true, fill: fill, title: title, cssClass: cssClass)
        case .diamond:
            canvas.path(
                [
                    (x, y - half * 1.2), (x + half * 1.2, y), (x, y + half * 1.2),
                    (x - half * 1.2, y),
                ],
                closed: true, fill: fill, title: title, cssClass: cssClass)
        }
    }
}
