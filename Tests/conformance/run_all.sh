#!/usr/bin/env bash
# Every conformance suite, on the scenes the compiler really produces (see README.md here):
#   1. builds the CLI (or uses $CHOREO) and compiles every scene of scenes/ and
#      Tests/conformance/feature-scenes/, and the feature matrix (feature_matrix.py generates it
#      into the scratch directory), with --emit lottie,svg,svg-reel,timeline;
#   2. scene_suite.py: Lottie (schema; rlottie, ThorVG and lottie-web each vs reference frames;
#      rlottie vs ThorVG), SVG (the reel in Chromium vs ThorVG and vs the reference; snapshots in
#      Chromium vs librsvg, cairosvg and ThorVG), and the matrix cell by cell (four renderers vs
#      the reference);
#   3. dotlottie_suite.py: the .lottie archive of every scene and valid fixture (container,
#      state-machine schema and cross-file rules, a simulator of dotlottie-rs driving every
#      transition, ThorVG seeked by marker vs `choreo snapshot --state`);
#   4. interactive_suite.py: the interactive SVG and the preview page driven by the mouse in
#      Chromium (Playwright): rest, a tap-through of every scene with states, inline, reduced
#      motion, the reel still animating;
#   5. state_paths_suite.py: every trail through the states of every scene with states (scenes,
#      feature scenes, valid fixtures; the matrix too at CONFORMANCE_BREADTH=full), real input, the SVG's clock paused at 25/50/75 %
#      of every clip vs ThorVG's frame of the Lottie, and at rest vs `choreo snapshot --state`;
#   5b. (CONFORMANCE_BREADTH=full) touch_suite.py: targets, taps during transitions and random
#      traces under real input in Chromium, against touch_model.py and the dotLottie machine;
#   6. lottie_audit.py: no compiled Lottie (scenes, feature scenes, matrix) contains a known
#      player pitfall; lottie_spec_schema.py: every compiled Lottie (and the valid fixtures, the
#      Lottie goldens) validates against lottie-spec 1.0.1's own schema (../shared);
#   7. render_suite.py: `choreo render`'s frames vs ThorVG's frames of the Lottie (a sample; every
#      frame of every scene and matrix scene at CONFORMANCE_BREADTH=full), every format read back
#      with Pillow and ffprobe (counts, durations, alpha, PSNR), the same bytes across directories,
#      time zones and locales, and the errors that leave no file;
#   7b. resvg_import_suite.py: `choreo import` on resvg's own tests (every 24th one by default,
#      RESVG_SAMPLE=1 for all, as scripts/test-slow.sh runs it), pass counts per folder, with the import's Lottie in ThorVG, rlottie
#      and lottie-web and the original in Chromium; fails only on a crash, a hang or a scene
#      the compiler rejects;
#   7c. artwork_study.py --quick: two SVG files of each of seven Debian packages (icon themes, clip
#      art) imported, compiled and drawn by ThorVG vs librsvg (scripts/artwork-study.sh has the
#      whole study, which scripts/test-slow.sh runs);
#   8. (beside suites 3–7, as each uses about one core) the pytest self-tests proving the Lottie, dotLottie, render suites and the audit fail on broken
#      output, that the matrix covers every property of docs/scene-format.md §5, and that
#      browser.py drives Chromium with real input; test_tgs.py (`--target tgs` stickers:
#      gzip, python-lottie's TGS validator, ThorVG/rlottie); test_pre_commit.py (the hooks of
#      .pre-commit-hooks.yaml in `pre-commit try-repo`); test_state_paths_suite.py and
#      test_lottie_spec_schema.py (the state-paths and spec-schema suites fail on broken output);
#      test_mcp.py (`choreo mcp` driven by the official MCP Python SDK's client).
# Prints per-suite totals and a last line `N passed, M failed`; exits non-zero on any failure.
# Failure images (A | B | difference) go to Tests/conformance/out/ (git-ignored).
# Environment: CHOREO=path/to/choreo skips the build; CHOREO_SCRATCH is the swift scratch path
# (as in scripts/test.sh); CONFORMANCE_JOBS (default 2) parallel workers; CONFORMANCE_BREADTH=full
# (scripts/test-slow.sh) adds what the test command leaves out to stay under 15 minutes: the
# feature matrix's state paths (suite 5) and its every layer-key cell in every scene.
set -uo pipefail
repo_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$repo_root"
started=$SECONDS
# stage(): each stage line `== NAME` follows the previous stage's duration.
source scripts/common.sh

