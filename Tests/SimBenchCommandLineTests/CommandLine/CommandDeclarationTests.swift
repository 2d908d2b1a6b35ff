import Testing

@testable import SimBenchCommandLine
@testable import simbench

/// What every command's declaration must hold, so that a new flag cannot shadow another.
@Suite("command declarations")
struct CommandDeclarationTests {
    @Test(
        "no command declares a flag twice, and --help and -h stay the parser's own",
        arguments: BenchmarkTool.simbench.commands.map { $0.summary })
    func noFlagTwice(command: CommandSummary) {
        let names = command.options.flatMap(\.names)
        var seen = Set<String>()
        for name in names {
            #expect(seen.insert(name).inserted, "\(command.name): \(name) is declared twice")
            #expect(
                name != "--help" && name != "-h", "\(command.name): \(name) is the parser's own")
        }
        #expect(names.allSatisfy { $0.hasPrefix("-") }, "\(command.name): \(names)")
    }

    @Test("no two commands share a name")
    func commandNames() {
        let names = BenchmarkTool.simbench.commands.map { $0.name }
        #expect(Set(names).count == names.count, "\(names)")
    }
}
