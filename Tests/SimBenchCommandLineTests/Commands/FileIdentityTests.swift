import Foundation
import Testing

@testable import SimBenchCommandLine

/// `coverage` reads a file named more than once a single time: two paths are one file when
/// the file system says so, whatever their spelling, and a copy is another file.
@Suite("file identity: which paths name one file")
struct FileIdentityTests {
    @Test("two spellings of a path and a link are one file; a copy, a folder and no file are not")
    func samePathsAreOneFile() throws {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("file-identity-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/run.csv"
        try "run_id\n".write(toFile: path, atomically: true, encoding: .utf8)
        try "run_id\n".write(toFile: folder + "/copy.csv", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(
            atPath: folder + "/link.csv", withDestinationPath: path)
        let file = try #require(FileIdentity(path: path))
        #expect(FileIdentity(path: folder + "/./run.csv") == file)
        #expect(FileIdentity(path: folder + "/link.csv") == file)
        #expect(FileIdentity(path: folder + "/copy.csv") != file)
        #expect(FileIdentity(path: folder) == nil)
        #expect(FileIdentity(path: folder + "/missing.csv") == nil)
    }
}
