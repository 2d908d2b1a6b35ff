import Testing

@testable import Subjects

/// The lines the mechanism scenario's miss variants chase: every line once a lap, in
/// jumps, one buffer a size per process.
struct LineBufferTests {
    /// Sizes asked for and the lines each holds: 64 bytes a line, rounded down to a power of
    /// two, at least 8.
    static let sizes: [(bytes: Int, lines: Int)] = [
        (100, 8), (512, 8), (1000, 8), (4096, 64), (65536, 1024), (262_145, 4096),
        (1 << 20, 16384),
    ]

    @Test(
        "a lap from line 0 visits every line once, in jumps, and ends at line 0", arguments: sizes)
    func lap(bytes: Int, lines: Int) throws {
        let buffer = LineBuffer.shared(bytes: bytes)
        #expect(buffer.lines == lines, "\(bytes) bytes")
        #expect(buffer.mask == lines - 1, "\(bytes) bytes")
        var visits = [Int](repeating: 0, count: lines)
        var strides = Set<Int>()
        var line = 0
        for _ in 0..<lines {
            let next = buffer.next(line)
            try #require(
                (0..<lines).contains(next), "\(bytes) bytes: line \(line) leads to \(next)")
            visits[next] += 1
            strides.insert((next - line) & buffer.mask)
            line = next
        }
        #expect(line == 0, "\(bytes) bytes: the lap ends at line \(line)")
        let unvisited = visits.indices.filter { visits[$0] == 0 }
        let revisited = visits.indices.filter { visits[$0] > 1 }
        #expect(
            unvisited.isEmpty && revisited.isEmpty,
            "\(bytes) bytes: lines never visited \(unvisited.prefix(5)), visited twice \(revisited.prefix(5))"
        )
        // Not a walk a prefetcher follows: the jump from one line to the next varies (the
        // sequence's strides take a quarter of the possible values).
        #expect(
            strides.count >= max(2, lines / 4),
            "\(bytes) bytes: \(strides.count) strides, \(strides.sorted().prefix(8))…")
    }

    @Test("one buffer a size per process, whoever asks first, from any thread")
    func shared() async {
        let first = LineBuffer.shared(bytes: 8192)
        #expect(LineBuffer.shared(bytes: 8192) === first)
        #expect(LineBuffer.shared(bytes: 16384) !== first, "another size, another buffer")
        let asked = await withTaskGroup(of: ObjectIdentifier.self) { group in
            for _ in 0..<8 {
                group.addTask { ObjectIdentifier(LineBuffer.shared(bytes: 12288)) }
            }
            var buffers = Set<ObjectIdentifier>()
            for await buffer in group { buffers.insert(buffer) }
            return buffers
        }
        #expect(asked.count == 1, "\(asked.count) buffers of 12,288 bytes")
    }
}
