# Fix-its checked for initialisation order and shadowing, not only for
# compiling (issue 39): where no right fix exists the finding keeps its note
# and gets no fix-it; where one does, it is offered.
. "$(dirname "$0")/lib.sh"
input fixit_order.cpp
tl --format json fixit_order.cpp
expect_rc 1
expect_eq "$(echo "$OUT" | jq -c '[.findings[] | [.rule, .line, (.fixes | length), [.notes[].message]]]')" \
  '[["torch-load-without-device",25,0,["load onto the device chosen here, '"'device_'"'"]],["torch-load-without-device",46,1,["load onto the device chosen here, '"'device_'"'"]],["torch-load-without-device",61,0,["load onto the device chosen here, '"'device'"'"]]]' \
  "fix-its only where right"
# --fix applies only the right one, and the file still compiles.
tl --fix fixit_order.cpp
expect_eq "$(sed -n 25p fixit_order.cpp)" "    return torch::jit::load(path);" "uninitialised member not read"
expect_eq "$(sed -n 46p fixit_order.cpp)" "    return torch::jit::load(path, device_);" "fixed where right"
expect_eq "$(sed -n 61p fixit_order.cpp)" "    module_ = torch::jit::load(path);" "hidden member not named"
exit 0
