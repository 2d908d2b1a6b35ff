#ifndef SIMBENCH_ALLOCATION_INTERPOSER_H
#define SIMBENCH_ALLOCATION_INTERPOSER_H

// The allocation counter: malloc and its siblings, defined so that the dynamic linker binds
// every allocation of the process (Swift runtime, libc, the program) to them; they count the
// call and forward to glibc's allocator.
//
// Never linked into the process that times. simbench builds this file into
// libsimbench-allocations.so (the AllocationLibrary plugin) and preloads it into an untimed
// child that counts (AllocationPass); the harness finds the functions below with dlsym.
// The test bundle links it directly, so that unit tests can count in their own process.

#include <stdint.h>

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

#ifdef __cplusplus
}
#endif

#endif
