#ifndef SIMBENCH_POWERS_OF_TEN_H
#define SIMBENCH_POWERS_OF_TEN_H

// 10^power for power 0 … 22, every power of ten exact in a double (the powers of Clinger's
// fast path: a decimal reader multiplies or divides a whole number by one). A constant table
// in C: a Swift global is made on first use, and each read of it asks whether it is made
// yet, millions of times in a reader. Inline, so that Swift's optimiser sees one load.
static inline double simbench_power_of_ten(long power) {
    static const double powers[23] = {
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    };
    return powers[power];
}

#endif
