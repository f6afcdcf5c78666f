#!/usr/bin/env bash
# Creates the conformance virtualenv at REPO/.venv (git-ignored) and installs the pinned tooling:
# the rlottie and ThorVG players, the Lottie spec schema, jsonschema, Pillow, NumPy, pytest and
# Playwright (requirements.txt), and lottie-web from the wagtail-lottie wheel without its
# dependencies (requirements-no-deps.txt). Idempotent: a venv that already has everything is left alone.
set -euo pipefail
repo_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
venv="$repo_root/.venv"
requirements="$repo_root/Tests/conformance/requirements.txt"
requirements_no_deps="$repo_root/Tests/conformance/requirements-no-deps.txt"
stamp="$venv/.conformance-requirements"
if [ ! -x "$venv/bin/python" ]; then
    python3 -m venv "$venv"
fi
wanted="$(cat "$requirements" "$requirements_no_deps")"
if [ ! -f "$stamp" ] || [ "$wanted" != "$(cat "$stamp")" ]; then
    "$venv/bin/python" -m pip install --quiet --disable-pip-version-check -r "$requirements"
    "$venv/bin/python" -m pip install --quiet --disable-pip-version-check --no-deps -r "$requirements_no_deps"
    printf '%s' "$wanted" >"$stamp"
fi
echo "$venv/bin/python"
