import Foundation

/// What `simbench explain` found: the slow mode's share of a row's processes under the
/// default settings and under each switch, whether each switch changed it, and the paragraph
/// that says so.
///
/// A process is slow when its CPU ratio to the baseline is above the cut: where the default
/// run's processes split (halfway, in ratio, between the fast mode's slowest process and the
/// slow mode's fastest), or, when they did not split, `ModeDetector.minimumSeparation` times
/// their median. Whether a switch lowered the slow share is Fisher's exact test on the slow
/// and fast counts, one-sided (`FisherExactTest`), at `significance`. A switch removes the
/// slow mode when the share fell significantly and fewer than
/// `ModeDetector.minimumModeProcesses` of its processes are slow (no mode, for the detector);
/// it lowers it when the share fell significantly but a mode remains.
public struct ModeExplanation: Sendable {
    /// The p-value below which a switch changed the slow share.
    public static let significance = 0.05

    /// One setting's processes.
    public struct Arm: Sendable {
        public let setting: ModeSwitch
        /// Each process's CPU ratio to the baseline.
        public let estimates: [Double]
        /// Why it did not run, when it did not (one core refused by the platform).
        public let skipped: String?

        public init(setting: ModeSwitch, estimates: [Double], skipped: String? = nil) {
            self.setting = setting
            self.estimates = estimates
            self.skipped = skipped
        }
    }

    /// What a switch did to the slow mode.
    public enum Verdict: Sendable, Equatable {
        case removes
        case lowers
        case leaves
        case notRun
    }

    /// The row: `workday.state-objects-alloc`.
    public let row: String
    public let standard: Arm
    public let switches: [Arm]
    /// The CPU ratio above which a process is slow.
    public let cut: Double
    /// The modes of the default run's processes (nil: too few to judge).
    public let standardModes: ProcessModes?
    /// How the table and the paragraph name a run's settings: by their own names unless the
    /// caller names them its way (a command line, by its flags).
    public var settingName: @Sendable (RunSetting) -> String = { $0.optionName }

    public init(row: String, standard: Arm, switches: [Arm]) {
        self.row = row
        self.standard = standard
        self.switches = switches
        let modes = ModeDetector.modes(of: standard.estimates)
        standardModes = modes
        if let modes, let slow = modes.slow {
            cut = (modes.fast.highest * slow.lowest).squareRoot()
        } else {
            let sorted = standard.estimates.sorted()
            cut = Percentile.median(sorted: sorted) * ModeDetector.minimumSeparation
        }
    }

    /// The slow processes of `arm`.
    public func slowCount(_ arm: Arm) -> Int { arm.estimates.filter { $0 > cut }.count }

    /// The one-sided p-value that `arm` has a lower slow share than the default run.
    public func pValue(_ arm: Arm) -> Double? {
        guard arm.skipped == nil, !arm.estimates.isEmpty, !standard.estimates.isEmpty else {
            return nil
        }
        return FisherExactTest.fewerInSecond(
            hits: (slowCount(standard), of: standard.estimates.count),
            versus: (slowCount(arm), of: arm.estimates.count))
    }

    public func verdict(_ arm: Arm) -> Verdict {
        guard let p = pValue(arm) else { return .notRun }
        guard p < ModeExplanation.significance else { return .leaves }
        return slowCount(arm) < ModeDetector.minimumModeProcesses ? .removes : .lowers
    }

    /// Whether the default run had a slow mode to explain.
    public var hasSlowMode: Bool { (standardModes?.count ?? 1) > 1 }

    // MARK: - Text

    /// The table of counts: one line per setting.
    public var table: String {
        var table = TextTable(header: [
            "setting", "processes", "slow", "share", "median ratio", "slowest", "p (fewer slow)",
        ])
        for arm in [standard] + switches {
            guard arm.skipped == nil, !arm.estimates.isEmpty else {
                table.rows.append([
                    name(arm.setting), "—", "not run: \(arm.skipped ?? "no process")",
                ])
                continue
            }
            let sorted = arm.estimates.sorted()
            let slow = slowCount(arm)
            table.rows.append([
                name(arm.setting), "\(sorted.count)", "\(slow)",
                NumberFormat.percent(Double(slow) / Double(sorted.count)),
                NumberFormat.ratio(Percentile.median(sorted: sorted)),
                NumberFormat.ratio(sorted[sorted.count - 1]),
                arm.setting == standard.setting
                    ? "" : pValue(arm).map { String(format: "%.3g", $0) } ?? "—",
            ])
        }
        return table.render()
    }

    /// One paragraph a reader can act on: the default's split, then what each switch did,
    /// and which to use.
    public var paragraph: String {
        let total = standard.estimates.count
        let slow = slowCount(standard)
        var text = "\(row), CPU ratio to the baseline per process: "
        guard hasSlowMode, let modes = standardModes else {
            let judged =
                standardModes == nil
                ? "too few processes (\(total)) to judge its modes"
                : "its \(total) processes showed one mode (\(slow) above \(NumberFormat.ratio(cut)))"
            return text
                + "under the default settings \(judged), so there is no slow mode to explain. Run more processes (\(settingName(.processes))) if one is expected; the counts under each switch are above."
        }
        text +=
            "under the default settings \(slow) of \(total) processes (\(percent(slow, total))) were slow (above \(NumberFormat.ratio(cut)), where they split), the rest at \(NumberFormat.ratio(modes.fast.median)). "
        let removing = switches.filter { verdict($0) == .removes }
        let lowering = switches.filter { verdict($0) == .lowers }
        var said = [String]()
        for arm in switches {
            let counts = "\(slowCount(arm)) of \(arm.estimates.count) slow"
            let p = pValue(arm).map { String(format: "p = %.2g", $0) } ?? ""
            let setting = "\(name(arm.setting)) (\(arm.setting.summary))"
            switch verdict(arm) {
            case .removes: said.append("\(setting) removes it: \(counts), \(p)")
            case .lowers: said.append("\(setting) lowers it: \(counts), \(p)")
            case .leaves: said.append("\(setting) leaves it: \(counts), \(p)")
            case .notRun: said.append("\(setting) was not tried: \(arm.skipped ?? "no process")")
            }
        }
        if !said.isEmpty {
            text +=
                "Against that (p: Fisher's exact test, one-sided, below \(String(format: "%g", ModeExplanation.significance)) a change), "
                + said.joined(separator: "; ") + ". "
        }
        if let first = removing.first {
            text +=
                "So \(first.setting.cause). To measure the pattern without the slow mode, run with \(name(first.setting))"
            if removing.count > 1 {
                text +=
                    " (or \(removing.dropFirst().map { name($0.setting) }.joined(separator: ", or ")))"
            }
            text +=
                "; to measure what a program with the default settings pays, keep them and read both modes (the run's modes column and sentence)."
        } else if let first = lowering.first {
            text +=
                "No switch removes it; \(name(first.setting)) lowers it, so part of it is that \(first.setting.cause). Read both modes in the run's results."
        } else {
            text +=
                "No switch simbench controls removes it, nor lowers it measurably: its cause lies elsewhere (the code layout, the kernel's scheduling, the host). Read both modes in the run's results."
        }
        return text
    }

    /// `setting`'s name, its run settings named by `settingName`.
    private func name(_ setting: ModeSwitch) -> String {
        setting.name.rendered(naming: settingName)
    }

    private func percent(_ part: Int, _ whole: Int) -> String {
        "\(Int((100 * Double(part) / Double(max(whole, 1))).rounded()))%"
    }
}
