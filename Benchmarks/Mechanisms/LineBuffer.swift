import SimBenchCore
import Synchronization

/// Cache lines to miss on: `lines` lines of 64 bytes, each holding in its first word the
/// index of the line a chase visits next, in an order no prefetcher can follow: a
/// full-period linear congruential sequence over the lines (c odd, a − 1 a multiple of 4:
/// every line once per lap), whose steps jump by varying strides.
///
/// A miss variant chases or gathers through one: a buffer that fits the second-level cache
/// but not the first prices a first-level miss, one larger than the last-level cache a miss
/// to memory. One buffer per size, built once per process and shared by every shard and
/// variant (`shared(bytes:)`), since a memory-sized buffer is larger than the cache on
/// purpose and building it is not what is measured.
final class LineBuffer: @unchecked Sendable {
    // Safe to share between threads: `words` is written only in `init`, before the buffer
    // is published through the Mutex of `shared(bytes:)`, and only read afterwards.
    let words: UnsafeMutablePointer<Int>
    /// How many lines: a power of two.
    let lines: Int
    /// `lines - 1`.
    let mask: Int

    /// Words per 64-byte line: a line's first word is the only one read.
    static let wordsPerLine = 8

    /// A buffer of `bytes` rounded down to a power of two, and at least 8 lines.
    private init(bytes: Int) {
        var lines = 8
        while lines * 2 * 64 <= bytes { lines *= 2 }
        self.lines = lines
        mask = lines - 1
        words = UnsafeMutablePointer<Int>.allocate(capacity: lines * Self.wordsPerLine)
        words.initialize(repeating: 0, count: lines * Self.wordsPerLine)
        // Written in the lap's own order from line 0, where every chase starts: what the
        // caches keep of the writing is the lap's end, so that a chase from the start of a
        // buffer larger than the last-level cache misses it from the first step.
        var line = 0
        for _ in 0..<lines {
            let next = (line &* 0x5851_F42D_4C95_7F2D &+ 0x1405_7B7E_F767_814F) & mask
            words[line * Self.wordsPerLine] = next
            line = next
        }
    }

    deinit {
        words.deinitialize(count: lines * Self.wordsPerLine)
        words.deallocate()
    }

    /// The line after `line` in the lap: a load whose address is the one before's value.
    @inline(__always)
    func next(_ line: Int) -> Int {
        words[line &* Self.wordsPerLine]
    }

    private static let buffers = Mutex<[Int: LineBuffer]>([:])

    /// The process's buffer of `bytes`, built on first use.
    static func shared(bytes: Int) -> LineBuffer {
        buffers.withLock { buffers in
            if let buffer = buffers[bytes] { return buffer }
            let buffer = LineBuffer(bytes: bytes)
            buffers[bytes] = buffer
            return buffer
        }
    }
}

/// Where a miss variant's chase or gather stands: kept from one run to the next, so that a
/// run goes on to lines the one before did not touch (a counted run after its first run,
/// like a timed round after the last, meets the buffer as it is after a lap elsewhere).
final class LinePosition {
    var line = 0
    var step = 0
}
