// Counts the allocations of the whole process by interposing glibc's allocator.
//
// Never part of the process that times: simbench builds this file alone into
// libsimbench-allocations.so (Sources/SimBenchPlugins/AllocationLibrary) and preloads it
// into an untimed child, the allocation pass, so that timed rounds run glibc's allocator
// untouched. The test bundle links it as a C target, to count in its own process.
//
// This file defines malloc, calloc, realloc, free, posix_memalign, aligned_alloc, memalign,
// valloc and pvalloc. Preloaded (or linked into an executable), they come first in the
// process's symbol scope, and ELF symbol interposition binds every caller in the process to
// them: the Swift runtime, libc itself (strdup, stdio), any library. Each counts the call
// and forwards to glibc's own entry points (__libc_malloc and friends, exported by glibc
// for exactly this purpose), so memory still comes from, and returns to, glibc's heap: a
// pointer from either side may be freed by the other. No dlsym, so no recursion through an
// allocating symbol lookup; no other allocator.
//
// Design of the count, which runs on every allocation of every thread:
//
// - Each thread counts in a tally of its own, so threads never contend for a cache line:
//   the common path is one TLS load, one branch, one load and one store (no atomic
//   read-modify-write; a tally has a single writer). The tally is padded to a cache line.
// - The TLS pointer uses the initial-exec model: its offset is fixed at load time, so
//   reading it never calls __tls_get_addr, which may allocate and would recurse.
// - A thread's first allocation allocates its tally with __libc_memalign (not with the
//   interposed functions, so no recursion) and pushes it on a global lock-free list with a
//   compare-and-swap. Tallies are never freed: a thread's count must outlive the thread, and
//   a reader walking the list must never meet a freed node. The cost is one cache line per
//   thread the process ever created.
// - A reader sums the tallies with relaxed loads. Each tally is monotonic and written only
//   by its thread, so the sum is a count every thread had reached at some instant during
//   the read; a thread's allocations made while the reader runs may or may not be in it.

#define _GNU_SOURCE
#include <errno.h>
#include <malloc.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "CAllocationInterposer.h"

// Under ThreadSanitizer or AddressSanitizer the sanitizer's runtime owns malloc: it
// interposes the allocator itself, and must be initialised before anything allocates. A
// second interposer here would run first and crash at start (TSan), or hide every
// allocation from the sanitizer (ASan). So under a sanitizer this file steps aside: it
// defines no allocator and counts nothing (simbench_allocation_counting_active says 0).
#if defined(__has_feature)
#if __has_feature(thread_sanitizer) || __has_feature(address_sanitizer)
#define SIMBENCH_SANITIZED 1
#endif
#endif
#if defined(__SANITIZE_THREAD__) || defined(__SANITIZE_ADDRESS__)
#define SIMBENCH_SANITIZED 1
#endif

#ifdef SIMBENCH_SANITIZED

uint64_t simbench_allocation_count(void) { return 0; }
uint64_t simbench_thread_allocation_count(void) { return 0; }
int simbench_allocation_counting_active(void) { return 0; }
int simbench_track_bytes_begin(void) { return 0; }
int64_t simbench_track_bytes_end(void) { return -1; }
int simbench_track_process_bytes_begin(void) { return 0; }
int64_t simbench_track_process_bytes_end(void) { return -1; }
#else

// glibc's allocator under its own names (present in every glibc since 2.0; the project's
// test host has 2.36). They are what the public names call when nothing interposes them.
extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void __libc_free(void *pointer);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void *__libc_valloc(size_t size);
extern void *__libc_pvalloc(size_t size);

#define SIMBENCH_EXPORT __attribute__((visibility("default")))
#define CACHE_LINE 64

/// What a thread's allocations and frees are added to: bits, either, both or neither.
enum tracking_bits {
    /// The thread's own live and peak bytes (simbench_track_bytes_begin on this thread).
    TRACKING_THREAD = 1,
    /// The process-wide live and peak bytes (simbench_track_process_bytes_begin).
    TRACKING_PROCESS = 2,
};

