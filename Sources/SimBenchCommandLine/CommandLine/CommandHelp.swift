import SimBench

/// `--help` of every command, generated from its declaration in the familiar layout:
/// USAGE, ARGUMENTS, OPTIONS, SUBCOMMANDS, then the command's own sections.
enum CommandHelp {
    /// Help text is wrapped to this many columns.
    static let width = 88

    static func text<C: Command>(for command: C.Type) -> String {
        var sections = ["\(C.title) — \(C.abstract)"]
        sections.append("USAGE:\n" + usage(of: C.self))
        if !C.operands.isEmpty {
            sections.append("ARGUMENTS:\n" + columns(C.operands.map { ($0.name, $0.help) }))
        }
        var options = C.flags.map { option -> (String, String) in
            var help = option.help
            if let value = option.defaultValue { help += "; default: \(value)" }
            let aliases = option.names.dropFirst()
            if !aliases.isEmpty { help += " (also \(aliases.joined(separator: ", ")))" }
            return (option.synopsis, help)
        }
        options.append(("-h, --help", "show this help"))
        sections.append("OPTIONS:\n" + columns(options))
        if !C.subcommands.isEmpty {
            sections.append(
                "SUBCOMMANDS:\n" + columns(C.subcommands.map { ($0.name, $0.abstract) }))
        }
        if !C.discussion.isEmpty { sections.append(C.discussion) }
        sections.append(ExitStatus.section(C.exitStatuses))
        return sections.joined(separator: "\n\n")
    }

    /// `  simbench run [--machines N] … [--quiet]`, wrapped under its first flag.
    ///
    /// The operands come after the flags, so that the line works as written: everything
    /// after `--` goes to a child (`ab -- RUN-ARGUMENTS`), which is optional and so shown in
    /// brackets, last.
    static func usage<C: Command>(of command: C.Type) -> String {
        let head = "  \(C.title)"
        var words = [String]()
        if !C.subcommands.isEmpty { words.append("<subcommand>") }
        for option in C.flags {
            let word = option.isRequired ? option.synopsis : "[\(option.synopsis)]"
            words.append(option.repeats ? word + "…" : word)
        }
        for operand in C.operands {
            words.append(operand.name.hasPrefix("-- ") ? "[\(operand.name)]" : operand.name)
        }
        return wrap(words, first: head, indent: String(repeating: " ", count: head.count + 1))
    }

    /// Joins `words` after `first`, breaking lines at `width` and indenting the rest.
    static func wrap(_ words: [String], first: String, indent: String) -> String {
        var lines = [first]
        var wordsOnLine = 0
        for word in words {
            let line = lines[lines.count - 1]
            if wordsOnLine > 0, line.count + 1 + word.count > width {
                lines.append(indent + word)
                wordsOnLine = 1
            } else {
                lines[lines.count - 1] += (line.hasSuffix(" ") || line.isEmpty ? "" : " ") + word
                wordsOnLine += 1
            }
        }
        return lines.joined(separator: "\n")
    }

    /// Two columns: names at two spaces, text aligned after the widest short name; a name
    /// too wide puts its text on the next line.
    static func columns(_ rows: [(String, String)]) -> String {
        let limit = 22
        let nameWidth = min(limit, rows.map(\.0.count).filter { $0 <= limit }.max() ?? limit)
        let indent = String(repeating: " ", count: 2 + nameWidth + 2)
        var lines = [String]()
        for (name, text) in rows {
            let words = text.split(separator: " ").map(String.init)
            if name.count > nameWidth {
                lines.append("  " + name)
                lines.append(wrap(words, first: indent, indent: indent))
            } else {
                let first = "  " + name + String(repeating: " ", count: nameWidth - name.count + 2)
                lines.append(wrap(words, first: first, indent: indent))
            }
        }
        return lines.joined(separator: "\n")
    }
}
