#!/usr/bin/env bash
# The test command (what CI runs, kept under 15 minutes); exits non-zero if any test fails:
#   1. installs what is missing: what the build needs (scripts/build-dependencies.txt), make and
#      ninja-build (the depfile tests run both), chromium, librsvg2-bin and fonts (the conformance
#      suites render with them), time (/usr/bin/time measures the hostile attacks' memory),
#      node-typescript (the typed TypeScript API is compiled with its tsc), a colour emoji font
#      (a bitmap font the text tests refuse), seven packages of SVG icon themes and clip art (the
#      artwork study draws a sample of them), python3-venv if venv is unavailable;
#   2. creates the conformance virtualenv .venv (Tests/conformance/setup.sh, or its
#      requirements.txt), when the conformance suites exist;
#   3. `swift test`: every Swift test target, the CLI end-to-end tests included (built first, without
#      the plugin's host-tool copy of the package);
#   4. the JavaScript the outputs carry (the interactive SVG's runtime, the preview page's script):
#      `node --check`, and their tests in Tests/js (`node --test`);
#   5. the conformance suites, Tests/conformance/run_all.sh, when it exists.
# Later steps run even when an earlier test step fails, so one run shows every failure.
# scripts/test-slow.sh runs the slow stages this leaves out (the SwiftPM plugin stage, every resvg
# test, the fuzz targets).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source scripts/common.sh

ensure_build_dependencies chromium librsvg2-bin fonts-dejavu-core fonts-lohit-deva fonts-inter-variable time make ninja-build node-typescript ffmpeg \
    fonts-noto-color-emoji fonts-noto-cjk adwaita-icon-theme papirus-icon-theme breeze-icon-theme elementary-icon-theme numix-icon-theme tango-icon-theme openclipart-svg
if ! python3 -m venv --help >/dev/null 2>&1; then ensure_apt_packages python3-venv; fi
ensure_swift

if [ -f Tests/conformance/setup.sh ]; then
    bash Tests/conformance/setup.sh >/dev/null
elif [ -f Tests/conformance/requirements.txt ]; then
    [ -x .venv/bin/python ] || python3 -m venv .venv
    .venv/bin/python -m pip install --quiet --disable-pip-version-check -r Tests/conformance/requirements.txt
fi

failed=()
mapfile -t scratch < <(swift_scratch_args)

stage "swift test"
# `swift test` would build the choreo executable and every target below it twice, the second time
# as ChoreoPlugin's host tool (the `-tool` copies in the scratch directory), which no test runs:
# building the test bundle and the CLI the end-to-end tests drive, then testing that build,
# compiles each target once.
# The index store stays on: on Linux the test bundle's XCTest discovery reads it.
if swift build "${scratch[@]}" --product ChoreoPackageTests </dev/null && swift build "${scratch[@]}" --product choreo </dev/null; then
    swift test "${scratch[@]}" --skip-build </dev/null || failed+=("swift test")
else
    failed+=("swift test (build)")
fi

stage "JavaScript"
if node --check Sources/ChoreoSVG/Resources/interactive.js && node --check Sources/ChoreoSVG/Resources/tokens.js && node --check Sources/ChoreoSVG/Resources/preview.js \
    && node --check Sources/ChoreoSVG/Resources/preview-edit.js; then
    node --test Tests/js </dev/null || failed+=("JavaScript tests")
else
    failed+=("JavaScript (node --check)")
fi

if [ -f Tests/conformance/run_all.sh ]; then
    stage "conformance suites"
    bash Tests/conformance/run_all.sh </dev/null || failed+=("conformance suites")
fi

stage "done"
if [ ${#failed[@]} -gt 0 ]; then
    echo "FAILED: ${failed[*]}" >&2
    exit 1
fi
echo "all tests passed"
