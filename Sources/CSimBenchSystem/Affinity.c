#define _GNU_SOURCE
#include "SimBenchAffinity.h"

#include <errno.h>
#include <sched.h>

#include "Platform.h"

#ifdef SIMBENCH_LINUX
static __thread cpu_set_t saved_cores;
static __thread int has_saved_cores;

int simbench_keep_on_one_core(void) {
    cpu_set_t allowed;
    if (sched_getaffinity(0, sizeof allowed, &allowed) != 0) return -1;
    for (int core = 0; core < CPU_SETSIZE; core++) {
        if (!CPU_ISSET(core, &allowed)) continue;
        cpu_set_t one;
        CPU_ZERO(&one);
        CPU_SET(core, &one);
        if (sched_setaffinity(0, sizeof one, &one) != 0) return -1;
        saved_cores = allowed;
        has_saved_cores = 1;
        return core;
    }
    errno = EINVAL;
    return -1;
}

int simbench_restore_cores(void) {
    if (!has_saved_cores) return 0;
    has_saved_cores = 0;
    return sched_setaffinity(0, sizeof saved_cores, &saved_cores);
}
#else
int simbench_keep_on_one_core(void) {
    errno = ENOSYS;
    return -1;
}

int simbench_restore_cores(void) { return 0; }
#endif
