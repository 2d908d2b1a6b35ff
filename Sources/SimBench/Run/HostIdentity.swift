import Foundation

/// The processor a run happened on, named beyond its marketing name: two hosts that print
/// the same `cpu` ("AMD EPYC") may be different processors whose patterns cost 40% apart.
///
/// On x86-64 Linux: the CPUID vendor, family, model and stepping, the microcode, the cache
/// sizes of core 0, the base and maximum frequency where `cpufreq` gives them, and the
/// hypervisor if any. On arm64 Linux the family is the architecture, the model the part,
/// the stepping `r<variant>p<revision>`, the vendor the implementer. On Darwin what
/// `sysctl` gives (`Platform.hostIdentity()`). A field that cannot be read is empty, never
/// guessed; a file written before simbench recorded it reads back as `unknown`.
///
/// Parsing is a function of the files' texts alone (`init(linux:)`), so that tests feed it
/// real samples; the platform layer reads the files.
public struct HostIdentity: Sendable, Hashable {
    /// `GenuineIntel`, `AuthenticAMD`; an arm64 implementer (`0x41`); `Apple`.
    public var vendor = ""
    /// The CPUID family (`6`, `25`); an arm64 architecture; Darwin's `hw.cpufamily`.
    public var family = ""
    /// The CPUID model (`207`); an arm64 part (`0xd0c`); Darwin's `hw.cpusubfamily`.
    public var model = ""
    /// The CPUID stepping (`2`); an arm64 `r<variant>p<revision>`.
    public var stepping = ""
    /// The microcode revision (`0xa0011d1`), as the system gives it.
    public var microcode = ""
    /// The level-1 data cache of one core, in bytes.
    public var l1dBytes: UInt64?
    /// The level-2 cache of one core, in bytes.
    public var l2Bytes: UInt64?
    /// The level-3 cache core 0 shares, in bytes.
    public var l3Bytes: UInt64?
    /// The base (nominal) frequency, in MHz, where the system gives it.
    public var baseMHz: UInt64?
    /// The highest frequency, in MHz, where the system gives it.
    public var maxMHz: UInt64?
    /// The hypervisor the processor runs under (`KVM`, `Hyper-V`, `Xen`), `none` when the
    /// processor says there is none, empty when it cannot be told.
    public var hypervisor = ""

    /// Nothing known: a file from before the identity was recorded, or a system that gives
    /// none of it.
    public static let unknown = HostIdentity()

    public init() {}

    /// Whether any field is known.
    public var isKnown: Bool { self != .unknown }

    /// The identity in a few words, for a run's header:
    /// `family 6 model 207 stepping 2, L2 2 MB, L3 260 MB, KVM`; empty when unknown.
    public var phrase: String {
        var parts = [String]()
        let id = [("family", family), ("model", model), ("stepping", stepping)]
            .filter { !$0.1.isEmpty }.map { "\($0.0) \($0.1)" }
        if !id.isEmpty { parts.append(id.joined(separator: " ")) }
        if let l2Bytes { parts.append("L2 \(Self.bytes(l2Bytes))") }
        if let l3Bytes { parts.append("L3 \(Self.bytes(l3Bytes))") }
        if let mhz = maxMHz ?? baseMHz { parts.append(Self.gigahertz(mhz)) }
        if !hypervisor.isEmpty, hypervisor != Self.noHypervisor { parts.append(hypervisor) }
        return parts.joined(separator: ", ")
    }

    /// The generation alone, for a header that must fit a line: `family 6 model 207`
    /// (`phrase` adds the stepping, caches, frequency and hypervisor).
    public var briefPhrase: String {
        [("family", family), ("model", model)].filter { !$0.1.isEmpty }
            .map { "\($0.0) \($0.1)" }.joined(separator: " ")
    }

    /// Every field, named as a person reads it, in a fixed order; empty fields left out:
    /// `[("family", "25"), ("L2", "512 KB"), …]`. What a change of CPU is said in.
    public var fields: [(name: String, value: String)] {
        let all: [(String, String)] = [
            ("vendor", vendor), ("family", family), ("model", model), ("stepping", stepping),
            ("microcode", microcode), ("L1d", l1dBytes.map(Self.bytes) ?? ""),
            ("L2", l2Bytes.map(Self.bytes) ?? ""), ("L3", l3Bytes.map(Self.bytes) ?? ""),
            ("base", baseMHz.map { "\($0) MHz" } ?? ""), ("max", maxMHz.map { "\($0) MHz" } ?? ""),
            ("hypervisor", hypervisor),
        ]
        return all.filter { !$0.1.isEmpty }.map { (name: $0.0, value: $0.1) }
    }

    /// The value `hypervisor` holds when the processor says no hypervisor runs it.
    public static let noHypervisor = "none"

    /// `48 KB`, `2 MB`, `1.5 MB` (binary units, as the caches are sized).
    static func bytes(_ count: UInt64) -> String {
        let mebibyte: UInt64 = 1 << 20
        if count >= mebibyte {
            let value = Double(count) / Double(mebibyte)
            return count % mebibyte == 0 ? "\(count / mebibyte) MB" : "\(round1(value)) MB"
        }
        return count % 1024 == 0 ? "\(count / 1024) KB" : "\(count) B"
    }

    /// `2.6 GHz`.
    static func gigahertz(_ mhz: UInt64) -> String {
        mhz % 1000 == 0 ? "\(mhz / 1000) GHz" : "\(round1(Double(mhz) / 1000)) GHz"
    }

