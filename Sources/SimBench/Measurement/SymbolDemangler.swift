import Foundation

/// Swift's mangled symbols made readable, as the toolchain's `swift demangle --compact
/// --simplified` prints them (`StateObjectsVending.NoMoneyState.putMoney()`), a batch of
/// symbols a run of it.
///
/// A symbol that is not Swift's (`swift_retain`, a C++ name Callgrind demangled already),
/// or that the demangler leaves as it is or cannot run on, keeps its own name.
public struct SymbolDemangler: Sendable {
    /// Runs the demangler over a batch of symbols: one line per symbol, in order, or nil
    /// when it could not run.
    let demangle: @Sendable ([String]) -> [String]?

    public init(demangle: @escaping @Sendable ([String]) -> [String]?) {
        self.demangle = demangle
    }

    /// Symbols a run of the demangler takes: a few hundred, far from any argument limit.
    static let batch = 256

    /// The toolchain's `swift demangle`, found on `PATH`; without it, every symbol keeps
    /// its name.
    public static let toolchain = SymbolDemangler { symbols in
        guard let swift = CallgrindPass.executable(named: "swift"),
            let result = try? ChildProcess.run(
                swift, arguments: ["demangle", "--compact", "--simplified"] + symbols,
                environment: ProcessInfo.processInfo.environment, timeout: 60),
            result.exitStatus == 0
        else { return nil }
        return String(decoding: result.standardOutput, as: UTF8.self)
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// Whether `symbol` is a Swift mangled name (`$s…`, or `_$s…` where a platform adds an
    /// underscore, and the older `$S…`, `_T0…`).
    static func isMangled(_ symbol: String) -> Bool {
        ["$s", "_$s", "$S", "_$S", "_T0", "$e", "_$e"].contains { symbol.hasPrefix($0) }
    }

    /// The readable name of each Swift symbol of `symbols` that the demangler could name;
    /// the others are not in the result.
    public func names(of symbols: some Sequence<String>) -> [String: String] {
        let mangled = Array(Set(symbols.filter(SymbolDemangler.isMangled))).sorted()
        var names = [String: String]()
        var start = 0
        while start < mangled.count {
            let batch = Array(mangled[start..<min(start + SymbolDemangler.batch, mangled.count)])
            start += batch.count
            // A batch whose lines do not match its symbols one for one keeps its symbols:
            // a wrong name is worse than a mangled one.
            guard var lines = demangle(batch) else { continue }
            if lines.count == batch.count + 1, lines.last == "" { lines.removeLast() }
            guard lines.count == batch.count else { continue }
            for (symbol, line) in zip(batch, lines) {
                let name = line.trimmingCharacters(in: .whitespaces)
                if !name.isEmpty, name != symbol { names[symbol] = name }
            }
        }
        return names
    }
}
