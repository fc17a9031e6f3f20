#!/usr/bin/env bash
# The layers point down only (docs/architecture.md):
#
#   exe (src/cli/main.cpp) -> cli, lsp, tidy -> units -> explain, frontend
#     -> engine -> rules -> analysis -> api -> core -> Clang
#   units, tidy -> report -> core
#
# This test reads the real include graph: every #include "..." of every
# source and header under include/, src/ and rules/, resolved the way the
# compiler resolves it (the including file's folder, then the include
# folders of the layers), and fails on an edge that points up or sideways,
# on a header private to one folder (one outside include/) included from
# another layer, and on a public header not spelled with its layer
# ("torchlint/<layer>/X.h"). The build enforces the same by itself (a target
# sees only include/<layer> of its own layer and the ones below, and no
# target exports a folder under src/); tests/layering/ checks that it does.
set -euo pipefail
root=${1:?usage: layering.sh <source root>}
cd "$root"

exec python3 - "$@" <<'EOF'
import os, re, sys

# The layers each layer may include, its own included.
BELOW = {
    # Findings, the rule table, options, project facts, LLVMCompat.h.
    'core': [],
    'api': ['core'],
    'analysis': ['api', 'core'],
    'rules': ['analysis', 'api', 'core'],
    'engine': ['rules', 'analysis', 'api', 'core'],
    # Formatting findings needs no analysis: the report sits on core alone.
    'report': ['core'],
    'frontend': ['engine', 'rules', 'analysis', 'api', 'core'],
    # --from-error's reading of runtime errors and its ranking of call sites.
    'explain': ['engine', 'rules', 'analysis', 'api', 'core'],
    # Units answer runtime errors for both hosts (ErrorAnswers.h).
    'units': ['explain', 'frontend', 'report', 'engine', 'rules', 'analysis',
              'api', 'core'],
    'cli': ['explain', 'units', 'frontend', 'report', 'engine', 'rules',
            'analysis', 'api', 'core'],
    'lsp': ['explain', 'units', 'frontend', 'report', 'engine', 'rules',
            'analysis', 'api', 'core'],
    'tidy': ['engine', 'report', 'rules', 'analysis', 'api', 'core'],
    'exe': ['explain', 'cli', 'lsp', 'units', 'frontend', 'report', 'engine',
            'rules', 'analysis', 'api', 'core'],
}
FOLDER = {'src/core': 'core', 'src/api': 'api', 'src/analysis': 'analysis', 'rules': 'rules',
          'src/engine': 'engine', 'src/report': 'report',
          'src/frontend': 'frontend', 'src/units': 'units', 'src/cli': 'cli',
          'src/lsp': 'lsp', 'src/tidy': 'tidy', 'src/explain': 'explain'}
# A public header in the one flat include/torchlint/ folder of old trees
# has no layer folder; these are the layers its name belongs to.
FLAT = {'TorchApi.h': 'api', 'Syntax.h': 'api', 'Locations.h': 'api',
        'Lattice.h': 'analysis', 'DeviceLattice.h': 'analysis',
        'DtypeLattice.h': 'analysis', 'Provenance.h': 'analysis',
        'ProjectFacts.h': 'core', 'DeviceGuards.h': 'analysis',
        'Finding.h': 'core', 'RuleInfo.h': 'core', 'RuleTable.def': 'core',
        'Options.h': 'core', 'Rule.h': 'rules', 'Engine.h': 'engine',
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


files = []
for top in ('include', 'src', 'rules'):
    for dirpath, _, names in os.walk(top):
        for n in names:
            if n.endswith(('.h', '.cpp', '.def', '.inc')):
                files.append(os.path.normpath(os.path.join(dirpath, n)))
roots = sorted(os.path.join('include', d) for d in os.listdir('include')
               if os.path.isdir(os.path.join('include', d, 'torchlint')))
# 'include' for the flat folder of old trees; then, though no target
# exports them, 'src', its folders and rules/, so that an include spelled
# "analysis/X.h" or "X.h" of another folder's header resolves, and is then
# reported as private.
roots += ['include', 'src']
roots += sorted(os.path.join('src', d) for d in os.listdir('src')
                if os.path.isdir(os.path.join('src', d)))
roots += ['rules']

# Every public header is spelled "torchlint/<layer>/X.h": it lives in
# include/<layer>/torchlint/<layer>/, so the include line names its layer
# and two layers' headers cannot shadow each other. Anything else in
# include/<layer>/torchlint/ is a header spelled without its layer.
dupes = 0
for r in roots:
    top = os.path.join(r, 'torchlint')
    if not r.startswith('include/') or not os.path.isdir(top):
        continue
    layer = os.path.basename(r)
    for n in sorted(os.listdir(top)):
        if n != layer:
            print(f'layering: {top}/{n} is not under {top}/{layer}/, '
                  f'so it is not spelled "torchlint/{layer}/..."')
            dupes += 1

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')
edges = 0
bad = dupes
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
        elif not public and src_layer != 'exe':  # main.cpp: Driver.h
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
print(f'layering: ok, {edges} includes point down (core <- api <- analysis '
      '<- rules <- engine <- frontend, explain <- units <- hosts; core <- '
      'report <- units)')
EOF
