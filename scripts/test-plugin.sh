#!/usr/bin/env bash
# The SwiftPM plugin stage (slower than `swift test`: it builds Choreo again as a package
# dependency). Builds Tests/PluginFixture, a package whose app target lists ChoreoPlugin, and checks
#   1. the build compiles its *.choreo.yaml files and the app finds them in Bundle.module;
#   2. a package with a broken scene fails to build, with Choreo's path:line:col diagnostic in the log.
# The fixtures are copied to a work directory that persists between runs (incremental rebuilds),
# with their dependency pointed at this checkout through a symbolic link named `choreo`, so the
# package identity the fixtures name is `choreo` whatever the checkout's directory is called.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source scripts/common.sh
ensure_swift

checkout=$(pwd -P)
work="${CHOREO_PLUGIN_WORK:-$checkout/.build/plugin-fixture}"
mkdir -p "$work"
ln -sfn "$checkout" "$work/choreo"

# Copies a fixture package to $work/NAME (replacing sources, keeping its .build).
stage() {
    local from=$1 name=$2
    mkdir -p "$work/$name"
    rm -rf "$work/$name/Sources"
    cp -R "$from/Sources" "$work/$name/Sources"
    sed "s|CHOREO_CHECKOUT|$work/choreo|" "$from/Package.swift" > "$work/$name/Package.swift"
}

failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }

echo "== plugin: a package whose scenes compile"
stage Tests/PluginFixture app
if swift build --package-path "$work/app" >"$work/app.log" 2>&1 </dev/null; then
    app_output=$("$(swift build --package-path "$work/app" --show-bin-path 2>/dev/null)/FixtureApp") || fail "FixtureApp exited with $?"
    echo "$app_output"
    grep -qx 'spinner: [0-9]* bytes, nm=spinner, markers=spin' <<<"$app_output" || fail "spinner.json is not in the bundle as expected"
    grep -qx 'toggle-button: [0-9]* bytes, nm=toggle-button, markers=disabled,enabled,disabled->enabled,enabled->disabled' <<<"$app_output" \
        || fail "toggle-button.json is not in the bundle as expected"
else
    cat "$work/app.log" >&2
    fail "the fixture package did not build"
fi

echo "== plugin: a package with a broken scene"
stage Tests/PluginFixture/Broken broken
broken_scene="$work/broken/Sources/BrokenApp/broken.choreo.yaml"
if swift build --package-path "$work/broken" >"$work/broken.log" 2>&1 </dev/null; then
    fail "a package with a broken scene built"
else
    # The diagnostic names the scene by its absolute path, so build logs and IDEs place it.
    if grep -qF "$broken_scene:7:18: error: 'g' is not a hex digit [invalid-color]" "$work/broken.log"; then
        echo "build failed with: $(grep -F "$broken_scene:7:18" "$work/broken.log" | head -1)"
    else
        cat "$work/broken.log" >&2
        fail "the failed build does not show the scene's diagnostic at $broken_scene:7:18"
    fi
fi

if [ "$failures" -gt 0 ]; then exit 1; fi
echo "plugin stage passed"
