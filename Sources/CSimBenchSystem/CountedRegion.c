// The counted pass's region (`run --instructions callgrind`): a function of its own, so
// that Callgrind can be told by name where to count and when to dump.

#include "SimBenchCountedRegion.h"

__attribute__((noinline, used)) void simbench_counted_region(void (*body)(void *context), void *context) {
    body(context);
    // Something after the call, so that the compiler cannot make it a tail jump: Callgrind
    // must see the body return into this function, and this function return.
    __asm__ volatile("" ::: "memory");
}

