import SimBenchCore

extension MechanismsScenario {
    /// One class method call per event through the vtable: the method of an open class
    /// whose object the optimiser cannot know the class of.
    static let classMethodVariant = Variant<MechanismsShard, MechanismsOutcome>(
        name: "class-method",
        summary: "reads each number through an open class's method: one vtable call"
    ) { shard in
        let reader = identity(Reader.make())
        return {
            fold(shard) { sum, number in foldEvent(&sum, identity(reader.read(number))) }
        }
    }
}

/// Open, with a subclass, so that a call of `read` goes through the vtable.
open class Reader {
    @inline(never)
    open func read(_ number: Int) -> Int { number }

    /// A reader of a class the caller cannot tell.
    static func make() -> Reader { identity(true) ? PlainReader() : Reader() }
}

final class PlainReader: Reader {
    @inline(never)
    override func read(_ number: Int) -> Int { number }
}
