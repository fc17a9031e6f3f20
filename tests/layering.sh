#!/usr/bin/env bash
# The layers point down only (docs/architecture.md):
#
#   exe (src/cli/main.cpp) -> cli, lsp, tidy -> units -> frontend, report
#     -> engine -> rules -> analysis -> api -> Clang
#
# This test reads the real include graph: every #include "..." of every
# source and header under include/, src/ and rules/, resolved the way the
# compiler resolves it (the including file's folder, then the include
# folders of the layers), and fails on an edge that points up or sideways,
# and on a header private to one folder (one outside include/) included
# from another layer (src/report and src/units export theirs). The build enforces the public headers by itself (a
# target sees only include/<layer> of its own layer and the ones below);
# this test also covers the headers under src/, which share the src/ root.
set -euo pipefail
root=${1:?usage: layering.sh <source root>}
cd "$root"

exec python3 - "$@" <<'EOF'
import os, re, sys

# The layers each layer may include, its own included.
BELOW = {
    'api': [],
    'analysis': ['api'],
    'rules': ['analysis', 'api'],
    'engine': ['rules', 'analysis', 'api'],
    'report': ['rules', 'analysis', 'api'],
    'frontend': ['engine', 'rules', 'analysis', 'api'],
    # --from-error's reading of runtime errors and its ranking of call sites.
    'explain': ['engine', 'rules', 'analysis', 'api'],
    # Units answer runtime errors for both hosts (ErrorAnswers.h).
    'units': ['explain', 'frontend', 'report', 'engine', 'rules', 'analysis',
              'api'],
    'cli': ['explain', 'units', 'frontend', 'report', 'engine', 'rules', 'analysis',
            'api'],
    'lsp': ['explain', 'units', 'frontend', 'report', 'engine', 'rules', 'analysis',
            'api'],
    'tidy': ['engine', 'report', 'rules', 'analysis', 'api'],
    'exe': ['explain', 'cli', 'lsp', 'units', 'frontend', 'report', 'engine', 'rules',
            'analysis', 'api'],
}
FOLDER = {'src/api': 'api', 'src/analysis': 'analysis', 'rules': 'rules',
          'src/engine': 'engine', 'src/report': 'report',
          'src/frontend': 'frontend', 'src/units': 'units', 'src/cli': 'cli',
          'src/lsp': 'lsp', 'src/tidy': 'tidy', 'src/explain': 'explain'}
# A public header in the one flat include/torchlint/ folder of old trees
# has no layer folder; these are the layers its name belongs to.
FLAT = {'TorchApi.h': 'api', 'Syntax.h': 'api', 'Locations.h': 'api',
        'Lattice.h': 'analysis', 'DeviceLattice.h': 'analysis',
        'DtypeLattice.h': 'analysis', 'Provenance.h': 'analysis',
        'ProjectFacts.h': 'analysis', 'DeviceGuards.h': 'analysis',
        'Finding.h': 'rules', 'RuleInfo.h': 'rules', 'RuleTable.def': 'rules',
        'Options.h': 'rules', 'Rule.h': 'rules', 'Engine.h': 'engine',
        'Report.h': 'report', 'Fixes.h': 'report', 'Frontend.h': 'frontend'}


def layer_of(path):
    """The layer of a file, and whether it is a public header."""
    parts = path.split('/')
    if parts[0] == 'include':
        if len(parts) > 2 and parts[1] in BELOW and parts[2] == 'torchlint':
            return parts[1], True
        if parts[1] == 'torchlint':
            return FLAT.get(parts[-1]), True
        return None, True
    if path == 'src/cli/main.cpp':
        return 'exe', False
    for folder, layer in FOLDER.items():
        if path.startswith(folder + '/'):
            return layer, False
    return None, False


# Folders under src/ whose headers their library exports (its CMake target
# names the folder PUBLIC): the report formats ("report/Formats.h") and the
# units ("UnitRunner.h"). Any other header outside include/ is its folder's.
EXPORTED = ('src/report/', 'src/units/', 'src/explain/')


files = []
for top in ('include', 'src', 'rules'):
    for dirpath, _, names in os.walk(top):
        for n in names:
            if n.endswith(('.h', '.cpp', '.def', '.inc')):
                files.append(os.path.normpath(os.path.join(dirpath, n)))
roots = sorted(os.path.join('include', d) for d in os.listdir('include')
               if os.path.isdir(os.path.join('include', d, 'torchlint')))
roots += ['include', 'src', 'src/units', 'src/cli']

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')
edges = bad = 0
for f in sorted(files):
    src_layer, _ = layer_of(f)
    if src_layer is None:
        print(f'layering: {f} belongs to no layer')
        bad += 1
        continue
    with open(f, errors='replace') as fh:
        lines = fh.read().splitlines()
    for no, line in enumerate(lines, 1):
        m = INCLUDE.match(line)
        if not m:
            continue
        name = m.group(1)
        target = None
        for d in [os.path.dirname(f)] + roots:
            cand = os.path.normpath(os.path.join(d, name))
            if os.path.isfile(cand):
                target = cand
                break
        if target is None:
            continue  # Clang, LLVM, generated files: below every layer.
        edges += 1
        dst_layer, public = layer_of(target)
        if dst_layer == src_layer:
            continue
        if dst_layer not in BELOW[src_layer]:
            print(f'layering: {f}:{no}: {src_layer} includes {dst_layer} '
                  f'(above or beside it): {line.strip()}')
            bad += 1
        elif not public and not target.startswith(EXPORTED) and \
                src_layer != 'exe':  # main.cpp calls each host's entry.
            print(f'layering: {f}:{no}: {src_layer} includes a header private '
                  f'to {dst_layer} ({target}): {line.strip()}')
            bad += 1
if edges < 100:
    print(f'layering: only {edges} includes resolved; is {os.getcwd()} the '
          'source root?')
    bad += 1
if bad:
    print(f'layering: {bad} wrong-way includes of {edges}')
    sys.exit(1)
print(f'layering: ok, {edges} includes point down '
      '(api <- analysis <- rules <- engine, report <- frontend <- units '
      '<- hosts)')
EOF