struct thread_tally {
    _Atomic uint64_t calls;
    struct thread_tally *next;
    // Live-byte tracking, off (0) except during an untimed pass: the timed paths pay one
    // more load and a not-taken branch. `tracking_bits`: the owning thread sets and clears
    // THREAD, the process-wide tracker sets and clears PROCESS on every tally (hence atomic;
    // relaxed loads compile to plain loads). The two are independent, so either kind of
    // tracking is exact whatever the other does. The byte counts below are the owning
    // thread's.
    _Atomic int tracking;
    int64_t live_bytes;
    int64_t peak_bytes;
} __attribute__((aligned(CACHE_LINE)));

/// Process-wide tracking: on between simbench_track_process_bytes_begin and _end, so that
/// threads first seen meanwhile are tracked too. Live and peak bytes of every thread
/// together: a block freed on another thread than the one that allocated it still
/// balances, which per-thread tallies cannot do for code that hops threads.
static _Atomic int process_tracking;
/// Held from simbench_track_process_bytes_begin until _end has switched every thread back
/// off, so that a second tracker never starts while the first is still switching.
static _Atomic int process_tracking_held;
static _Atomic int64_t process_live_bytes;
static _Atomic int64_t process_peak_bytes;

/// Every tally ever registered, newest first.
static _Atomic(struct thread_tally *) all_tallies;

/// Allocations of threads whose tally could not be allocated (out of memory).
static _Atomic uint64_t untallied_calls;

static __thread struct thread_tally *this_thread_tally
    __attribute__((tls_model("initial-exec")));

static struct thread_tally *register_this_thread(void) {
    struct thread_tally *tally = __libc_memalign(CACHE_LINE, sizeof(struct thread_tally));
    if (tally == NULL) {
        return NULL;
    }
    atomic_init(&tally->calls, 0);
    atomic_init(&tally->tracking, 0);
    tally->live_bytes = 0;
    tally->peak_bytes = 0;
    struct thread_tally *head = atomic_load_explicit(&all_tallies, memory_order_relaxed);
    do {
        tally->next = head;
    } while (!atomic_compare_exchange_weak_explicit(
        &all_tallies, &head, tally, memory_order_release, memory_order_relaxed));
    this_thread_tally = tally;
    // A thread first seen while process-wide tracking is on is tracked too. Listed first and
    // the flag read again after: a tracker that stops meanwhile either sees this tally in the
    // list and clears it, or this thread sees the flag down and clears its own bit, so no
    // thread is left paying the shared counters.
    if (atomic_load(&process_tracking)) {
        atomic_fetch_or(&tally->tracking, TRACKING_PROCESS);
        if (!atomic_load(&process_tracking)) {
            atomic_fetch_and(&tally->tracking, ~TRACKING_PROCESS);
        }
    }
    return tally;
}

static inline void count_allocation(void) {
    struct thread_tally *tally = this_thread_tally;
    if (__builtin_expect(tally == NULL, 0)) {
        tally = register_this_thread();
        if (tally == NULL) {
            atomic_fetch_add_explicit(&untallied_calls, 1, memory_order_relaxed);
            return;
        }
    }
    // Single writer: a load and a store suffice, and readers see either value.
    uint64_t calls = atomic_load_explicit(&tally->calls, memory_order_relaxed);
    atomic_store_explicit(&tally->calls, calls + 1, memory_order_relaxed);
}

/// Adds `delta` live bytes where the tracking bits `mode` say, and raises those peaks.
static inline void add_live_bytes(struct thread_tally *tally, int mode, int64_t delta) {
    if (mode & TRACKING_THREAD) {
        tally->live_bytes += delta;
        if (tally->live_bytes > tally->peak_bytes) {
            tally->peak_bytes = tally->live_bytes;
        }
    }
    if (mode & TRACKING_PROCESS) {
        int64_t live =
            atomic_fetch_add_explicit(&process_live_bytes, delta, memory_order_relaxed) + delta;
        int64_t peak = atomic_load_explicit(&process_peak_bytes, memory_order_relaxed);
        while (live > peak &&
               !atomic_compare_exchange_weak_explicit(
                   &process_peak_bytes, &peak, live, memory_order_relaxed, memory_order_relaxed)) {
        }
    }
}

