// SIGINT, SIGTERM and SIGHUP: end simbench's children, remove its temporary files, say what
// was not written, exit 128 + the signal (130, 143, 129). See SimBenchInterruption.h.
//
// The handler may run on any thread, at any moment, so it only reads state published with
// release stores into fixed buffers, and calls only close, waitpid, kill, nanosleep
// (simbench_children_end), open, openat, unlinkat, rmdir, unlink, write and _exit, which POSIX
// lists as async-signal-safe, and Linux's getdents64 system call.

#define _GNU_SOURCE
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdlib.h>
#include <stdatomic.h>
#include <string.h>
#include <unistd.h>
#include "Platform.h"
#ifdef SIMBENCH_LINUX
#include <sys/syscall.h>
#endif

#include "SimBenchInterruption.h"
#include "SimBenchSpawn.h"

#define SLOTS 16
#define NOTICE_SIZE 1024

enum { SLOT_FREE = 0, SLOT_FILLING = 1, SLOT_ARMED = 2 };

static char temporary_paths[SLOTS][PATH_MAX];
static _Atomic int slot_states[SLOTS];

/// Two buffers: the notice being written never is the one the handler may read.
static char notices[2][NOTICE_SIZE] = {"nothing was written", "nothing was written"};
static _Atomic int current_notice;

static _Atomic int critical_depth;
static _Atomic int held_signal;
static _Atomic int handling;

static void write_text(const char *text) {
    size_t length = strlen(text);
    while (length > 0) {
        ssize_t written = write(STDERR_FILENO, text, length);
        if (written <= 0) {
            return;
        }
        text += written;
        length -= (size_t)written;
    }
}

/// How long children have, once their lifeline is closed, to remove their files and exit
/// before they are killed.
#define CHILDREN_GRACE_MILLISECONDS 1000

#ifdef SIMBENCH_LINUX
/// One entry as the getdents64 system call returns it.
struct directory_entry {
    ino64_t inode;
    off64_t next;
    unsigned short length;
    unsigned char type;
    char name[];
};

