import Foundation
import Testing

@testable import SimBench

/// What the platform layer offers, on Linux and on the portable path (`-DSIMBENCH_PORTABLE`):
/// each measurement it cannot make is missing with its reason, never a zero.
@Suite("platform: capabilities, and what the portable path reports missing")
struct PlatformTests {
    @Test("the clocks every platform keeps are available, and read")
    func clocks() {
        let capabilities = Platform.capabilities(executable: CommandLine.arguments[0])
        for name in [
            "wall clock", "thread CPU clock", "process CPU clock", "peak memory (process)",
        ] {
            let capability = capabilities.first { $0.name == name }
            #expect(capability?.available == true, "\(name): \(String(describing: capability))")
        }
        #expect(threadCPUNanoseconds() > 0)
        #expect(ResourceUsage.current().peakResidentBytes > 0)
    }

    @Test("every capability says how it is had or why not, each named once")
    func everyCapabilitySaysWhy() {
        let capabilities = Platform.capabilities(executable: CommandLine.arguments[0])
        for capability in capabilities {
            #expect(!capability.detail.isEmpty, "\(capability.name) says nothing")
        }
        #expect(Set(capabilities.map(\.name)).count == capabilities.count)
    }

    @Test(
        "off Linux, the Linux-only measurements are missing with a reason, not zero",
        .disabled(if: Platform.isLinux, "the Linux build has them")
    )
    func portableReportsMissing() throws {
        #expect(ResourceUsage.currentResidentBytes() == nil)
        #expect(ResourceUsage.availableBytes() == nil)
        #expect(PeakResidentMemory.reset() == false)
        #expect(PeakResidentMemory.current() == nil)
        let refusal = #expect(throws: InstructionCounterUnavailable.self) {
            try InstructionCounter()
        }
        #expect(refusal?.description.contains(Platform.notLinux) == true)
        #expect(throws: OneCore.Refusal.self) { try OneCore.keeping {} }
        let missing = Platform.capabilities(executable: CommandLine.arguments[0])
            .filter { !$0.available }.map(\.name)
        for name in [
            "peak memory (per scenario)", "resident memory", "instruction counts (perf)",
            "unnamed result files", "one core (explain)",
        ] {
            #expect(missing.contains(name), "\(name) should be unavailable here")
        }
    }

    @Test(
        "on Linux, the Linux measurements are there",
        .enabled(if: Platform.isLinux, "the Linux build only")
    )
    func linuxHasThem() throws {
        #expect(try #require(ResourceUsage.currentResidentBytes()) > 0)
        #expect(ResourceUsage.availableBytes() != nil)
        #expect(Platform.processorModel() != nil)
        #expect(Platform.threadIDs()?.isEmpty == false)
        let capabilities = Platform.capabilities(executable: CommandLine.arguments[0])
        #expect(capabilities.first { $0.name == "unnamed result files" }?.available == true)
    }

    @Test(
        "on Linux the processor's name is the first model name in /proc/cpuinfo, trimmed",
        .enabled(if: Platform.isLinux, "Linux's files are read; the portable path reads none")
    )
    func processorModel() throws {
        let text = try String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)
        let line = text.split(separator: "\n").first { $0.hasPrefix("model name") }
        let named = line?.split(separator: ":", maxSplits: 1).last?
            .trimmingCharacters(in: .whitespaces)
        #expect(Platform.processorModel() == named)
    }

    @Test("a written file comes out whole by whichever path the platform takes")
    func atomicWriteWhole() throws {
        var template = Array("/tmp/simbench-platform-XXXXXX".utf8CString)
        let directory = try #require(mkdtemp(&template).map { String(cString: $0) })
        defer {
            unlink(directory + "/out.csv")
            rmdir(directory)
        }
        let path = directory + "/out.csv"
        #expect(try AtomicFile.create(path, with: Array("a,b\n".utf8), naming: "out.csv"))
        #expect(try !AtomicFile.create(path, with: Array("c,d\n".utf8), naming: "out.csv"))
        let descriptor = open(path, O_RDONLY)
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: 16)
        #expect(read(descriptor, &bytes, 16) == 4)
        #expect(String(decoding: bytes.prefix(4), as: UTF8.self) == "a,b\n")
    }

    @Test("bytes of several chunks' worth are written whole and in order, a chunk a call")
    func writtenInChunks() throws {
        var template = Array("/tmp/simbench-platform-XXXXXX".utf8CString)
        let directory = try #require(mkdtemp(&template).map { String(cString: $0) })
        let path = directory + "/out.csv"
        defer {
            unlink(path)
            rmdir(directory)
        }
        // Two and a half chunks, each byte telling where it lies.
        let count = TextOutput.chunkSize * 5 / 2
        let contents = (0..<count).map { UInt8(truncatingIfNeeded: $0 / 4099 &+ $0) }
        try OutputFile.writeAtomically(bytes: contents, to: path)
        let written = Array(try #require(FileManager.default.contents(atPath: path)))
        try #require(written.count == count)
        let differing = written.indices.first { written[$0] != contents[$0] }
        #expect(differing == nil, "the first byte written wrong")
    }

    @Test(
        "on Linux the processor's identity is read: its family or part, its caches",
        .enabled(if: Platform.isLinux, "Linux's files are read; the portable path reads none")
    )
    func hostIdentity() {
        let identity = Platform.hostIdentity()
        #expect(identity.isKnown)
        #expect(!identity.model.isEmpty, "\(identity)")
        #expect(!identity.phrase.isEmpty, "\(identity)")
    }

    @Test("a directory entry's name is read up to its end: names of every length, as listed")
    func directoryEntryNames() throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("simbench-entries-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(
            atPath: directory, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // Short names make short entries, so most entries end well before a whole dirent's
        // size; 255 bytes is the longest name.
        let names = Set(
            [1, 2, 7, 8, 9, 16, 31, 64, 100, 200, 255].map { String(repeating: "n", count: $0) })
        for name in names {
            #expect(FileManager.default.createFile(atPath: "\(directory)/\(name)", contents: nil))
        }
        guard let stream = opendir(directory) else {
            Issue.record("opendir failed")
            return
        }
        defer { closedir(stream) }
        var listed = Set<String>()
        while let entry = readdir(stream) { listed.insert(Platform.directoryEntryName(entry)) }
        #expect(listed == names.union([".", ".."]))
    }
}