python="$(bash Tests/conformance/setup.sh)" || { echo "conformance: setup.sh failed"; echo "0 passed, 1 failed"; exit 1; }

# Adds a suite's closing `N passed, M failed` (the last line of LOG) to the totals; a suite that
# exits non-zero without a counted failure, or prints no such line, counts as one failure.
count_summary() {
    local label="$1" log="$2" status="$3" summary
    summary="$(tail -n 1 "$log")"
    if [[ "$summary" =~ ^([0-9]+)\ passed,\ ([0-9]+)\ failed$ ]]; then
        passed=$((passed + BASH_REMATCH[1]))
        failed=$((failed + BASH_REMATCH[2]))
        if [ "$status" -ne 0 ] && [ "${BASH_REMATCH[2]}" -eq 0 ]; then failed=$((failed + 1)); fi
    else
        echo "FAIL $label: crashed (exit $status)"
        failed=$((failed + 1))
    fi
}

if [ -z "${CHOREO:-}" ]; then
    scratch=()
    if [ -n "${CHOREO_SCRATCH:-}" ]; then scratch=(--scratch-path "$CHOREO_SCRATCH"); fi
    stage "building choreo"
    if ! swift build "${scratch[@]}" --product choreo >/dev/null; then
        swift build "${scratch[@]}" --product choreo 2>&1 | tail -30
        echo "0 passed, 1 failed"
        exit 1
    fi
    CHOREO="$(swift build "${scratch[@]}" --show-bin-path)/choreo"
fi

