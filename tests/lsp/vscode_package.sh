#!/usr/bin/env bash
# Packs editors/vscode into a .vsix with @vscode/vsce (from npm, at the
# versions package-lock.json pins) and checks what the package holds: the
# extension, its manifest, and a vscode-languageclient that resolves from it.
# Usage: vscode_package.sh SOURCE_DIR. Skips (77) without npm or a registry.
set -euo pipefail
src=$1
command -v npm >/dev/null || { echo "SKIP: npm is not installed" >&2; exit 77; }
npm ping >/dev/null 2>&1 || { echo "SKIP: the npm registry is unreachable" >&2; exit 77; }
work=$(mktemp -d "${TMPDIR:-/tmp}/torchlint-vscode.XXXXXX")
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

mkdir "$work/ext"
(cd "$src/editors/vscode" && tar --exclude=node_modules --exclude='*.vsix' -cf - .) |
  (cd "$work/ext" && tar -xf -)
cd "$work/ext"
node --check extension.js
npm ci --no-audit --no-fund --loglevel=error >/dev/null
npx --no-install vsce package --out "$work/torchlint.vsix" >"$work/vsce.log" 2>&1 ||
  { cat "$work/vsce.log" >&2; fail "vsce package failed"; }

mkdir "$work/unpacked"
python3 -c 'import sys, zipfile; zipfile.ZipFile(sys.argv[1]).extractall(sys.argv[2])' \
  "$work/torchlint.vsix" "$work/unpacked"
ext=$work/unpacked/extension
for f in extension.js package.json README.md LICENSE.txt; do
  [ -f "$ext/$f" ] || fail "the package lacks extension/$f"
done
[ ! -e "$ext/node_modules/@vscode/vsce" ] || fail "the package holds vsce, a dev dependency"
grep -q '<Identity Language="en-US" Id="torchlint" Version="0.1.0" Publisher="torchlint" />' \
  "$work/unpacked/extension.vsixmanifest" || fail "manifest identity"
# The client library resolves from inside the package, at the pinned version.
got=$(cd "$ext" && node -e '
  const p = require.resolve("vscode-languageclient/node");
  const v = require("vscode-languageclient/package.json").version;
  console.log(p.startsWith(process.cwd()) ? v : "outside " + p);')
[ "$got" = "9.0.1" ] || fail "vscode-languageclient from the package: $got"
main=$(node -p 'require(process.argv[1]).main' "$ext/package.json")
[ "$main" = "./extension.js" ] || fail "main is $main"
echo "PASS vscode_package ($(du -k "$work/torchlint.vsix" | cut -f1) KiB)"
