#ifndef SIMBENCH_C_SIMBENCH_SYSTEM_H
#define SIMBENCH_C_SIMBENCH_SYSTEM_H

// The C shim of simbench's harness: what Swift cannot call directly, one header and one
// source file per concern:
//
// - SimBenchPerfEvents.h (PerfEvents.c): instructions retired, through perf_event_open.
// - SimBenchSpawn.h (Spawn.c): spawning child processes, and ending them.
// - SimBenchInterruption.h (Interruption.c): SIGINT and SIGTERM, temporary files removed.
// - SimBenchLifeline.h (Lifeline.c): a child that ends, its files removed, when its parent
//   is gone.
//
// They call one way: Lifeline.c calls Interruption.c (the temporary files), which calls
// Spawn.c (the children), which calls neither.
// - SimBenchTerminal.h (Terminal.c): the terminal's width.
// - SimBenchUnnamedFile.h (UnnamedFile.c): O_TMPFILE, for files written whole or not at all.
// - SimBenchStandardOutput.h (StandardOutput.c): C's stdout stream.
// - SimBenchMemory.h (Memory.c): freed heap returned to the system, sanitizer builds told.
// - SimBenchCountedRegion.h (CountedRegion.c): the region Callgrind counts.
// - SimBenchAffinity.h (Affinity.c): a thread and its children kept on one core.
// - SimBenchHypervisor.h (Hypervisor.c): the hypervisor's vendor, from CPUID.
// - SimBenchPrefetch.h (inline, no source): a cache line asked for ahead of a read.
// - SimBenchPowersOfTen.h (inline, no source): 10^0 … 10^22, a constant table.
// - SimBenchPlainRow.h (PlainRow.c): a results file's common row split 64 bytes at a time,
//   and its numeric cells checked from the bits the split sets.
//
// No allocator is interposed here: the process that times runs glibc's allocator untouched.
// Allocations are counted in an untimed child with the counter preloaded
// (Sources/CAllocationInterposer, built into libsimbench-allocations.so).

#include "SimBenchPerfEvents.h"
#include "SimBenchPrefetch.h"
#include "SimBenchPowersOfTen.h"
#include "SimBenchPlainRow.h"
#include "SimBenchUnnamedFile.h"
#include "SimBenchSpawn.h"
#include "SimBenchInterruption.h"
#include "SimBenchLifeline.h"
#include "SimBenchTerminal.h"
#include "SimBenchMemory.h"
#include "SimBenchStandardOutput.h"
#include "SimBenchCountedRegion.h"
#include "SimBenchAffinity.h"
#include "SimBenchHypervisor.h"

#endif
