#!/usr/bin/env python3
"""Latency of `torchlint --lsp` on a warm preamble: time from didOpen, and
from a didChange, to the publishDiagnostics of that version; medians over N
runs, next to the CLI's wall time on the same file. Not a test: machines
here are noisy; read the medians.

Usage: bench/lsp_latency.py [runs=10] [file=examples/labels_on_cpu.cpp]
(after scripts/bootstrap.sh). The edit debounce is set to 0 ms so the
figures are the analysis itself; editors add the debounce (300 ms default).
"""

import os
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tests", "lsp"))
from lspclient import Client  # noqa: E402

TL = os.path.join(ROOT, "build", "torchlint")
RUNS = int(sys.argv[1]) if len(sys.argv) > 1 else 10
FILE = os.path.abspath(sys.argv[2] if len(sys.argv) > 2 else
                       os.path.join(ROOT, "examples", "labels_on_cpu.cpp"))


def main():
    cache = tempfile.mkdtemp(prefix="torchlint-lsp-bench-")
    # Builds the preamble once: every figure below is on a warm preamble.
    subprocess.run([TL, "--quiet", "--cache-dir", cache, FILE],
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    cli, opened, changed = [], [], []
    with open(FILE) as f:
        text = f.read()
    for run in range(RUNS):
        start = time.monotonic()
        subprocess.run([TL, "--quiet", "--cache-dir", cache, FILE],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        cli.append(time.monotonic() - start)

        c = Client(TL, cache)
        try:
            c.initialize(options={"debounceMs": 0})
            start = time.monotonic()
            c.open(FILE)
            c.diagnostics(FILE, 1)
            opened.append(time.monotonic() - start)
            # An edit that changes the text but not the findings.
            start = time.monotonic()
            c.change(FILE, 2, [{"text": text + "// edit %d\n" % run}])
            c.diagnostics(FILE, 2)
            changed.append(time.monotonic() - start)
            c.shutdown()
        finally:
            c.kill()
    subprocess.run(["rm", "-rf", cache])

    def row(name, xs):
        print("%-32s median %.3f s   min %.3f s   max %.3f s" %
              (name, statistics.median(xs), min(xs), max(xs)))
    print("%s, %d runs, warm preamble" % (os.path.relpath(FILE, ROOT), RUNS))
    row("CLI (torchlint FILE)", cli)
    row("LSP didOpen -> diagnostics", opened)
    row("LSP didChange -> diagnostics", changed)


if __name__ == "__main__":
    main()
