#!/usr/bin/env bash
# action.yml on a runner with nothing of Choreo's preinstalled: a bare Debian 12 (debootstrap,
# chroot) with only the Swift toolchain and its runtime libraries gets the action's steps, which
# must install what the build needs, build choreo (release), lint, compile and diff
# (Tests/conformance/action_clean_room.py). Needs root and Debian's mirror; the first run
# downloads the bare system (kept in .build/action-clean-room/), every run builds choreo afresh
# (minutes). scripts/test-slow.sh runs it.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source scripts/common.sh
ensure_swift
ensure_apt_packages debootstrap
python="$(bash Tests/conformance/setup.sh)"
exec "$python" Tests/conformance/action_clean_room.py "$@"
