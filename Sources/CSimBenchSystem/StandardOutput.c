// C's stdout stream for StandardOutput.swift (see SimBenchStandardOutput.h).

#include "SimBenchStandardOutput.h"

#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

size_t simbench_stdout_write(const void *bytes, size_t count) {
    return fwrite(bytes, 1, count, stdout);
}

int simbench_stdout_flush(void) {
    return fflush(stdout) == 0 ? 0 : -1;
}

int simbench_stdout_failed(void) {
    return ferror(stdout);
}

int simbench_reader_gone(int descriptor, int error_number) {
    if (error_number == EPIPE) {
        return 1;
    }
    // A failure Swift's print met earlier left no errno: ask the pipe itself. Its write end
    // reports POLLERR once no reader holds the other end.
    struct stat status;
    if (fstat(descriptor, &status) != 0 ||
        !(S_ISFIFO(status.st_mode) || S_ISSOCK(status.st_mode))) {
        return 0;
    }
    struct pollfd output = {.fd = descriptor, .events = POLLOUT, .revents = 0};
    return poll(&output, 1, 0) == 1 && (output.revents & (POLLERR | POLLHUP)) != 0;
}