work="$(mktemp -d "${TMPDIR:-/tmp}/choreo-conformance.XXXXXX")"
trap 'rm -rf "$work"' EXIT
mkdir -p Tests/conformance/out
rm -f Tests/conformance/out/*.png

mapfile -t scenes < <(ls scenes/*.yaml Tests/conformance/feature-scenes/*.yaml | sort)
stage "compiling ${#scenes[@]} scenes"
passed=0
failed=0
# The outputs every suite reads (the interactive SVG rests in its initial pose: the suites seek
# the reel); the feature matrix is compiled with the same list.
emit=lottie,svg,svg-reel,timeline
if ! "$CHOREO" compile "${scenes[@]}" -o "$work/compiled" --emit "$emit" >"$work/compile.log" 2>&1; then
    cat "$work/compile.log"
    echo "FAIL compile: choreo compile exited non-zero (the suite goes on with what it wrote)"
    failed=$((failed + 1))
fi

stage "generating and compiling the feature matrix"
matrix_breadth=()
if [ "${CONFORMANCE_BREADTH:-}" = full ]; then matrix_breadth=(--full); fi
"$python" Tests/conformance/feature_matrix.py "$work/matrix" "${matrix_breadth[@]}" >/dev/null || { echo "FAIL feature matrix: generator crashed"; failed=$((failed + 1)); }
mapfile -t matrix_scenes < <(ls "$work"/matrix/*.yaml 2>/dev/null | sort)
echo "${#matrix_scenes[@]} matrix scenes"
if [ ${#matrix_scenes[@]} -gt 0 ] && ! "$CHOREO" compile "${matrix_scenes[@]}" -o "$work/compiled" --emit "$emit" >"$work/matrix-compile.log" 2>&1; then
    grep -v '^wrote ' "$work/matrix-compile.log" | head -60
    echo "FAIL compile: a feature-matrix scene does not compile (the suite goes on with what it wrote)"
    failed=$((failed + 1))
fi

stage "scenes: Lottie players (rlottie, ThorVG, lottie-web), SVG renderers and the browser, matrix"
matrix_manifest=()
if [ -f "$work/matrix/matrix.json" ]; then matrix_manifest=(--matrix "$work/matrix/matrix.json"); fi
"$python" Tests/conformance/scene_suite.py --choreo "$CHOREO" --compiled "$work/compiled" --work "$work/scenes" \
    --jobs "${CONFORMANCE_JOBS:-2}" "${matrix_manifest[@]}" "${scenes[@]}" "${matrix_scenes[@]}" \
    | tee "$work/scenes.log"
count_summary "scene suite" "$work/scenes.log" "${PIPESTATUS[0]}"

# The preview's editing in Chromium: two quick tests (a flow document's drags and undo; read-only
# and the refusals), every test at CONFORMANCE_BREADTH=full (about 35 s).
preview_edit_tests=(Tests/conformance/test_preview_edit.py::test_a_flow_document_keeps_its_style
    Tests/conformance/test_preview_edit.py::test_read_only_writes_nothing_and_only_the_page_may_edit)
if [ "${CONFORMANCE_BREADTH:-}" = full ]; then preview_edit_tests=(Tests/conformance/test_preview_edit.py); fi
# The pytest self-tests use about one core, as each suite from the dotLottie one on does, so they
# run beside those suites instead of after them; their output is printed when both are done.
self_tests_lane() {
    local lane_started=$SECONDS
    CHOREO="$CHOREO" "$python" -m pytest -q -p no:cacheprovider Tests/conformance/test_suite_fails_on_bad_output.py \
    Tests/conformance/test_dotlottie_checks.py Tests/conformance/test_lottie_audit.py \
    Tests/conformance/test_feature_matrix.py Tests/conformance/test_browser.py Tests/conformance/test_tgs.py \
    Tests/conformance/test_state_paths_suite.py Tests/conformance/test_lottie_spec_schema.py \
    Tests/conformance/test_live_preview.py Tests/conformance/test_preview_guides.py Tests/conformance/test_preview_diagram.py Tests/conformance/test_pre_commit.py \
    Tests/conformance/test_action.py Tests/conformance/test_diff_page.py Tests/conformance/test_diff_reformat.py \
    Tests/conformance/test_text_rendering.py Tests/conformance/test_inputs_api.py \
    Tests/conformance/test_dotlottie_bind.py Tests/conformance/test_preview_inputs.py "${preview_edit_tests[@]}" \
    Tests/conformance/test_dotlottie_loop_exit.py Tests/conformance/test_loop_exit.py Tests/conformance/test_reduced_motion.py \
    Tests/conformance/test_mcp.py Tests/conformance/test_prototype_names.py Tests/conformance/test_trim_dash.py \
    Tests/conformance/test_render_suite_fails.py >"$work/pytest.log" 2>&1
    local status=$?
    echo "$status" >"$work/pytest.status"
    echo "   (self-tests, beside the suites above: $((SECONDS - lane_started)) s)" >>"$work/pytest.log"
}
self_tests_lane &
self_tests_pid=$!

stage "dotLottie: archives, state machines, simulator, ThorVG by marker"
mapfile -t machine_scenes < <(ls scenes/*.yaml Tests/ChoreoSceneTests/Fixtures/valid/*.yaml | sort)
"$python" Tests/conformance/dotlottie_suite.py --choreo "$CHOREO" --work "$work/dotlottie" \
    --tap-through play-pause "${machine_scenes[@]}" | tee "$work/dotlottie.log"
count_summary "dotLottie suite" "$work/dotlottie.log" "${PIPESTATUS[0]}"

stage "dotlottie-rs peer suite: the runtime simulator against the upstream scenarios"
"$python" Tests/conformance/dotlottie_peer_suite.py | tee "$work/dotlottie-peer.log"
peer_status=${PIPESTATUS[0]}
summary="$(tail -n 1 "$work/dotlottie-peer.log")"
if [[ "$summary" =~ ^([0-9]+)\ passed,\ ([0-9]+)\ failed$ ]]; then
    passed=$((passed + BASH_REMATCH[1]))
    failed=$((failed + BASH_REMATCH[2]))
    if [ "$peer_status" -ne 0 ] && [ "${BASH_REMATCH[2]}" -eq 0 ]; then failed=$((failed + 1)); fi
elif [ "$peer_status" -ne 0 ]; then
    echo "FAIL dotlottie-rs peer suite: crashed (exit $peer_status)"
    failed=$((failed + 1))
fi

stage "interactive: the SVG and the preview page under real pointer input (Playwright)"
"$python" Tests/conformance/interactive_suite.py --choreo "$CHOREO" --compiled "$work/compiled" \
    --work "$work/interactive" scenes/*.yaml Tests/ChoreoSceneTests/Fixtures/valid/complete-chain.yaml \
    | tee "$work/interactive.log"
count_summary "interactive suite" "$work/interactive.log" "${PIPESTATUS[0]}"

stage "state paths: every path through the states of the interactive SVG, paused mid-transition, vs ThorVG (Playwright)"
mapfile -t fixture_scenes < <(ls Tests/ChoreoSceneTests/Fixtures/valid/*.yaml | sort)
# The feature matrix's one-transition scenes are walked at full breadth only: the scene suite
# already compares each of their cells at the transition's start, middle, end and peaks.
state_path_matrix=()
if [ "${CONFORMANCE_BREADTH:-}" = full ]; then state_path_matrix=("${matrix_manifest[@]}" "${matrix_scenes[@]}"); fi
"$python" Tests/conformance/state_paths_suite.py --choreo "$CHOREO" --compiled "$work/compiled" --work "$work/state-paths" \
    --jobs "${CONFORMANCE_JOBS:-2}" "${scenes[@]}" "${state_path_matrix[@]}" "${fixture_scenes[@]}" \
    | tee "$work/state-paths.log"
count_summary "state-paths suite" "$work/state-paths.log" "${PIPESTATUS[0]}"

if [ "${CONFORMANCE_BREADTH:-}" = full ]; then
    stage "touch: targets, interruptions and random traces in Chromium vs the model and the dotLottie machine"
    "$python" Tests/conformance/touch_suite.py --choreo "$CHOREO" --work "$work/touch" --traces 4 \
        scenes/segmented-control.yaml scenes/toggle-spring.yaml scenes/record-button.yaml scenes/like-burst.yaml \
        scenes/settings-switch.yaml | tee "$work/touch.log"
    count_summary "touch suite" "$work/touch.log" "${PIPESTATUS[0]}"
fi

stage "audit: player pitfalls in every compiled Lottie"
"$python" Tests/conformance/lottie_audit.py "$work/compiled" | tee "$work/audit.log"
count_summary "audit" "$work/audit.log" "${PIPESTATUS[0]}"

stage "spec schema: every compiled Lottie (scenes, feature scenes, matrix, fixtures, goldens) against lottie-spec 1.0.1"
if ! "$CHOREO" compile Tests/ChoreoSceneTests/Fixtures/valid/*.yaml -o "$work/fixtures" --emit lottie >"$work/fixtures-compile.log" 2>&1; then
    cat "$work/fixtures-compile.log"
    echo "FAIL compile: a valid fixture does not compile (the schema suite goes on with what it wrote)"
    failed=$((failed + 1))
fi
"$python" Tests/conformance/lottie_spec_schema.py "$work/compiled" "$work/fixtures" Tests/ChoreoLottieTests/Golden \
    | tee "$work/spec-schema.log"
count_summary "spec schema" "$work/spec-schema.log" "${PIPESTATUS[0]}"

stage "effects suite: blur and shadow in ThorVG, rlottie, lottie-web and Chromium vs a blur computed from the definition"
"$python" Tests/conformance/effects_suite.py --choreo "$CHOREO" --work "$work/effects" | tee "$work/effects.log"
count_summary "effects suite" "$work/effects.log" "${PIPESTATUS[0]}"

stage "render suite: choreo render's frames vs ThorVG, every format read back, the same bytes"
# A sample in the test command (scenes with effects, clips, gradients and text, every 12th frame);
# at full breadth every frame of every scene, feature scene and matrix scene.
if [ "${CONFORMANCE_BREADTH:-}" = full ]; then
    render_scenes=("${scenes[@]}" "${matrix_scenes[@]}")
    render_options=(--every 1 --formats scenes/spinner.yaml --formats scenes/toggle-spring.yaml --formats scenes/lift-card.yaml)
else
    render_scenes=(scenes/lift-card.yaml scenes/skeleton-shimmer.yaml scenes/star-rating.yaml scenes/headline-rise.yaml)
    render_options=(--every 12)
fi
"$python" Tests/conformance/render_suite.py --choreo "$CHOREO" --work "$work/render" "${render_options[@]}" \
    --formats scenes/play-pause.yaml "${render_scenes[@]}" | tee "$work/render.log"
count_summary "render suite" "$work/render.log" "${PIPESTATUS[0]}"

stage "resvg import suite: choreo import on resvg's tests (../shared/peer-suites/resvg), counts per folder"
CHOREO="$CHOREO" RESVG_SAMPLE="${RESVG_SAMPLE:-24}" "$python" Tests/conformance/resvg_import_suite.py | tee "$work/resvg.log"
count_summary "resvg import suite" "$work/resvg.log" "${PIPESTATUS[0]}"

stage "artwork study: a quick sample of the icon themes and clip art Debian ships, imported and compiled, in ThorVG vs librsvg"
# The whole study (1,500 files, at least 95 % passing) is in scripts/test-slow.sh.
"$python" Tests/conformance/artwork_study.py --choreo "$CHOREO" --quick | tee "$work/artwork.log"
if [ "${PIPESTATUS[0]}" -eq 0 ]; then
    passed=$((passed + 1))
else
    echo "FAIL artwork study: the quick sample is below its rate, or an import crashed, hung or does not compile"
    failed=$((failed + 1))
fi

stage "self-tests: the suites and the audit fail on broken output; the matrix covers §5; browser.py; Telegram stickers; the live preview, its guides and its state diagram; state paths; the spec schema; the pre-commit hooks; action.yml; the diff page (pytest, run beside the suites since the dotLottie one)"
wait "$self_tests_pid"
cat "$work/pytest.log"
pytest_status="$(cat "$work/pytest.status" 2>/dev/null || echo 1)"
pytest_passed="$(grep -oE '[0-9]+ passed' "$work/pytest.log" | tail -n 1 | grep -oE '[0-9]+' || true)"
pytest_failed=0
while read -r count; do pytest_failed=$((pytest_failed + count)); done \
    < <(grep -oE '[0-9]+ (failed|errors?)' "$work/pytest.log" | grep -oE '^[0-9]+' || true)
passed=$((passed + ${pytest_passed:-0}))
# Exit 5 (nothing collected) is a failure too: a self-test that runs nothing proves nothing.
if [ "$pytest_status" -ne 0 ]; then
    failed=$((failed + pytest_failed))
    if [ "$pytest_failed" -eq 0 ]; then failed=$((failed + 1)); fi
    echo "FAIL pytest self-test: exit $pytest_status"
fi

stage "done"
echo "conformance time: $((SECONDS - started)) s"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
