import Foundation
import SimBench

/// What `ab` says: the trial's steps and failures in the command's words, the report of the
/// pairs, and the verdict.
extension ABCommand {
    /// The comparison of the measured pairs: `report.md` written, the report printed, and
    /// the verdict.
    func report(_ measured: ABTrial.Measured, revisions: ABTrial.Revisions) throws -> ExitStatus {
        let (files, seeds, short) = (measured.pairs, measured.seeds, revisions.short)
        let layoutText = { (side: KeyPath<(base: UInt32, head: UInt32), UInt32>) in
            seeds.map { "; " + CodeLayouts.summary($0.map { $0[keyPath: side] }) }
                ?? "; one layout (--layouts off)"
        }
        let changes = measured.headHasChanges ? " with changes" : ""
        var comparison = try ResultsComparison(
            pairs: files, thresholds: judging.thresholds,
            ignoringParameters: judging.ignoreParameters, layouts: seeds != nil,
            baseSummary:
                "\(base) (\(short)), \(files.count) runs in \(output)/base-*.csv\(layoutText(\.base))",
            headSummary:
                "working tree (\(measured.headCommit)\(changes)), \(files.count) runs in \(output)/head-*.csv\(layoutText(\.head))"
        )
        comparison.title = ABCommand.title
        comparison.listsEveryRowsFunctions = judging.functions
        let markdown = ABCommand.marker + "\n" + comparison.render(.markdown)
        let reportPath = "\(output)/\(ABTrial.reportName)"
        do {
            try OutputFile.writeAtomically(markdown + "\n", to: reportPath)
        } catch {
            throw Failure(message: "cannot write \(reportPath): \(error.reason)", status: .failure)
        }
        switch judging.format {
        case .markdown: print(markdown)
        case .json: print(comparison.render(.json))
        case .html: print(comparison.render(.html))
        case .text: print(comparison.render(.text, width: judging.wide ? nil : Terminal.width))
        }
        return verdict(comparison, head: files.map(\.head))
    }

    /// `ab`'s exit status for the pairs' comparison: the one place it is decided. A wrong
    /// outcome in the head's runs fails it, whatever the times (as `run`'s and `compare`'s).
    func verdict(_ comparison: ResultsComparison, head: [ResultsFile]) -> ExitStatus {
        ExitStatus.judging(
            comparison, failOnImprovement: judging.failOnImprovement, current: head,
            side: "working tree's runs", command: Self.name)
    }

    /// The status a trial's failure exits with.
    static func status(_ failure: ABTrial.Failure) -> ExitStatus {
        switch failure.kind {
        case .refused: .usage
        case .wrongOutcome: .wrongOutcome
        case .failed: .failure
        }
    }

    /// A trial's failure in the command's words: those that concern a flag name it.
    func words(for failure: ABTrial.Failure) -> String {
        switch failure {
        case .notARepository(let reason):
            "not inside a git repository: ab builds --base from git: \(reason)"
        case .notACommit: "--base \(failure)"
        case .cannotCreateOutput: "--output: \(failure)"
        case .buildFailed(_, _, _, true): "\(failure) (--layouts off links with the default linker)"
        default: "\(failure)"
        }
    }

    /// A step of the trial in the command's words, for standard error; nil for one it does
    /// not mention.
    func words(for event: ABTrial.Event, counting: [String]) -> String? {
        func of(_ total: Int?) -> String { total.map(String.init) ?? "auto" }
        switch event {
        case .buildingBase(let label, let worktree, let layouts):
            return
                "building the \(label) in \(worktree)\(layouts ? ", functions in sections of their own, linked by ld.lld" : "")"
        case .buildingHead(let folder):
            return
                "building the head (the working tree)\(folder.map { ", the same way, in \($0)" } ?? "")"
        case .relinkCompiled(let label, let log):
            return "the \(label)'s relink compiled sources again, not only linked: see \(log)"
        case .measuring:
            if !counting.isEmpty {
                return
                    "counting instructions in every run (\(counting.joined(separator: " "))); --counts off skips it"
            }
            return counts == .auto && (try? CallgrindPass.locateTools()) == nil
                ? "no valgrind here: time alone decides, without counts" : nil
        case .sidesCannotTakeTurns:
            return
                "a build that cannot take turns on the machine: the sides run one after another"
        case .noRoomForPair(let pair, let elapsed, let budget):
            return
                "--max-time \(String(format: "%g", budget)) s: no room for pair \(pair) after \(Int(elapsed)) s; judging \(pair - 1) pairs"
        case .everyRowSees(let pairs):
            return "--pairs auto: every row sees its threshold after \(pairs) pairs"
        case .rowsCannotSee(let pairs, let blind, let widest, let visible):
            return
                "--pairs auto: \(blind) row\(blind == 1 ? "" : "s") cannot yet see the threshold after \(pairs) pairs (widest: \(widest), ±\(String(format: "%.1f%%", visible * 100)))"
        case .relinking(let pair, let total, let seeds):
            return
                "pair \(pair)/\(of(total)): relinking the base (layout seed \(seeds.base)) and the head (layout seed \(seeds.head))"
        case .pairTakesTurns(let pair, let total, let order):
            return
                "pair \(pair)/\(of(total)): \(order[0].rawValue) and \(order[1].rawValue), taking turns"
        case .sideRuns(let pair, let total, let side):
            return "pair \(pair)/\(of(total)): \(side.rawValue)"
        case .turnOrderDiffered(let pair, let first):
            return
                "pair \(pair): the \(first.rawValue) took the machine first, against the ABBA order; its runs are judged all the same"
        }
    }
}
