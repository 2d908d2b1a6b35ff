// Starting children for ChildProcess.swift, and keeping them tied to this process (see
// SimBenchSpawn.h). The child's side of the lifeline is Lifeline.c; Interruption.c ends the
// children this file keeps (simbench_children_end), and nothing here calls it back.
//
// fork and execve, not posix_spawn: what a child must do before it runs anything
// (PR_SET_PDEATHSIG, checked against the parent's pid) has no posix_spawn attribute. Between
// fork and execve the child calls only async-signal-safe functions (and prctl, a plain
// system call): the parent has other threads, whose locks the child's copy may hold.

#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "Descriptors.h"
#include "Platform.h"
#include "Sleep.h"
#ifdef SIMBENCH_LINUX
#include <sys/prctl.h>
#endif

#include "SimBenchSpawn.h"

// MARK: - The lifeline, parent side

/// The pipe every child holds the read end of (as SIMBENCH_LIFELINE_DESCRIPTOR) and only
/// this process the write end: when this process ends, however, the kernel closes the write
/// end and every child reads end of file.
static pthread_once_t lifeline_once = PTHREAD_ONCE_INIT;
static int lifeline_read = -1;
static _Atomic int lifeline_write = -1;

/// A descriptor at LOWEST or above, close-on-exec; `descriptor` closed.
static int moved_up(int descriptor, int lowest) {
    if (descriptor < 0) {
        return -1;
    }
    int moved = fcntl(descriptor, F_DUPFD_CLOEXEC, lowest);
    close(descriptor);
    return moved;
}

static void lifeline_create(void) {
    int ends[2];
    if (simbench_pipe_cloexec(ends) != 0) {
        return;
    }
    // Above the descriptors a child is given (0 to 4), so that placing them never
    // overwrites these.
    lifeline_read = moved_up(ends[0], 10);
    atomic_store_explicit(&lifeline_write, moved_up(ends[1], 10), memory_order_release);
}

// MARK: - Children alive

#define CHILD_SLOTS 64
static _Atomic pid_t children[CHILD_SLOTS];

static void child_remember(pid_t pid) {
    for (int slot = 0; slot < CHILD_SLOTS; slot++) {
        pid_t expected = 0;
        if (atomic_compare_exchange_strong(&children[slot], &expected, pid)) {
            return;
        }
    }
    // Every slot taken: this child is still ended by its lifeline and PR_SET_PDEATHSIG
    // when this process ends, only not waited for by simbench_children_end.
}

void simbench_child_forget(pid_t pid) {
    for (int slot = 0; slot < CHILD_SLOTS; slot++) {
        pid_t expected = pid;
        if (atomic_compare_exchange_strong(&children[slot], &expected, 0)) {
            return;
        }
    }
}

/// True when `pid` has ended (and is now reaped) or is no child of this process any more.
static int child_gone(pid_t pid) {
    int status;
    pid_t waited = waitpid(pid, &status, WNOHANG);
    return waited == pid || (waited < 0 && errno == ECHILD);
}

void simbench_children_end(int grace_milliseconds) {
    int write_end = atomic_exchange(&lifeline_write, -1);
    if (write_end >= 0) {
        close(write_end);
    }
    for (int waited = 0;; waited += 10) {
        int alive = 0;
        for (int slot = 0; slot < CHILD_SLOTS; slot++) {
            pid_t pid = atomic_load(&children[slot]);
            if (pid > 0) {
                if (child_gone(pid)) {
                    atomic_store(&children[slot], 0);
                } else {
                    alive++;
                }
            }
        }
        if (alive == 0) {
            return;
        }
        if (waited >= grace_milliseconds) {
            break;
        }
        simbench_sleep_milliseconds(10);
    }
    // Past the grace: the child and whatever it started (its process group) are killed.
    for (int slot = 0; slot < CHILD_SLOTS; slot++) {
        pid_t pid = atomic_load(&children[slot]);
        if (pid > 0) {
            kill(-pid, SIGKILL);
            kill(pid, SIGKILL);
            int status;
            while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
            }
            atomic_store(&children[slot], 0);
        }
    }
}

