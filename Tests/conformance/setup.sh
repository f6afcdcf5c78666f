#!/usr/bin/env bash
# Creates the conformance virtualenv at REPO/.venv (git-ignored) and installs the pinned tooling:
# the rlottie and ThorVG players, the Lottie spec schema, jsonschema, Pillow, NumPy and pytest.
# Idempotent: a venv that already has everything is left alone.
set -euo pipefail
repo_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
venv="$repo_root/.venv"
requirements="$repo_root/Tests/conformance/requirements.txt"
stamp="$venv/.conformance-requirements"
if [ ! -x "$venv/bin/python" ]; then
    python3 -m venv "$venv"
fi
if [ ! -f "$stamp" ] || ! cmp -s "$requirements" "$stamp"; then
    "$venv/bin/python" -m pip install --quiet --disable-pip-version-check -r "$requirements"
    cp "$requirements" "$stamp"
fi
echo "$venv/bin/python"
