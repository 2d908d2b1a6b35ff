#include "SimBenchMemory.h"

#include <malloc.h>

void simbench_release_free_memory(void) { malloc_trim(0); }

// SwiftPM compiles C targets with the sanitizer flags of the build, so this file knows.
int simbench_sanitized(void) {
#if defined(__has_feature)
#if __has_feature(thread_sanitizer) || __has_feature(address_sanitizer)
    return 1;
#endif
#endif
#if defined(__SANITIZE_THREAD__) || defined(__SANITIZE_ADDRESS__)
    return 1;
#endif
    return 0;
}
