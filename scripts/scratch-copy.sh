# shellcheck shell=bash disable=SC2034 # sourced: the variables are its callers'
# Sourced by the proofs that plant a change in a copy of HEAD (function-proof.sh,
# layout-proof.sh; not run): `scratch_copy NAME DIR`, called from the repository's root, warns
# when the working tree differs from HEAD (the proof plants in HEAD, not in the tree), builds
# this checkout's release binary, and makes DIR a clone of this repository at HEAD. Files are
# left alone where they are HEAD's already, so their dates, and the builds in DIR that depend
# on them, stay valid between calls. It sets `commit` (HEAD) and `binary` (the release
# simbench that runs `ab` there); NAME prefixes its messages.
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
