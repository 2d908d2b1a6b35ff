#ifndef SIMBENCH_MEMORY_H
#define SIMBENCH_MEMORY_H

/// Returns freed heap memory to the system (glibc's malloc_trim), so that resident memory
/// measured afterwards is what is in use, not what malloc kept for later.
void simbench_release_free_memory(void);

/// 1 if this build runs under ThreadSanitizer or AddressSanitizer, whose runtime owns the
/// allocator: then no allocation counter may be preloaded, and nothing is counted.
int simbench_sanitized(void);

/// 1 if this build runs under ThreadSanitizer, whose runtime, in a child forked from a
/// process with threads, never runs the child's signal handlers (a guard's, SimBenchSpawn.h).
int simbench_thread_sanitized(void);

#endif
