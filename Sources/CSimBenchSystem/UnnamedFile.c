// O_TMPFILE for AtomicFile.swift (see SimBenchUnnamedFile.h).

#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>

#include "Platform.h"
#include "SimBenchUnnamedFile.h"

int simbench_open_unnamed(const char *directory, unsigned int mode) {
#if defined(SIMBENCH_LINUX) && defined(O_TMPFILE)
    return open(directory, O_TMPFILE | O_WRONLY | O_CLOEXEC, mode);
#else
    errno = EOPNOTSUPP;
    return -1;
#endif
}
