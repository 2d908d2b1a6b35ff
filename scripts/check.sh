#!/usr/bin/env bash
# The quick check for someone changing the code (CONTRIBUTING.md): the checks that need no
# measuring, then the tests of what changed. Under three minutes on a 2-core machine with the
# debug build already made; `.ci/run` is the whole gate, before a merge.
#
#   1. format (scripts/format-check.sh), the manual (scripts/docs-check.sh), the quoted
#      figures (scripts/figures-check.sh) and the platform layer (scripts/platform-check.sh);
#   2. `swift build --build-tests`;
#   3. `swift test --filter` over the suites of the test folders that mirror the changed
#      source folders (CONTRIBUTING.md, "A new test"), and of the changed test files:
#      Sources/SimBench/X/ -> Tests/SimBenchTests/X/, Sources/SimBenchCommandLine/X/ ->
#      Tests/SimBenchCommandLineTests/X/, Benchmarks/ -> Tests/SubjectsTests/, and a command
#      (Sources/SimBenchCommandLine/Commands/NameCommand.swift) -> its end-to-end file
#      (Tests/EndToEndTests/NameCommandTests.swift) where there is one.
#
# Usage: scripts/check.sh [BASE]   (BASE: what "changed" is measured from, default main;
#        committed, staged, unstaged and untracked changes all count)
# Environment: SIMBENCH_CHECK_ALL=1 runs every test instead (as `swift test` does).
# Exit status: 0 when every check and test passes, 1 when one fails, 64 on a bad BASE.
set -euo pipefail
cd "$(dirname "$0")/.."
base=${1:-main}
if ! git rev-parse --verify --quiet "$base^{commit}" > /dev/null; then
    echo "check: '$base' is not a commit (expected a branch, tag or commit to compare with)" >&2
    exit 64
fi

started=$SECONDS
echo "== format, manual, figures, platform layer"
bash scripts/format-check.sh
bash scripts/docs-check.sh > /dev/null && echo "docs-check: passed"
bash scripts/figures-check.sh > /dev/null && echo "figures-check: passed"
bash scripts/platform-check.sh > /dev/null && echo "platform-check: passed"

# Every path that differs from BASE: commits since it, the index, the working tree, and
# untracked files git does not ignore.
mapfile -t changed < <({
    git diff --name-only "$(git merge-base "$base" HEAD)"
    git ls-files --others --exclude-standard
} | sort -u)

# The test folders (or files) those paths point at.
targets=()
for path in "${changed[@]}"; do
    case "$path" in
        Sources/SimBench/*) folder=Tests/SimBenchTests/$(dirname "${path#Sources/SimBench/}") ;;
        Sources/SimBenchCommandLine/Commands/*Command.swift)
            name=$(basename "$path" .swift)
            folder=Tests/SimBenchCommandLineTests/Commands
            [ -f "Tests/EndToEndTests/${name}Tests.swift" ] \
                && targets+=("Tests/EndToEndTests/${name}Tests.swift")
            ;;
        Sources/SimBenchCommandLine/*)
            folder=Tests/SimBenchCommandLineTests/$(dirname "${path#Sources/SimBenchCommandLine/}")
            ;;
        Benchmarks/*) folder=Tests/SubjectsTests ;;
        Tests/*.swift) folder=$path ;;
        *) continue ;;
    esac
    # A folder path ending in /. (a file at the target's top) is the target's top folder.
    folder=${folder%/.}
    [ -e "$folder" ] && targets+=("$folder")
done

# The suites declared there: the types the files declare (`struct|final class|enum Name`),
# matched by `swift test --filter` as Module.Name.
suites=()
if [ "${#targets[@]}" -gt 0 ]; then
    mapfile -t suites < <(
        for target in $(printf '%s\n' "${targets[@]}" | sort -u); do
            module=$(cut -d/ -f2 <<< "$target")
            find "$target" -maxdepth 1 -name '*.swift' -print0 \
                | xargs -0 grep -hoE '^(struct|final class|enum) [A-Z][A-Za-z0-9]*Tests\b' \
                | awk -v module="$module" '{ print module "." $NF }'
        done | sort -u
    )
fi

echo "== swift build --build-tests"
swift build --build-tests 2>&1 | tail -1
if [ "${SIMBENCH_CHECK_ALL:-0}" = 1 ]; then
    echo "== swift test (every test: SIMBENCH_CHECK_ALL=1)"
    swift test --skip-build
elif [ "${#suites[@]}" -eq 0 ]; then
    echo "== no test folder mirrors what changed since $base (${#changed[@]} path(s)); tests not run"
else
    filter=$(IFS='|'; echo "${suites[*]}")
    echo "== swift test --filter: ${#suites[@]} suite(s) of the folders changed since $base"
    printf '  %s\n' "${suites[@]}"
    swift test --skip-build --filter "^($filter)"
fi
echo "check: passed in $((SECONDS - started)) s (before a merge, run the whole gate: bash .ci/run)"
