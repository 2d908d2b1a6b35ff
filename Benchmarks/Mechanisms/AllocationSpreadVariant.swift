import SimBenchCore

extension MechanismsScenario {
    /// The allocation's throughput twin: one allocation and one free per event, as in
    /// `allocation`, but the word freed is the one allocated `spread` events before, so that
    /// the allocator does not hand back the block it was just given.
    static let allocationSpreadVariant = Variant<MechanismsShard, MechanismsOutcome>(
        name: "allocation-spread",
        summary:
            "allocates a word per event and frees the one allocated \(spread) events before: one malloc, one free"
    ) { shard in
        let ring = WordRing(count: spread)
        return {
            var event = 0
            return fold(shard) { sum, number in
                event &+= 1
                let word = ring.replace(at: event & spreadMask)
                word.initialize(to: number)
                foldEvent(&sum, identity(word.pointee))
            }
        }
    }
}

/// Words allocated and kept live, each replaced by a new one in turn; freed with the ring.
/// Its slots are raw memory, not an array, so that replacing one adds no uniqueness or
/// exclusivity check beside the allocation and the free.
final class WordRing {
    private let words: UnsafeMutablePointer<UnsafeMutablePointer<Int>>
    private let count: Int

    init(count: Int) {
        self.count = count
        words = UnsafeMutablePointer<UnsafeMutablePointer<Int>>.allocate(capacity: count)
        for index in 0..<count {
            let word = UnsafeMutablePointer<Int>.allocate(capacity: 1)
            word.initialize(to: 0)
            (words + index).initialize(to: word)
        }
    }

    /// Frees the word at `index` and puts a new one, uninitialised, in its place.
    @inline(__always)
    func replace(at index: Int) -> UnsafeMutablePointer<Int> {
        words[index].deallocate()
        let word = UnsafeMutablePointer<Int>.allocate(capacity: 1)
        words[index] = word
        return word
    }

    deinit {
        for index in 0..<count { words[index].deallocate() }
        words.deinitialize(count: count)
        words.deallocate()
    }
}
