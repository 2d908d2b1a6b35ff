/// Colours that people with the common colour-vision deficiencies can tell apart: the
/// Okabe–Ito palette (Okabe & Ito, "Color Universal Design", 2002), black last.
enum ChartPalette {
    static let colours = [
        "#0072B2",  // blue
        "#E69F00",  // orange
        "#009E73",  // bluish green
        "#CC79A7",  // reddish purple
        "#56B4E9",  // sky blue
        "#D55E00",  // vermilion
        "#F0E442",  // yellow
        "#000000",  // black
    ]
    /// Axes, ticks and the 1× line.
    static let ink = "#222222"
    static let grid = "#dddddd"
    /// Points `compare` flags as regressions.
    static let flag = "#D55E00"

    /// The colour of the `index`-th series; series past the palette reuse it with a
    /// different marker.
    static func colour(_ index: Int) -> String { colours[index % colours.count] }
}
