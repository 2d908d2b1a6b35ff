#ifndef SIMBENCH_STANDARD_OUTPUT_H
#define SIMBENCH_STANDARD_OUTPUT_H

// C's stdout stream for StandardOutput.swift: Swift 6 refuses to touch the global `stdout`
// variable (shared mutable state), and Swift's print writes through that stream.

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Appends `count` bytes to stdout's buffer; returns how many were taken.
size_t simbench_stdout_write(const void *bytes, size_t count);

/// Flushes stdout: 0, or -1 with errno set when the write failed.
int simbench_stdout_flush(void);

/// Nonzero when any write to stdout has failed since the process began.
int simbench_stdout_failed(void);

/// Nonzero when `descriptor` (standard output, or the copy `--out -` writes to) is a pipe or
/// socket whose reader has gone: `error_number` (errno of the failed write) is EPIPE, or the
/// descriptor reports an error to poll.
int simbench_reader_gone(int descriptor, int error_number);

#ifdef __cplusplus
}
#endif

#endif
