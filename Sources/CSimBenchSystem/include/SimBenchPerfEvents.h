#ifndef SIMBENCH_PERF_EVENTS_H
#define SIMBENCH_PERF_EVENTS_H

// Instructions retired, counted by the kernel (PerfEvents.c): perf_event_open has no glibc
// wrapper, and the variadic syscall() that reaches it cannot be called from Swift.

#include <stdint.h>

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
