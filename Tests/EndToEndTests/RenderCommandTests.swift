import Foundation
import Testing

@Suite("simbench render")
struct RenderCommandTests {
    @Test("render draws a page as SVG, the same for the same seed")
    func render() throws {
        let scratch = try ScratchDirectory()
        let first = scratch.path("a.svg")
        let second = scratch.path("b.svg")
        let other = scratch.path("c.svg")
        #expect(
            try SimBenchBinary.run(["render", "--out", first, "--events", "120", "--seed", "4"])
                .status == 0)
        #expect(
            try SimBenchBinary.run(["render", "--out", second, "--events", "120", "--seed", "4"])
                .status == 0)
        #expect(
            try SimBenchBinary.run(["render", "--out", other, "--events", "120", "--seed", "5"])
                .status == 0)
        let svg = try String(contentsOfFile: first, encoding: .utf8)
        #expect(svg.hasPrefix("<svg "))
        #expect(svg.contains("<path ") || svg.contains("<ellipse "))
        #expect(svg.hasSuffix("</svg>\n") || svg.hasSuffix("</svg>"))
        #expect(try String(contentsOfFile: second, encoding: .utf8) == svg)
        #expect(try String(contentsOfFile: other, encoding: .utf8) != svg)
    }

    @Test("render refuses bad input with exit 64 and writes nothing")
    func badInput() throws {
        let scratch = try ScratchDirectory()
        for arguments in [
            ["render"], ["render", "--out", scratch.path("x.svg"), "--param", "marks.stroke=0"],
            ["render", "--out", scratch.path("x.svg"), "--page", "-1"],
            ["render", "--out", "/nonexistent-dir/x.svg"],
        ] {
            let result = try SimBenchBinary.run(arguments, in: scratch.url)
            #expect(result.status == 64, "\(arguments): \(result.standardError)")
            #expect(result.errorLines.count == 1, "\(arguments)")
        }
        #expect(scratch.contents.isEmpty)
    }
}
