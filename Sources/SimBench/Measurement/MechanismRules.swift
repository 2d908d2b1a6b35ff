/// Which mechanism a function's instructions belong to (`Mechanism`): the one table of rules,
/// matched against names as Callgrind's dumps give them (a `fn=` line's symbol, C++ names
/// demangled, Swift's left mangled, and an `ob=` line's object file).
///
/// The first rule that matches decides; a function no rule names is `own` when it lives in
/// the measured binary, `runtimeOther` elsewhere. A counted run's `runtimeOther` functions
/// are listed in the raw samples file (`RawSamples`), so that a missing rule shows.
public enum MechanismRules {
    /// How a rule matches a function's symbol.
    public enum Symbol: Sendable {
        /// The whole symbol: `malloc` (and not `malloc_consolidate`'s callers' names).
        case named(String)
        /// The symbol's start: `swift_retain` (and `swift_retain_n`).
        case prefix(String)
        /// Anywhere in the symbol: C++ internals, whose names start with their namespace.
        case containing(String)
        /// A value witness of a Swift type (`$sSqwxx`, Optional's destroy; `…wcpTm`, a merged
        /// initializeWithCopy): the functions existentials and unspecialised generics call
        /// through a type's metadata to copy, move or destroy a value.
        case valueWitness
        /// A generic specialisation the standard library ships ready (`…Tgq5`), which the
        /// compiler calls instead of specialising the code into the binary itself.
        case prespecialization
        /// Any symbol.
        case any

        func matches(_ symbol: String) -> Bool {
            switch self {
            case .named(let name): symbol == name
            case .prefix(let start): symbol.hasPrefix(start)
            case .containing(let part): symbol.contains(part)
            case .valueWitness: Symbol.isValueWitness(symbol)
            case .prespecialization: symbol.hasPrefix("$s") && symbol.contains("Tgq5")
            case .any: true
            }
        }

        /// The mangling's value-witness kinds (`w` and two letters, at the symbol's end, or
        /// before `Tm` when merged).
        static let valueWitnessKinds: Set<Substring> = [
            "al", "ca", "ta", "de", "xx", "XX", "Xx", "CP", "Cp", "cp", "Tk", "tk", "pr", "xs",
            "xg", "Cc", "Tt", "tT", "ug", "up", "ui", "et", "st",
        ]

        static func isValueWitness(_ symbol: String) -> Bool {
            guard symbol.hasPrefix("$s") else { return false }
            let name = symbol.hasSuffix("Tm") ? symbol.dropLast(2) : Substring(symbol)
            guard name.count > 5 else { return false }
            let kind = name.suffix(2)
            return name.dropLast(2).last == "w" && valueWitnessKinds.contains(kind)
        }
    }

    /// How a rule matches the object file a function lives in.
    public enum Object: Sendable {
        /// Wherever it lives.
        case any
        /// A shared library whose path contains this: `libc.so`.
        case library(String)
        /// The measured binary itself.
        case measured

        func matches(_ object: String, measured: String) -> Bool {
            switch self {
            case .any: true
            case .library(let part): object.contains(part)
            case .measured: object == measured
            }
        }
    }

    /// Where a rule puts a function's instructions.
    public enum Attribution: Sendable, Equatable {
        case mechanism(Mechanism)
        /// To the mechanism of the function that called it: a helper that serves them all
        /// (the thread-local look-up `swift_beginAccess` makes, a `memcpy`).
        case caller
    }

    public struct Rule: Sendable {
        public let attribution: Attribution
        public let symbol: Symbol
        public let object: Object

        init(_ mechanism: Mechanism, _ symbol: Symbol, in object: Object = .any) {
            self.attribution = .mechanism(mechanism)
            self.symbol = symbol
            self.object = object
        }

        init(callers symbol: Symbol, in object: Object = .any) {
            self.attribution = .caller
            self.symbol = symbol
            self.object = object
        }
    }