// MARK: - Spawning

/// The program a guard watches over, for its signal handler.
static pid_t guarded;

static void pass_on(int signal_number) {
    kill(guarded, signal_number);
}

/// Whether the lifeline's write end is closed (the parent is gone), waiting up to 100 ms.
static int lifeline_closed(void) {
    if (lifeline_read < 0) {
        simbench_sleep_milliseconds(100);
        return 0;
    }
    struct pollfd lifeline = {lifeline_read, POLLIN, 0};
    if (poll(&lifeline, 1, 100) <= 0) {
        return 0;
    }
    char byte;
    return read(lifeline_read, &byte, 1) == 0;
}

/// Where the kernel offers no parent-death signal (the portable path, macOS), or where a
/// guard is asked for (simbench_spawn_guarded): this process, the child, stays as the guard
/// of the program, which a grandchild of the parent runs, and this returns in the grandchild
/// (0), or errno when no guard can start. The guard holds nothing of the parent's but the
/// lifeline, passes the signals it gets on to the program, and ends as the program ends, with
/// its status or its signal. When the parent ends (the lifeline's end of file, or a new
/// parent), it sends `death_signal` to its process group: the program, what the program
/// started, and the guard. Between fork and execve, so only async-signal-safe calls.
static int guard(int death_signal, pid_t parent) {
    if (getppid() != parent) {
        _exit(127);
    }
    pid_t program = fork();
    if (program <= 0) {
        return program == 0 ? 0 : errno;
    }
    guarded = program;
    for (int descriptor = 0; descriptor < lifeline_read; descriptor++) {
        close(descriptor);
    }
    simbench_close_from(lifeline_read < 0 ? 0 : lifeline_read + 1);
    struct sigaction passing;
    memset(&passing, 0, sizeof passing);
    passing.sa_handler = pass_on;
    sigemptyset(&passing.sa_mask);
    const int passed[] = {SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGUSR1, SIGUSR2, SIGALRM};
    for (size_t index = 0; index < sizeof passed / sizeof passed[0]; index++) {
        sigaction(passed[index], &passing, NULL);
    }
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    for (;;) {
        int status;
        if (waitpid(program, &status, WNOHANG) == program) {
            if (WIFSIGNALED(status)) {
                signal(WTERMSIG(status), SIG_DFL);
                kill(getpid(), WTERMSIG(status));
            }
            _exit(WIFEXITED(status) ? WEXITSTATUS(status) : 127);
        }
        if (getppid() != parent || lifeline_closed()) {
            kill(-getpid(), death_signal);
            _exit(127);
        }
    }
}

int simbench_spawn_guarded(int guard_asked) {
#ifdef SIMBENCH_LINUX
    return guard_asked != 0;
#else
    (void)guard_asked;
    return 1;
#endif
}

