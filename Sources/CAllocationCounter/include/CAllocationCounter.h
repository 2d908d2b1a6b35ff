#ifndef SIMBENCH_C_ALLOCATION_COUNTER_H
#define SIMBENCH_C_ALLOCATION_COUNTER_H

// The C shim of simbench's measurements.
//
// AllocationCounter.c defines malloc and its siblings in the program itself, so the dynamic
// linker binds every allocation of the process (Swift runtime, libc, this program) to them;
// they count the call and forward to glibc's allocator. PerfEvents.c wraps the variadic
// perf_event_open system call, which Swift cannot call directly.

#include <stdint.h>

#include "SimBenchFiles.h"
#include "SimBenchSpawn.h"
#include "SimBenchInterruption.h"
#include "SimBenchTerminal.h"
#include "SimBenchStandardOutput.h"

#ifdef __cplusplus
extern "C" {
#endif

/// The number of allocation calls (malloc, calloc, realloc, posix_memalign, aligned_alloc,
/// memalign, valloc, pvalloc) every thread of the process has made so far.
///
/// Monotonic; take the difference of two readings. Counts of threads that have exited are
/// kept. Other threads' latest calls may be missing from a reading taken while they run.
uint64_t simbench_allocation_count(void);

/// The allocation calls the calling thread has made so far: exact for code that stays on
/// one thread, whatever other threads do meanwhile.
uint64_t simbench_thread_allocation_count(void);

/// 1 if the interposed allocator is in effect: an allocation made inside the C library
/// (strdup) reached the counter. 0 if not, and the counts mean nothing.
int simbench_allocation_counting_active(void);

/// Starts counting the heap bytes the calling thread holds: from now on, what it allocates
/// is added (the allocator's usable size) and what it frees is subtracted, and the high-water
/// mark is kept. Returns 0 if the thread's tally could not be allocated.
int simbench_track_bytes_begin(void);

/// Stops counting and returns the most bytes the thread held at once since
/// simbench_track_bytes_begin, above what it held then; -1 if no tracking was on.
int64_t simbench_track_bytes_end(void);

/// Starts counting the heap bytes the whole process holds: every thread's allocations are
/// added and its frees subtracted (a block may be freed on another thread than the one that
/// allocated it), and the high-water mark is kept. For code that hops threads, such as async
/// tasks and actors. Returns 0 if process-wide tracking is on already.
int simbench_track_process_bytes_begin(void);

/// Stops process-wide counting and returns the most bytes the process held at once since
/// simbench_track_process_bytes_begin, above what it held then; -1 if it was not on.
/// A thread in the middle of an allocation when tracking starts or stops may be missed.
int64_t simbench_track_process_bytes_end(void);

/// 1 if this build runs under ThreadSanitizer or AddressSanitizer, whose runtime owns the
/// allocator: then nothing is interposed and nothing counted (the counts read 0).
int simbench_allocation_counter_sanitized(void);

/// Returns freed heap memory to the system (glibc's malloc_trim), so that resident memory
/// measured afterwards is what is in use, not what malloc kept for later.
void simbench_release_free_memory(void);

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
