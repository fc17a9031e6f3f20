#!/usr/bin/env bash
# LibTorch is decided in the API model (src/api) only (issue 38): the
# analysis and the rules ask it what a call means (tensorMethod,
# optionsSetter, cudaQuery, parseDeviceString, the matchers of
# TorchMatchers.h) and never compare a LibTorch name or a device string
# themselves. This test fails on a line of src/analysis or rules/ that does:
#   - names one of the methods and functions the issue lists, in quotes
#     (comments too: they are how such a comparison comes back);
#   - matches or compares a LibTorch declaration by its qualified name
#     (hasName, hasAnyName, matchesName, hasQualifiedName);
#   - reads a device string ("cpu", "cuda:1", "mps") from a literal.
# Words of a message or a fix-it ("torch::kCUDA" in a suggestion) are
# neither, and pass.
set -euo pipefail
root=${1:?usage: api_names.sh <source root>}
cd "$root"

exec python3 - <<'EOF'
import pathlib, re, sys

# The issue's grep, verbatim.
LISTED = re.compile(r'"(to|cuda|cpu|forward|register_module|register_buffer|'
                    r'register_parameter|options|device|dtype|from_blob|'
                    r'data_ptr|accessor|item|load|jit)"')
# A declaration matched or compared by a LibTorch qualified name.
QUALIFIED = re.compile(r'\b(hasName|hasAnyName|matchesName|hasQualifiedName)'
                       r'\([^;]*"[:^]*(torch|at|c10|caffe2)::')
# A device string compared or tested.
DEVICE = re.compile(r'(==|!=|starts_with|consume_front|Case|contains)\s*\(?\s*'
                    r'"(cpu|cuda|mps|gpu|xpu)[":]')

bad = []
for folder in ('src/analysis', 'rules'):
    for path in sorted(pathlib.Path(folder).rglob('*')):
        if path.suffix not in ('.cpp', '.h', '.def'):
            continue
        for number, line in enumerate(path.read_text().splitlines(), 1):
            code = line.split('//', 1)[0]
            if (LISTED.search(line) or QUALIFIED.search(code) or
                    DEVICE.search(code)):
                bad.append(f'{path}:{number}: {line.strip()}')
if bad:
    print('LibTorch names or device strings compared outside src/api '
          '(ask the API model instead, include/api/torchlint):')
    print('\n'.join(bad))
    sys.exit(1)
print('no LibTorch name or device string is compared outside src/api')
EOF
