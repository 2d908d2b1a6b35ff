// Instruction counting through perf_event_open, which glibc does not wrap: the only way in
// is the variadic syscall(), which Swift cannot call.

#define _GNU_SOURCE
#include <errno.h>

#include "Platform.h"

#include "SimBenchPerfEvents.h"

#ifdef SIMBENCH_LINUX
#include <linux/perf_event.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

int simbench_perf_open_instructions(int tid) {
    struct perf_event_attr attributes;
    memset(&attributes, 0, sizeof attributes);
    attributes.size = sizeof attributes;
    attributes.type = PERF_TYPE_HARDWARE;
    attributes.config = PERF_COUNT_HW_INSTRUCTIONS;
    // User space only: what the variant executes, and all that perf_event_paranoid = 2
    // (the default) lets an unprivileged process count.
    attributes.exclude_kernel = 1;
    attributes.exclude_hv = 1;
    // Threads the counted thread creates later are counted too, and a read sums them.
    attributes.inherit = 1;
    long fd = syscall(SYS_perf_event_open, &attributes, (pid_t)tid, -1, -1,
                      PERF_FLAG_FD_CLOEXEC);
    return fd < 0 ? -errno : (int)fd;
}

int64_t simbench_perf_read(int fd) {
    uint64_t count = 0;
    ssize_t bytes = read(fd, &count, sizeof count);
    if (bytes != (ssize_t)sizeof count) {
        return bytes < 0 ? -errno : -EIO;
    }
    return (int64_t)count;
}

void simbench_perf_close(int fd) {
    close(fd);
}
#else
// No perf events: -ENOSYS, which InstructionCounter reports as unavailable with its reason.
int simbench_perf_open_instructions(int tid) {
    (void)tid;
    return -ENOSYS;
}

int64_t simbench_perf_read(int fd) {
    (void)fd;
    return -ENOSYS;
}

void simbench_perf_close(int fd) { (void)fd; }
#endif
