#!/usr/bin/env bash
# The engine's layers point down only: hosts -> report -> rules -> analysis
# -> api -> Clang. A source file that includes a header of a layer above its
# own fails this test with the offending line.
set -euo pipefail
root=${1:?usage: layering.sh <source root>}
cd "$root"

# Headers of each layer, as they are included.
api='torchlint/(TorchApi|Syntax)\.h'
analysis='torchlint/(Provenance|DeviceLattice|DtypeLattice|Lattice)\.h|FlowSolver\.h|FlowSupport\.h|DtypeFlow\.h'
rules='(rules/|"[A-Za-z]+Rule\.h"|RuleUtils\.h|DeviceGuards\.h|DeviceConflicts\.h|Rules\.h|torchlint/Rule\.h)'
hosts='(src/cli/|src/tidy/|src/lsp/|Driver\.h|RuleCheck\.h)'

status=0
check() { # <layer dir> <forbidden include regex> <what>
  local dir=$1 pattern=$2 what=$3 hits
  hits=$(grep -EnH "^#include .*${pattern}" "$dir" -r --include='*.cpp' --include='*.h' --include='*.def' || true)
  if [ -n "$hits" ]; then
    echo "layering: $dir includes $what:"
    echo "$hits"
    status=1
  fi
}
check src/api "($analysis|$rules|$hosts)" "a layer above the API model"
check src/analysis "($rules|$hosts)" "the rules or a host"
check rules "$hosts" "a host"
check src/explain "$hosts" "a host"
# Public headers of the lower layers stay below the rules too.
for h in include/torchlint/TorchApi.h include/torchlint/Syntax.h \
         include/torchlint/DeviceLattice.h include/torchlint/DtypeLattice.h \
         include/torchlint/Lattice.h include/torchlint/Provenance.h; do
  check "$h" "($rules|$hosts)" "the rules or a host"
done
[ $status -eq 0 ] && echo "layering: ok (api <- analysis <- rules <- hosts)"
exit $status
