import Testing

@testable import SimBench

/// A counted row's functions: self and inclusive costs from a dump, the `functions` cell
/// and its escaping, the budget, and names from the demangler, failures kept mangled.
struct FunctionProfileTests {
    /// The dump of `MechanismRulesTests`: main_loop (self 100) calls swift_retain (50),
    /// swift_beginAccess (300 with its call of __tls_get_addr) and __tls_get_addr (100).
    static func profile() throws -> FunctionProfile {
        let dump = try CallgrindDump(parsing: MechanismRulesTests.dump)
        return FunctionProfile(dump: dump, events: 10, measured: MechanismRulesTests.binary)
    }

    @Test("self cost is a function's own; inclusive adds what its calls ran")
    func selfAndInclusive() throws {
        let functions = Dictionary(
            uniqueKeysWithValues: try Self.profile().functions.map { ($0.name, $0) })
        let loop = try #require(functions["main_loop"])
        #expect(loop.selfPerEvent == 10, "100 instructions over 10 events")
        #expect(loop.inclusivePerEvent == 55, "100 + 50 + 300 + 100, over 10 events")
        #expect(loop.mechanism == .own)
        let access = try #require(functions["swift_beginAccess"])
        #expect(access.selfPerEvent == 10 && access.inclusivePerEvent == 30)
        #expect(access.mechanism == .exclusivity)
        #expect(functions["swift_retain"]?.inclusivePerEvent == 5, "a leaf: self only")
        #expect(
            try Self.profile().functions.map(\.name).first == "__tls_get_addr",
            "most self instructions first (300)")
    }

    @Test("a recursive call is not added to the function's own inclusive cost")
    func recursion() throws {
        let dump = try CallgrindDump(
            parsing: """
                events: Ir
                ob=(1) /bin/x
                fn=(1) walk
                0 40
                cfn=(1)
                calls=3 0
                0 30
                totals: 40
                """)
        #expect(dump.inclusiveInstructions() == [40])
    }

    @Test("the cell reads back what it wrote, names with ';', '%', spaces and line breaks included")
    func cellRoundTrip() throws {
        let profile = FunctionProfile([
            .init(name: "a;b %3B c", mechanism: .own, selfPerEvent: 2.5, inclusivePerEvent: 4),
            .init(name: "line\nbreak", mechanism: .refcount, selfPerEvent: 1),
            .init(name: "static Int.== infix(_:_:)", mechanism: .own, selfPerEvent: 0.125),
        ])
        #expect(
            profile.cell
                == "2.5 4 own a%3Bb %253B c;1 - refcount line%0Abreak;0.125 - own static Int.== infix(_:_:)"
        )
        #expect(try FunctionProfile.parse(profile.cell) == profile)
        #expect(try FunctionProfile.parse("") == nil, "an empty cell: no functions")
    }

    @Test(
        "a malformed cell is refused, naming the entry",
        arguments: ["1 2 own", "x - own f", "1 - sideways f", "1 y own f", "1 - own f;;"])
    func malformedCell(cell: String) {
        #expect(throws: FunctionProfile.Malformed.self) { try FunctionProfile.parse(cell) }
    }

    @Test("names that demangle alike merge; the profile keeps the budget's most expensive")
    func mergeAndBudget() {
        let many = (0..<80).map {
            FunctionProfile.Function(
                name: "f\($0)", mechanism: .own, selfPerEvent: Double($0), inclusivePerEvent: 1)
        }
        let profile = FunctionProfile(many)
        #expect(profile.functions.count == FunctionProfile.budget)
        #expect(profile.functions.first?.name == "f79" && profile.functions.last?.name == "f30")
        let renamed = FunctionProfile(Array(many.prefix(3))).renamed(["f0": "g", "f2": "g"])
        #expect(renamed.functions.map(\.name) == ["g", "f1"])
        #expect(
            renamed.functions.first?.selfPerEvent == 2
                && renamed.functions.first?.inclusivePerEvent == 2)
    }
}

/// `swift demangle` behind a runner: only Swift symbols asked, a failure or a reply that
/// does not match keeps the symbols as they are.
struct SymbolDemanglerTests {
    static let symbol = "$s8Subjects19StateObjectsVendingO07NoMoneyB0C03putF0yyF"

    @Test("Swift symbols get the demangler's names; others are never asked")
    func names() {
        let demangler = SymbolDemangler { batch in
            batch.allSatisfy(SymbolDemangler.isMangled) ? batch.map { "name of \($0)" } : nil
        }
        let names = demangler.names(of: [
            Self.symbol, "swift_retain", "operator new(unsigned long)",
        ])
        #expect(names == [Self.symbol: "name of \(Self.symbol)"])
    }

    @Test("a demangler that cannot run, answers short or echoes the symbol leaves it mangled")
    func failures() {
        let failing = SymbolDemangler { _ in nil }
        #expect(failing.names(of: [Self.symbol]).isEmpty)
        let short = SymbolDemangler { _ in [] }
        #expect(short.names(of: [Self.symbol, "$sSqwxx"]).isEmpty)
        let echo = SymbolDemangler { $0 }
        #expect(echo.names(of: [Self.symbol]).isEmpty)
        let profile = FunctionProfile([.init(name: Self.symbol, mechanism: .own, selfPerEvent: 1)])
        #expect(
            profile.renamed(failing.names(of: [Self.symbol])).functions.first?.name == Self.symbol)
    }

    @Test(
        "the toolchain's swift demangle names a Swift symbol",
        .enabled(if: CallgrindPass.executable(named: "swift") != nil, "needs swift on PATH"))
    func toolchain() {
        #expect(
            SymbolDemangler.toolchain.names(of: [Self.symbol])[Self.symbol]
                == "StateObjectsVending.NoMoneyState.putMoney()")
    }

    @Test("the counted pass names every variant's functions from one batch")
    func namedPass() {
        var figures = CountedFigures(
            instructionsPerEvent: 3, estimatedCyclesPerEvent: nil, machines: 1, events: 1)
        figures.functions = FunctionProfile([
            .init(name: Self.symbol, mechanism: .own, selfPerEvent: 3)
        ])
        let demangler = SymbolDemangler { $0.map { _ in "NoMoneyState.putMoney()" } }
        let named = CallgrindPass.named([["a": figures], ["b": figures]], by: demangler)
        #expect(
            named.flatMap { $0.values.compactMap { $0.functions?.functions.first?.name } }
                == ["NoMoneyState.putMoney()", "NoMoneyState.putMoney()"])
    }
}