    private static func round1(_ value: Double) -> String {
        let tenths = (value * 10).rounded()
        return tenths.truncatingRemainder(dividingBy: 10) == 0
            ? "\(Int(tenths / 10))" : "\(tenths / 10)"
    }
}

// MARK: - Linux

extension HostIdentity {
    /// What Linux says of its processor, each file's text as read (nil: not readable).
    public struct LinuxFiles: Sendable {
        /// One cache of core 0 (`/sys/devices/system/cpu/cpu0/cache/index*/`).
        public struct Cache: Sendable {
            public var level: String
            public var type: String
            public var size: String

            public init(level: String, type: String, size: String) {
                self.level = level
                self.type = type
                self.size = size
            }
        }

        /// `/proc/cpuinfo`.
        public var cpuinfo: String?
        public var caches: [Cache]
        /// `cpufreq/base_frequency`, in kHz.
        public var baseFrequency: String?
        /// `cpufreq/cpuinfo_max_freq`, in kHz.
        public var maxFrequency: String?
        /// `/sys/hypervisor/type` (`xen`).
        public var hypervisorType: String?
        /// The signature of CPUID leaf 0x40000000 (`KVMKVMKVM`), nil when the processor
        /// says no hypervisor runs it or is not x86-64.
        public var cpuidHypervisor: String?

        public init(
            cpuinfo: String?, caches: [Cache] = [], baseFrequency: String? = nil,
            maxFrequency: String? = nil, hypervisorType: String? = nil,
            cpuidHypervisor: String? = nil
        ) {
            self.cpuinfo = cpuinfo
            self.caches = caches
            self.baseFrequency = baseFrequency
            self.maxFrequency = maxFrequency
            self.hypervisorType = hypervisorType
            self.cpuidHypervisor = cpuidHypervisor
        }
    }

    /// The identity Linux's files give; fields they do not give stay empty.
    public init(linux files: LinuxFiles) {
        let info = Self.firstProcessor(files.cpuinfo ?? "")
        if let family = info["cpu family"] {
            vendor = info["vendor_id"] ?? ""
            self.family = family
            model = info["model"] ?? ""
            stepping = info["stepping"] ?? ""
        } else if let part = info["CPU part"] {
            vendor = info["CPU implementer"] ?? ""
            family = info["CPU architecture"] ?? ""
            model = part
            if let variant = info["CPU variant"], let revision = info["CPU revision"],
                let variantNumber = UInt64(variant.dropFirst(2), radix: 16)
            {
                stepping = "r\(variantNumber)p\(revision)"
            }
        }
        microcode = info["microcode"] ?? ""
        for cache in files.caches where cache.type.trimmed != "Instruction" {
            guard let size = Self.cacheBytes(cache.size) else { continue }
            switch cache.level.trimmed {
            case "1": l1dBytes = size
            case "2": l2Bytes = size
            case "3": l3Bytes = size
            default: break
            }
        }
        baseMHz = files.baseFrequency.flatMap { UInt64($0.trimmed) }.map { $0 / 1000 }
        maxMHz = files.maxFrequency.flatMap { UInt64($0.trimmed) }.map { $0 / 1000 }
        if let signature = files.cpuidHypervisor?.trimmed, !signature.isEmpty {
            hypervisor = Self.hypervisorName(signature)
        } else if let type = files.hypervisorType?.trimmed, !type.isEmpty {
            hypervisor = Self.hypervisorName(type)
        } else if let flags = info["flags"] {
            hypervisor =
                flags.split(separator: " ").contains("hypervisor")
                ? "unnamed hypervisor" : Self.noHypervisor
        }
    }

    /// The first processor's `key: value` lines of `/proc/cpuinfo` (keys and values
    /// trimmed); empty for a text without them.
    static func firstProcessor(_ cpuinfo: String) -> [String: String] {
        var fields = [String: String]()
        var started = false
        for line in cpuinfo.split(separator: "\n", omittingEmptySubsequences: false) {
            guard let colon = line.firstIndex(of: ":") else {
                if started && line.trimmed.isEmpty { break }
                continue
            }
            let key = line[..<colon].trimmed
            if key == "processor" && started { break }
            started = true
            if fields[key] == nil { fields[key] = line[line.index(after: colon)...].trimmed }
        }
        return fields
    }

    /// `48K`, `2048K`, `1M` (sysfs's sizes) in bytes; nil for anything else.
    static func cacheBytes(_ text: String) -> UInt64? {
        let size = text.trimmed
        let units: [(Character, UInt64)] = [("K", 1 << 10), ("M", 1 << 20), ("G", 1 << 30)]
        if let last = size.last, let unit = units.first(where: { $0.0 == last }) {
            return UInt64(size.dropLast()).map { $0 * unit.1 }
        }
        return UInt64(size)
    }

    /// The hypervisor a CPUID signature or `/sys/hypervisor/type` names.
    static func hypervisorName(_ signature: String) -> String {
        let known = [
            ("KVMKVMKVM", "KVM"), ("Microsoft Hv", "Hyper-V"), ("VMwareVMware", "VMware"),
            ("XenVMMXenVMM", "Xen"), ("xen", "Xen"), ("TCGTCGTCGTCG", "QEMU"),
            ("bhyve bhyve", "bhyve"), ("ACRNACRNACRN", "ACRN"), ("VBoxVBoxVBox", "VirtualBox"),
            ("QNXQVMBSQG", "QNX"), ("Linux KVM Hv", "KVM (Hyper-V interface)"),
        ]
        return known.first { $0.0 == signature }?.1 ?? signature
    }
}

extension StringProtocol {
    fileprivate var trimmed: String { trimmingCharacters(in: .whitespacesAndNewlines) }
}
