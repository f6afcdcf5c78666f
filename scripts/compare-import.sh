#!/bin/bash
# Checks that two builds of choreo import every SVG the same: the resvg peer suite
# (../shared/peer-suites/resvg, skipped with a message when ../shared is absent) and every SVG in
# the repository's tests and scenes. For each file the YAML on stdout, the warnings on stderr and
# the exit status must be byte-identical; a difference is printed as a diff and fails the run.
#   scripts/compare-import.sh BASELINE_CHOREO CHANGED_CHOREO
# Use it for a change that must not alter import output (a faster parser, writer or trimming).
set -u
cd "$(dirname "$0")/.."
[ $# -eq 2 ] || { echo "usage: $0 BASELINE_CHOREO CHANGED_CHOREO" >&2; exit 2; }
baseline=$1 changed=$2
for binary in "$baseline" "$changed"; do
    [ -x "$binary" ] || { echo "error: $binary is not an executable" >&2; exit 2; }
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
files="$work/files"
find Tests scenes -name '*.svg' -type f | sort > "$files"
peer=../shared/peer-suites/resvg
if [ -d "$peer" ]; then
    find "$peer" -name '*.svg' -type f | sort >> "$files"
else
    echo "skipped: $peer is absent (../shared is not beside the repository); comparing the repository's SVGs only" >&2
fi
compared=0 differing=0
while IFS= read -r svg; do
    for side in baseline changed; do
        binary=$baseline
        [ $side = changed ] && binary=$changed
        # The path as written in the warnings is the same for both sides.
        "$binary" import "$svg" > "$work/$side.out" 2> "$work/$side.err"
        echo "exit $?" >> "$work/$side.err"
    done
    compared=$((compared + 1))
    if ! cmp -s "$work/baseline.out" "$work/changed.out" || ! cmp -s "$work/baseline.err" "$work/changed.err"; then
        differing=$((differing + 1))
        echo "DIFFERS: $svg"
        diff "$work/baseline.out" "$work/changed.out" | head -20
        diff "$work/baseline.err" "$work/changed.err" | head -20
    fi
done < "$files"
echo "import identity: $((compared - differing)) passed, $differing failed"
[ $differing -eq 0 ]
