import Foundation
import SimBench

/// Shell completion scripts, generated from the commands' declarations: every command, its
/// flags, and what their values complete to. One file per shell:
/// `CompletionScript+Bash.swift`, `+Zsh`, `+Fish`.
enum CompletionScript {
    enum Shell: String, CaseIterable {
        case bash
        case zsh
        case fish
    }

    /// The script completing `commands` of the tool called `tool` (its executable's name).
    static func script(for shell: Shell, commands: [CommandSummary], tool: String) -> String {
        switch shell {
        case .bash: bash(commands, tool: tool)
        case .zsh: zsh(commands, tool: tool)
        case .fish: fish(commands, tool: tool)
        }
    }

    /// The shell function's name after `_`: the tool's name, any character a shell
    /// function's name may not hold made `_` (`my-bench` → `my_bench`).
    static func functionName(of tool: String) -> String {
        String(tool.map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "_" })
    }

    /// The words the tool takes first.
    static func topWords(_ commands: [CommandSummary]) -> [String] {
        commands.map(\.name) + ["help", "--help", "--version"]
    }
}

extension String {
    func replacingAll(_ target: String, with replacement: String) -> String {
        replacingOccurrences(of: target, with: replacement)
    }
}
