/// The bounds of everything `plot` and `report` draw, declared once.
///
/// A results file the readers accept may hold any finite number (`1.7976931348623157e308`,
/// `5e-324`) and any number of rows. Charts work in a clamped, finite domain, so that no
/// arithmetic on an axis overflows, underflows to zero or turns into NaN; and everything
/// drawn (ticks, bars, points, rows, table rows) comes out of one allocation bound, so that
/// a file of 100,000 rows or a value of 10^308 cannot make a chart take unbounded memory or
/// time. A chart that would need more than its bound is refused with one line, not cut
/// short silently.
public enum ChartLimits {
    /// The largest magnitude an axis spans: values beyond ±10^300 are drawn at its edge.
    /// Far below `Double.greatestFiniteMagnitude`, so that margins, spans and widening
    /// stay finite.
    public static let largestMagnitude = 1e300
    /// The smallest positive value a logarithmic axis reaches: anything smaller (down to
    /// `5e-324`) is drawn at 10^-300.
    public static let smallestPositive = 1e-300
    /// The narrowest linear domain relative to its magnitude: a narrower one (1e300 and
    /// the next Double) is widened, so that ticks are distinct numbers.
    static let narrowestRelativeSpan = 1e-9

    /// Ticks per axis, at most: a logarithmic axis over hundreds of decades labels every
    /// k-th power of ten.
    public static let ticksPerAxis = 12

    /// Elements (lines, bars, texts, points, paths, groups) one chart may hold, about 150
    /// bytes each: a ratios chart of some 8,000 pattern rows.
    public static let elementsPerChart = 50_000
    /// Points one path (a series or its band) may hold.
    public static let pointsPerPath = 5_000
    /// Characters of one label, tooltip or table cell; longer ones end in `…`.
    public static let charactersPerText = 300

    /// Chart elements a report may hold in all: charts past it are left out, with a note.
    public static let elementsPerReport = 200_000
    /// Rows of results a report's tables show in all; the rest are counted in a note (the
    /// CSV holds them).
    public static let tableRowsPerReport = 10_000
    /// Bytes a report's page is given room for before its first is written: its bounds above
    /// keep a page of 100,000 rows near 21 MB, and room made at once, never written where the
    /// page is shorter, costs no memory, where a page grown step by step is copied into fresh
    /// memory at each step (16 MB of it, 4,000 page faults, on its way to 21 MB).
    static let reportBytesReserved = 32 << 20
    /// Scenario sections a report shows; the rest are counted in a note.
    public static let sectionsPerReport = 200
    /// One-line answers (pattern and configuration) a report's scenario section lists; the
    /// rest are counted in a note.
    public static let answersPerScenario = 100
    /// Distinct values an environment entry of a report lists.
    public static let valuesPerEnvironmentEntry = 20
}
