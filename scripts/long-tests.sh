#!/usr/bin/env bash
# The long end-to-end tests: those that take minutes on a 2-core machine (real builds of two
# commits for `ab`, real-size runs for the memory estimate), which `swift test` leaves out so
# that its loop stays fast. They are Swift tests like the others, marked with
# `.enabled(if: LongTests.enabled, "…")` (Tests/EndToEndTests/CommandRunner.swift); this
# script finds the suites and tests that carry the mark and runs them with SIMBENCH_LONG_TESTS=1.
# `.ci/run` calls it, so they gate every merge.
#
# Usage: scripts/long-tests.sh [SWIFT TEST FLAG…]   (e.g. --skip-build after swift build --build-tests)
# Exit status: swift test's (0 when every test passes); 1 when no marked suite or test is found.
set -euo pipefail
cd "$(dirname "$0")/.."

# What carries the mark: a suite (the mark in its `@Suite(…)`, the declaration after it a
# type) runs whole, as Module.Name; a test (the mark in its `@Test(…)`, the declaration after it
# a function) runs alone, as Module.Suite/name( , its suite the type declared before it. A
# marked test's suite-mates are not long, and `swift test` runs them already.
marked=$(
    grep -rl --include='*.swift' '\.enabled(if: LongTests\.enabled,' Tests | sort | python3 -c '
import re, sys
for path in sys.stdin.read().split():
    module = path.split("/")[1]
    lines = open(path, encoding="utf-8").read().split("\n")
    suite = None
    marked = False
    for line in lines:
        declared = re.match(r"\s*(?:final class|struct|enum) ([A-Z][A-Za-z0-9]*Tests)\b", line)
        function = re.match(r"\s*(?:@Test(?:\(.*\))? )?func ([A-Za-z_][A-Za-z0-9_]*)\(", line)
        if declared:
            suite = declared.group(1)
            if marked:
                print(re.escape(f"{module}.{suite}"))
                marked = False
        elif function and marked:
            print(re.escape(f"{module}.{suite}/{function.group(1)}("))
            marked = False
        # A mark in a comment (its documentation) marks nothing.
        if "enabled(if: LongTests.enabled," in line and not line.lstrip().startswith("//"):
            marked = True
    if marked:
        sys.exit(f"long-tests: {path}: a LongTests mark is followed by no suite or test")
'
)
mapfile -t suites <<< "$marked"
if [ -z "$marked" ]; then
    echo "long-tests: no suite or test carries the LongTests mark; nothing to run" >&2
    exit 1
fi
echo "long-tests: ${suites[*]//\\/}"
# The tests that run real sizes or count instructions run the release build of simbench
# (SimBenchBinary.release), and the readers' linearity test the release build of
# reader-probes: made here first, a step that does nothing where they are built already.
swift build -c release --product simbench 2>&1 | tail -1
swift build -c release --product reader-probes 2>&1 | tail -1
filter=$(IFS='|'; echo "${suites[*]}")
SIMBENCH_LONG_TESTS=1 swift test "$@" --filter "^($filter)"
