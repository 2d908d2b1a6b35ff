#ifndef SIMBENCH_SPAWN_H
#define SIMBENCH_SPAWN_H

#include <sys/types.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Starts `path` with `argv` and `envp` (NULL-terminated), in `directory` when it is not
/// NULL, its standard input, output and error the descriptors given (-1: /dev/null for
/// input, the parent's own for output and error), and no other descriptor of the parent.
///
/// posix_spawn with file actions: the child changes directory and closes every descriptor
/// above 2 itself (closefrom), so nothing here reads /proc/self/fd. Foundation's
/// Process.run on Linux does, and over-reads its dirent buffer, crashing now and then
/// (swift-corelibs-foundation #5472).
///
/// Returns 0 and the child's pid in *pid, or an errno value.
int simbench_spawn(
    const char *path, char *const argv[], char *const envp[], const char *directory,
    int input, int output, int error, pid_t *pid);

#ifdef __cplusplus
}
#endif

#endif
