# Pathological units end in bounded time and memory, as a finding or as a
# failed unit with its reason; the audit always finishes and the other units
# are reported. The programs are generated here: deep nesting, a
# 100,000-statement function, a huge initializer, unbounded template
# recursion, deeply nested expressions.
. "$(dirname "$0")/lib.sh"
input discarded.cpp

# statements N FILE: a function of N tensor statements, then a discarded move.
statements() {
  {
    echo '#include <torch/torch.h>'
    echo 'torch::Tensor step(torch::Device device) {'
    echo '  auto t = torch::zeros({4}, device);'
    for ((i = 0; i < $1; i++)); do echo '  t = t + 1;'; done
    echo '  t.cpu();'
    echo '  return t;'
    echo '}'
  } >"$2"
}
statements 10000 long_10k.cpp
statements 100000 long_100k.cpp

# 3,000 nested blocks: beyond clang's bracket depth (256), an error of the
# file, not a stack overflow of the analysis.
python3 - <<'PY'
depth = 3000
with open("deep_nesting.cpp", "w") as f:
    f.write("#include <torch/torch.h>\nvoid nest(torch::Tensor t) {\n  ")
    f.write("{" * depth + " t.cpu(); " + "}" * depth + "\n}\n")
# 200,000 floats in one braced initializer, turned into a tensor.
with open("huge_initializer.cpp", "w") as f:
    f.write("#include <torch/torch.h>\n#include <vector>\n")
    f.write("static const std::vector<float> kTable = {\n")
    f.write(",\n".join(", ".join(f"{i * 16 + j}.5f" for j in range(16))
                       for i in range(200000 // 16)))
    f.write("};\ntorch::Tensor table() {\n  auto t = torch::tensor(kTable);\n")
    f.write("  t.cpu();\n  return t;\n}\n")
# 200 nested parentheses of tensor additions.
with open("deep_expression.cpp", "w") as f:
    f.write("#include <torch/torch.h>\ntorch::Tensor sum(torch::Tensor t) {\n")
    f.write("  t.cpu();\n  return " + "(" * 200 + "t" + " + t)" * 200 + ";\n}\n")
PY
# A template that instantiates itself without end.
cat >recursive_template.cpp <<'CPP'
#include <torch/torch.h>
template <int N> struct Chain {
  static torch::Tensor apply(torch::Tensor t) {
    return Chain<N + 1>::apply(t + 1);
  }
};
torch::Tensor run(torch::Tensor t) { return Chain<0>::apply(t); }
CPP

tl -j2 --unit-timeout 120 --format json -o all.json discarded.cpp long_10k.cpp \
  deep_nesting.cpp huge_initializer.cpp deep_expression.cpp \
  recursive_template.cpp
expect_rc 2
# Findings (units in sorted order): the move before 200 parentheses, the
# ordinary file, the tensor built from the huge table, the end of the
# 10,000-statement function.
expect_eq "$(jq -r '[.findings[] | "\(.file | split("/") | last):\(.line)"] | join(" ")' all.json)" \
  "deep_expression.cpp:3 discarded.cpp:6 huge_initializer.cpp:12506 long_10k.cpp:10004" \
  "findings of the pathological units"
expect_eq "$(jq -r '[.summary.failures[].message] | join("\n")' all.json)" \
  "'$WORK/deep_nesting.cpp' does not compile (1 error: $WORK/deep_nesting.cpp:3:258: bracket nesting level exceeded maximum of 256); it was not analysed: a fatal error stopped the parse
'$WORK/recursive_template.cpp' does not compile (1 error: /usr/include/c10/core/Scalar.h:65:3: recursive template instantiation exceeded maximum depth of 1024); it was not analysed: a fatal error stopped the parse" \
  "the two that exceed clang's limits fail as compile errors"
# Clang's errors go to stderr, beside JSON on stdout (issue 39).
expect_contains "$ERR" "deep_nesting.cpp:3:258: fatal error: bracket nesting level exceeded maximum of 256" \
  "clang's own limit"
expect_contains "$ERR" "fatal error: recursive template instantiation exceeded maximum depth of 1024" \
  "clang's template depth limit"

# 100,000 statements: torchlint parses them in about a minute (clang itself
# takes longer); under a 5 s limit the unit is stopped and reported, and the
# run goes on.
tl -j2 --unit-timeout 5 --format json -o timeout.json long_100k.cpp discarded.cpp
expect_rc 2
expect_eq "$(jq -r '[.summary.failures[].message] | join("\n")' timeout.json)" \
  "analysing '$WORK/long_100k.cpp' took longer than 5 s and was stopped (--unit-timeout)" \
  "the long unit is stopped"
expect_eq "$(jq -r '[.findings[] | .file | split("/") | last] | join(" ")' timeout.json)" \
  "discarded.cpp" "the other unit is reported"
exit 0