    /// The rules, first match first. Symbols come before the measured binary's rule, so that
    /// a runtime linked statically into the binary still counts as its mechanism.
    public static let all: [Rule] = [
        // Helpers of every mechanism: theirs is their caller's.
        Rule(callers: .named("__tls_get_addr")),
        Rule(callers: .prefix("__memcpy_")),
        Rule(callers: .prefix("__memmove_")),
        Rule(callers: .prefix("__memset_")),
        Rule(callers: .prefix("__memcmp_")),
        Rule(callers: .named("memcpy")),
        Rule(callers: .named("memmove")),
        Rule(callers: .named("memset")),
        Rule(callers: .named("memcmp")),

        // Reference counting: the entry points, their `_n`, nonatomic, unowned, weak,
        // bridge and unknown-object forms, and the C++ that implements them (the inline
        // counts, the side table that weak references force, the slow decrement that ends in
        // `swift_setDeallocating`).
        Rule(.refcount, .prefix("swift_retain")),
        Rule(.refcount, .prefix("swift_release")),
        Rule(.refcount, .prefix("swift_nonatomic_retain")),
        Rule(.refcount, .prefix("swift_nonatomic_release")),
        Rule(.refcount, .prefix("swift_tryRetain")),
        Rule(.refcount, .prefix("_swift_retain")),
        Rule(.refcount, .prefix("_swift_release")),
        Rule(.refcount, .prefix("_swift_tryRetain")),
        Rule(.refcount, .prefix("swift_unownedRetain")),
        Rule(.refcount, .prefix("swift_unownedRelease")),
        Rule(.refcount, .prefix("swift_unownedCheck")),
        Rule(.refcount, .prefix("swift_unowned")),
        Rule(.refcount, .prefix("swift_nonatomic_unowned")),
        Rule(.refcount, .prefix("swift_weak")),
        Rule(.refcount, .prefix("swift_unknownObjectRetain")),
        Rule(.refcount, .prefix("swift_unknownObjectRelease")),
        Rule(.refcount, .prefix("swift_unknownObjectUnowned")),
        Rule(.refcount, .prefix("swift_unknownObjectWeak")),
        Rule(.refcount, .prefix("swift_nonatomic_unknownObject")),
        Rule(.refcount, .prefix("swift_bridgeObjectRetain")),
        Rule(.refcount, .prefix("swift_bridgeObjectRelease")),
        Rule(.refcount, .prefix("swift_nonatomic_bridgeObject")),
        Rule(.refcount, .prefix("swift_setDeallocating")),
        Rule(.refcount, .prefix("swift_isDeallocating")),
        Rule(.refcount, .prefix("swift_isUniquelyReferenced")),
        Rule(.refcount, .prefix("swift_isEscapingClosureAtFileLocation")),
        Rule(.refcount, .containing("swift::RefCounts<")),
        Rule(.refcount, .containing("swift::RefCountBitsT<")),
        Rule(.refcount, .containing("swift::HeapObjectSideTableEntry")),
        Rule(.refcount, .containing("swift::SideTableRefCountBits")),
        Rule(.refcount, .containing("swift::WeakReference")),
        Rule(.refcount, .containing("swift::swift_retain")),
        Rule(.refcount, .containing("swift::swift_release")),

        // Allocation: Swift's object and box allocators, the header set-up of objects that
        // live on the stack or in static memory instead of the heap, and glibc's allocator
        // with its internals.
        Rule(.alloc, .prefix("swift_allocObject")),
        Rule(.alloc, .prefix("swift_allocBox")),
        Rule(.alloc, .prefix("swift_allocEmptyBox")),
        Rule(.alloc, .prefix("swift_makeBoxUnique")),
        Rule(.alloc, .prefix("swift_dealloc")),
        Rule(.alloc, .prefix("swift_slowAlloc")),
        Rule(.alloc, .prefix("swift_slowDealloc")),
        Rule(.alloc, .prefix("swift_initStackObject")),
        Rule(.alloc, .prefix("swift_initStaticObject")),
        Rule(.alloc, .prefix("swift_coroFrameAlloc")),
        Rule(.alloc, .prefix("_swift_stdlib_malloc_size")),
        Rule(.alloc, .named("malloc")),
        Rule(.alloc, .named("free")),
        Rule(.alloc, .named("cfree")),
        Rule(.alloc, .named("calloc")),
        Rule(.alloc, .named("realloc")),
        Rule(.alloc, .named("posix_memalign")),
        Rule(.alloc, .named("aligned_alloc")),
        Rule(.alloc, .named("memalign")),
        Rule(.alloc, .named("valloc")),
        Rule(.alloc, .named("sysmalloc")),
        Rule(.alloc, .named("systrim")),
        Rule(.alloc, .named("unlink_chunk")),
        Rule(.alloc, .named("malloc_consolidate")),
        Rule(.alloc, .named("malloc_usable_size")),
        Rule(.alloc, .named("mremap_chunk")),
        Rule(.alloc, .named("munmap_chunk")),
        Rule(.alloc, .named("new_heap")),
        Rule(.alloc, .named("grow_heap")),
        Rule(.alloc, .named("shrink_heap")),
        Rule(.alloc, .named("heap_trim")),
        Rule(.alloc, .named("arena_get2")),
        Rule(.alloc, .prefix("_int_malloc")),
        Rule(.alloc, .prefix("_int_free")),
        Rule(.alloc, .prefix("_int_realloc")),
        Rule(.alloc, .prefix("_int_memalign")),
        Rule(.alloc, .prefix("_mid_memalign")),
        Rule(.alloc, .prefix("__libc_malloc")),
        Rule(.alloc, .prefix("__libc_free")),
        Rule(.alloc, .prefix("__libc_calloc")),
        Rule(.alloc, .prefix("__libc_realloc")),
        Rule(.alloc, .prefix("__libc_memalign")),
        Rule(.alloc, .prefix("__malloc_")),
        Rule(.alloc, .prefix("tcache_")),
        Rule(.alloc, .prefix("ptmalloc_")),
        Rule(.alloc, .prefix("operator new(")),
        Rule(.alloc, .prefix("operator delete(")),

        // Dispatch: dynamic casts, conformance and metadata look-ups, and the runtime's C++
        // behind them.
        Rule(.dispatch, .prefix("swift_dynamicCast")),
        Rule(.dispatch, .prefix("swift_conformsToProtocol")),
        Rule(.dispatch, .prefix("swift_getGenericMetadata")),
        Rule(.dispatch, .prefix("swift_getWitnessTable")),
        Rule(.dispatch, .prefix("swift_getAssociatedTypeWitness")),
        Rule(.dispatch, .prefix("swift_getAssociatedConformanceWitness")),
        Rule(.dispatch, .prefix("swift_getTypeByMangledName")),
        Rule(.dispatch, .prefix("swift_instantiateConcreteTypeFromMangledName")),
        Rule(.dispatch, .prefix("swift_getCanonicalSpecializedMetadata")),
        Rule(.dispatch, .prefix("swift_getCanonicalPrespecializedGenericMetadata")),
        Rule(.dispatch, .prefix("swift_getSingletonMetadata")),
        Rule(.dispatch, .prefix("swift_checkMetadataState")),
        Rule(.dispatch, .prefix("swift_getExistentialTypeMetadata")),
        Rule(.dispatch, .prefix("swift_getExistentialMetatypeMetadata")),
        Rule(.dispatch, .prefix("swift_getMetatypeMetadata")),
        Rule(.dispatch, .prefix("swift_getTupleTypeMetadata")),
        Rule(.dispatch, .prefix("swift_getFunctionTypeMetadata")),
        Rule(.dispatch, .prefix("swift_getOpaqueTypeMetadata")),
        Rule(.dispatch, .prefix("swift_getOpaqueTypeConformance")),
        Rule(.dispatch, .prefix("swift_getObjectType")),
        Rule(.dispatch, .prefix("swift_getDynamicType")),
        Rule(.dispatch, .prefix("swift_isClassType")),
        Rule(.dispatch, .prefix("swift_isOptionalType")),
        Rule(.dispatch, .prefix("swift_isInConformanceExecutionContext")),
        // The compiler's cache of a type's metadata, emitted into the binary that asks.
        Rule(.dispatch, .prefix("__swift_instantiateConcreteTypeFromMangledName")),
        Rule(.dispatch, .containing("swift::_conformsToProtocol")),
        Rule(.dispatch, .containing("swift::TargetExistential")),
        Rule(.dispatch, .containing("swift::TargetOpaqueExistentialContainer")),
        Rule(.dispatch, .containing("swift::TargetProtocolDescriptor")),
        // The runtime's hashing serves its metadata and conformance caches.
        Rule(.dispatch, .containing("__swift::__runtime::llvm::hash")),
        Rule(.dispatch, .containing("swift::_dynamicCast")),
        Rule(.dispatch, .containing("tryCast")),
        Rule(.dispatch, .containing("ConformanceState")),
        Rule(.dispatch, .containing("ConformanceCache")),
        Rule(.dispatch, .containing("swift::ProtocolConformanceDescriptor")),
        Rule(.dispatch, .containing("swift::TargetProtocolConformanceDescriptor")),
        Rule(.dispatch, .containing("swift::MetadataCacheKey")),
        Rule(.dispatch, .containing("swift::TargetMetadata")),
        Rule(.dispatch, .containing("swift::TargetClassMetadata")),
        Rule(.dispatch, .containing("swift::ConcurrentReadableHashMap")),
        Rule(.dispatch, .containing("swift::_checkGenericRequirements")),
        Rule(.dispatch, .containing("swift::_getClassObjectClass")),
        Rule(.dispatch, .containing("_swift_class_getSuperclass")),
        // Value witnesses: copying, moving and destroying a value the code knows only by its
        // metadata (an existential's, an unspecialised generic's), element by element for
        // arrays; the runtime's and the standard library's.
        Rule(.dispatch, .prefix("_swift_pod_")),
        Rule(.dispatch, .containing("swift::metadataimpl::")),
        Rule(.dispatch, .prefix("swift_arrayInitWith")),
        Rule(.dispatch, .prefix("swift_arrayAssignWith")),
        Rule(.dispatch, .prefix("swift_arrayDestroy")),
        Rule(.dispatch, .valueWitness, in: .library("libswiftCore")),
        Rule(.dispatch, .containing("swift_getTypeContextDescriptor")),

        // Exclusivity: the dynamic checks, and the thread's access set they keep.
        Rule(.exclusivity, .prefix("swift_beginAccess")),
        Rule(.exclusivity, .prefix("swift_endAccess")),
        Rule(.exclusivity, .containing("AccessSet")),
        Rule(.exclusivity, .containing("swift::runtime::SwiftTLSContext")),

        // The measured code itself, with whatever the compiler specialised into it, or took
        // ready-specialised from the standard library.
        Rule(.own, .any, in: .measured),
        Rule(.own, .prespecialization, in: .library("libswiftCore")),
    ]

    /// Where the instructions of `symbol`, a function living in `object` (an `ob=` path),
    /// go when the measured binary is `measured`. Callgrind's mark of a recursion level
    /// (`tryCast'2`) is not part of the name.
    public static func attribution(of symbol: String, in object: String, measured: String)
        -> Attribution
    {
        var name = Substring(symbol)
        if let mark = name.lastIndex(of: "'"),
            name[name.index(after: mark)...].allSatisfy(\.isNumber),
            name.index(after: mark) < name.endIndex
        {
            name = name[..<mark]
        }
        let plain = String(name)
        for rule in all
        where rule.symbol.matches(plain) && rule.object.matches(object, measured: measured) {
            return rule.attribution
        }
        return .mechanism(.runtimeOther)
    }

    /// The mechanism of a function, its callers' helpers counted as `runtimeOther` (the
    /// split gives them to their callers when it knows them).
    public static func mechanism(of symbol: String, in object: String, measured: String)
        -> Mechanism
    {
        switch attribution(of: symbol, in: object, measured: measured) {
        case .mechanism(let mechanism): mechanism
        case .caller: .runtimeOther
        }
    }
}
