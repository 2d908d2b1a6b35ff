// C's stdout stream for StandardOutput.swift (see SimBenchStandardOutput.h).

#include "SimBenchStandardOutput.h"

#include <stdio.h>

size_t simbench_stdout_write(const void *bytes, size_t count) {
    return fwrite(bytes, 1, count, stdout);
}

int simbench_stdout_flush(void) {
    return fflush(stdout) == 0 ? 0 : -1;
}

int simbench_stdout_failed(void) {
    return ferror(stdout);
}
