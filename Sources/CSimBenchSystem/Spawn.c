// posix_spawn for ChildProcess.swift (see SimBenchSpawn.h).

#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <unistd.h>

#include "SimBenchSpawn.h"

int simbench_spawn(
    const char *path, char *const argv[], char *const envp[], const char *directory,
    int input, int output, int error, pid_t *pid) {
    posix_spawn_file_actions_t actions;
    int status = posix_spawn_file_actions_init(&actions);
    if (status != 0) {
        return status;
    }
    if (input >= 0) {
        status = posix_spawn_file_actions_adddup2(&actions, input, 0);
    } else {
        status = posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    }
    if (status == 0 && output >= 0) {
        status = posix_spawn_file_actions_adddup2(&actions, output, 1);
    }
    if (status == 0 && error >= 0) {
        status = posix_spawn_file_actions_adddup2(&actions, error, 2);
    }
    // Nothing of the parent's but the three standard descriptors: another thread's pipe
    // held open by this child would keep that pipe's reader waiting for its end.
    if (status == 0) {
        status = posix_spawn_file_actions_addclosefrom_np(&actions, 3);
    }
    if (status == 0 && directory != NULL) {
        status = posix_spawn_file_actions_addchdir_np(&actions, directory);
    }
    // A clean slate of signals: the calling thread may block some (dispatch's threads do),
    // and the parent may ignore or catch others; a child must start with none blocked and
    // every one at its default, or SIGTERM and SIGINT would not end it.
    posix_spawnattr_t attributes;
    int attributesStatus = status == 0 ? posix_spawnattr_init(&attributes) : status;
    if (status == 0 && attributesStatus == 0) {
        sigset_t none;
        sigset_t all;
        sigemptyset(&none);
        sigfillset(&all);
        status = posix_spawnattr_setsigmask(&attributes, &none);
        if (status == 0) {
            status = posix_spawnattr_setsigdefault(&attributes, &all);
        }
        if (status == 0) {
            status = posix_spawnattr_setflags(
                &attributes, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
        }
        if (status == 0) {
            status = posix_spawn(pid, path, &actions, &attributes, argv, envp);
        }
        posix_spawnattr_destroy(&attributes);
    } else if (status == 0) {
        status = attributesStatus;
    }
    posix_spawn_file_actions_destroy(&actions);
    return status;
}
