// The C shim's platform split, included by every file that differs between platforms (not
// exported to Swift: Swift's own side is Sources/SimBench/Platform/).
//
// SIMBENCH_LINUX: Linux's own calls serve (perf events, O_TMPFILE, pipe2, dup3, closefrom,
// PR_SET_PDEATHSIG, sched_setaffinity, malloc_trim). Without it, the portable POSIX path:
// on macOS, and on Linux when built with -DSIMBENCH_PORTABLE, so that the path macOS takes is
// compiled and tested on Linux too.

#ifndef SIMBENCH_PLATFORM_H
#define SIMBENCH_PLATFORM_H

#if defined(__linux__) && !defined(SIMBENCH_PORTABLE)
#define SIMBENCH_LINUX 1
#endif

#endif
