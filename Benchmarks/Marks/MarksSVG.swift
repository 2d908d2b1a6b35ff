import SimBenchCore

/// Draws a page's doodle as SVG, so that a person can look at what the operations traverse.
///
/// The commands come from the article's `MarkRenderer` visitor; each stroked path becomes
/// one `<path>` (blue, 1 wide, round caps, as the article sets the context), each filled
/// ellipse an `<ellipse>`. A path that is stroked while empty draws nothing, as in Core
/// Graphics, and so do vertices never followed by a stroke.
public enum MarksSVG {
    /// The SVG document of page `page` of the run `configuration` describes: the same seed
    /// and shape parameters draw the same doodle that `simbench run` measures.
    ///
    /// - Parameter configuration: validated against `MarksScenario.descriptor.parameters`.
    public static func document(configuration: ScenarioConfiguration, page: Int = 0) -> String {
        document(of: MarksScenario(configuration: configuration).doodle(page: page))
    }

    /// The SVG document of `doodle`.
    public static func document(of doodle: Doodle) -> String {
        let renderer = VisitorMarks.MarkRenderer()
        doodle.makeMarkTree()?.accept(renderer)
        return document(commands: renderer.recorder.commands)
    }

    /// The SVG document that draws `commands`.
    static func document(commands: [PathCommand]) -> String {
        let width = number(Doodle.width)
        let height = number(Doodle.height)
        var svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" \
            viewBox="0 0 \(width) \(height)">
            <rect width="\(width)" height="\(height)" fill="white"/>

            """
        var path = ""
        for command in commands {
            switch command.verb {
            case .move:
                path += "\(path.isEmpty ? "" : " ")M \(number(command.x)) \(number(command.y))"
            case .line:
                path += " L \(number(command.x)) \(number(command.y))"
            case .strokePath:
                if !path.isEmpty {
                    svg += """
                        <path d="\(path)" fill="none" stroke="blue" stroke-width="1" \
                        stroke-linecap="round"/>

                        """
                }
                path = ""
            case .fillEllipse:
                let radius = command.size / 2
                svg += """
                    <ellipse cx="\(number(command.x + radius))" cy="\(number(command.y + radius))" \
                    rx="\(number(radius))" ry="\(number(radius))" fill="black"/>

                    """
            }
        }
        return svg + "</svg>\n"
    }

    /// A coordinate without a needless ".0".
    private static func number(_ value: Double) -> String {
        abs(value) < 1e15 && value == Double(Int(value)) ? String(Int(value)) : String(value)
    }
}
