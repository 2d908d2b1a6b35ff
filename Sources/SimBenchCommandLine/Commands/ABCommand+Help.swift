import SimBench

/// `ab --help`'s prose and exit statuses.
extension ABCommand {
    static var discussion: String {
        """
        HOW IT RUNS
          The base is checked out in a git worktree in \(ABTrial.directory)/base and built there
          (swift build -c release, build folder \(ABTrial.directory)/build, kept between calls); the
          head is the working tree, built as usual. Then each pair runs both builds' '\(Suite.toolName)
          run' with the same arguments: base first in odd pairs, head first in even ones
          (ABBA), so that a machine slowing down favours neither. When both builds can take
          turns on the machine (run --help, TAKING TURNS), a pair's two runs go side by side:
          the first takes the machine, then the second starts, and each measures only while
          the other's span waits, never beside it; otherwise one after the other.

        CODE LAYOUTS (--layouts on, the default)
          Where the linker puts each function moves a tight loop's speed, the same in every
          run of one binary: a change to one function can speed up or slow down another.
          So each side is compiled once with every Swift function in a section of its own
          and linked by the toolchain's ld.lld (build folders \(ABTrial.directory)/base/\(CodeLayouts.runBuildPath),
          where run --layouts in the worktree relinks too, and \(ABTrial.directory)/head-layouts),
          and before each pair both are relinked with
          --shuffle-sections and a new seed: only the link is repeated. The report names
          the seeds. Layout then varies between pairs, so the pairs' interval holds it.
          --layouts off builds as before: one layout per build, the head in the usual
          .build folder.

        COUNTS (--counts auto, the default)
          Where valgrind is installed, every run also counts instructions under Callgrind
          (run --instructions callgrind: a counted pass after the timed rounds). Counts do
          not move with layout or with the host: a time change whose instructions per
          event (and estimated cycles) did not move is a 'layout/env shift', shown and not
          counted in the exit status, and a change of counts is the code's. Without
          valgrind, or with --counts off, time alone decides.

        HOW IT DECIDES
          As compare, per (scenario, params, sweep, variant), on the same figures, but the interval
          comes from the pairs: each pair gives one change, log(head / base), and the 95% CI
          is Student's t interval of their mean. It includes what moves one process against
          another, which no interval inside one run can. A change counts when it passes the
          threshold and its CI excludes 0: a paired t test, which flags at most 5% of rows
          when nothing changed and sees smaller changes as pairs are added. Each row not
          flagged says what it could have seen: 'no change beyond ±6.1% visible with 6
          pairs' (an observed change beyond ±6.1% would have been flagged: the larger of
          the threshold and the CI's half-width) and the true change caught 4 times in 5
          (80% power). When a scenario's baseline variant moved, its patterns are judged on
          their own CPU time over the machine-speed reference, and a move of their ratio is
          reported as 'moved with baseline', never as their change. With one pair nothing
          is judged. Rows of one build only (a scenario or variant added or removed) are
          listed, not judged.
        """
    }

    static var exitStatuses: [(status: ExitStatus, meaning: String)] {
        [
            (.success, "no regression"),
            (.regression, "at least one regression"),
            (.improvement, "improvements and no regression, with --fail-on-improvement"),
            (
                .wrongOutcome,
                "a build computes a wrong outcome (its run stops ab at once), or the head's results hold one"
            ),
            (
                .failure,
                "not a git repository, the base has no \(Suite.toolName) (no Package.swift), a build or run failed, or the base's results lack a column the verdicts read (then nothing more is run)"
            ),
            (
                .usage,
                "usage: bad flag or value, --base is not a commit, --output cannot take the files, or the run arguments are refused (all found before anything is built)"
            ),
        ]
    }
}
