import CSimBenchSystem
import Foundation

extension Platform {
    /// The processor beyond its name (`HostIdentity`): Linux's `/proc/cpuinfo`, core 0's
    /// caches and `cpufreq` under `/sys/devices/system/cpu/cpu0/`, `/sys/hypervisor/type`
    /// and CPUID leaf 0x40000000; Darwin's `sysctl` (`hw.cpufamily`, `hw.cpusubfamily`,
    /// the `hw.l*cachesize`, `hw.cpufrequency*`, `machdep.cpu.*`, `kern.hv_vm_present`);
    /// `unknown` elsewhere.
    static func hostIdentity() -> HostIdentity {
        #if os(Linux) && !SIMBENCH_PORTABLE
            let cpu = "/sys/devices/system/cpu/cpu0/"
            var caches = [HostIdentity.LinuxFiles.Cache]()
            for index in 0..<16 {
                let directory = cpu + "cache/index\(index)/"
                guard let level = readSmallFile(directory + "level", capacity: 64),
                    let type = readSmallFile(directory + "type", capacity: 64),
                    let size = readSmallFile(directory + "size", capacity: 64)
                else { break }
                caches.append(.init(level: level, type: type, size: size))
            }
            var signature = [CChar](repeating: 0, count: 16)
            let hasHypervisor = simbench_hypervisor_vendor(&signature, signature.count) == 1
            return HostIdentity(
                linux: .init(
                    cpuinfo: cpuinfo(),
                    caches: caches,
                    baseFrequency: readSmallFile(cpu + "cpufreq/base_frequency", capacity: 64),
                    maxFrequency: readSmallFile(cpu + "cpufreq/cpuinfo_max_freq", capacity: 64),
                    hypervisorType: readSmallFile("/sys/hypervisor/type", capacity: 64),
                    cpuidHypervisor: hasHypervisor
                        ? String(
                            decoding: signature.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) },
                            as: UTF8.self)
                        : nil))
        #elseif canImport(Darwin)
            var identity = HostIdentity()
            identity.vendor = sysctlText("machdep.cpu.vendor") ?? "Apple"
            identity.family =
                sysctlNumber("hw.cpufamily").map { "0x" + String($0, radix: 16) } ?? ""
            identity.model = sysctlNumber("hw.cpusubfamily").map { "\($0)" } ?? ""
            identity.stepping = sysctlNumber("machdep.cpu.stepping").map { "\($0)" } ?? ""
            identity.microcode =
                sysctlNumber("machdep.cpu.microcode_version").map { "0x" + String($0, radix: 16) }
                ?? ""
            identity.l1dBytes = sysctlNumber("hw.l1dcachesize")
            identity.l2Bytes = sysctlNumber("hw.l2cachesize")
            identity.l3Bytes = sysctlNumber("hw.l3cachesize").flatMap { $0 == 0 ? nil : $0 }
            identity.baseMHz = sysctlNumber("hw.cpufrequency").map { $0 / 1_000_000 }
            identity.maxMHz = sysctlNumber("hw.cpufrequency_max").map { $0 / 1_000_000 }
            identity.hypervisor =
                sysctlNumber("kern.hv_vm_present").map {
                    $0 == 0 ? HostIdentity.noHypervisor : "unnamed hypervisor"
                } ?? ""
            return identity
        #else
            return .unknown
        #endif
    }

    #if os(Linux) && !SIMBENCH_PORTABLE
        /// Linux's `/proc/cpuinfo`, whole; nil where it cannot be read. The one place it is
        /// read: its fields are parsed by `HostIdentity.firstProcessor`.
        static func cpuinfo() -> String? {
            try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)
        }
    #endif

    #if canImport(Darwin)
        /// A string sysctl, or nil.
        private static func sysctlText(_ name: String) -> String? {
            var size = 0
            guard sysctlbyname(name, nil, &size, nil, 0) == 0, size > 1 else { return nil }
            var buffer = [CChar](repeating: 0, count: size)
            guard sysctlbyname(name, &buffer, &size, nil, 0) == 0 else { return nil }
            return String(cString: buffer)
        }

        /// An integer sysctl of 4 or 8 bytes, unsigned (`hw.cpufamily` is a bit pattern),
        /// or nil.
        private static func sysctlNumber(_ name: String) -> UInt64? {
            var value: UInt64 = 0
            var size = MemoryLayout<UInt64>.size
            guard sysctlbyname(name, &value, &size, nil, 0) == 0 else { return nil }
            return size == 4 ? value & 0xFFFF_FFFF : value
        }
    #endif
}