/// Removes what the directory open as `directory` holds, `depth` levels of directories down
/// at most, with system calls alone (getdents64, openat, unlinkat: safe in a signal handler,
/// where readdir, which allocates, is not). Entries removed while the listing is read may
/// hide others from it, so it is read again while it yields something to remove.
static void empty_directory(int directory, int depth) {
    for (int again = 1, pass = 0; again && pass < 8; pass++) {
        again = 0;
        lseek(directory, 0, SEEK_SET);
        char buffer[4096] __attribute__((aligned(8)));
        long got;
        while ((got = syscall(SYS_getdents64, directory, buffer, sizeof buffer)) > 0) {
            for (long offset = 0; offset < got;) {
                struct directory_entry *entry = (struct directory_entry *)(buffer + offset);
                offset += entry->length;
                const char *name = entry->name;
                if (strcmp(name, ".") == 0 || strcmp(name, "..") == 0) {
                    continue;
                }
                again = 1;
                if (unlinkat(directory, name, 0) == 0 || depth == 0) {
                    continue;
                }
                int inner = openat(directory, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
                if (inner >= 0) {
                    empty_directory(inner, depth - 1);
                    close(inner);
                }
                unlinkat(directory, name, AT_REMOVEDIR);
            }
        }
    }
}
#endif

/// Removes the directory `path` and, on Linux, what it holds (a counted pass's dumps, a
/// child's scratch files), three levels down; elsewhere only once it is empty.
static void remove_directory(const char *path) {
#ifdef SIMBENCH_LINUX
    int directory = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (directory >= 0) {
        empty_directory(directory, 3);
        close(directory);
    }
#endif
    rmdir(path);
}

void simbench_remove_path(const char *path) {
    if (unlink(path) != 0) {
        remove_directory(path);
    }
}

void simbench_cleanup_temporaries(void) {
    // Files first, then directories, with whatever they still hold.
    for (int pass = 0; pass < 2; pass++) {
        for (int slot = 0; slot < SLOTS; slot++) {
            if (atomic_load_explicit(&slot_states[slot], memory_order_acquire) == SLOT_ARMED) {
                if (pass == 0) {
                    unlink(temporary_paths[slot]);
                } else {
                    remove_directory(temporary_paths[slot]);
                }
            }
        }
    }
}

static _Noreturn void finish(int signal_number) {
    // The children first: a child still running could write a file after the removals.
    simbench_children_end(CHILDREN_GRACE_MILLISECONDS);
    simbench_cleanup_temporaries();
    write_text(signal_number == SIGINT    ? "simbench: interrupted by SIGINT; "
               : signal_number == SIGHUP ? "simbench: interrupted by SIGHUP; "
                                         : "simbench: interrupted by SIGTERM; ");
    write_text(notices[atomic_load_explicit(&current_notice, memory_order_acquire)]);
    write_text("\n");
    _exit(128 + signal_number);
}

void simbench_quiet_exit(int status) {
    for (int slot = 0; slot < SLOTS; slot++) {
        if (atomic_load_explicit(&slot_states[slot], memory_order_acquire) == SLOT_ARMED) {
            unlink(temporary_paths[slot]);
        }
    }
    _exit(status);
}

static void handle(int signal_number) {
    if (atomic_load_explicit(&critical_depth, memory_order_acquire) > 0) {
        atomic_store_explicit(&held_signal, signal_number, memory_order_release);
        return;
    }
    // A second signal (on another thread) while the first is handled waits for its _exit.
    if (atomic_exchange_explicit(&handling, 1, memory_order_acq_rel) != 0) {
        for (;;) {
            pause();
        }
    }
    finish(signal_number);
}

/// A read of a mapped file's page past the file's end raises SIGBUS: another program cut
/// the file short while simbench read it (`FileMapping`). Said in one line, with what was not
/// written, the temporaries removed, and exit status 1, as for a file that cannot be read.
static void handle_bus_error(int signal_number) {
    (void)signal_number;
    if (atomic_exchange_explicit(&handling, 1, memory_order_acq_rel) != 0) {
        for (;;) {
            pause();
        }
    }
    simbench_children_end(CHILDREN_GRACE_MILLISECONDS);
    simbench_cleanup_temporaries();
    write_text("simbench: a file it was reading was cut short by another program meanwhile "
               "(SIGBUS); run the command again once the file is whole; ");
    write_text(notices[atomic_load_explicit(&current_notice, memory_order_acquire)]);
    write_text("\n");
    _exit(1);
}

int simbench_interruption_in_progress(void) {
    return atomic_load_explicit(&handling, memory_order_acquire);
}

/// Another thread's exit while the handler ends the children (which that thread may have
/// been waiting for) waits for the handler's _exit instead.
static void wait_for_handler(void) {
    if (simbench_interruption_in_progress()) {
        for (;;) {
            pause();
        }
    }
}

void simbench_interruption_install(void) {
    atexit(wait_for_handler);
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = handle;
    sigemptyset(&action.sa_mask);
    sigaddset(&action.sa_mask, SIGINT);
    sigaddset(&action.sa_mask, SIGTERM);
    sigaddset(&action.sa_mask, SIGHUP);
    action.sa_flags = SA_RESTART;
    sigaction(SIGINT, &action, NULL);
    sigaction(SIGTERM, &action, NULL);
    sigaction(SIGHUP, &action, NULL);
    struct sigaction bus_error;
    memset(&bus_error, 0, sizeof bus_error);
    bus_error.sa_handler = handle_bus_error;
    sigemptyset(&bus_error.sa_mask);
    sigaction(SIGBUS, &bus_error, NULL);
    signal(SIGPIPE, SIG_IGN);
    // Past RLIMIT_FSIZE a write fails with EFBIG (reported, the file left whole) instead of
    // the signal killing the process mid-write.
    signal(SIGXFSZ, SIG_IGN);
}

int simbench_cleanup_remember(const char *path) {
    if (strlen(path) >= PATH_MAX) {
        return -1;
    }
    for (int slot = 0; slot < SLOTS; slot++) {
        int expected = SLOT_FREE;
        if (atomic_compare_exchange_strong_explicit(&slot_states[slot], &expected, SLOT_FILLING,
                                                    memory_order_acq_rel, memory_order_relaxed)) {
            strcpy(temporary_paths[slot], path);
            atomic_store_explicit(&slot_states[slot], SLOT_ARMED, memory_order_release);
            return slot;
        }
    }
    return -1;
}

void simbench_cleanup_forget(int slot) {
    if (slot >= 0 && slot < SLOTS) {
        atomic_store_explicit(&slot_states[slot], SLOT_FREE, memory_order_release);
    }
}

void simbench_interruption_notice(const char *text) {
    int next = 1 - atomic_load_explicit(&current_notice, memory_order_acquire);
    strncpy(notices[next], text, NOTICE_SIZE - 1);
    notices[next][NOTICE_SIZE - 1] = '\0';
    atomic_store_explicit(&current_notice, next, memory_order_release);
}

void simbench_critical_enter(void) {
    atomic_fetch_add_explicit(&critical_depth, 1, memory_order_acq_rel);
}

void simbench_critical_leave(void) {
    if (atomic_fetch_sub_explicit(&critical_depth, 1, memory_order_acq_rel) == 1) {
        int signal_number = atomic_exchange_explicit(&held_signal, 0, memory_order_acq_rel);
        if (signal_number != 0 && atomic_exchange_explicit(&handling, 1, memory_order_acq_rel) == 0) {
            finish(signal_number);
        }
    }
}
