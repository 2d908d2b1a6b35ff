#!/usr/bin/env bash
# The platform layer holds every call that differs between platforms: outside
# Sources/SimBench/Platform/ no Swift file of the package's targets (Sources/, Benchmarks/, and
# the executables under Tests/) imports Glibc, Darwin or Musl, reads /proc or /sys, or calls
# a Linux-only function; and every C file of the shim that calls one includes Platform.h,
# whose SIMBENCH_LINUX keeps it off the portable path. Test targets may call the C library
# (through Foundation: the workflow's macOS job runs them too, its Linux-only tests guarded).
# No build: a second or so.
#
# Usage: scripts/platform-check.sh [ROOT]   (ROOT: the checkout, default this one)
set -euo pipefail
root="${1:-$(cd "$(dirname "$0")/.." && pwd)}"
cd "$root"

mapfile -t swift_files < <(find Sources Benchmarks Tests/HarnessAlone Tests/MechanismProbes Tests/ReaderProbes \
    -name '*.swift' -not -path 'Sources/SimBench/Platform/*' -not -path 'Sources/SimBenchPlugins/*' | sort)

# What only Linux (or glibc) offers. A call is the name followed by "(".
linux_calls='sched_[gs]etaffinity|malloc_trim|malloc_usable_size|mallopt|pipe2|dup3|closefrom|prctl|perf_event_open|gettid|syscall|epoll_[a-z_]+|inotify_[a-z_]+|eventfd|signalfd|timerfd_[a-z_]+|sysinfo|get_nprocs[a-z_]*|linkat|memfd_create|sendfile|splice|getauxval'
linux_names='O_TMPFILE|__rlimit_resource[a-z_]*|__rusage_who_t|PR_SET_[A-Z_]+|RTLD_NEXT'

failures=0
report() {
    echo "platform-check: $1" >&2
    failures=$((failures + 1))
}

# Code lines only: comment lines (//, ///) say what the layer does and may name anything.
code_matches() {
    local pattern="$1"
    shift
    grep -nE "$pattern" "$@" /dev/null | grep -vE '^[^:]+:[0-9]+:[[:space:]]*//' || true
}

# Each rule: the lines of the Swift files outside the layer that match PATTERN, each reported
# with MESSAGE.
rule() {
    local pattern=$1 message=$2 hit
    while IFS= read -r hit; do
        [ -n "$hit" ] && report "$hit: $message"
    done < <(code_matches "$pattern" "${swift_files[@]}")
}
rule '^[[:space:]]*(@_exported[[:space:]]+)?((public|package|internal|private|fileprivate)[[:space:]]+)?import[[:space:]]+(Glibc|Darwin|Musl)\b' \
    "imports the C library (only Sources/SimBench/Platform/ may)"
rule '"/(proc|sys)(/|")' "reads /proc or /sys (Linux only: add a Platform member)"
rule "\\b($linux_calls)[[:space:]]*\\(" "calls a Linux-only function (add a Platform member)"
rule "\\b($linux_names)\\b|\"LD_PRELOAD\"" "uses a Linux-only name (add a Platform member)"

for file in Sources/CSimBenchSystem/*.c; do
    if grep -qE "\\b($linux_calls)[[:space:]]*\\(|\\b($linux_names)\\b|<linux/|<malloc\\.h>" "$file" \
        && ! grep -q '#include "Platform.h"\|#include "Descriptors.h"' "$file"; then
        report "$file: calls Linux-only code without Platform.h's SIMBENCH_LINUX"
    fi
done

if [ "$failures" -gt 0 ]; then
    echo "platform-check: $failures finding(s) outside the platform layer" >&2
    exit 1
fi
echo "platform-check: ${#swift_files[@]} Swift files outside Sources/SimBench/Platform/ and the C shim pass"
