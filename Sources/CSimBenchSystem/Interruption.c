// SIGINT and SIGTERM: remove simbench's temporary files, say what was not written, exit
// 128 + the signal (130, 143). See SimBenchInterruption.h.
//
// The handler may run on any thread, at any moment, so it only reads state published with
// release stores into fixed buffers, and calls only unlink, write and _exit, which POSIX
// lists as async-signal-safe.

#define _GNU_SOURCE
#include <limits.h>
#include <signal.h>
#include <stdatomic.h>
#include <string.h>
#include <unistd.h>

#include "SimBenchInterruption.h"

#define SLOTS 16
#define NOTICE_SIZE 1024

enum { SLOT_FREE = 0, SLOT_FILLING = 1, SLOT_ARMED = 2 };

static char temporary_paths[SLOTS][PATH_MAX];
static _Atomic int slot_states[SLOTS];

/// Two buffers: the notice being written never is the one the handler may read.
static char notices[2][NOTICE_SIZE] = {"nothing was written", "nothing was written"};
static _Atomic int current_notice;

static _Atomic int running_child;
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

static _Noreturn void finish(int signal_number) {
    int child = atomic_load_explicit(&running_child, memory_order_acquire);
    if (child > 0) {
        // Killed outright: its only file, the result it would hand back, is among the
        // temporary paths removed below, and the one line said here is the run's.
        kill(child, SIGKILL);
    }
    for (int slot = 0; slot < SLOTS; slot++) {
        if (atomic_load_explicit(&slot_states[slot], memory_order_acquire) == SLOT_ARMED) {
            unlink(temporary_paths[slot]);
        }
    }
    write_text(signal_number == SIGINT ? "simbench: interrupted by SIGINT; "
                                       : "simbench: interrupted by SIGTERM; ");
    write_text(notices[atomic_load_explicit(&current_notice, memory_order_acquire)]);
    write_text("\n");
    _exit(128 + signal_number);
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

void simbench_interruption_install(void) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = handle;
    sigemptyset(&action.sa_mask);
    sigaddset(&action.sa_mask, SIGINT);
    sigaddset(&action.sa_mask, SIGTERM);
    action.sa_flags = SA_RESTART;
    sigaction(SIGINT, &action, NULL);
    sigaction(SIGTERM, &action, NULL);
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

void simbench_interruption_child(int pid) {
    atomic_store_explicit(&running_child, pid, memory_order_release);
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
