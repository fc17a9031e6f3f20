#!/usr/bin/env bash
# Issue 40: the tarball's torchlint loads its LLVM and Clang libraries, and
# every library they need, from the folder it was unpacked in, not from the
# system. Installs the tarball's three components ("main", "cli", "bundle") into a
# folder whose path has a space, runs bin/torchlint there with the loader's
# LD_DEBUG=libs, and fails for each library the loader took from outside
# that folder, glibc's and the C++ runtime's aside (the tarball leaves those
# to the system, cmake/Packaging.cmake).
#
# On this machine every library is also installed system-wide, so a wrong
# RPATH/RUNPATH would still run here and fail only on a bare root
# (scripts/package-test.sh); the loader's log shows it here.
#
#   relocatable.sh <cmake> <build-folder> <work-folder>
set -euo pipefail

CMAKE=$1 BUILD=$2 WORK=$3
rm -rf "$WORK"
PREFIX="$WORK/some where"
for Component in main cli bundle; do
  "$CMAKE" --install "$BUILD" --prefix "$PREFIX" --component "$Component" \
    >/dev/null
done

LOG="$WORK/ld-debug.log"
LD_DEBUG=libs LD_LIBRARY_PATH= "$PREFIX/bin/torchlint" --version \
  >"$WORK/version.out" 2>"$LOG" || {
  tail -5 "$LOG" >&2
  echo "FAIL: the installed torchlint does not run" >&2
  exit 1
}

# "calling init: /path/lib.so" once per object the loader mapped, as the
# RPATH or RUNPATH spelled it (bin/../lib/../lib/libedit.so.2).
mapfile -t Loaded < <(sed -n 's/.*calling init: //p' "$LOG" |
  xargs -d '\n' realpath -ms | sort -u)
PREFIX=$(realpath -ms "$PREFIX")
System='/(ld-linux[^/]*|libc|libm|libdl|libpthread|librt|libgcc_s|libstdc\+\+)\.so[^/]*$'
Outside=()
Inside=0
for Lib in "${Loaded[@]}"; do
  if [[ $Lib == "$PREFIX/lib/"* ]]; then
    Inside=$((Inside + 1))
  elif ! [[ $Lib =~ $System ]]; then
    Outside+=("$Lib")
  fi
done
if ((${#Outside[@]} > 0)); then
  printf 'FAIL: loaded from outside the unpacked folder: %s\n' "${Outside[@]}" >&2
  exit 1
fi
((Inside > 0)) || {
  echo "FAIL: no library loaded from $PREFIX/lib (is the bundle installed?)" >&2
  exit 1
}
echo "PASS: $Inside libraries loaded from the unpacked folder, none from the system but glibc's and libstdc++'s"
