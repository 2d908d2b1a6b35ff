#ifndef SIMBENCH_HYPERVISOR_H
#define SIMBENCH_HYPERVISOR_H

#include <stddef.h>

// The hypervisor's vendor signature, as CPUID leaf 0x40000000 gives it to a guest
// ("KVMKVMKVM", "Microsoft Hv", "VMwareVMware" …): written into `vendor` (NUL-terminated,
// at most 12 characters), returning 1; 0 when the processor says no hypervisor runs it
// (CPUID leaf 1, ECX bit 31) or is not x86-64.
int simbench_hypervisor_vendor(char *vendor, size_t capacity);

#endif
