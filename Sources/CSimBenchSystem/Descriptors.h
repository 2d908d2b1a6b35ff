// Descriptor calls Linux offers in one step and POSIX in two, for Spawn.c (not exported to
// Swift). Include after _GNU_SOURCE and the system headers.

#ifndef SIMBENCH_DESCRIPTORS_H
#define SIMBENCH_DESCRIPTORS_H

#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

#include "Platform.h"

/// pipe2(ends, O_CLOEXEC). The portable path sets close-on-exec after the pipe exists: a
/// child forked meanwhile by another thread could inherit the ends, but every child started
/// here closes all it was not given (simbench_close_from).
static inline int simbench_pipe_cloexec(int ends[2]) {
#ifdef SIMBENCH_LINUX
    return pipe2(ends, O_CLOEXEC);
#else
    if (pipe(ends) != 0) {
        return -1;
    }
    if (fcntl(ends[0], F_SETFD, FD_CLOEXEC) != 0 || fcntl(ends[1], F_SETFD, FD_CLOEXEC) != 0) {
        int failure = errno;
        close(ends[0]);
        close(ends[1]);
        errno = failure;
        return -1;
    }
    return 0;
#endif
}

/// dup3(from, to, O_CLOEXEC); `from` and `to` differ. Async-signal-safe.
static inline int simbench_dup_cloexec(int from, int to) {
#ifdef SIMBENCH_LINUX
    return dup3(from, to, O_CLOEXEC);
#else
    if (dup2(from, to) < 0) {
        return -1;
    }
    return fcntl(to, F_SETFD, FD_CLOEXEC) == 0 ? to : -1;
#endif
}

/// closefrom(lowest): every descriptor from `lowest` up closed. The portable path closes
/// each one below the process's descriptor limit (RLIMIT_NOFILE, through sysconf).
static inline void simbench_close_from(int lowest) {
#ifdef SIMBENCH_LINUX
    closefrom(lowest);
#else
    long limit = sysconf(_SC_OPEN_MAX);
    if (limit < 0 || limit > 1 << 20) {
        limit = 1 << 20;
    }
    for (int descriptor = lowest; descriptor < limit; descriptor++) {
        close(descriptor);
    }
#endif
}

#endif
