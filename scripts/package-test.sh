#!/usr/bin/env bash
# Installs the packages that `cpack` made in a build folder into a bare
# Debian 12 root (debootstrap's minbase: no compiler, no LLVM) that has only
# LibTorch's headers (and the glog/gflags headers they include), and lints
# examples/ there with each: the .deb through apt (which brings Debian's LLVM
# runtime libraries), the .tar.gz unpacked into an arbitrary folder. Each must
# report what build/torchlint reports on the host.
#
#   bash scripts/package-test.sh [build-folder]
#
# Not part of scripts/test.sh or .ci/run: it downloads Debian 12's base system
# and a few hundred MB of packages (several minutes). The base root is kept in
# TORCHLINT_PKGTEST_ROOT (default /var/tmp/torchlint-debian12) for re-runs.
# Needs root (chroot) and debootstrap (installed here when missing).
set -euo pipefail
cd "$(dirname "$0")/.."
build=$(realpath "${1:-build}")
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

echo "== cpack in $build"
(cd "$build" && cpack >/dev/null)
deb=$(ls "$build"/torchlint_*_amd64.deb)
tgz=$(ls "$build"/torchlint-*-Linux.tar.gz)
ls -l "$deb" "$tgz"

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

# The host's answer, to compare with.
expected=$(build/torchlint -q --color never examples/ 2>/dev/null |
  grep -c ': warning: ' || true)
echo "host build/torchlint: $expected warnings on examples/"

# check NAME ROOT COMMAND...: lints a copy of examples/ in ROOT with COMMAND.
check() {
  local name=$1 root=$2
  shift 2
  for tool in cc gcc g++ c++ clang clang-16 clang++-16; do
    if chroot "$root" sh -c "command -v $tool" >/dev/null 2>&1; then
      fail "$name: the root has a compiler ($tool)"
    fi
  done
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

echo "== .deb"
newroot deb
cp "$deb" "$root/tmp/"
chroot "$root" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
  --no-install-recommends "/tmp/$(basename "$deb")" >"$work/deb-apt.log" 2>&1 ||
  { tail -20 "$work/deb-apt.log" >&2; fail ".deb: apt-get install failed"; }
echo ".deb installed: $(chroot "$root" dpkg-query -W -f='${Installed-Size} KiB' torchlint)," \
  "with $(grep -c '^Setting up' "$work/deb-apt.log") packages"
check .deb "$root" torchlint

echo "== .tar.gz"
newroot tgz
# No LLVM at all in this root; only the C++ library's headers, which every
# parse of C++ needs (libstdc++-12-dev: headers, no compiler).
chroot "$root" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
  --no-install-recommends libstdc++-12-dev >"$work/tgz-apt.log" 2>&1 ||
  { tail -20 "$work/tgz-apt.log" >&2; fail ".tar.gz: apt-get install failed"; }
ls "$root"/usr/lib/llvm-* >/dev/null 2>&1 && fail ".tar.gz: the root has LLVM"
mkdir -p "$root/srv/some where"
tar -xzf "$tgz" -C "$root/srv/some where"
dir=$(basename "$tgz" .tar.gz)
check .tar.gz "$root" "/srv/some where/$dir/bin/torchlint"
echo "PASS: both packages run on a bare Debian 12 root"
