#ifndef SIMBENCH_C_ALLOCATION_COUNTER_H
#define SIMBENCH_C_ALLOCATION_COUNTER_H

// The C shim of simbench's harness: what Swift cannot call directly. PerfEvents.c wraps the
// variadic perf_event_open system call; the other headers included below cover spawning
// children, the terminal, unnamed files, signals, memory and standard output.
//
// No allocator is interposed here: the process that times runs glibc's allocator untouched.
// Allocations are counted in an untimed child with the counter preloaded
// (Sources/CAllocationInterposer, built into libsimbench-allocations.so).

#include <stdint.h>

#include "SimBenchFiles.h"
#include "SimBenchSpawn.h"
#include "SimBenchInterruption.h"
#include "SimBenchTerminal.h"
#include "SimBenchMemory.h"
#include "SimBenchStandardOutput.h"
#include "SimBenchCountedRegion.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Opens a counter of user-space instructions retired by thread `tid` (0: the calling
/// thread) and by the threads it creates afterwards; counting starts at once.
///
/// Returns the file descriptor, or -errno when the kernel refuses.
int simbench_perf_open_instructions(int tid);

/// The instructions counted so far by `fd`, children included; -errno on failure.
int64_t simbench_perf_read(int fd);

/// Closes a counter opened by simbench_perf_open_instructions.
void simbench_perf_close(int fd);

#ifdef __cplusplus
}
#endif

#endif
