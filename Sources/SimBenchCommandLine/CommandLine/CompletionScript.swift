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

    static func script(for shell: Shell, commands: [CommandSummary]) -> String {
        switch shell {
        case .bash: bash(commands)
        case .zsh: zsh(commands)
        case .fish: fish(commands)
        }
    }

    /// The words `simbench` takes first.
    static func topWords(_ commands: [CommandSummary]) -> [String] {
        commands.map(\.name) + ["help", "--help", "--version"]
    }
}

extension String {
    func replacingAll(_ target: String, with replacement: String) -> String {
        replacingOccurrences(of: target, with: replacement)
    }
}
