# --export-fixes writes clang-tidy's YAML; clang-apply-replacements applies it,
# after which the files lint clean and still compile.
. "$(dirname "$0")/lib.sh"
[ -n "${TL_APPLY:-}" ] && [ -x "$TL_APPLY" ] || skip "clang-apply-replacements not found"
input discarded.cpp; input two_moves.cpp
mkdir fixes
tl --export-fixes fixes/torchlint.yaml discarded.cpp two_moves.cpp
expect_rc 1
Y=fixes/torchlint.yaml
expect_contains "$(cat $Y)" "DiagnosticName:  torch-discarded-move" "diagnostic name"
expect_eq "$(grep -c 'ReplacementText: '"'"'x = '"'" $Y)" 2 "two replacements in two_moves.cpp"
expect_contains "$(cat $Y)" "FilePath:        '$WORK/discarded.cpp'" "absolute path"
"$TL_APPLY" fixes || fail "clang-apply-replacements failed"
expect_eq "$(sed -n 6p discarded.cpp)" "  t = t.to(torch::kCPU);" "applied fix"
expect_eq "$(sed -n 6p two_moves.cpp)" "  x = x.cpu();" "second fix"
tl discarded.cpp two_moves.cpp
expect_rc 0
"${TL_CLANGXX:-clang++-16}" -fsyntax-only -std=c++17 \
  -isystem /usr/include/torch/csrc/api/include discarded.cpp two_moves.cpp ||
  fail "fixed files do not compile"
exit 0
