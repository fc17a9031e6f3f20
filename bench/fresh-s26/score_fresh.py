#!/usr/bin/env python3
"""Score torchlint on the held-out multi-file programs in /work/fresh/pNN.

Each program folder holds .cpp/.h files; a line that a correct analyzer reports carries
`//@bug ID rule-a|rule-b` (several such tags may share one line). A warning of one of the
listed rules on a tagged line finds that bug ID. Any other warning (notes ignored) is a false
positive. Duplicate warnings (same file, line, rule, e.g. a header seen from two units) count once.

Usage: score_fresh.py LINTER FRESH_DIR [--extra "ARGS"] [--timeout S]
Runs `LINTER [ARGS] <program folder>` once per folder.
"""
import argparse, collections, os, re, subprocess, sys, time

DIAG = re.compile(r"^(?P<file>[^:\s][^:]*):(?P<line>\d+):(?P<col>\d+): (?P<sev>warning|error|note|remark|fatal error): "
                  r"(?P<msg>.*?)(?: \[(?P<rule>[\w.,-]+)\])?$")
BUG = re.compile(r"//@bug (\S+) (\S+)")
SRC = (".cpp", ".cc", ".cxx", ".h", ".hpp", ".hh")


def load_expectations(folder):
    accept, bugs = {}, collections.defaultdict(set)
    for root, _, names in os.walk(folder):
        for name in sorted(names):
            if not name.endswith(SRC):
                continue
            path = os.path.join(root, name)
            rel = os.path.relpath(path, folder)
            with open(path, errors="replace") as f:
                for n, text in enumerate(f, 1):
                    for m in BUG.finditer(text):
                        bug = m.group(1)
                        bugs[bug].add(f"{rel}:{n}")
                        for rule in m.group(2).split("|"):
                            accept[(rel, n, rule)] = bug
    return accept, bugs


def score_program(linter, extra, folder, timeout):
    accept, bugs = load_expectations(folder)
    real = os.path.realpath(folder)
    t0 = time.time()
    try:
        p = subprocess.run([linter, *extra, folder], capture_output=True, text=True, timeout=timeout)
        out, rc = p.stdout + "\n" + p.stderr, p.returncode
    except subprocess.TimeoutExpired as e:
        out = (e.stdout or b"").decode(errors="replace") if isinstance(e.stdout, bytes) else (e.stdout or "")
        rc = "timeout"
    secs = time.time() - t0
    found, fps, errors, seen = set(), [], [], set()
    for line in out.splitlines():
        m = DIAG.match(line.strip())
        if not m:
            continue
        sev = m.group("sev")
        if sev in ("note", "remark"):
            continue
        path = m.group("file")
        full = os.path.realpath(path if os.path.isabs(path) else os.path.join(os.getcwd(), path))
        if not os.path.exists(full) and not os.path.isabs(path):
            full = os.path.realpath(os.path.join(real, path))
        rel = os.path.relpath(full, real)
        n, rule = int(m.group("line")), m.group("rule")
        if sev != "warning" or not rule:
            errors.append(f"{rel}:{n}: {sev}: {m.group('msg')}")
            continue
        key = (rel, n, rule)
        if key in seen:
            continue
        seen.add(key)
        if key in accept:
            found.add(accept[key])
        else:
            fps.append(f"{rel}:{n} [{rule}] {m.group('msg')}")
    return bugs, found, fps, errors, rc, secs


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("linter")
    ap.add_argument("fresh_dir")
    ap.add_argument("--extra", default="", help="extra arguments for the linter, before the folder")
    ap.add_argument("--timeout", type=float, default=900)
    a = ap.parse_args()
    folders = sorted(d for d in os.listdir(a.fresh_dir)
                     if re.fullmatch(r"p\d+", d) and os.path.isdir(os.path.join(a.fresh_dir, d)))
    tot_bugs = tot_found = tot_fp = 0
    for d in folders:
        bugs, found, fps, errors, rc, secs = score_program(a.linter, a.extra.split(), os.path.join(a.fresh_dir, d),
                                                           a.timeout)
        missed = sorted(set(bugs) - found)
        tot_bugs += len(bugs); tot_found += len(found); tot_fp += len(fps)
        kind = "buggy" if bugs else "clean"
        print(f"{d} ({kind}): recall {len(found)}/{len(bugs)}, false positives {len(fps)}, exit {rc}, {secs:.1f}s")
        for b in missed:
            print(f"  MISSED {b} (tagged at {', '.join(sorted(bugs[b]))})")
        for f in fps:
            print(f"  FP {f}")
        for e in errors:
            print(f"  TOOL-ERROR {e}")
        if rc not in (0, 1):
            print(f"  NOTE linter exit status {rc} (0 or 1 expected)")
    recall = tot_found / max(1, tot_bugs)
    print(f"recall {tot_found}/{tot_bugs} = {recall:.2f}, false positives {tot_fp}")


if __name__ == "__main__":
    main()
