#!/usr/bin/env python3
"""Scale benchmark: preamble reuse, the result cache and shards on a corpus.

Usage: bench/scale.py TORCHLINT CORPUS_DIR [--jobs N] [--work DIR] [--repos a,b]
                      [--shards 4] [--skip-cold]

--shards 0 skips the shards phase.

CORPUS_DIR holds one folder per project (../shared/corpus/ says how to fetch
the 21 public repositories). Each project is linted in one torchlint call, as
a CI job would: every source and every header no file includes, with -I for
each folder of the project and LibTorch's include folder after --. Phases,
each over every project, one after the other:

  cold     empty preamble cache, no result cache
  warm     the preamble cache of the cold phase; fills a new result cache
  hit      the same again: every unchanged unit from the result cache
  change   one file of the largest project edited (a comment appended)
  shards   N shards per project run one after the other with one new shared
           result cache, then merged; compared with the warm run

It prints seconds per phase, per-file costs (wall time over files, the
median of each unit's own seconds, and each project's median unit against
clang++-16 -fsyntax-only with the same preamble), the ratios the scaling issue
sets targets for, preamble builds, and whether the merged shards report
exactly the warm run's findings. Machines are noisy: run it twice and quote
medians.
"""
import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

SOURCES = (".cpp", ".cc", ".cxx")
HEADERS = (".h", ".hpp", ".hh")
INCLUDE = re.compile(r'#\s*include\s*"([^"]+)"')
PREAMBLE = re.compile(r"^torchlint: (.+?): using the preamble (.+)$", re.M)
MISSING = re.compile(r"^torchlint: note: (.+?): '[^']+' was not found; "
                     r"the file was analysed without it$", re.M)


def project_inputs(root):
    """Sources plus headers nobody includes, and every folder as -I."""
    sources, headers, folders = [], [], set()
    for folder, _, names in os.walk(root):
        for name in names:
            path = os.path.join(folder, name)
            if name.endswith(SOURCES):
                sources.append(path)
                folders.add(folder)
            elif name.endswith(HEADERS):
                headers.append(path)
                folders.add(folder)
    included = set()
    for path in sources + headers:
        with open(path, errors="replace") as f:
            included.update(os.path.basename(m) for m in INCLUDE.findall(f.read()))
    lone = [h for h in headers if os.path.basename(h) not in included]
    return sorted(sources + lone), sorted(folders)