static inline int tracking_mode_of(struct thread_tally *tally) {
    return tally == NULL ? 0 : atomic_load_explicit(&tally->tracking, memory_order_relaxed);
}

/// With tracking on, adds what the allocator handed out for `pointer` to the live bytes and
/// raises the peak. Returns `pointer`.
static inline void *track_allocation(void *pointer) {
    struct thread_tally *tally = this_thread_tally;
    int mode = tracking_mode_of(tally);
    if (__builtin_expect(mode != 0 && pointer != NULL, 0)) {
        add_live_bytes(tally, mode, (int64_t)malloc_usable_size(pointer));
    }
    return pointer;
}

/// With tracking on, subtracts what `pointer` held from the live bytes.
static inline void track_release(void *pointer) {
    struct thread_tally *tally = this_thread_tally;
    int mode = tracking_mode_of(tally);
    if (__builtin_expect(mode != 0 && pointer != NULL, 0)) {
        add_live_bytes(tally, mode, -(int64_t)malloc_usable_size(pointer));
    }
}

static inline int is_power_of_two(size_t value) {
    return value != 0 && (value & (value - 1)) == 0;
}

// MARK: - The interposed allocator

SIMBENCH_EXPORT void *malloc(size_t size) {
    count_allocation();
    return track_allocation(__libc_malloc(size));
}

SIMBENCH_EXPORT void *calloc(size_t count, size_t size) {
    count_allocation();
    return track_allocation(__libc_calloc(count, size));
}

/// Every call counts, including growth in place and realloc(pointer, 0): the column is
/// "calls into the allocator", the figure Swift's copy-on-write and array growth drive.
SIMBENCH_EXPORT void *realloc(void *pointer, size_t size) {
    count_allocation();
    struct thread_tally *tally = this_thread_tally;
    int mode = tracking_mode_of(tally);
    int64_t old_size =
        mode != 0 && pointer != NULL ? (int64_t)malloc_usable_size(pointer) : 0;
    void *result = __libc_realloc(pointer, size);
    // A failed realloc leaves the old block as it was; realloc(p, 0) frees p.
    if (mode != 0 && (result != NULL || size == 0)) {
        add_live_bytes(tally, mode, -old_size);
        track_allocation(result);
    }
    return result;
}

SIMBENCH_EXPORT void free(void *pointer) {
    track_release(pointer);
    __libc_free(pointer);
}

/// glibc's own checks and results: EINVAL unless the alignment is a power-of-two multiple
/// of sizeof(void *), ENOMEM without touching *result, errno left as it was.
SIMBENCH_EXPORT int posix_memalign(void **result, size_t alignment, size_t size) {
    count_allocation();
    if (alignment % sizeof(void *) != 0 || !is_power_of_two(alignment / sizeof(void *))) {
        return EINVAL;
    }
    int saved_errno = errno;
    void *pointer = __libc_memalign(alignment, size);
    errno = saved_errno;
    if (pointer == NULL) {
        return ENOMEM;
    }
    *result = track_allocation(pointer);
    return 0;
}

/// C17 lets an implementation reject an alignment it does not support; like newer glibc,
/// this one rejects any that is not a power of two (EINVAL) instead of rounding it up.
SIMBENCH_EXPORT void *aligned_alloc(size_t alignment, size_t size) {
    count_allocation();
    if (!is_power_of_two(alignment)) {
        errno = EINVAL;
        return NULL;
    }
    return track_allocation(__libc_memalign(alignment, size));
}

SIMBENCH_EXPORT void *memalign(size_t alignment, size_t size) {
    count_allocation();
    return track_allocation(__libc_memalign(alignment, size));
}

SIMBENCH_EXPORT void *valloc(size_t size) {
    count_allocation();
    return track_allocation(__libc_valloc(size));
}

SIMBENCH_EXPORT void *pvalloc(size_t size) {
    count_allocation();
    return track_allocation(__libc_pvalloc(size));
}

// MARK: - Reading the count

SIMBENCH_EXPORT uint64_t simbench_allocation_count(void) {
    uint64_t total = atomic_load_explicit(&untallied_calls, memory_order_relaxed);
    struct thread_tally *tally = atomic_load_explicit(&all_tallies, memory_order_acquire);
    for (; tally != NULL; tally = tally->next) {
        total += atomic_load_explicit(&tally->calls, memory_order_relaxed);
    }
    return total;
}

