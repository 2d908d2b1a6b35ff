#include "SimBenchMemory.h"

#include "Platform.h"

#ifdef SIMBENCH_LINUX
#include <malloc.h>

void simbench_release_free_memory(void) { malloc_trim(0); }
#else
// No portable way to hand the allocator's free pages back: between scenarios they stay.
void simbench_release_free_memory(void) {}
#endif

// SwiftPM compiles C targets with the sanitizer flags of the build, so this file knows.
int simbench_thread_sanitized(void) {
#if defined(__has_feature)
#if __has_feature(thread_sanitizer)
    return 1;
#endif
#endif
#if defined(__SANITIZE_THREAD__)
    return 1;
#endif
    return 0;
}

int simbench_sanitized(void) {
#if defined(__has_feature)
#if __has_feature(address_sanitizer)
    return 1;
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
    return 1;
#endif
    return simbench_thread_sanitized();
}
