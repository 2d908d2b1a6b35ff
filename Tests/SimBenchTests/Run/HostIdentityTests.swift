import Testing

@testable import SimBench

/// The processor's identity from Linux's files: real `/proc/cpuinfo` excerpts from an Intel
/// Xeon, two AMD EPYCs that print the same kind of name, an arm64 Neoverse, a missing file
/// and a layout simbench does not know.
@Suite("host identity: read from /proc/cpuinfo and sysfs")
struct HostIdentityTests {
    /// A Sapphire Rapids VM (`/proc/cpuinfo`'s first processor, flags cut short).
    static let xeon = """
        processor\t: 0
        vendor_id\t: GenuineIntel
        cpu family\t: 6
        model\t\t: 207
        model name\t: Intel(R) Xeon(R) Processor
        stepping\t: 2
        microcode\t: 0x1
        cpu MHz\t\t: 2300.000
        cache size\t: 266240 KB
        physical id\t: 0
        siblings\t: 2
        flags\t\t: fpu vme de pse tsc msr pae mce cx8 apic sep hypervisor lahf_lm abm avx512f
        bugs\t\t: spectre_v1 spectre_v2 spec_store_bypass swapgs retbleed bhi
        bogomips\t: 4600.00

        processor\t: 1
        vendor_id\t: GenuineIntel
        cpu family\t: 6
        model\t\t: 208
        stepping\t: 9

        """

    /// An EPYC Milan on bare metal (no `hypervisor` flag).
    static let epycMilan = """
        processor\t: 0
        vendor_id\t: AuthenticAMD
        cpu family\t: 25
        model\t\t: 1
        model name\t: AMD EPYC 7B13 64-Core Processor
        stepping\t: 1
        microcode\t: 0xa0011d1
        cpu MHz\t\t: 2450.000
        cache size\t: 512 KB
        flags\t\t: fpu vme de pse tsc msr pae mce cx8 apic sep mtrr pge mca cmov pat pse36 clflush mmx fxsr sse sse2 ht syscall nx mmxext fxsr_opt pdpe1gb rdtscp lm constant_tsc rep_good nopl nonstop_tsc cpuid extd_apicid aperfmperf
        bugs\t\t: sysret_ss_attrs spectre_v1 spectre_v2 spec_store_bypass srso
        bogomips\t: 4900.16
        TLB size\t: 2560 4K pages

        """

    /// A newer EPYC in a VM: family 26, model 2, stepping 1, 1 MB L2.
    static let epycTurin = """
        processor\t: 0
        vendor_id\t: AuthenticAMD
        cpu family\t: 26
        model\t\t: 2
        model name\t: AMD EPYC
        stepping\t: 1
        microcode\t: 0xffffffff
        cpu MHz\t\t: 2600.000
        flags\t\t: fpu vme de pse tsc msr pae mce cx8 apic sep hypervisor lahf_lm

        """

    /// AWS Graviton2 (Neoverse N1): "CPU architecture" has no tab before its colon.
    static let graviton = """
        processor\t: 0
        BogoMIPS\t: 243.75
        Features\t: fp asimd evtstrm aes pmull sha1 sha2 crc32 atomics fphp asimdhp cpuid asimdrdm lrcpc dcpop asimddp ssbs
        CPU implementer\t: 0x41
        CPU architecture: 8
        CPU variant\t: 0x3
        CPU part\t: 0xd0c
        CPU revision\t: 1

        processor\t: 1
        CPU part\t: 0xd40

        """

    static let xeonCaches: [HostIdentity.LinuxFiles.Cache] = [
        .init(level: "1\n", type: "Data\n", size: "48K\n"),
        .init(level: "1\n", type: "Instruction\n", size: "32K\n"),
        .init(level: "2\n", type: "Unified\n", size: "2048K\n"),
        .init(level: "3\n", type: "Unified\n", size: "266240K\n"),
    ]

    @Test("an Intel Xeon VM: family, model, stepping of the first processor, caches, KVM")
    func intelXeon() {
        let identity = HostIdentity(
            linux: .init(cpuinfo: Self.xeon, caches: Self.xeonCaches, cpuidHypervisor: "KVMKVMKVM"))
        #expect(identity.vendor == "GenuineIntel")
        #expect(identity.family == "6")
        #expect(identity.model == "207")
        #expect(identity.stepping == "2")
        #expect(identity.microcode == "0x1")
        #expect(identity.l1dBytes == 48 * 1024)
        #expect(identity.l2Bytes == 2048 * 1024)
        #expect(identity.l3Bytes == 266_240 * 1024)
        #expect(identity.baseMHz == nil && identity.maxMHz == nil)
        #expect(identity.hypervisor == "KVM")
        #expect(identity.phrase == "family 6 model 207 stepping 2, L2 2 MB, L3 260 MB, KVM")
    }

    @Test("without CPUID's signature, the hypervisor flag still says a hypervisor runs it")
    func hypervisorFlag() {
        let identity = HostIdentity(linux: .init(cpuinfo: Self.xeon))
        #expect(identity.hypervisor == "unnamed hypervisor")
        let xen = HostIdentity(linux: .init(cpuinfo: Self.xeon, hypervisorType: "xen\n"))
        #expect(xen.hypervisor == "Xen")
    }

