#!/usr/bin/env python3
"""Lints the blind test programs with torchlint and compares the findings with
their truth and with the recorded expectation.

A set is a folder (tests/programs/<set>/) of program folders pNN/, each a
small multi-file LibTorch project, with
  truth.tsv     one row per line where a correct analyzer reports a bug:
                ID <tab> pNN/file <tab> line <tab> rule-a|rule-b
                and one row `clean <tab> pNN <tab> 0 <tab> -` per clean program;
  expected.tsv  what torchlint does on the set today (written by --update):
                `found ID`, `missed ID`, and
                `fp pNN/file line rule message` for each known false positive.

Each program is linted as a user lints a repository, all its files in one
run: `torchlint --quiet [--cache-dir DIR] pNN/ [-- FLAGS]`. A warning of one
of a row's rules on the row's line finds the row's bug; any other warning
(notes are ignored) is a false positive. A warning repeated on the same file,
line and rule (a header reached from two units) counts once. Where the
sources carry `//@bug ID rules` comments they must agree with truth.tsv.

The run fails (exit 1) on a lost true positive (a `found` bug missed), a
false positive not in expected.tsv, a tool error (a non-warning diagnostic,
an exit status other than 0 or 1, a timeout), or a truth that expected.tsv
does not cover. A `missed` bug now found, or a known false positive gone, is
reported as an improvement and passes: run --update to record it.

Usage: score.py [--torchlint BIN] [--cache-dir DIR] [--libtorch PREFIX]
                [--update] [--timeout S] SET [SET...] [-- FLAGS...]
"""
import argparse
import collections
import os
import re
import subprocess
import sys
import time

# A clang-style diagnostic line: file:line:col: severity: message [rule]
DIAG = re.compile(r"^(?P<file>[^:\s][^:]*):(?P<line>\d+):(?P<col>\d+): "
                  r"(?P<sev>warning|error|note|remark|fatal error): "
                  r"(?P<msg>.*?)(?: \[(?P<rule>[\w.,-]+)\])?$")
TAG = re.compile(r"//@bug (\S+) (\S+)")
PROGRAM = re.compile(r"p\d+")
SOURCES = (".cpp", ".cc", ".cxx", ".h", ".hpp", ".hh")
# The variables through which torchlint would find a LibTorch other than
# --libtorch's (tests/CMakeLists.txt clears the same ones).
TORCH_VARS = ("Torch_DIR", "CMAKE_PREFIX_PATH", "TORCH_INSTALL_PREFIX",
              "VIRTUAL_ENV", "CONDA_PREFIX")


class SetError(Exception):
    """A set whose files are malformed or disagree with each other."""


def read_truth(set_dir, programs):
    """Returns ({(path, line, rule): id}, {id: program}, clean programs)."""
    accept, bug_program, clean = {}, {}, set()
    path = os.path.join(set_dir, "truth.tsv")
    if not os.path.exists(path):
        raise SetError(f"{path}: missing")
    with open(path) as f:
        for n, text in enumerate(f, 1):
            if not text.strip() or text.startswith("#"):
                continue
            cols = text.rstrip("\n").split("\t")
            if len(cols) != 4:
                raise SetError(f"{path}:{n}: expected 4 tab-separated columns")
            bug, where, line, rules = cols
            if bug == "clean":
                clean.add(where)
                continue
            program = where.split("/")[0]
            if not os.path.exists(os.path.join(set_dir, where)):
                raise SetError(f"{path}:{n}: {where} does not exist")
            if bug_program.setdefault(bug, program) != program:
                raise SetError(f"{path}:{n}: {bug} tagged in two programs")
            for rule in rules.split("|"):
                accept[(where, int(line), rule)] = bug
    untold = set(programs) - clean - set(bug_program.values())
    if untold:
        raise SetError(f"{path}: says nothing of {', '.join(sorted(untold))} "
                       "(a clean program needs its `clean` row)")
    return accept, bug_program, clean


