/// The memory a run may use here: the smallest of every limit that applies, and which one
/// that is, for the refusal to name.
///
/// Physical memory is one limit, not the only one: a shell's `ulimit -v` caps the address
/// space (RLIMIT_AS), `ulimit -d` the data segment (RLIMIT_DATA), and a container (a
/// Docker-based CI runner) its memory through its cgroup (v2 `memory.max`, v1
/// `memory.limit_in_bytes`). A run past any of them dies mid-way (a failed allocation, the
/// OOM killer) instead of being refused before it starts.
struct MemoryBudget: Sendable, Equatable {
    /// What the estimate may reach, in bytes.
    var bytes: UInt64
    /// The limit, as a refusal says it: "the address-space limit (ulimit -v) of 12 GB".
    var limit: String

    /// The smallest of `limits`, or nil when there is none.
    static func smallest(of limits: [MemoryBudget]) -> MemoryBudget? {
        limits.min { $0.bytes < $1.bytes }
    }

    /// The budget on this host, in this process: the smallest of `limits(…)`.
    static func current(physicalMemory: UInt64) -> MemoryBudget {
        smallest(of: limits(physicalMemory: physicalMemory))!
    }

    /// Every limit that applies: 80% of `physicalMemory`, the memory available now, the
    /// address-space and data limits less what this process has taken of them beyond what
    /// is resident (the estimate counts the resident part), and the cgroup's limit.
    static func limits(physicalMemory: UInt64) -> [MemoryBudget] {
        var limits = [
            MemoryBudget(
                bytes: physicalMemory / 10 * 8,
                limit: "the 80% of this host's \(formatBytes(physicalMemory)) memory it may use")
        ]
        if let available = ResourceUsage.availableBytes() {
            limits.append(
                MemoryBudget(
                    bytes: available, limit: "the \(formatBytes(available)) of memory available now"
                ))
        }
        let status = Platform.processMemoryStatus()
        let resident = status["VmRSS"] ?? 0
        for (resource, name, taken) in [
            (
                Platform.MemoryLimit.addressSpace, "address-space limit (RLIMIT_AS, ulimit -v)",
                status["VmSize"]
            ),
            (.data, "data-segment limit (RLIMIT_DATA, ulimit -d)", status["VmData"]),
        ] {
            guard let cap = Platform.memoryLimit(resource) else { continue }
            let beyondResident = (taken ?? 0) > resident ? (taken ?? 0) - resident : 0
            limits.append(
                MemoryBudget(
                    bytes: cap > beyondResident ? cap - beyondResident : 0,
                    limit: "what the \(name) of \(formatBytes(cap)) leaves"))
        }
        if let (cap, file) = cgroupLimit() {
            limits.append(
                MemoryBudget(
                    bytes: cap,
                    limit: "the container's memory limit (cgroup \(file)) of \(formatBytes(cap))"))
        }
        return limits
    }

    // MARK: - cgroups

    /// This process's cgroup memory limit and the file it comes from (`memory.max`,
    /// `memory.limit_in_bytes`); nil when none is set.
    static func cgroupLimit() -> (bytes: UInt64, file: String)? {
        let candidates = Platform.cgroupMemoryFiles()
        for candidate in candidates {
            if let bytes = cgroupMemoryLimit(at: candidate.path) {
                return (bytes, candidate.file)
            }
        }
        return nil
    }

    /// The limit in a cgroup memory file at `path`: a number of bytes; nil for `max` (v2:
    /// none), for v1's "none" (a number past 2^62), or when the file cannot be read.
    static func cgroupMemoryLimit(at path: String) -> UInt64? {
        guard let text = Platform.readSmallFile(path, capacity: 64) else { return nil }
        let value = text.trimmingCharacters(in: " \n\t")
        guard let bytes = UInt64(value), bytes < 1 << 62 else { return nil }
        return bytes
    }
}

extension String {
    fileprivate func trimmingCharacters(in set: String) -> String {
        let characters = Set(set)
        return String(
            drop(while: { characters.contains($0) }).reversed().drop(while: {
                characters.contains($0)
            })
            .reversed())
    }
}
