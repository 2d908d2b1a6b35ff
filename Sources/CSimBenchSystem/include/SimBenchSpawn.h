#ifndef SIMBENCH_SPAWN_H
#define SIMBENCH_SPAWN_H

#include <sys/types.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The descriptor a child holds the lifeline's read end on (its side: SimBenchLifeline.h).
#define SIMBENCH_LIFELINE_FD 3

/// Starts `path` with `argv` and `envp` (NULL-terminated), in `directory` when it is not
/// NULL, its standard input, output and error the descriptors given (-1: /dev/null for
/// input, the parent's own for output and error), the lifeline's read end as descriptor 3,
/// and no other descriptor of the parent.
///
/// The child never outlives this process. With `death_signal` (a program that watches no
/// lifeline), on Linux it gets that signal when the thread that started it ends
/// (PR_SET_PDEATHSIG, set between fork and execve and checked against this process's pid,
/// so a parent that ended meanwhile is seen), which is why a child is waited for on the
/// thread that started it. Where the kernel offers no parent-death signal (macOS, the
/// portable build), or with `guard_asked` on Linux, the child stays as a guard instead: it
/// passes the signals it gets on to the program, which it runs as its own child, ends with
/// the program's status or signal, and sends `death_signal` to its process group when this
/// process ends (simbench_spawn_guarded). With 0, the child is a simbench that watches the
/// lifeline (simbench_lifeline_hold), which lets it remove its files first. It runs in a
/// process group of its own (its pid), which simbench_children_end kills.
///
/// Returns 0 and the child's pid in *pid, or an errno value (that of execve when the program
/// could not be run).
int simbench_spawn(
    const char *path, char *const argv[], char *const envp[], const char *directory,
    int input, int output, int error, int death_signal, int guard_asked, pid_t *pid);

/// 1 if a child started with a death signal and `guard_asked` runs under a guard process:
/// always where the kernel offers no parent-death signal, on Linux only when asked.
int simbench_spawn_guarded(int guard_asked);

/// The child `pid`, started by simbench_spawn, has been waited for.
void simbench_child_forget(pid_t pid);

/// Ends every child still running, for a signal handler (async-signal-safe): closes the
/// lifeline, so that simbench children remove their files and exit, waits up to
/// `grace_milliseconds` for them, then kills what is left with its process group.
void simbench_children_end(int grace_milliseconds);

#ifdef __cplusplus
}
#endif

#endif
