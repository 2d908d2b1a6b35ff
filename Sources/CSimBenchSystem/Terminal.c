#include "SimBenchTerminal.h"

#include <sys/ioctl.h>

int simbench_terminal_columns(int fd) {
    struct winsize size;
    if (ioctl(fd, TIOCGWINSZ, &size) != 0) return 0;
    return size.ws_col;
}