SIMBENCH_EXPORT uint64_t simbench_thread_allocation_count(void) {
    struct thread_tally *tally = this_thread_tally;
    return tally == NULL ? 0 : atomic_load_explicit(&tally->calls, memory_order_relaxed);
}

/// Called through a volatile pointer so that the compiler cannot see, inline or drop the
/// probe allocation: it must be libc's own strdup calling malloc from inside libc.so.
static char *(*volatile probe_strdup)(const char *) = strdup;

/// Allocates inside libc and watches this thread's tally: only if the dynamic linker bound
/// libc's internal malloc call to the definition above does the tally move. Other threads
/// cannot cause a false positive, since only this thread writes its tally.
static int probe_interposition(void) {
    struct thread_tally *before = this_thread_tally;
    uint64_t calls_before =
        before == NULL ? 0 : atomic_load_explicit(&before->calls, memory_order_relaxed);
    char *copy = probe_strdup("simbench");
    struct thread_tally *after = this_thread_tally;
    uint64_t calls_after =
        after == NULL ? 0 : atomic_load_explicit(&after->calls, memory_order_relaxed);
    __libc_free(copy);
    return copy != NULL && calls_after > calls_before;
}

SIMBENCH_EXPORT int simbench_allocation_counting_active(void) {
    // -1: not probed yet. Racing first calls both probe and store the same answer.
    static _Atomic int verdict = -1;
    int known = atomic_load_explicit(&verdict, memory_order_relaxed);
    if (known < 0) {
        known = probe_interposition();
        atomic_store_explicit(&verdict, known, memory_order_relaxed);
    }
    return known;
}

SIMBENCH_EXPORT int simbench_track_bytes_begin(void) {
    struct thread_tally *tally = this_thread_tally;
    if (tally == NULL) {
        tally = register_this_thread();
        if (tally == NULL) {
            return 0;
        }
    }
    tally->live_bytes = 0;
    tally->peak_bytes = 0;
    atomic_fetch_or_explicit(&tally->tracking, TRACKING_THREAD, memory_order_relaxed);
    return 1;
}

SIMBENCH_EXPORT int64_t simbench_track_bytes_end(void) {
    struct thread_tally *tally = this_thread_tally;
    if (!(tracking_mode_of(tally) & TRACKING_THREAD)) {
        return -1;
    }
    atomic_fetch_and_explicit(&tally->tracking, ~TRACKING_THREAD, memory_order_relaxed);
    return tally->peak_bytes;
}

/// Sets or clears the PROCESS bit of every registered thread; their THREAD bits stay.
static void set_every_thread_process_bit(int on) {
    struct thread_tally *tally = atomic_load(&all_tallies);
    for (; tally != NULL; tally = tally->next) {
        if (on) {
            atomic_fetch_or(&tally->tracking, TRACKING_PROCESS);
        } else {
            atomic_fetch_and(&tally->tracking, ~TRACKING_PROCESS);
        }
    }
}

SIMBENCH_EXPORT int simbench_track_process_bytes_begin(void) {
    if (atomic_exchange_explicit(&process_tracking_held, 1, memory_order_acquire)) {
        return 0;
    }
    atomic_store_explicit(&process_live_bytes, 0, memory_order_relaxed);
    atomic_store_explicit(&process_peak_bytes, 0, memory_order_relaxed);
    // Threads registered from now on start tracked; then every thread already known.
    atomic_store(&process_tracking, 1);
    set_every_thread_process_bit(1);
    return 1;
}

SIMBENCH_EXPORT int64_t simbench_track_process_bytes_end(void) {
    if (!atomic_load(&process_tracking)) {
        return -1;
    }
    // Threads registered from now on start untracked; then every thread already known, so
    // that none is left paying the shared counters on its timed allocations.
    atomic_store(&process_tracking, 0);
    set_every_thread_process_bit(0);
    int64_t peak = atomic_load_explicit(&process_peak_bytes, memory_order_relaxed);
    atomic_store_explicit(&process_tracking_held, 0, memory_order_release);
    return peak;
}


#endif
