#!/usr/bin/env bash
# The SwiftPM plugin stage (slower than `swift test`: it builds Choreo again as a package
# dependency, about 2 minutes the first time, seconds afterwards). Builds Tests/PluginFixture, a
# package whose app target lists ChoreoPlugin, and checks
#   1. the build compiles its *.choreo.yaml files as choreo-plugin.json asks (Lottie, dotLottie and
#      SVG, checked for lottie-ios) and the app finds them in Bundle.module;
#   2. with a scene that has an error added, the build fails with Choreo's diagnostic at the
#      scene's absolute path:line:col;
#   3. with a scene lottie-ios cannot play added, the build fails with the target's diagnostic;
#   4. a mistake in choreo-plugin.json fails the build with a message naming the file.
# The fixture is copied to a work directory that persists between runs (incremental rebuilds),
# with its dependency pointed at this checkout through a symbolic link named `choreo`, so the
# package identity the fixture names is `choreo` whatever the checkout's directory is called.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source scripts/common.sh
ensure_swift

checkout=$(pwd -P)
work="${CHOREO_PLUGIN_WORK:-$checkout/.build/plugin-fixture}"
app="$work/app"
sources="$app/Sources/FixtureApp"
mkdir -p "$app"
ln -sfn "$checkout" "$work/choreo"
# Fresh sources every run; the package's .build stays for incremental builds.
rm -rf "$app/Sources"
cp -R Tests/PluginFixture/Sources "$app/Sources"
sed "s|CHOREO_CHECKOUT|$work/choreo|" Tests/PluginFixture/Package.swift > "$app/Package.swift"

failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }
build() { swift build --package-path "$app" >"$work/build.log" 2>&1 </dev/null; }

echo "== plugin: a package whose scenes compile"
if build; then
    app_output=$("$(swift build --package-path "$app" --show-bin-path 2>/dev/null)/FixtureApp") || fail "FixtureApp exited with $?"
    echo "$app_output"
    grep -qx 'spinner: [0-9]* bytes, nm=spinner, markers=spin, svg=yes, lottie=zip' <<<"$app_output" \
        || fail "spinner.json, .svg and .lottie are not in the bundle as expected"
    grep -qx 'toggle-button: [0-9]* bytes, nm=toggle-button, markers=disabled,enabled,disabled->enabled,enabled->disabled, svg=yes, lottie=zip' <<<"$app_output" \
        || fail "toggle-button.json, .svg and .lottie are not in the bundle as expected"
else
    cat "$work/build.log" >&2
    fail "the fixture package did not build"
fi

# Adds one scene of Tests/PluginFixture/Failing, builds, and expects a failure showing `expected`
# (a diagnostic line, at the scene's absolute path); the scene is removed again afterwards.
expect_failure() {
    local scene=$1 expected=$2
    cp "Tests/PluginFixture/Failing/$scene" "$sources/$scene"
    if build; then
        fail "the package built with $scene"
    elif grep -qF "$sources/$scene:$expected" "$work/build.log"; then
        echo "build failed with: $(grep -F "$sources/$scene:" "$work/build.log" | head -1)"
    else
        cat "$work/build.log" >&2
        fail "the failed build does not show $sources/$scene:$expected"
    fi
    rm "$sources/$scene"
}

echo "== plugin: a scene with an error fails the build"
expect_failure broken.choreo.yaml "7:18: error: 'g' is not a hex digit [invalid-color]"
echo "== plugin: a scene the configured target cannot play fails the build"
expect_failure unplayable.choreo.yaml "10:5: error: 'bar' is stroked under an uneven scale"

echo "== plugin: a mistake in choreo-plugin.json fails the build with a message"
config="$sources/choreo-plugin.json"
cp "$config" "$work/config.json"
echo '{"emit": ["lotie"]}' > "$config"
if build; then
    fail "the package built with an unknown emit kind"
elif grep -qF "error: $config: unknown emit kind 'lotie'" "$work/build.log"; then
    echo "build failed with: $(grep -F "unknown emit kind" "$work/build.log" | head -1)"
else
    cat "$work/build.log" >&2
    fail "the failed build does not explain the configuration mistake"
fi
cp "$work/config.json" "$config"

if [ "$failures" -gt 0 ]; then exit 1; fi
echo "plugin stage passed"
