import Foundation
import Testing

@testable import SimBench

@Suite("runs taking turns on the machine")
struct MachineTurnsTests {
    /// Whether another descriptor of `path` can take the machine now, without waiting; when
    /// it can, it gives it back at once.
    private func free(_ path: String) -> Bool {
        let other = open(path, O_RDWR)
        defer { close(other) }
        guard flock(other, LOCK_EX | LOCK_NB) == 0 else { return false }
        _ = flock(other, LOCK_UN)
        return true
    }

    @Test("a turn holds the machine but while it waits, and takes it back after")
    func yieldsOnlyWhileWaiting() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "turns-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("machine").path
        let turn = try MachineTurns.Turn(path: path)
        // A run's turn lasts until its process exits; this one ends with the test.
        defer { close(turn.descriptor) }
        #expect(!free(path))
        var freeWhileWaiting = false
        turn.yield { freeWhileWaiting = free(path) }
        #expect(freeWhileWaiting)
        #expect(!free(path))
    }

    @Test("each turn taken is noted at the file's end: this process and its parent, in order")
    func notesItsTurns() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "turns-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("machine").path
        try "not a turn\n".write(toFile: path, atomically: true, encoding: .utf8)
        let before = MachineTurns.size(of: path)
        #expect(before == 11)
        let turn = try MachineTurns.Turn(path: path)
        defer { close(turn.descriptor) }
        let me = MachineTurns.Noted(process: getpid(), parent: getppid())
        #expect(MachineTurns.turns(in: path) == [me])
        turn.yield {}
        #expect(MachineTurns.turns(in: path, from: before) == [me, me])
        #expect(MachineTurns.size(of: path) > before)
        #expect(MachineTurns.turns(in: path, from: MachineTurns.size(of: path)).isEmpty)
        #expect(MachineTurns.turns(in: directory.appendingPathComponent("none").path).isEmpty)
    }

    @Test("a turns file that cannot be made is a file error naming it and the variable")
    func unopenable() {
        let path = "/nonexistent-\(UUID().uuidString)/machine"
        #expect {
            try MachineTurns.Turn(path: path)
        } throws: { error in
            let error = error as? FileError
            return error?.path == path && error?.reason.contains(MachineTurns.variable) == true
        }
    }

    @Test("without a turn taken, a wait only waits")
    func noTurn() {
        // No test sets the variable, so this process never takes a turn.
        var waited = false
        MachineTurns.yield { waited = true }
        #expect(waited)
    }
}
