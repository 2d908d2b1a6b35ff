#include "SimBenchHypervisor.h"

#include <string.h>

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>

int simbench_hypervisor_vendor(char *vendor, size_t capacity) {
    unsigned int eax, ebx, ecx, edx;
    if (capacity < 13 || !__get_cpuid(1, &eax, &ebx, &ecx, &edx)) return 0;
    if (!(ecx & (1u << 31))) return 0;
    // Leaf 0x40000000 is the hypervisor's own, outside the range __get_cpuid checks.
    __cpuid(0x40000000, eax, ebx, ecx, edx);
    memcpy(vendor, &ebx, 4);
    memcpy(vendor + 4, &ecx, 4);
    memcpy(vendor + 8, &edx, 4);
    vendor[12] = 0;
    return 1;
}
#else
int simbench_hypervisor_vendor(char *vendor, size_t capacity) {
    (void)vendor;
    (void)capacity;
    return 0;
}
#endif
