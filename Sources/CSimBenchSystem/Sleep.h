// Sleeping in milliseconds through signals, for Spawn.c and Lifeline.c (not exported to
// Swift). Async-signal-safe: nanosleep alone.

#ifndef SIMBENCH_SLEEP_H
#define SIMBENCH_SLEEP_H

#include <errno.h>
#include <time.h>

/// Sleeps `milliseconds`, the rest again after a signal interrupted it.
static inline void simbench_sleep_milliseconds(long milliseconds) {
    struct timespec pause = {milliseconds / 1000, (milliseconds % 1000) * 1000000L};
    while (nanosleep(&pause, &pause) != 0 && errno == EINTR) {
    }
}

#endif
