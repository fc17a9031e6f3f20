#!/usr/bin/env bash
# Installs the packages that `cpack` made in build folders into a bare
# Debian 12 root (debootstrap's minbase: no compiler, no LLVM) that has only
# LibTorch's headers (and the glog/gflags headers they include), and lints
# examples/ there with each: the .deb through apt (which brings Debian's LLVM
# runtime libraries of the package's version), the .tar.gz unpacked into an
# arbitrary folder. Each must report what build/torchlint (LLVM 16) reports
# on the host. With several build folders, every .deb is also installed into
# one root together: each torchlint-<N> must still report the same,
# /usr/bin/torchlint must be the highest N, and the next one after that
# package is removed.
#
#   bash scripts/package-test.sh [build-folder...]   # default: build
#   bash scripts/package-test.sh build build-19 build-22
#   bash scripts/package-test.sh --prepare   # only make the base root
#
# A folder configured for LLVM N (build-N: scripts/llvm-version.sh N) is
# packaged after its two programs are built; its tests need not be.
#
# Not part of scripts/test.sh or .ci/run: it downloads Debian 12's base system
# and a few hundred MB of packages (several minutes). The base root is kept in
# TORCHLINT_PKGTEST_ROOT (default /var/tmp/torchlint-debian12) for re-runs.
# Needs root (chroot) and debootstrap (installed here when missing).
set -euo pipefail
cd "$(dirname "$0")/.."
prepare=0
if [ "${1:-}" = --prepare ]; then
  prepare=1
  shift
fi
builds=()
for b in "${@:-build}"; do builds+=("$(realpath "$b")"); done
base=${TORCHLINT_PKGTEST_ROOT:-/var/tmp/torchlint-debian12}
work=$(mktemp -d /var/tmp/torchlint-pkgtest.XXXXXX)
mounted=()
cleanup() {
  for m in "${mounted[@]}"; do umount "$m" 2>/dev/null || true; done
  # Never through a mount that is still there (a root's /proc).
  rm -rf --one-file-system "$work"
}
trap cleanup EXIT
fail() {
  echo "FAIL: $*" >&2
  exit 1
}

if [ ! -x "$base/usr/bin/apt-get" ]; then
  command -v debootstrap >/dev/null ||
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq debootstrap
  echo "== debootstrap bookworm into $base"
  debootstrap --variant=minbase bookworm "$base" >/dev/null
  cp /etc/resolv.conf "$base/etc/"
  # LibTorch's headers include glog's and gflags' (C10_USE_GLOG).
  chroot "$base" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
    --no-install-recommends libgoogle-glog-dev libgflags-dev >/dev/null
  # Debian's libtorch-dev headers, copied from this machine: the same files
  # the package would install, without its Python and protobuf dependencies.
  for d in torch ATen c10 caffe2; do
    cp -a "/usr/include/$d" "$base/usr/include/"
  done
fi
# The suites a Debian 12 installation has by default. debootstrap writes
# bookworm alone; LLVM 22 (libllvm22, libclang-cpp22,
# libclang-common-22-dev) is in bookworm-security only.
if ! grep -q bookworm-security "$base/etc/apt/sources.list"; then
  cat >"$base/etc/apt/sources.list" <<'LIST'
deb http://deb.debian.org/debian bookworm main
deb http://deb.debian.org/debian bookworm-updates main
deb http://deb.debian.org/debian-security bookworm-security main
LIST
  cp /etc/resolv.conf "$base/etc/"
  chroot "$base" apt-get update -qq >/dev/null
fi
[ $prepare = 1 ] && { echo "base root ready: $base"; exit 0; }

# The host's answer, to compare with.
expected=$(build/torchlint -q --color never examples/ 2>/dev/null |
  grep -c ': warning: ' || true)
echo "host build/torchlint: $expected warnings on examples/"

# check NAME ROOT COMMAND...: lints a copy of examples/ in ROOT with COMMAND.
check() {
  local name=$1 root=$2
  shift 2
  local compilers
  compilers=$(chroot "$root" ls /usr/bin /usr/local/bin |
    grep -E '^(cc|c\+\+|gcc|g\+\+|clang|clang\+\+)(-[0-9.]+)?$' || true)
  [ -z "$compilers" ] || fail "$name: the root has a compiler: $compilers"
  rm -rf "$root/root/examples"
  cp -a examples "$root/root/examples"
  local out rc=0
  out=$(chroot "$root" env HOME=/root "$@" -q --color never /root/examples 2>&1) ||
    rc=$?
  local got
  got=$(grep -c ': warning: ' <<<"$out" || true)
  echo "$name: exit $rc, $got warnings"
  [ "$rc" = 1 ] && [ "$got" = "$expected" ] || {
    echo "$out" | tail -20 >&2
    fail "$name: expected exit 1 and $expected warnings"
  }
}