class Bench:
    def __init__(self, args):
        self.args = args
        self.work = args.work or tempfile.mkdtemp(prefix="torchlint-scale.")
        os.makedirs(self.work, exist_ok=True)
        corpus = os.path.abspath(args.corpus)
        names = sorted(n for n in os.listdir(corpus)
                       if os.path.isdir(os.path.join(corpus, n)))
        if args.repos:
            names = [n for n in names if n in args.repos.split(",")]
        self.projects = []
        for name in names:
            files, folders = project_inputs(os.path.join(corpus, name))
            if files:
                self.projects.append((name, files, folders))

    def run(self, project, out, cache, results=None, shard=None, verbose=False):
        """One torchlint call over a project; returns (seconds, report, stderr)."""
        name, files, folders = project
        cmd = [self.args.torchlint, "-j", str(self.args.jobs), "--cache-dir", cache,
               "--format", "json", "-o", out, "--color", "never"]
        if results:
            cmd += ["--result-cache", results]
        if shard:
            cmd += ["--shard", shard]
        if verbose:
            cmd += ["-v"]
        cmd += files + ["--", "-std=c++17", "-isystem",
                        "/usr/include/torch/csrc/api/include"]
        cmd += ["-I" + f for f in folders]
        start = time.monotonic()
        proc = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                              text=True, errors="replace")
        seconds = time.monotonic() - start
        if proc.returncode not in (0, 1, 2):
            sys.exit(f"{name}: torchlint exited {proc.returncode}:\n{proc.stderr[-2000:]}")
        with open(out) as f:
            return seconds, json.load(f), proc.stderr

    def phase(self, label, cache, results=None, verbose=False):
        total, per_project = 0.0, {}
        for project in self.projects:
            out = os.path.join(self.work, f"{label}-{project[0]}.json")
            seconds, report, err = self.run(project, out, cache, results,
                                            verbose=verbose)
            total += seconds
            per_project[project[0]] = (seconds, report, err)
        files = sum(len(p[1]) for p in self.projects)
        cached = sum(sum(u["cached"] for u in r["units"])
                     for _, r, _ in per_project.values())
        findings = sum(len(r["findings"]) for _, r, _ in per_project.values())
        failed = sum(r["summary"]["files_failed"] for _, r, _ in per_project.values())
        print(f"{label:8s} {total:8.1f} s  {total / files:6.3f} s/file  "
              f"findings {findings:4d}  from cache {cached:4d}/{files}  "
              f"not analysed {failed}", flush=True)
        return total, per_project

    def against_clang(self, warm, missing):
        """Each project's median unit against clang++-16 -fsyntax-only with
        the same flags and the same preamble: what the file itself costs to
        parse, which no preamble removes. Only units that found every header:
        Clang stops at a missing one, torchlint reads on without it."""
        ratios = []
        for name, files, folders in self.projects:
            seconds, report, err = warm[name]
            pch = dict(PREAMBLE.findall(err))
            units = sorted((u["seconds"], u["file"]) for u in report["units"]
                           if u["analysed"] and not u["cached"]
                           and u["file"] in pch and u["file"] not in missing
                           and u["file"].endswith(SOURCES))
            if not units:
                continue
            tl_seconds, unit = units[len(units) // 2]
            cmd = ["clang++-16", "-fsyntax-only", "-w", "-ferror-limit=0",
                   "-fno-spell-checking", "-std=c++17", "-isystem",
                   "/usr/include/torch/csrc/api/include"]
            cmd += ["-I" + f for f in folders]
            cmd += ["-include-pch", pch[unit], unit]
            runs = []
            for _ in range(3):
                start = time.monotonic()
                subprocess.run(cmd, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)
                runs.append(time.monotonic() - start)
            clang = statistics.median(runs)
            ratios.append((tl_seconds / clang, tl_seconds, clang, name))
        if not ratios:
            return
        ratios.sort()
        low, high = ratios[0], ratios[-1]
        fastest = min(ratios, key=lambda r: r[2])
        slowest = max(ratios, key=lambda r: r[2])
        print(f"         median unit of each of {len(ratios)} projects vs clang++-16 "
              f"-fsyntax-only, same flags and preamble: torchlint/clang "
              f"{low[0]:.2f}x ({low[3]}) to {high[0]:.2f}x ({high[3]}), "
              f"median {statistics.median(r[0] for r in ratios):.2f}x; clang "
              f"alone {fastest[2]:.3f} s ({fastest[3]}) to {slowest[2]:.3f} s "
              f"({slowest[3]}): {slowest[2] / fastest[2]:.2f}x", flush=True)

    def main(self):
        files = sum(len(p[1]) for p in self.projects)
        print(f"{len(self.projects)} projects, {files} files, -j{self.args.jobs}, "
              f"work folder {self.work}\n", flush=True)
        cache = os.path.join(self.work, "preambles")
        results = os.path.join(self.work, "results")
        shutil.rmtree(results, ignore_errors=True)
        figures = {}
        if not self.args.skip_cold:
            shutil.rmtree(cache, ignore_errors=True)
            figures["cold"], cold = self.phase("cold", cache, verbose=True)
            built = sum(e.count("torchlint: building shared preamble")
                        for _, _, e in cold.values())
            declined = sum(e.count("not using the project's shared preamble")
                           for _, _, e in cold.values())
            without = sum(e.count("parsed without a shared preamble")
                          for _, _, e in cold.values())
            print(f"         preambles built {built} for {len(self.projects)} projects; "
                  f"files not using their project's preamble {declined}, "
                  f"without any {without}", flush=True)
        # -v names each header a unit could not find, for the spread below.
        figures["warm"], warm = self.phase("warm", cache, results, verbose=True)
        # Projects none of whose units could be analysed (missing CUDA
        # headers) cost nothing to compare with.
        rates = {p[0]: warm[p[0]][0] / len(p[1]) for p in self.projects
                 if warm[p[0]][1]["summary"]["files_analysed"]}
        best = min(rates.values())
        worst_name = max(rates, key=rates.get)
        print(f"         warm s/file: best {best:.3f}, median "
              f"{statistics.median(rates.values()):.3f}, worst {rates[worst_name]:.3f} "
              f"({worst_name}): {rates[worst_name] / best:.2f}x the best", flush=True)
        # The same per unit, from the seconds each unit's own parse and
        # analysis took: a run's fixed cost (process start, reading the
        # preamble cache's index) weighs on a project of one file only.
        # A unit that misses a header (OpenCV, a generated one, a folder the
        # -I list above does not reach) parses less: its cost says little
        # about preamble reuse, so it is shown apart.
        missing = {m for _, _, e in warm.values() for m in MISSING.findall(e)}
        for label, keep in (("all units", lambda f: True),
                            ("units that found every header",
                             lambda f: f not in missing)):
            units = {}
            for p in self.projects:
                secs = [u["seconds"] for u in warm[p[0]][1]["units"]
                        if u["analysed"] and not u["cached"] and keep(u["file"])]
                if secs:
                    units[p[0]] = statistics.median(secs)
            if not units:
                continue
            ubest = min(units, key=units.get)
            uworst = max(units, key=units.get)
            print(f"         warm s/unit, {label} (median of each of "
                  f"{len(units)} projects): best {units[ubest]:.3f} ({ubest}), "
                  f"median {statistics.median(units.values()):.3f}, worst "
                  f"{units[uworst]:.3f} ({uworst}): "
                  f"{units[uworst] / units[ubest]:.2f}x the best", flush=True)
        self.against_clang(warm, missing)
        figures["hit"], hit = self.phase("hit", cache, results)
        same = all(hit[n][1]["findings"] == warm[n][1]["findings"] for n in warm)
        print(f"         hit findings identical to warm: {same}", flush=True)

        # One file of the largest project changes; everything else hits.
        largest = max(self.projects, key=lambda p: len(p[1]))
        victim = next(f for f in largest[1] if f.endswith(SOURCES))
        with open(victim, "rb") as f:
            original = f.read()
        stat = os.stat(victim)
        try:
            with open(victim, "ab") as f:
                f.write(b"\n// edited by bench/scale.py\n")
            figures["change"], change = self.phase("change", cache, results)
        finally:
            with open(victim, "wb") as f:
                f.write(original)
            os.utime(victim, ns=(stat.st_atime_ns, stat.st_mtime_ns))
        missed = [u["file"] for _, r, _ in change.values() for u in r["units"]
                  if not u["cached"] and u["analysed"]]
        print(f"         changed {os.path.relpath(victim, self.args.corpus)}; "
              f"units analysed again: {len(missed)}", flush=True)

        # Shards one after the other, one shared new result cache, merged.
        n = self.args.shards
        if n == 0:
            print(f"\nRatios\n  warm / no-change re-run  "
                  f"{figures['warm'] / figures['hit']:6.1f}x (target >= 50x)\n"
                  f"  warm / one changed file  "
                  f"{figures['warm'] / figures['change']:6.1f}x")
            return
        shard_results = os.path.join(self.work, "results-shards")
        shutil.rmtree(shard_results, ignore_errors=True)
        shard_total, identical, mismatched = 0.0, 0, []
        for project in self.projects:
            outs = []
            for i in range(1, n + 1):
                out = os.path.join(self.work, f"shard{i}-{project[0]}.json")
                seconds, _, _ = self.run(project, out, cache, shard_results,
                                         shard=f"{i}/{n}")
                shard_total += seconds
                outs.append(out)
            merged = os.path.join(self.work, f"merged-{project[0]}.json")
            subprocess.run([self.args.torchlint, "--merge", *outs, "--format", "json",
                            "-o", merged, "-q"], stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL)
            with open(merged) as f:
                merged_findings = json.load(f)["findings"]
            if json.dumps(merged_findings) == json.dumps(warm[project[0]][1]["findings"]):
                identical += 1
            else:
                mismatched.append(project[0])
        figures["shards"] = shard_total
        print(f"shards   {shard_total:8.1f} s  {n} shards per project one after the other; "
              f"merged findings byte-identical to the warm run in {identical} of "
              f"{len(self.projects)} projects {mismatched or ''}", flush=True)

        print("\nRatios")
        if "cold" in figures:
            print(f"  cold / warm              {figures['cold'] / figures['warm']:6.1f}x")
        print(f"  warm / no-change re-run  {figures['warm'] / figures['hit']:6.1f}x "
              f"(target >= 50x)")
        print(f"  warm / one changed file  {figures['warm'] / figures['change']:6.1f}x")
        print(f"  {n} shards / one run       {figures['shards'] / figures['warm']:6.2f}x")


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("torchlint")
    ap.add_argument("corpus")
    ap.add_argument("--jobs", type=int, default=os.cpu_count())
    ap.add_argument("--work", default="")
    ap.add_argument("--repos", default="")
    ap.add_argument("--shards", type=int, default=4)
    ap.add_argument("--skip-cold", action="store_true")
    args = ap.parse_args()
    args.torchlint = os.path.abspath(args.torchlint)
    Bench(args).main()


if __name__ == "__main__":
    main()
