# shellcheck shell=bash disable=SC2034 # sourced: the variables are its callers'
# Sourced by the proofs that plant a change in a copy of HEAD (function-proof.sh,
# layout-proof.sh; not run). Both keep one scratch copy between calls, so that the release
# builds `ab` makes in it are reused, and plant in it with the three steps below; in .ci/run
# they share one copy (the function proof's changes, then the layout proof's).
#
# `scratch_copy NAME DIR`, called from the repository's root, warns when the working tree
# differs from HEAD (the proof plants in HEAD, not in the tree), builds this checkout's
# release binary, and makes DIR a clone of this repository at HEAD. Files are left alone
# where they are HEAD's already, so their dates, and the builds in DIR that depend on them,
# stay valid between calls. It sets `commit` (HEAD) and `binary` (the release simbench that
# runs `ab` there); NAME prefixes its messages.
scratch_copy() {
    local name=$1 dir=$2
    if [ -n "$(git status --porcelain --untracked-files=no)" ]; then
        echo "$name: warning: the working tree differs from HEAD; the proof plants in a copy of HEAD, not in the tree" >&2
    fi
    commit=$(git rev-parse HEAD)
    swift build -c release --product simbench > /dev/null
    binary=$PWD/.build/release/simbench
    if [ ! -d "$dir/.git" ]; then
        rm -rf "$dir"
        git clone --quiet "$PWD" "$dir"
    fi
    git -C "$dir" fetch --quiet "$PWD" HEAD
    if [ "$(git -C "$dir" rev-parse HEAD 2> /dev/null || true)" != "$commit" ]; then
        git -C "$dir" checkout --quiet --force --detach "$commit"
    fi
}

# `scratch_keep DIR FILE…`: every other file an earlier call (this proof's or the other's)
# left changed in DIR is put back to HEAD; FILE… are left as they are, so that a file planted
# already keeps its date, and the build that depends on it stays valid.
scratch_keep() {
    local dir=$1 other
    shift
    local patterns=()
    for other in "$@"; do patterns+=(-e "$other"); done
    git -C "$dir" diff --name-only | { grep -vxF "${patterns[@]}" || true; } | while read -r other; do
        git -C "$dir" checkout --quiet -- "$other"
    done
}

# `scratch_planted NAME DIR "FILES ADDED REMOVED"`: exits 1 with one line unless DIR differs
# from HEAD by exactly that many files and lines (the planted ones); prints the planted lines.
scratch_planted() {
    local name=$1 dir=$2 expected=$3 changed
    changed=$(git -C "$dir" diff --numstat | awk '{ added += $1; removed += $2; files++ } END { print files + 0, added + 0, removed + 0 }')
    if [ "$changed" != "$expected" ]; then
        echo "$name: the scratch copy differs from HEAD by other than the planted lines (files, added, removed: $changed; expected $expected)" >&2
        git -C "$dir" diff --stat >&2
        exit 1
    fi
    echo "$name: planted in $dir:"
    git -C "$dir" diff -U0 | grep -E '^(\+\+\+|[-+] )' | sed -E 's/^\+\+\+ b\//  in /; s/^/  /'
}