    @Test("two AMD EPYCs: their identities differ where their names would not")
    func amdEpyc() {
        let milan = HostIdentity(
            linux: .init(
                cpuinfo: Self.epycMilan,
                caches: [
                    .init(level: "1", type: "Data", size: "32K"),
                    .init(level: "2", type: "Unified", size: "512K"),
                    .init(level: "3", type: "Unified", size: "32768K"),
                ], baseFrequency: "2450000\n", maxFrequency: "3500000\n"))
        #expect(milan.vendor == "AuthenticAMD")
        #expect((milan.family, milan.model, milan.stepping) == ("25", "1", "1"))
        #expect(milan.microcode == "0xa0011d1")
        #expect(milan.baseMHz == 2450 && milan.maxMHz == 3500)
        #expect(milan.hypervisor == HostIdentity.noHypervisor)
        #expect(milan.phrase == "family 25 model 1 stepping 1, L2 512 KB, L3 32 MB, 3.5 GHz")
        let turin = HostIdentity(
            linux: .init(
                cpuinfo: Self.epycTurin,
                caches: [.init(level: "2", type: "Unified", size: "1024K")],
                cpuidHypervisor: "KVMKVMKVM"))
        #expect((turin.family, turin.model, turin.stepping) == ("26", "2", "1"))
        #expect(turin.phrase == "family 26 model 2 stepping 1, L2 1 MB, KVM")
        #expect(milan != turin)
    }

    @Test("arm64: implementer, architecture, part, r<variant>p<revision>")
    func arm64() {
        let identity = HostIdentity(linux: .init(cpuinfo: Self.graviton))
        #expect(identity.vendor == "0x41")
        #expect(identity.family == "8")
        #expect(identity.model == "0xd0c")
        #expect(identity.stepping == "r3p1")
        #expect(identity.hypervisor == "", "arm64's cpuinfo has no hypervisor flag: unknown")
        #expect(identity.isKnown)
    }

    @Test("a missing /proc/cpuinfo and no sysfs: unknown, and an empty phrase")
    func missingFiles() {
        let identity = HostIdentity(linux: .init(cpuinfo: nil))
        #expect(identity == .unknown)
        #expect(!identity.isKnown)
        #expect(identity.phrase.isEmpty)
    }

    @Test(
        "a layout simbench does not know: nothing guessed from it",
        arguments: [
            "cpu\t\t: POWER9 (raw), altivec supported\nclock\t\t: 2300.000000MHz\nrevision\t: 2.2 (pvr 004e 1202)\n",
            "garbage without colons\n\n",
            "",
        ])
    func unknownLayout(cpuinfo: String) {
        let identity = HostIdentity(linux: .init(cpuinfo: cpuinfo))
        #expect(identity == .unknown, "\(identity)")
    }

    @Test("sysfs's cache sizes, and sizes it does not write, are read or refused")
    func cacheSizes() {
        #expect(HostIdentity.cacheBytes("48K\n") == 49_152)
        #expect(HostIdentity.cacheBytes("1M") == 1 << 20)
        #expect(HostIdentity.cacheBytes("512") == 512)
        #expect(HostIdentity.cacheBytes("big") == nil)
        #expect(HostIdentity.bytes(1_572_864) == "1.5 MB")
    }

    @Test("the run header's description: the CPU's name, then its identity")
    func runHeader() {
        var environment = RunEnvironment(
            runID: "run", timestamp: "", host: "vm", cpu: "AMD EPYC", cores: 2, loadAverage: "",
            os: "", swiftVersion: "6.3", buildConfiguration: "release", buildFlags: "-O",
            gitCommit: "", physicalMemory: 0,
            hostIdentity: HostIdentity(linux: .init(cpuinfo: Self.epycTurin)))
        #expect(
            environment.cpuDescription
                == "AMD EPYC (family 26 model 2 stepping 1, unnamed hypervisor)")
        #expect(environment.briefCPUDescription == "AMD EPYC (family 26 model 2)")
        environment.hostIdentity = .unknown
        #expect(environment.cpuDescription == "AMD EPYC")
        #expect(environment.briefCPUDescription == "AMD EPYC")
    }

    @Test("the header's brief name: no trademark signs, no 'Processor' or 'CPU', no clock")
    func briefName() {
        var environment = RunEnvironment(
            runID: "run", timestamp: "", host: "vm", cpu: "Intel(R) Xeon(R) Processor", cores: 2,
            loadAverage: "", os: "", swiftVersion: "6.3", buildConfiguration: "release",
            buildFlags: "-O", gitCommit: "", physicalMemory: 0)
        #expect(environment.briefCPUDescription == "Intel Xeon")
        environment.cpu = "Intel(R) Core(TM) i7-8700 CPU @ 3.20GHz"
        #expect(environment.briefCPUDescription == "Intel Core i7-8700")
        environment.cpu = "Processor"
        #expect(environment.briefCPUDescription == "Processor")
    }
}
