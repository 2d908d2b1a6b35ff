import SimBench

/// Turns a command's words into the command, by its option declarations.
///
/// Flags take their value as the next word (`--machines 100`) or after `=`
/// (`--machines=100`). Every failure names the flag, the value and what is accepted; an
/// unknown flag gets the nearest known one as a suggestion.
enum CommandParser {
    /// What the words asked for.
    enum Outcome<C: Command> {
        case command(C)
        /// `--help` or `-h`: print the command's help.
        case help
    }

    static func parse<C: Command>(_ type: C.Type, _ words: some Collection<String>) throws
        -> Outcome<C>
    {
        // Help wins over anything else on the line, as with swift-argument-parser.
        if words.prefix(while: { $0 != "--" }).contains(where: { $0 == "--help" || $0 == "-h" }) {
            return .help
        }
        var command = C()
        var operands = [String]()
        var given = Set<String>()
        var words = ArraySlice(words)
        while let word = words.popFirst() {
            if word == "--" {
                operands += words
                break
            }
            guard word.hasPrefix("-"), word.count > 1 else {
                operands.append(word)
                continue
            }
            var flag = word
            var inline: String?
            if word.hasPrefix("--"), let equals = word.firstIndex(of: "=") {
                flag = String(word[..<equals])
                inline = String(word[word.index(after: equals)...])
            }
            guard let option = C.flags.first(where: { $0.names.contains(flag) }) else {
                let known = C.flags.flatMap(\.names) + ["--help"]
                throw UsageError(
                    "\(C.name): unknown flag '\(flag)'\(Suggestion.phrase(for: flag, among: known)); see '\(Suite.toolName) \(C.name) --help'"
                )
            }
            given.insert(option.name)
            guard option.valueName != nil else {
                if let inline {
                    throw UsageError("\(flag): takes no value, but was given '\(inline)'")
                }
                try apply(option, to: &command, "")
                continue
            }
            let value: String
            if let inline {
                value = inline
            } else if let next = words.first, !next.hasPrefix("--") {
                value = next
                words.removeFirst()
            } else {
                throw UsageError("\(flag): missing value; expected \(option.expected)")
            }
            if let expansion = option.expansion {
                words.insert(contentsOf: try expansion(value), at: words.startIndex)
                continue
            }
            try apply(option, to: &command, value)
        }
        for option in C.flags where option.isRequired && !given.contains(option.name) {
            throw UsageError("\(C.name): missing \(option.synopsis); expected \(option.expected)")
        }
        try command.finish(operands: operands)
        return .command(command)
    }
}

extension CommandParser {
    /// Gives `option` its `value`; text the harness does not accept (`ValueError`) is
    /// refused naming the option's flag.
    static func apply<C: Command>(
        _ option: Option<C>, to command: inout C, _ value: String
    ) throws {
        do {
            try option.apply(&command, value)
        } catch let error as ValueError {
            throw UsageError.invalid(option.names[0], error.value, expected: error.accepted)
        }
    }
}

/// "did you mean": the known word nearest a mistyped one, when it is near enough.
enum Suggestion {
    /// The closest of `candidates` to `word`, within an edit distance of a third of its
    /// length (at least 1, at most 3), or nil.
    static func nearest(to word: String, among candidates: [String]) -> String? {
        let limit = min(3, max(1, word.count / 3))
        let scored = candidates.map { ($0, distance(word, $0)) }.filter { $0.1 <= limit }
        return scored.min { $0.1 < $1.1 }?.0
    }

    /// ` (did you mean '--machines'?)`, or nothing.
    static func phrase(for word: String, among candidates: [String]) -> String {
        nearest(to: word, among: candidates).map { " (did you mean '\($0)'?)" } ?? ""
    }

    /// Edit distance: insertions, deletions, substitutions and swaps of neighbours
    /// (`rnu` is one edit from `run`).
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var beforePrevious = [Int]()
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], beforePrevious[j - 2] + 1)
                }
            }
            beforePrevious = previous
            previous = current
        }
        return previous[b.count]
    }
}
