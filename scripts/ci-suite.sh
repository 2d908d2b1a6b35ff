# shellcheck shell=bash disable=SC2034 # sourced: the variables are its callers'
# Sourced by scripts/ci-bench.sh and scripts/aa-proof.sh (not run): the CI suite's run
# arguments, and what a counted run of it adds.

# ci_suite_args: the words of Benchmarks/ci.conf, one argument each, comments and blank
# lines dropped.
mapfile -t ci_suite_args < <(sed -e 's/#.*//' Benchmarks/ci.conf | tr -s ' \t' '\n\n' | sed '/^$/d')

# counted_args: appended to a run's arguments for a counted run (`--instructions callgrind`).
# The counts come from a pass of their own after the timed rounds, over the first machines
# (simbench run --help, COUNTS), so the timed part is cut to one round in one process: its
# times have no interval and are not judged; the counts are.
counted_args=(--instructions callgrind --processes 1 --rounds 1 --warmup 0)

# needs_valgrind WHO: exits 6 (as `simbench run --instructions callgrind` would) with one line
# when valgrind is missing.
needs_valgrind() {
    if ! command -v valgrind > /dev/null; then
        echo "$1: valgrind not found on PATH; install it (Debian, Ubuntu: apt-get install valgrind)" >&2
        exit 6
    fi
}
