import Foundation
import Testing

@testable import SimBench

/// No file left behind. Leftover temporaries of a killed write are
/// removed by the next write to their directory, and nothing else is; a file created
/// whole-or-nothing is never half there.
@Suite("leftover files", .serialized)
struct LeftoverFileTests {
    typealias Scratch = HistoryFileTests.Scratch

    @Test("temporary names: the prefix and exactly 16 lowercase hex digits")
    func temporaryNames() {
        #expect(AtomicFile.isTemporaryName(".simbench-0123456789abcdef"))
        for name in [
            ".simbench-0123456789abcde", ".simbench-0123456789abcdef0",
            ".simbench-0123456789ABCDEF",
            ".simbench-0123456789abcdeg", "simbench-0123456789abcdef", ".simbench-", "results.csv",
        ] {
            #expect(!AtomicFile.isTemporaryName(name), "\(name)")
        }
    }

    @Test(
        "stale temporaries are removed; young ones, other names, links, directories and others' files stay"
    )
    func staleTemporaries() throws {
        let scratch = try Scratch()
        func make(_ name: String) throws {
            try Data("x".utf8).write(to: URL(fileURLWithPath: scratch.path(name)))
        }
        try make(".simbench-0123456789abcdef")
        try make(".simbench-notours")
        try make(".simbench-0123456789ABCDEF")
        try make("kept.csv")
        // A second link: not a lone temporary (the file is someone's).
        try make(".simbench-1111111111111111")
        #expect(link(scratch.path(".simbench-1111111111111111"), scratch.path("linked.csv")) == 0)
        #expect(symlink("kept.csv", scratch.path(".simbench-2222222222222222")) == 0)
        #expect(mkdir(scratch.path(".simbench-3333333333333333"), 0o700) == 0)
        var others = [String]()
        if geteuid() == 0 {
            // Root can make a file that belongs to someone else: it must stay.
            try make(".simbench-4444444444444444")
            #expect(chown(scratch.path(".simbench-4444444444444444"), 65534, 65534) == 0)
            others.append(".simbench-4444444444444444")
        }
        // All of them are younger than the age a write waits for: nothing goes.
        #expect(AtomicFile.removeStaleTemporaries(in: scratch.path(".")).isEmpty)
        // Counted as stale at once: only the lone regular file of ours with a temporary's name.
        #expect(
            AtomicFile.removeStaleTemporaries(in: scratch.path("."), olderThan: 0) == [
                ".simbench-0123456789abcdef"
            ])
        let left = try FileManager.default.contentsOfDirectory(atPath: scratch.path(".")).sorted()
        #expect(
            left
                == ([
                    ".simbench-0123456789ABCDEF", ".simbench-1111111111111111",
                    ".simbench-2222222222222222",
                    ".simbench-3333333333333333", ".simbench-notours", "kept.csv", "linked.csv",
                ] + others).sorted())
    }

    @Test("create: a new file whole, or false and nothing written when the name exists")
    func create() throws {
        let scratch = try Scratch()
        let path = scratch.path("new.csv")
        #expect(try AtomicFile.create(path, with: Array("a,b\r\n".utf8), naming: "new.csv"))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "a,b\r\n")
        #expect(try !AtomicFile.create(path, with: Array("other\r\n".utf8), naming: "new.csv"))
        #expect(
            try String(contentsOfFile: path, encoding: .utf8) == "a,b\r\n",
            "an existing file is never replaced")
        let mask = umask(0)
        umask(mask)
        var status = stat()
        #expect(stat(path, &status) == 0 && status.st_mode & 0o777 == 0o666 & ~mask)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: scratch.path(".")) == ["new.csv"])
    }
}
