#ifndef SIMBENCH_AFFINITY_H
#define SIMBENCH_AFFINITY_H

// Keeping a thread, and the children it starts, on one core (Affinity.c), for `simbench
// explain`: cpu_set_t is filled by macros, which Swift cannot call.

#ifdef __cplusplus
extern "C" {
#endif

/// Keeps the calling thread on the first core it may run on; a child it starts inherits the
/// mask, and so do all of the child's threads. Returns that core, or -1 (errno set) when the
/// platform refuses. The thread's previous mask is kept for `simbench_restore_cores`.
int simbench_keep_on_one_core(void);

/// Gives the calling thread back the cores it had before `simbench_keep_on_one_core`;
/// 0, or -1 (errno set).
int simbench_restore_cores(void);

#ifdef __cplusplus
}
#endif

#endif
