import SimBenchCore

extension MechanismsScenario {
    /// One small allocation and its free per event: a word allocated, written, read back
    /// and freed (`swift_slowAlloc` and `malloc`, `swift_slowDealloc` and `free`), with no
    /// reference count around it.
    static let allocationVariant = Variant<MechanismsShard, MechanismsOutcome>(
        name: "allocation",
        summary: "allocates a word per event, folds it, frees it: one malloc, one free"
    ) { shard in
        fold(shard) { sum, number in
            let word = UnsafeMutablePointer<Int>.allocate(capacity: 1)
            word.initialize(to: number)
            foldEvent(&sum, identity(word.pointee))
            word.deallocate()
        }
    }
}
