#ifndef SIMBENCH_INTERRUPTION_H
#define SIMBENCH_INTERRUPTION_H

// SIGINT, SIGTERM and SIGHUP for simbench (Interruption.c): the handler ends simbench's
// children (simbench_children_end), removes its own temporary files, prints one line saying
// what was not written, and exits 130, 143 or 129.
//
// Everything the handler touches is set up beforehand in fixed buffers, so that it calls
// only async-signal-safe functions (unlink, write, _exit).

#ifdef __cplusplus
extern "C" {
#endif

/// Installs the handler for SIGINT, SIGTERM and SIGHUP, and ignores SIGPIPE and SIGXFSZ (a write to
/// a closed pipe, or past the file size limit, then fails with EPIPE or EFBIG, reported as
/// an error, instead of killing the process mid-write). SIGBUS, which a read of a mapped
/// results file raises where another program cut the file short meanwhile, is said in one
/// line and exits 1.
void simbench_interruption_install(void);

/// Nonzero once the handler has begun: it will exit the process.
int simbench_interruption_in_progress(void);

/// Remembers a temporary file, or an empty directory, to remove if a signal arrives (a
/// directory is removed after the files, if they leave it empty). Returns the slot to pass to
/// simbench_cleanup_forget, or -1 if every slot is taken or the path is too long.
int simbench_cleanup_remember(const char *path);

/// Removes every remembered temporary file and directory (async-signal-safe).
void simbench_cleanup_temporaries(void);

/// Removes the file, or the directory with what it holds, at `path` (async-signal-safe; on
/// other systems than Linux a directory only once it is empty).
void simbench_remove_path(const char *path);

/// Forgets a slot from simbench_cleanup_remember (the file was renamed or removed).
void simbench_cleanup_forget(int slot);

/// The text printed after "simbench: interrupted by SIGINT; " (at most 1023 bytes kept).
void simbench_interruption_notice(const char *text);

/// Removes simbench's temporary files and exits with `status` at once, printing nothing:
/// standard output's reader has gone (a pipe into `head`), so the rest of the output has
/// no one to read it.
_Noreturn void simbench_quiet_exit(int status);

/// Between enter and leave a signal is held: the handler only records it, and leave acts
/// on it. For a write that must finish or be undone as a whole (a history append).
void simbench_critical_enter(void);
void simbench_critical_leave(void);

#ifdef __cplusplus
}
#endif

#endif