/// In the child, between fork and execve: places the descriptors, ties the child to its
/// parent, and runs `path`; on failure writes errno to `report` and exits 127.
static _Noreturn void become_child(
    const char *path, char *const argv[], char *const envp[], const char *directory,
    int input, int output, int error, int death_signal, int guard_asked, int report,
    pid_t parent) {
    // Every signal at its default: the parent may catch or ignore some, and the child must
    // not run the parent's handlers. The mask, blocked by the parent around fork, is
    // cleared just before execve.
    struct sigaction default_action;
    memset(&default_action, 0, sizeof default_action);
    default_action.sa_handler = SIG_DFL;
    for (int signal_number = 1; signal_number < NSIG; signal_number++) {
        sigaction(signal_number, &default_action, NULL);
    }
    int failure = 0;
    // A group of its own, so that the parent can end whatever the child starts in turn (the
    // compilers of a build, for example) together with it; and a terminal's ^C reaches the
    // parent alone, which then ends its children itself.
    setpgid(0, 0);
    if (death_signal != 0 && simbench_spawn_guarded(guard_asked)) {
        // No parent-death signal, or a guard asked for: a guard process does its work.
        failure = guard(death_signal, parent);
    } else if (death_signal != 0) {
#ifdef SIMBENCH_LINUX
        // Killed when the parent ends, even by SIGKILL. Set after fork, so the parent may
        // already have ended: then this child was re-parented, and ends now.
        if (prctl(PR_SET_PDEATHSIG, death_signal) != 0) {
            failure = errno;
        }
        if (failure == 0 && getppid() != parent) {
            _exit(127);
        }
#endif
    }
    if (failure == 0) {
        int standard_input = input >= 0 ? input : open("/dev/null", O_RDONLY);
        if (standard_input < 0 || dup2(standard_input, 0) < 0) {
            failure = errno;
        }
    }
    if (failure == 0 && output >= 0 && dup2(output, 1) < 0) {
        failure = errno;
    }
    if (failure == 0 && error >= 0 && dup2(error, 2) < 0) {
        failure = errno;
    }
    // The lifeline's read end as descriptor 3, the failure report as 4 (close-on-exec), and
    // nothing else of the parent's: another thread's pipe held open by this child would keep
    // that pipe's reader waiting for its end.
    if (failure == 0 && lifeline_read >= 0 && dup2(lifeline_read, SIMBENCH_LIFELINE_FD) < 0) {
        failure = errno;
    }
    if (failure == 0 && simbench_dup_cloexec(report, SIMBENCH_LIFELINE_FD + 1) < 0) {
        failure = errno;
    }
    if (failure == 0) {
        report = SIMBENCH_LIFELINE_FD + 1;
        simbench_close_from(SIMBENCH_LIFELINE_FD + 2);
    }
    if (failure == 0 && directory != NULL && chdir(directory) != 0) {
        failure = errno;
    }
    if (failure == 0) {
        sigset_t none;
        sigemptyset(&none);
        sigprocmask(SIG_SETMASK, &none, NULL);
        execve(path, argv, envp);
        failure = errno;
    }
    while (write(report, &failure, sizeof failure) < 0 && errno == EINTR) {
    }
    _exit(127);
}

int simbench_spawn(
    const char *path, char *const argv[], char *const envp[], const char *directory,
    int input, int output, int error, int death_signal, int guard_asked, pid_t *pid) {
    pthread_once(&lifeline_once, lifeline_create);
    int report[2];
    if (simbench_pipe_cloexec(report) != 0) {
        return errno;
    }
    report[1] = moved_up(report[1], 10);
    if (report[1] < 0) {
        int failure = errno;
        close(report[0]);
        return failure;
    }
    pid_t parent = getpid();
    // No signal handler may run in the child before it resets them all.
    sigset_t all;
    sigset_t previous;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &previous);
    pid_t child = fork();
    if (child == 0) {
        close(report[0]);
        become_child(
            path, argv, envp, directory, input, output, error, death_signal, guard_asked,
            report[1], parent);
    }
    int fork_error = errno;
    if (child > 0) {
        child_remember(child);
    }
    pthread_sigmask(SIG_SETMASK, &previous, NULL);
    close(report[1]);
    if (child < 0) {
        close(report[0]);
        return fork_error;
    }
    // End of file: execve succeeded (the report closed with it). Else the child's errno.
    int failure = 0;
    ssize_t got;
    do {
        got = read(report[0], &failure, sizeof failure);
    } while (got < 0 && errno == EINTR);
    close(report[0]);
    if (got == (ssize_t)sizeof failure) {
        int status;
        while (waitpid(child, &status, 0) < 0 && errno == EINTR) {
        }
        simbench_child_forget(child);
        return failure != 0 ? failure : ECHILD;
    }
    *pid = child;
    return 0;
}
