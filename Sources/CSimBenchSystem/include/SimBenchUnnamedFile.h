#ifndef SIMBENCH_FILES_H
#define SIMBENCH_FILES_H

#ifdef __cplusplus
extern "C" {
#endif

/// Opens an unnamed regular file in `directory` for writing (Linux's O_TMPFILE, which Swift
/// cannot see: it needs _GNU_SOURCE). Returns the descriptor, or -1 with errno set.
int simbench_open_unnamed(const char *directory, unsigned int mode);

#ifdef __cplusplus
}
#endif

#endif
