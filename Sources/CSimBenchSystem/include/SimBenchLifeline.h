#ifndef SIMBENCH_LIFELINE_H
#define SIMBENCH_LIFELINE_H

// The child's side of the lifeline (Lifeline.c): a simbench child started by simbench_spawn
// (SimBenchSpawn.h) with no death signal watches its parent, and when the parent is gone
// removes its files (SimBenchInterruption.h's temporary files among them) and exits.

#include <sys/types.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The exit status of a child that ended because its parent did.
#define SIMBENCH_ORPHAN_EXIT_STATUS 1

/// In a child started with no death signal: watches, from a thread of its own, the lifeline
/// on descriptor 3 and its parent's pid (every 250 ms). At the pipe's end of file, or once the
/// parent is no longer `parent` (it ended, however, and this child was re-parented), removes
/// `paths` (files or directories the parent left for this child), then this process's
/// remembered temporary files (simbench_cleanup_remember), and exits
/// SIMBENCH_ORPHAN_EXIT_STATUS; at once when the parent has ended already.
///
/// Returns 0, or -1 when the thread cannot start. Without a pipe on descriptor 3 the pid alone
/// is watched.
int simbench_lifeline_hold(pid_t parent, const char *const *paths, int count);

#ifdef __cplusplus
}
#endif

#endif
