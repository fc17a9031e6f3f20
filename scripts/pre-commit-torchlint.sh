#!/usr/bin/env bash
# The pre-commit hooks' entry (.pre-commit-hooks.yaml): runs the torchlint on
# PATH, or else the release's relocatable package (cpack's .tar.gz, see
# README.md), unpacked once into the user's cache, so that a hook needs no
# build. TORCHLINT_PACKAGE_URL names another tarball (a mirror, a file://
# path to a package built with cpack).
set -euo pipefail
if command -v torchlint >/dev/null; then
  exec torchlint "$@"
fi
version=0.1.0
llvm=16
name=torchlint-$version-llvm$llvm-Linux
url=${TORCHLINT_PACKAGE_URL:-https://github.com/torchlint/torchlint/releases/download/v$version/$name.tar.gz}
dir=${XDG_CACHE_HOME:-$HOME/.cache}/torchlint/package
if [ ! -x "$dir/$name/bin/torchlint" ]; then
  mkdir -p "$dir"
  echo "torchlint: installing $url into $dir" >&2
  tmp=$(mktemp "$dir/.download.XXXXXX")
  trap 'rm -f "$tmp"' EXIT
  curl -fsSL "$url" -o "$tmp"
  tar -xzf "$tmp" -C "$dir"
fi
exec "$dir/$name/bin/torchlint" "$@"
