#ifndef SIMBENCH_PREFETCH_H
#define SIMBENCH_PREFETCH_H

// Asks the processor to bring the cache line holding `address` toward its caches, ahead of a
// read: a hint, which changes nothing a program reads and never faults. A pass over 100,000
// rows of a results file reads each row's first cells from memory; asked for a few rows
// ahead, they are in the caches when the pass reaches them. Inline, so that Swift's
// optimiser sees the one instruction.
static inline void simbench_prefetch(const void *address) {
    __builtin_prefetch(address, 0, 3);
}

#endif