# newroot NAME: sets root to a fresh copy of the base root, with /proc
# mounted. Not $(newroot ...): a subshell's mounted+= would be lost, and the
# cleanup would neither unmount the root's /proc nor stay out of it.
newroot() {
  root=$work/$1
  cp -a "$base" "$root"
  if mount -t proc proc "$root/proc" 2>/dev/null; then
    mounted+=("$root/proc")
  fi
}

# aptinstall NAME ROOT FILE...: installs .deb files (copied into the root).
aptinstall() {
  local name=$1 root=$2 f args=()
  shift 2
  for f in "$@"; do
    cp "$f" "$root/tmp/"
    args+=("/tmp/$(basename "$f")")
  done
  chroot "$root" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
    --no-install-recommends "${args[@]}" >"$work/$name-apt.log" 2>&1 ||
    { tail -20 "$work/$name-apt.log" >&2; fail "$name: apt-get install failed"; }
}

debs=()
versions=()
for build in "${builds[@]}"; do
  v=$(sed -n 's/^TORCHLINT_LLVM_VERSION:STRING=//p' "$build/CMakeCache.txt")
  [ -n "$v" ] || fail "$build: not a configured build folder"
  echo "== LLVM $v: cpack in $build"
  # cpack installs what is built and builds nothing itself; the packages
  # hold these two programs only.
  cmake -S . -B "$build" >/dev/null
  cmake --build "$build" --target torchlint torchlint-tidy >/dev/null
  rm -f "$build"/torchlint*.deb "$build"/torchlint-*-Linux.tar.gz
  (cd "$build" && cpack >/dev/null)
  deb=$(ls "$build"/torchlint-llvm"$v"_*_amd64.deb)
  tgz=$(ls "$build"/torchlint-*-llvm"$v"-Linux.tar.gz)
  ls -l "$deb" "$tgz"
  debs+=("$deb")
  versions+=("$v")

  echo "== LLVM $v: .deb"
  newroot "deb$v"
  aptinstall "deb$v" "$root" "$deb"
  echo ".deb installed: $(chroot "$root" dpkg-query -W -f='${Installed-Size} KiB' "torchlint-llvm$v")," \
    "with $(grep -c '^Setting up' "$work/deb$v-apt.log") packages;" \
    "depends: $(chroot "$root" dpkg-query -W -f='${Depends}' "torchlint-llvm$v")"
  [ -e "$root/usr/lib/libtorchlint-tidy-$v.so" ] ||
    fail ".deb $v: no /usr/lib/libtorchlint-tidy-$v.so"
  check ".deb $v (torchlint-$v)" "$root" "torchlint-$v"
  check ".deb $v (torchlint)" "$root" torchlint

  echo "== LLVM $v: .tar.gz"
  newroot "tgz$v"
  # No LLVM at all in this root; only the C++ library's headers, which every
  # parse of C++ needs (libstdc++-12-dev: headers, no compiler).
  chroot "$root" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
    --no-install-recommends libstdc++-12-dev >"$work/tgz$v-apt.log" 2>&1 ||
    { tail -20 "$work/tgz$v-apt.log" >&2; fail ".tar.gz: apt-get install failed"; }
  ls "$root"/usr/lib/llvm-* >/dev/null 2>&1 && fail ".tar.gz $v: the root has LLVM"
  mkdir -p "$root/srv/some where"
  tar -xzf "$tgz" -C "$root/srv/some where"
  dir=$(basename "$tgz" .tar.gz)
  check ".tar.gz $v" "$root" "/srv/some where/$dir/bin/torchlint"
done

if [ ${#debs[@]} -gt 1 ]; then
  echo "== the .debs of LLVM ${versions[*]} together"
  newroot together
  aptinstall together "$root" "${debs[@]}"
  mapfile -t sorted < <(printf '%s\n' "${versions[@]}" | sort -n)
  for v in "${sorted[@]}"; do
    check "together: torchlint-$v" "$root" "torchlint-$v"
  done
  top=${sorted[-1]} next=${sorted[-2]}
  link=$(chroot "$root" readlink -f /usr/bin/torchlint)
  [ "$link" = "/usr/bin/torchlint-$top" ] ||
    fail "together: /usr/bin/torchlint is $link, not torchlint-$top"
  echo "together: /usr/bin/torchlint -> $link"
  chroot "$root" env DEBIAN_FRONTEND=noninteractive apt-get remove -y -qq \
    "torchlint-llvm$top" >/dev/null 2>&1 || fail "together: removing torchlint-llvm$top failed"
  link=$(chroot "$root" readlink -f /usr/bin/torchlint)
  [ "$link" = "/usr/bin/torchlint-$next" ] ||
    fail "together: after removing $top, /usr/bin/torchlint is $link, not torchlint-$next"
  echo "together: torchlint-llvm$top removed, /usr/bin/torchlint -> $link"
  check "together: torchlint after the removal" "$root" torchlint
fi
echo "PASS: the packages of LLVM ${versions[*]} run on a bare Debian 12 root"
