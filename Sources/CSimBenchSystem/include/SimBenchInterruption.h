#ifndef SIMBENCH_INTERRUPTION_H
#define SIMBENCH_INTERRUPTION_H

// SIGINT and SIGTERM for simbench (Interruption.c): the handler removes simbench's own
// temporary files, prints one line saying what was not written, and exits 130 or 143.
//
// Everything the handler touches is set up beforehand in fixed buffers, so that it calls
// only async-signal-safe functions (unlink, write, _exit).

#ifdef __cplusplus
extern "C" {
#endif

/// Installs the handler for SIGINT and SIGTERM, and ignores SIGPIPE and SIGXFSZ (a write to
/// a closed pipe, or past the file size limit, then fails with EPIPE or EFBIG, reported as
/// an error, instead of killing the process mid-write).
void simbench_interruption_install(void);

/// Remembers a temporary file to remove if a signal arrives. Returns the slot to pass to
/// simbench_cleanup_forget, or -1 if every slot is taken or the path is too long.
int simbench_cleanup_remember(const char *path);

/// Forgets a slot from simbench_cleanup_remember (the file was renamed or removed).
void simbench_cleanup_forget(int slot);

/// The child process to kill (SIGKILL) before exiting on a signal (0: none), so that an
/// interrupted `run --processes K` leaves no child measuring on.
void simbench_interruption_child(int pid);

/// The text printed after "simbench: interrupted by SIGINT; " (at most 1023 bytes kept).
void simbench_interruption_notice(const char *text);

/// Between enter and leave a signal is held: the handler only records it, and leave acts
/// on it. For a write that must finish or be undone as a whole (a history append).
void simbench_critical_enter(void);
void simbench_critical_leave(void);

#ifdef __cplusplus
}
#endif

#endif
