#!/bin/bash
# Checks that two builds of choreo write the same bytes for every scene of the repository: every
# output kind of scenes/, the conformance feature scenes, the valid fixtures, the docs' examples
# and the feature matrix (generated when python3 is there), and their diagnostics for each player
# target; the JSON diagnostics of every fixture,
# hostile scene and fuzz regression; and what `lint --fix` makes of every invalid fixture. A
# difference is printed and fails the run.
#   scripts/compare-outputs.sh BASELINE_CHOREO CHANGED_CHOREO
# Use it for a change that must not alter any output (a refactoring of the compiler).
set -u
cd "$(dirname "$0")/.."
[ $# -eq 2 ] || { echo "usage: $0 BASELINE_CHOREO CHANGED_CHOREO" >&2; exit 2; }
baseline=$1 changed=$2
for binary in "$baseline" "$changed"; do
    [ -x "$binary" ] || { echo "error: $binary is not an executable" >&2; exit 2; }
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
emit=lottie,dotlottie,svg,svg-reel,timeline,swift-api,ts-api
mapfile -t scenes < <(ls scenes/*.yaml Tests/conformance/feature-scenes/*.yaml Tests/ChoreoSceneTests/Fixtures/valid/*.yaml docs/examples/*/*.yaml | sort)
if python3 Tests/conformance/feature_matrix.py "$work/matrix" >/dev/null 2>&1; then
    mapfile -t -O "${#scenes[@]}" scenes < <(ls "$work"/matrix/*.yaml | sort)
else
    echo "skipped: the feature matrix (its generator did not run)" >&2
fi
mapfile -t checked < <(ls Tests/ChoreoSceneTests/Fixtures/*/*.yaml Tests/ChoreoPipelineTests/Hostile/*.yaml Fuzz/corpus-regression/*.yaml 2>/dev/null | sort)
compared=0 differing=0
compare() { # name, then the two files or folders
    compared=$((compared + 1))
    if ! diff -r "$2" "$3" > "$work/diff" 2>&1; then
        differing=$((differing + 1))
        echo "DIFFERS: $1"
        head -20 "$work/diff"
    fi
}
for side in baseline changed; do
    binary=$baseline
    [ $side = changed ] && binary=$changed
    mkdir -p "$work/$side/out" "$work/$side/fix"
    # One scene at a time: a scene that fails must not hide the others' outputs.
    for scene in "${scenes[@]}"; do
        name=$(echo "$scene" | tr '/' '_')
        mkdir -p "$work/$side/out/$name"
        "$binary" compile "$scene" -o "$work/$side/out/$name" --emit "$emit" 2>&1 | sed "s|$work/$side/|WORK/|g" > "$work/$side/out/$name/log"
        echo "exit ${PIPESTATUS[0]}" >> "$work/$side/out/$name/log"
    done
    # The player targets' checks, which point back at the source.
    for scene in "${scenes[@]}"; do
        name=$(echo "$scene" | tr '/' '_')
        for target in lottie-ios lottie-android tgs; do
            "$binary" lint "$scene" --target $target --format json 2>&1 | sed "s|$work/$side/|WORK/|g" > "$work/$side/out/$name.$target.json"
            echo "exit ${PIPESTATUS[0]}" >> "$work/$side/out/$name.$target.json"
        done
    done
    for scene in "${checked[@]}"; do
        name=$(echo "$scene" | tr '/' '_')
        "$binary" lint "$scene" --format json > "$work/$side/out/$name.lint.json" 2>&1
        echo "exit $?" >> "$work/$side/out/$name.lint.json"
    done
    for scene in Tests/ChoreoSceneTests/Fixtures/invalid/*.yaml; do
        name=$(basename "$scene")
        cp "$scene" "$work/$side/fix/$name"
        (cd "$work/$side/fix" && "$binary" lint "$name" --fix > "$name.log" 2>&1; echo "exit $?" >> "$name.log")
    done
done
for entry in "$work/baseline/out"/*; do
    name=$(basename "$entry")
    compare "$name" "$entry" "$work/changed/out/$name"
done
compare "lint --fix of the invalid fixtures" "$work/baseline/fix" "$work/changed/fix"
echo "output identity: $((compared - differing)) passed, $differing failed"
[ $differing -eq 0 ]
