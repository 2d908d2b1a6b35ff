// The child's side of the lifeline (see SimBenchLifeline.h): a simbench child that ends,
// and removes its files, once its parent is gone. The parent's side, the pipe and the
// children it starts, is Spawn.c; the files are removed through Interruption.c's registry of
// temporary files. Nothing in either calls back here.

#define _GNU_SOURCE
#include <errno.h>
#include <ftw.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "Platform.h"
#include "Sleep.h"

#include "SimBenchInterruption.h"
#include "SimBenchLifeline.h"
#include "SimBenchSpawn.h"

#define HELD_PATHS 8
static char *held_paths[HELD_PATHS];
static int held_count;

#ifndef SIMBENCH_LINUX
static int remove_entry(const char *path, const struct stat *info, int flag, struct FTW *walk) {
    (void)info;
    (void)flag;
    (void)walk;
    remove(path);
    return 0;
}
#endif

/// Removes what the parent left for this child to write, then this child's own temporary
/// files.
static void remove_held(void) {
    for (int index = 0; index < held_count; index++) {
#ifdef SIMBENCH_LINUX
        simbench_remove_path(held_paths[index]);
#else
        nftw(held_paths[index], remove_entry, 16, FTW_DEPTH | FTW_PHYS);
#endif
    }
    simbench_cleanup_temporaries();
}

/// The parent is gone: this child ends at once, and its files are removed once it has ended.
///
/// Not before: the child's other threads run on while a file is removed, and one that finds
/// its file gone could fail, or crash and start the Swift runtime's backtracer, a process
/// that would outlive the child (seen under Valgrind, which runs one thread at a time). So a
/// cleaner is forked (it copies this thread alone) and waits until this process has ended,
/// which re-parents it, then removes the files and exits. Without a cleaner (fork failed),
/// the files are removed here, first.
static _Noreturn void orphaned(void) {
    pid_t self = getpid();
    pid_t cleaner = fork();
    if (cleaner == 0) {
        while (getppid() == self) {
            simbench_sleep_milliseconds(2);
        }
        remove_held();
        _exit(0);
    }
    if (cleaner < 0) {
        remove_held();
    }
    _exit(SIMBENCH_ORPHAN_EXIT_STATUS);
}

/// How often the watcher also asks who its parent is: the pipe's end of file is the prompt
/// sign, the parent's pid the certain one (a re-parented child's parent changes, whoever else
/// may hold a copy of the pipe's write end).
#define LIFELINE_CHECK_MILLISECONDS 250

static pid_t held_parent;

/// Whether the pipe says the parent is gone: end of file, or an error that leaves only the
/// pid to watch (`*watching` cleared).
static int pipe_ended(int *watching) {
    struct pollfd lifeline = {SIMBENCH_LIFELINE_FD, POLLIN, 0};
    int ready = poll(&lifeline, 1, LIFELINE_CHECK_MILLISECONDS);
    if (ready < 0 && errno != EINTR) {
        *watching = 0;
    }
    if (ready <= 0) {
        return 0;
    }
    char byte;
    ssize_t got = read(SIMBENCH_LIFELINE_FD, &byte, 1);
    if (got < 0 && errno != EINTR && errno != EAGAIN) {
        *watching = 0;
    }
    return got == 0;
}

static void *watch_lifeline(void *argument) {
    int watching = argument != NULL;
    sigset_t all;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, NULL);
    while (getppid() == held_parent) {
        if (watching) {
            if (pipe_ended(&watching)) {
                break;
            }
        } else {
            simbench_sleep_milliseconds(LIFELINE_CHECK_MILLISECONDS);
        }
    }
    orphaned();
}

int simbench_lifeline_hold(pid_t parent, const char *const *paths, int count) {
    for (int index = 0; index < count && held_count < HELD_PATHS; index++) {
        char *copy = strdup(paths[index]);
        if (copy != NULL) {
            held_paths[held_count++] = copy;
        }
    }
    // Re-parented already: the parent ended while this child started.
    if (getppid() != parent) {
        orphaned();
    }
    held_parent = parent;
    // Without the pipe (a descriptor 3 that is not one), the parent's pid alone.
    struct stat info;
    int has_pipe = fstat(SIMBENCH_LIFELINE_FD, &info) == 0 && S_ISFIFO(info.st_mode);
    pthread_attr_t attributes;
    pthread_attr_init(&attributes);
    pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
    pthread_attr_setstacksize(&attributes, 256 * 1024);
    pthread_t watcher;
    int status =
        pthread_create(&watcher, &attributes, watch_lifeline, has_pipe ? &held_parent : NULL);
    pthread_attr_destroy(&attributes);
    return status == 0 ? 0 : -1;
}