def check_tags(set_dir, programs, accept):
    """The //@bug comments, where a set has them, must match truth.tsv."""
    tags = {}
    for program in programs:
        for root, _, names in os.walk(os.path.join(set_dir, program)):
            for name in sorted(names):
                if not name.endswith(SOURCES):
                    continue
                full = os.path.join(root, name)
                rel = os.path.relpath(full, set_dir)
                with open(full, errors="replace") as f:
                    for n, text in enumerate(f, 1):
                        for m in TAG.finditer(text):
                            for rule in m.group(2).split("|"):
                                tags[(rel, n, rule)] = m.group(1)
    if tags and tags != accept:
        diff = sorted(set(tags.items()) ^ set(accept.items()))[:5]
        raise SetError(f"{set_dir}: //@bug comments and truth.tsv disagree, "
                       f"e.g. {diff}")


def read_expected(set_dir):
    """Returns ({id: 'found'|'missed'}, {(path, line, rule)}) or None."""
    path = os.path.join(set_dir, "expected.tsv")
    if not os.path.exists(path):
        return None
    bugs, fps = {}, set()
    with open(path) as f:
        for n, text in enumerate(f, 1):
            if not text.strip() or text.startswith("#"):
                continue
            cols = text.rstrip("\n").split("\t")
            if cols[0] in ("found", "missed") and len(cols) == 2:
                bugs[cols[1]] = cols[0]
            elif cols[0] == "fp" and len(cols) >= 4:
                fps.add((cols[1], int(cols[2]), cols[3]))
            else:
                raise SetError(f"{path}:{n}: expected `found ID`, `missed ID` "
                               "or `fp path line rule [message]`")
    return bugs, fps


def lint(args, program_dir):
    """Runs torchlint on one program folder; returns (output, status, secs)."""
    cmd = [args.torchlint, "--quiet"]
    if args.cache_dir:
        cmd += ["--cache-dir", args.cache_dir]
    cmd.append(program_dir)
    if args.flags:
        cmd += ["--", *args.flags]
    env = {k: v for k, v in os.environ.items() if k not in TORCH_VARS}
    env["LIBTORCH"] = args.libtorch
    start = time.time()
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, env=env,
                           timeout=args.timeout)
        out, status = p.stdout + "\n" + p.stderr, p.returncode
    except subprocess.TimeoutExpired as e:
        out = e.stdout.decode(errors="replace") if e.stdout else ""
        status = "timeout"
    except OSError as e:  # no binary, or one being relinked
        out, status = "", f"not run ({e.strerror})"
    return out, status, time.time() - start


def findings(out, set_dir):
    """Yields (severity, (path, line, rule), message) for each diagnostic but
    notes, paths relative to the set, duplicates dropped."""
    real = os.path.realpath(set_dir)
    seen = set()
    for text in out.splitlines():
        m = DIAG.match(text.strip())
        if not m or m.group("sev") in ("note", "remark"):
            continue
        rel = os.path.relpath(os.path.realpath(m.group("file")), real)
        key = (rel, int(m.group("line")), m.group("rule") or "")
        if (m.group("sev"), key) in seen:
            continue
        seen.add((m.group("sev"), key))
        yield m.group("sev"), key, m.group("msg")


def score_set(args, set_dir):
    """Scores one set; returns the number of failures."""
    name = os.path.basename(os.path.normpath(set_dir))
    programs = sorted(d for d in os.listdir(set_dir)
                      if PROGRAM.fullmatch(d)
                      and os.path.isdir(os.path.join(set_dir, d)))
    accept, bug_program, clean = read_truth(set_dir, programs)
    check_tags(set_dir, programs, accept)
    found, fps, errors = set(), {}, []
    for program in programs:
        out, status, secs = lint(args, os.path.join(set_dir, program))
        mine = sorted(b for b, p in bug_program.items() if p == program)
        got, false = set(), []
        for sev, key, msg in findings(out, set_dir):
            if sev != "warning" or not key[2]:
                errors.append(f"{key[0]}:{key[1]}: {sev}: {msg}")
            elif key in accept:
                got.add(accept[key])
            else:
                false.append(key)
                fps[key] = msg
        if status not in (0, 1):
            errors.append(f"{program}: torchlint exit status {status}")
        found |= got
        kind = "clean" if program in clean else "buggy"
        print(f"{name}/{program} ({kind}): found {len(got)}/{len(mine)}, "
              f"false positives {len(false)}, exit {status}, {secs:.1f}s")
        for bug in sorted(set(mine) - got):
            print(f"  missed {bug}")
        for key in false:
            print(f"  fp {key[0]}:{key[1]} [{key[2]}] {fps[key]}")

    print(f"{name}: found {len(found)}/{len(bug_program)}, "
          f"false positives {len(fps)}")
    if args.update:
        write_expected(set_dir, bug_program, found, fps)
        print(f"{name}: wrote {os.path.join(set_dir, 'expected.tsv')}")
        return len(errors)
    return compare(name, set_dir, bug_program, found, fps, errors)


