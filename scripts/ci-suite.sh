# shellcheck shell=bash disable=SC2034 # sourced: the variables are its callers'
# Sourced by scripts/ci-bench.sh, scripts/aa-proof.sh and scripts/detector-proof.sh (not
# run): the CI suite's run arguments, and what a counted run of it adds. The suite's file is
# the working directory's package's; the exit statuses are beside this file.

# shellcheck source=scripts/exit-status.sh
source "$(dirname "${BASH_SOURCE[0]}")/exit-status.sh"

# ci_suite_file, ci_suite_args: the CI suite, Benchmarks/ci.conf, which the tool reads itself
# (`run --suite`: its words as if typed there, flags after it overriding its values).
ci_suite_file=Benchmarks/ci.conf
ci_suite_args=(--suite "$ci_suite_file")

# counted_args: appended to a run's arguments for a counted run (`--instructions callgrind`).
# The counts come from a pass of their own after the timed rounds, over the first machines
# (simbench run --help, COUNTS), so the timed part is cut to one round in one process: its
# times have no interval and are not judged; the counts are.
counted_args=(--instructions callgrind --processes 1 --rounds 1 --warmup 0)

# needs_valgrind WHO: exits with exit_counting_unavailable (as `simbench run --instructions
# callgrind` would) with one line when valgrind is missing.
needs_valgrind() {
    if ! command -v valgrind > /dev/null; then
        echo "$1: valgrind not found on PATH; install it (Debian, Ubuntu: apt-get install valgrind)" >&2
        exit "$exit_counting_unavailable"
    fi
}
