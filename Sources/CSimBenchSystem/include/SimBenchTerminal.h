#ifndef SIMBENCH_TERMINAL_H
#define SIMBENCH_TERMINAL_H

// The terminal's width, for simbench's progress line (Terminal.c): ioctl is variadic, so
// Swift cannot call it directly.

#ifdef __cplusplus
extern "C" {
#endif

/// The columns of the terminal `fd` is, or 0 when it is not a terminal or does not say.
int simbench_terminal_columns(int fd);

#ifdef __cplusplus
}
#endif

#endif