def compare(name, set_dir, bug_program, found, fps, errors):
    """Prints how the run differs from expected.tsv; returns the failures."""
    expected = read_expected(set_dir)
    if expected is None:
        print(f"FAIL {name}: no expected.tsv (score.py --update {set_dir})")
        return 1
    bugs, known_fps = expected
    failures = [f"tool error: {e}" for e in errors]
    for bug in sorted(bug_program):
        was, now = bugs.get(bug), bug in found
        if was is None:
            failures.append(f"{bug} is in truth.tsv but not in expected.tsv")
        elif was == "found" and not now:
            failures.append(f"lost true positive {bug}")
        elif was == "missed" and now:
            print(f"  better: {bug} is found now (was expected-miss)")
    for bug in sorted(set(bugs) - set(bug_program)):
        failures.append(f"{bug} is in expected.tsv but not in truth.tsv")
    for key in sorted(set(fps) - known_fps):
        failures.append(f"new false positive {key[0]}:{key[1]} "
                        f"[{key[2]}] {fps[key]}")
    for key in sorted(known_fps - set(fps)):
        print(f"  better: known false positive {key[0]}:{key[1]} [{key[2]}] "
              "is gone")
    for failure in failures:
        print(f"FAIL {name}: {failure}")
    if not failures:
        want = sum(1 for s in bugs.values() if s == "found")
        print(f"{name}: as expected ({want} found, {len(known_fps)} known "
              "false positives) or better")
    return len(failures)


def write_expected(set_dir, bug_program, found, fps):
    """Records today's behaviour as the set's expectation."""
    with open(os.path.join(set_dir, "expected.tsv"), "w") as f:
        f.write("# What torchlint does on this set today, written by "
                "tests/programs/score.py --update\n"
                "# (ctest -L programs fails on a `found` bug missed or a "
                "false positive not listed).\n")
        for bug in sorted(bug_program):
            f.write(f"{'found' if bug in found else 'missed'}\t{bug}\n")
        for key in sorted(fps):
            f.write(f"fp\t{key[0]}\t{key[1]}\t{key[2]}\t{fps[key]}\n")


def main():
    argv = sys.argv[1:]
    flags = []
    if "--" in argv:
        flags = argv[argv.index("--") + 1:]
        argv = argv[:argv.index("--")]
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        epilog="FLAGS after -- go to torchlint after its own --.")
    ap.add_argument("sets", nargs="+", metavar="SET",
                    help="set folders, e.g. tests/programs/blind-a")
    ap.add_argument("--torchlint", default=os.path.join(
        here, "..", "..", "build", "torchlint"))
    ap.add_argument("--cache-dir", help="torchlint's preamble cache folder")
    ap.add_argument("--libtorch", default=os.environ.get("LIBTORCH", "/usr"),
                    help="the LibTorch prefix torchlint uses (default "
                         "$LIBTORCH, else /usr: Debian's libtorch-dev, "
                         "which the expectations were recorded with)")
    ap.add_argument("--update", action="store_true",
                    help="write each set's expected.tsv from this run")
    ap.add_argument("--timeout", type=float, default=600,
                    help="seconds per program")
    args = ap.parse_args(argv)
    args.flags = flags
    failures = 0
    for set_dir in args.sets:
        try:
            failures += score_set(args, set_dir)
        except SetError as e:
            print(f"FAIL {e}")
            failures += 1
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
