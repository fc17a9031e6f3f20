#!/bin/bash
# Builds every program against Debian's LibTorch 1.13 (CPU), runs it, and for
# each dtype bug checks that the unpatched program throws and that patching
# the reported line alone makes it run. Device bugs cannot fail without a GPU:
# the unpatched programs must run on the CPU.
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
SET=$(dirname "$HERE")
B=${BUILD:-/tmp/blind-l-build}
mkdir -p "$B/data"
CXX="g++ -std=c++17 -O1 -isystem /usr/include/torch/csrc/api/include"
LIBS="-ltorch -ltorch_cpu -lc10"

build() {  # build NAME SRCDIR
  $CXX "$2"/*.cpp -o "$B/$1" $LIBS 2>"$B/$1.log" || { echo "BUILD FAILED $1"; cat "$B/$1.log"; exit 1; }
}

$CXX "$HERE/make_models.cpp" -o "$B/make_models" $LIBS && "$B/make_models" "$B/data" >/dev/null

python3 - "$B/data" <<'PY'
import math, random, sys
d = sys.argv[1]; r = random.Random(3)
with open(f"{d}/tx.csv", "w") as f:
    for i in range(200):
        f.write(f"T{i},{r.uniform(1, 9000):.2f},{r.random():.3f},{r.randrange(24)},{r.randrange(2)},"
                f"{r.randrange(2)},{r.uniform(0, 9):.1f},{r.uniform(0, 30):.1f},{r.uniform(1, 2000):.0f}\n")
with open(f"{d}/lead.txt", "w") as f:
    for t in range(360 * 20):
        f.write(f"{math.exp(-((t % 300) - 150) ** 2 / 20.0) + 0.05 * math.sin(t / 50.0) + 0.01 * r.gauss(0, 1):.5f}\n")
with open(f"{d}/stations.txt", "w") as f:
    for i in range(5):
        f.write(f"ST{i} {45 + i * 0.7:.2f} {7 + i * 1.1:.2f} {200 + 150 * i}\n")
PY

declare -A ARGS=(
  [p01]="$B/data/p01.pt $B/data/tx.csv 0.5"
  [p02]="$B/data/p02.pt"
  [p03]="$B/data/p03.pt $B/data/lead.txt"
  [p04]="$B/data/p04.pt $B/data/stations.txt"
  [p05]="$B/data/p05.pt 256"
  [p06]=""
  [p07]="2"
  [p08]=""
  [p09]=""
  [p10]="2"
)
# program|file|sed expression fixing the line of the dtype bug|expected message
DTYPE_BUGS=(
  "L02|p01|main.cpp|s/torch::matmul(combined, ctx.blend)/torch::matmul(combined, ctx.blend.to(torch::kFloat))/|expected scalar type Float but found Double"
  "L06|p04|forecaster.cpp|s/station_meta.to(device_)/station_meta.to(device_, torch::kFloat)/|expected scalar type Double but found Float"
  "L07|p05|main.cpp|s/backend->run(features)/backend->run(features.to(torch::kFloat))/|expected scalar type Double but found Float"
  "L09|p06|trainer.h|s/labels.reshape({-1})/labels.reshape({-1}).to(torch::kLong)/|expected scalar type Long but found Int"
  "L11|p08|trainer.cpp|s/valid.labels.to(cfg_.device)/valid.labels.to(cfg_.device, torch::kFloat)/|Found dtype Long but expected Float"
)

for p in p01 p02 p03 p04 p05 p06 p07 p08 p09 p10; do build "$p" "$SET/$p" & done
wait
fail=0
for p in p01 p02 p03 p04 p05 p06 p07 p08 p09 p10; do
  [ -x "$B/$p" ] || { echo "BUILD FAILED $p"; cat "$B/$p.log"; exit 1; }
  if timeout 300 "$B/$p" ${ARGS[$p]} >"$B/$p.out" 2>&1; then res=ran; else res=threw; fi
  echo "$p unpatched: $res $(grep -E '^RuntimeError|what\(\):  [a-zA-Z]' "$B/$p.out" | grep -v TorchScript | head -1 | cut -c1-100)"
done

for spec in "${DTYPE_BUGS[@]}"; do
  IFS='|' read -r id p file expr msg <<<"$spec"
  grep -q "$msg" "$B/$p.out" || { echo "$id: unpatched $p did not throw '$msg'"; fail=1; }
  rm -rf "$B/src-$id" "$B/fix-$id" && cp -r "$SET/$p" "$B/src-$id"
  sed -i "$expr" "$B/src-$id/$file"
  if cmp -s "$SET/$p/$file" "$B/src-$id/$file"; then echo "$id: patch did not apply"; fail=1; continue; fi
  build "fix-$id" "$B/src-$id" &
done
wait
for spec in "${DTYPE_BUGS[@]}"; do
  IFS='|' read -r id p file expr msg <<<"$spec"
  if timeout 300 "$B/fix-$id" ${ARGS[$p]} >"$B/fix-$id.out" 2>&1; then
    echo "$id: $p throws '$msg'; patching $p/$file alone makes it run"
  else
    echo "$id: patched $p still fails:"; tail -3 "$B/fix-$id.out"; fail=1
  fi
done
exit $fail
