# Shared set-up for the scripts in this directory; sourced, not run.
#
# Everything here is idempotent and quiet when there is nothing to do, so the scripts can run on a
# fresh Debian machine (as root, with CI=true and no stdin) and again on a prepared one.

# The Swift toolchain lives at /opt/swift on our machines; a non-login shell may not have it on PATH.
ensure_swift() {
    if ! command -v swift >/dev/null 2>&1 && [ -x /opt/swift/usr/bin/swift ]; then
        export PATH="/opt/swift/usr/bin:$PATH"
    fi
    command -v swift >/dev/null 2>&1 || { echo "error: swift is not installed (expected /opt/swift/usr/bin/swift)" >&2; exit 1; }
}

# Installs the Debian packages given that are not installed yet (checked with dpkg -s), after one
# apt-get update. Does nothing, and needs no network, when all are present.
ensure_apt_packages() {
    local missing=()
    local package
    for package in "$@"; do
        dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    local sudo=()
    if [ "$(id -u)" -ne 0 ]; then
        command -v sudo >/dev/null 2>&1 || { echo "error: need root (or sudo) to install: ${missing[*]}" >&2; exit 1; }
        sudo=(sudo)
    fi
    echo "installing: ${missing[*]}" >&2
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -q </dev/null >&2
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}" </dev/null >&2
}

# Installs what building Choreo needs (scripts/build-dependencies.txt, the list action.yml
# installs too) and the packages given, those that are missing.
ensure_build_dependencies() {
    local list packages
    list="$(dirname "${BASH_SOURCE[0]}")/build-dependencies.txt"
    packages="$(grep -v -e '^[[:space:]]*#' -e '^[[:space:]]*$' "$list")" || { echo "error: $list lists nothing" >&2; exit 1; }
    # shellcheck disable=SC2086 # one package name a line, none with spaces
    ensure_apt_packages $packages "$@"
}

# Extra `swift` arguments: CHOREO_SCRATCH=/some/dir builds there instead of .build, so that
# several people on one machine do not share a build directory.
swift_scratch_args() {
    if [ -n "${CHOREO_SCRATCH:-}" ]; then
        printf '%s\n' --scratch-path "$CHOREO_SCRATCH"
    fi
}

# Prints `== NAME` for a stage of a test script, preceded by the previous stage's duration, so a
# log shows where the time goes. The stage's name is its text up to the first colon.
stage_started=$SECONDS
stage() {
    if [ -n "${stage_name:-}" ]; then echo "   ($stage_name: $((SECONDS - stage_started)) s)"; fi
    stage_name="${1%%:*}"
    stage_started=$SECONDS
    echo "== $1"
}
