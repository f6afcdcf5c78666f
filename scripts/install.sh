#!/usr/bin/env bash
# Installs the choreo command for the current user (or into any prefix), or removes it again:
#
#   scripts/install.sh                 # builds choreo (release) and installs it into ~/.local
#   scripts/install.sh /usr/local      # another prefix (may need root)
#   scripts/install.sh --uninstall     # removes what an install into ~/.local put there
#   scripts/install.sh --from DIR P    # installs the binary already built in DIR (no build)
#   scripts/install.sh --force P       # replaces a bin/choreo or lib/choreo this script did not install
#
# A relative PREFIX or DIR is taken from the directory the script is run in.
#
# Layout: PREFIX/lib/choreo/ holds the binary and the resources it reads beside itself
# (Choreo_ChoreoSVG.resources: the preview page; docs/: the pages `choreo mcp` serves to agents);
# PREFIX/bin/choreo is a symbolic link to it, so a
# PREFIX/bin on PATH is all a shell needs. Installs what the build needs when it has to build and
# some of it is missing (scripts/build-dependencies.txt).
set -euo pipefail
caller="$(pwd -P)"
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source scripts/common.sh

usage() { sed -n '2,15p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//' >&2; exit 2; }

from=""
uninstall=false
force=false
prefix=""
while [ $# -gt 0 ]; do
    case "$1" in
        --from) [ $# -ge 2 ] || usage; from="$2"; shift 2 ;;
        --uninstall) uninstall=true; shift ;;
        --force) force=true; shift ;;
        -h|--help) usage ;;
        -*) echo "error: unknown option '$1'" >&2; usage ;;
        *) [ -z "$prefix" ] || usage; prefix="$1"; shift ;;
    esac
done
prefix="${prefix:-$HOME/.local}"
case "$prefix" in /*) ;; *) prefix="$caller/$prefix" ;; esac
case "$from" in ""|/*) ;; *) from="$caller/$from" ;; esac

bundle=Choreo_ChoreoSVG.resources
home="$prefix/lib/choreo"
link="$prefix/bin/choreo"

# What this script installs, and nothing else: bin/choreo the link to ../lib/choreo/choreo, and
# lib/choreo holding the binary, the resources bundle and the docs alone (or, as installs before
# the docs were added left it, without the docs).
docs=(scene-format.md diagnostics.md diagnostics-yaml.md limits.md)
ours_link() { [ -L "$link" ] && [ "$(readlink "$link")" = "../lib/choreo/choreo" ]; }
ours_home() {
    local listing
    listing="$(LC_ALL=C ls -A "$home" 2>/dev/null | LC_ALL=C sort | tr '\n' ' ')"
    [ -d "$home" ] && [ ! -L "$home" ] && [ -f "$home/choreo" ] && [ -d "$home/$bundle" ] \
        && { [ "$listing" = "$bundle choreo " ] || [ "$listing" = "$bundle choreo docs " ]; }
}

if $uninstall; then
    # Only what this script installed: a bin/choreo that is something else, and then the
    # lib/choreo beside it too, are left alone (it may be what that command runs).
    if [ -e "$link" ] || [ -L "$link" ]; then
        if ! ours_link; then
            echo "warning: $link is not the link this script installs; it and $home are left alone, nothing removed" >&2
            exit 1
        fi
    fi
    if [ -e "$home" ] && ! ours_home; then
        echo "warning: $home is not what this script installs; left alone, nothing removed" >&2
        exit 1
    fi
    rm -f "$link"
    rm -rf "$home"
    echo "removed choreo from $prefix"
    exit 0
fi

if ! $force; then
    if { [ -e "$link" ] || [ -L "$link" ]; } && ! ours_link; then
        echo "error: $link exists and is not the link this script installs; nothing installed (--force replaces it)" >&2
        exit 1
    fi
    if [ -e "$home" ] && ! ours_home; then
        echo "error: $home exists and is not what this script installs; nothing installed (--force replaces it)" >&2
        exit 1
    fi
fi

if [ -z "$from" ]; then
    ensure_build_dependencies
    ensure_swift
    mapfile -t scratch < <(swift_scratch_args)
    swift build -c release --product choreo "${scratch[@]}" >&2
    from="$(swift build -c release --show-bin-path "${scratch[@]}")"
fi
[ -x "$from/choreo" ] || { echo "error: no choreo binary in $from" >&2; exit 1; }
[ -d "$from/$bundle" ] || { echo "error: $from has no $bundle (the preview page's resources)" >&2; exit 1; }

mkdir -p "$prefix/bin"
# A fresh directory swapped in whole, so an interrupted install never leaves half a bundle.
staging="$(mktemp -d "$prefix/lib/.choreo-install.XXXXXX" 2>/dev/null || { mkdir -p "$prefix/lib" && mktemp -d "$prefix/lib/.choreo-install.XXXXXX"; })"
trap 'rm -rf "$staging"' EXIT
install -m 0755 "$from/choreo" "$staging/choreo"
cp -R "$from/$bundle" "$staging/$bundle"
mkdir "$staging/docs"
for page in "${docs[@]}"; do install -m 0644 "docs/$page" "$staging/docs/$page"; done
chmod -R u+rwX,go+rX "$staging"
rm -rf "$home"
mv "$staging" "$home"
ln -sfn ../lib/choreo/choreo "$link"

echo "installed $("$link" --version) as $link"
case ":$PATH:" in
    *":$prefix/bin:"*) ;;
    *) echo "note: $prefix/bin is not on your PATH; add it, e.g. to ~/.profile:"
       echo "  export PATH=\"$prefix/bin:\$PATH\"" ;;
esac
