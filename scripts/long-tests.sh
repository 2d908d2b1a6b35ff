#!/usr/bin/env bash
# The long end-to-end tests: those that take minutes on a 2-core machine (real builds of two
# commits for `ab`, real-size runs for the memory estimate), which `swift test` leaves out so
# that its loop stays fast. They are Swift tests like the others, marked with
# `.enabled(if: LongTests.enabled, "…")` (Tests/EndToEndTests/CommandRunner.swift); this
# script finds the suites that carry the mark and runs them with SIMBENCH_LONG_TESTS=1.
# `.ci/run` calls it, so they gate every merge.
#
# Usage: scripts/long-tests.sh [SWIFT TEST FLAG…]   (e.g. --skip-build after swift build --build-tests)
# Exit status: swift test's (0 when every test passes); 1 when no marked suite is found.
set -euo pipefail
cd "$(dirname "$0")/.."

# A marked file's suite: the type that the file declares (`struct Name`), as Module.Name.
mapfile -t suites < <(
    grep -rl --include='*.swift' '\.enabled(if: LongTests\.enabled,' Tests \
        | while read -r file; do
            module=$(cut -d/ -f2 <<< "$file")
            grep -hoE '^(struct|final class|enum) [A-Z][A-Za-z0-9]*Tests\b' "$file" \
                | awk -v module="$module" '{ print module "." $NF }'
        done | sort -u
)
if [ "${#suites[@]}" -eq 0 ]; then
    echo "long-tests: no suite carries the LongTests mark; nothing to run" >&2
    exit 1
fi
echo "long-tests: ${suites[*]}"
filter=$(IFS='|'; echo "${suites[*]}")
SIMBENCH_LONG_TESTS=1 swift test "$@" --filter "^($filter)"
