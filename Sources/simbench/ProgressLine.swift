import Foundation
import SimBench

/// Progress of a long run on stderr, rewritten in place; silent unless stderr is a terminal
/// and `--quiet` was not given.
struct ProgressLine: Sendable {
    let enabled: Bool

    func show(_ progress: BenchmarkRunner.Progress) {
        guard enabled else { return }
        let line = "[\(progress.scenario)/\(progress.scenarios)] \(progress.label): \(progress.phase)"
        FileHandle.standardError.write(Data("\r\u{1B}[K\(line)".utf8))
    }

    func finish() {
        guard enabled else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}
