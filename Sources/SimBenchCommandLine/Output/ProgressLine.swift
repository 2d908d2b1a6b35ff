import Foundation
import SimBench
import Synchronization

/// Progress of a long run on stderr: one line rewritten in place, erased at the end; silent
/// unless stderr is a terminal and `--quiet` was not given.
///
/// What it says and how often it changes is `ProgressDisplay`'s: scenario, configuration,
/// step, percentage and the time left, at most a few times a second.
final class ProgressLine: Sendable {
    let enabled: Bool
    private let display = Mutex(ProgressDisplay())
    /// Whether a line is on screen, to erase.
    private let shown = Atomic<Bool>(false)

    init(enabled: Bool) {
        self.enabled = enabled
    }

    func show(_ progress: BenchmarkRunner.Progress) {
        guard enabled else { return }
        let width = (ProgressDisplay.terminalColumns(STDERR_FILENO) ?? Terminal.width) - 1
        let line = display.withLock {
            $0.update(progress, now: ProgressDisplay.now(), width: width)
        }
        guard let line else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K\(line)".utf8))
        shown.store(true, ordering: .relaxed)
    }

    func finish() {
        guard enabled, shown.exchange(false, ordering: .relaxed) else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}
