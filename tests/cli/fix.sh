# --fix: atomic (permissions kept, no temporary left), idempotent, and never
# applied to a file that does not compile.
. "$(dirname "$0")/lib.sh"
input two_moves.cpp; input broken.cpp
chmod 640 two_moves.cpp
BROKEN=$(md5sum < broken.cpp)
tl --fix two_moves.cpp broken.cpp
expect_rc 2
expect_contains "$ERR" "applied 2 fix-its in 1 file" "fix count"
expect_eq "$(sed -n 5,6p two_moves.cpp)" "  x = x.to(torch::kCPU);
  x = x.cpu();" "fixed text"
expect_eq "$(stat -c %a two_moves.cpp)" 640 "permissions kept"
expect_eq "$(ls -A | grep -c torchlint-)" 0 "no temporary files"
expect_eq "$(md5sum < broken.cpp)" "$BROKEN" "broken file untouched"
FIXED=$(md5sum < two_moves.cpp)
tl --fix two_moves.cpp
expect_rc 0
expect_contains "$ERR" "applied 0 fix-its in 0 files" "second run"
expect_eq "$(md5sum < two_moves.cpp)" "$FIXED" "idempotent"
exit 0
