#!/usr/bin/env python3
"""Protocol tests of `torchlint --lsp`: a real server over pipes, analysing
real LibTorch programs (examples/ and tests/cli/inputs), with exact
expectations on framing, errors, diagnostics, code actions, hover, pull
diagnostics, cancellation, version races, crashes and client death.

Usage: protocol_test.py TORCHLINT CACHE SOURCE_DIR [TEST...]"""

import json
import os
import shutil
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lspclient import Client, uri  # noqa: E402

TORCHLINT, CACHE, SRC = sys.argv[1:4]
LABELS = os.path.join(SRC, "examples/labels_on_cpu.cpp")
DISCARDED = os.path.join(SRC, "examples/discarded_move.cpp")
NOLINT = os.path.join(SRC, "tests/cli/inputs/nolint.cpp")
SEED_LABELS = os.path.join(SRC, "tests/cli/inputs/from_error/b01_seed_labels.cpp")
LOSS_HELPERS = os.path.join(SRC, "tests/cli/inputs/from_error/loss_helpers.cpp")
# The lesson's message, as the GPU job printed it.
LESSON_ERROR = (
    "RuntimeError: Expected all tensors to be on the same device, but found "
    "at least two devices, cuda:0 and cpu! (when checking argument for "
    "argument target in method wrapper_CUDA_nll_loss_forward)")

MISMATCH_MESSAGE = (
    "'torch::nn::functional::cross_entropy' receives tensors on different "
    "devices: 'labels' (argument 'target') is on the CPU but 'logits' "
    "(argument 'input') is on 'device', chosen at run time at line 34")
DOCS = "https://github.com/torchlint/torchlint/blob/main/docs/rules/"


def rng(l1, c1, l2, c2):
    return {"start": {"line": l1, "character": c1},
            "end": {"line": l2, "character": c2}}


def discarded(line, col, name):
    """The torch-discarded-move diagnostic of `name.to(device);`."""
    return {
        "range": rng(line, col, line, col + 2), "severity": 2,
        "code": "torch-discarded-move",
        "codeDescription": {"href": DOCS + "torch-discarded-move.md"},
        "source": "torchlint",
        "message": "result of '%s.to(device)' is discarded; Tensor::to returns "
                   "a new tensor and leaves '%s' unchanged" % (name, name)}


EXPECTED_MISMATCH = {
    "range": rng(53, 16, 53, 21), "severity": 2,
    "code": "torch-device-mismatch",
    "codeDescription": {"href": DOCS + "torch-device-mismatch.md"},
    "source": "torchlint",
    "message": MISMATCH_MESSAGE,
    "relatedInformation": [
        {"location": {"uri": uri(LABELS), "range": rng(42, 6, 42, 11)},
         "message": "'labels' is created on the CPU here ('torch::tensor' "
                    "with no device)"},
        {"location": {"uri": uri(LABELS), "range": rng(45, 9, 45, 11)},
         "message": "'model' is moved to 'device' here"},
        {"location": {"uri": uri(LABELS), "range": rng(52, 18, 52, 23)},
         "message": "'logits' is computed by 'model' here"}]}


def moves(diagnostics):
    """The torch-discarded-move diagnostics: the edit tests below follow
    them through versions; the device findings an edit may also cause (a
    deleted move leaves a tensor on the CPU) are the protocol tests' concern
    only in test_pull_diagnostics."""
    return [d for d in diagnostics if d["code"] == "torch-discarded-move"]


def eq(actual, expected, what):
    if actual != expected:
        raise AssertionError("%s:\n  got      %s\n  expected %s" % (
            what, json.dumps(actual, sort_keys=True),
            json.dumps(expected, sort_keys=True)))


def server(*args, **kw):
    return Client(TORCHLINT, CACHE, args, **kw)


def apply_edits(text, edits):
    """Applies LSP TextEdits (ASCII text: characters are bytes)."""
    lines = text.split("\n")
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line) + 1)

    def off(p):
        return starts[p["line"]] + p["character"]
    for e in sorted(edits, key=lambda e: off(e["range"]["start"]), reverse=True):
        text = (text[:off(e["range"]["start"])] + e["newText"]
                + text[off(e["range"]["end"]):])
    return text


def no_message(c, match, seconds):
    """Fails if a message matching `match` arrives within `seconds`."""
    try:
        m = c.wait(match, timeout=seconds)
    except AssertionError:
        return
    raise AssertionError("unexpected message %s" % m)


# --- Tests ------------------------------------------------------------------

def test_framing():
    c = server()
    try:
        init = c.frame({"jsonrpc": "2.0", "id": 1, "method": "initialize",
                        "params": {"capabilities": {"general": {
                            "positionEncodings": ["utf-8", "utf-16"]}}}})
        # A message in three reads, split inside the header and the body.
        for part in (init[:7], init[7:30], init[30:]):
            c.raw(part)
            time.sleep(0.2)
        r = c.response(1)
        eq(r["result"]["capabilities"]["positionEncoding"], "utf-8",
           "the encoding the client offered first")
        eq(r["result"]["serverInfo"]["name"], "torchlint", "server name")
        eq("diagnosticProvider" in r["result"]["capabilities"], False,
           "pull diagnostics offered to a client without them")
        # Two messages in one write, the second with a lowercase header.
        second = json.dumps({"jsonrpc": "2.0", "id": 3, "method": "foo/bar"})
        c.raw(c.frame({"jsonrpc": "2.0", "id": 2, "method": "shutdown"})
              + b"content-length: %d\r\n\r\n" % len(second) + second.encode())
        eq(c.response(2)["result"], None, "shutdown")
        eq(c.response(3)["error"]["code"], -32600, "a request after shutdown")
        c.notify("exit")
        eq(c.proc.wait(timeout=30), 0, "exit status after shutdown")
    finally:
        c.kill()


def test_malformed_messages():
    c = server()
    try:
        r = c.call("textDocument/hover")
        eq(r["error"]["code"], -32002, "a request before initialize")
        c.raw(c.frame("{not json"))
        r = c.wait(lambda m: "error" in m, what="the parse error")
        eq((r["id"], r["error"]["code"]), (None, -32700), "invalid JSON")
        c.raw(b"X-Foo: 1\r\n\r\n")
        r = c.wait(lambda m: "error" in m, what="the framing error")
        eq((r["id"], r["error"]["code"]), (None, -32700), "no Content-Length")
        c.send([1, 2])
        r = c.wait(lambda m: "error" in m, what="the batch error")
        eq((r["id"], r["error"]["code"]), (None, -32600), "a JSON array")
        c.send({"jsonrpc": "2.0", "id": {"a": 1}, "method": "initialize"})
        r = c.wait(lambda m: "error" in m, what="the id error")
        eq((r["id"], r["error"]["code"]), (None, -32600), "an object id")
        c.initialize()
        r = c.call("textDocument/frobnicate")
        eq(r["error"]["code"], -32601, "an unknown method")
        eq(c.call("initialize", {"capabilities": {}})["error"]["code"], -32600,
           "a second initialize")
        # An unknown notification gets no answer: the next message is the
        # answer to the next request.
        c.notify("torchlint/unknown", {"x": 1})
        rid = c.request("textDocument/hover", {"textDocument": {"uri": 5}})
        m = c.wait(lambda m: True)
        eq((m.get("id"), m["error"]["code"]), (rid, -32602), "bad params")
        r = c.call("textDocument/hover", {
            "textDocument": {"uri": uri(LABELS)},
            "position": {"line": 0, "character": 0}})
        eq(r["error"]["code"], -32602, "hover on a document that is not open")
        eq(c.shutdown(), ({"jsonrpc": "2.0", "id": 7, "result": None}, 0),
           "shutdown after malformed input")
    finally:
        c.kill()


def test_diagnostics():
    c = server()
    try:
        c.initialize()
        c.open(LABELS)
        d = c.diagnostics(LABELS)
        eq(d, {"uri": uri(LABELS), "version": 1,
               "diagnostics": [EXPECTED_MISMATCH]}, "labels_on_cpu.cpp")
        c.open(DISCARDED, version=7)
        d = c.diagnostics(DISCARDED)
        eq(d, {"uri": uri(DISCARDED), "version": 7, "diagnostics": [
            discarded(74, 11, "data"), discarded(75, 13, "target")]},
           "discarded_move.cpp")
        # Every NOLINT form of nolint.cpp silences its line but the last.
        c.open(NOLINT)
        d = c.diagnostics(NOLINT)
        eq([(x["range"], x["code"]) for x in d["diagnostics"]],
           [(rng(14, 4, 14, 6), "torch-discarded-move")], "NOLINT honoured")
        c.notify("textDocument/didClose",
                 {"textDocument": {"uri": uri(NOLINT)}})
        eq(c.diagnostics(NOLINT)["diagnostics"], [], "cleared on close")
        c.shutdown()
    finally:
        c.kill()


def test_one_unit_decides_no_project_fact():
    # A load with no device in scope and a call of a function defined in
    # another file depend on other units, which an editor's server does not
    # see: nothing is shown (the CLI reports both over the whole project).
    backbone = os.path.join(SRC, "tests/cli/inputs/project/models/backbone.cpp")
    train = os.path.join(SRC, "tests/cli/inputs/split_class/train.cpp")
    c = server()
    try:
        c.initialize()
        for f in (backbone, train):
            c.open(f)
            eq(c.diagnostics(f)["diagnostics"], [], os.path.basename(f))
        c.shutdown()
    finally:
        c.kill()


def test_code_actions():
    c = server()
    try:
        c.initialize()
        text = c.open(LABELS)
        c.diagnostics(LABELS)
        # The cursor anywhere on the flagged line, as editors ask.
        r = c.call("textDocument/codeAction", {
            "textDocument": {"uri": uri(LABELS)}, "range": rng(53, 2, 53, 2),
            "context": {"diagnostics": []}})["result"]
        eq([(a["title"], a["kind"], a.get("isPreferred")) for a in r], [
            ("Fix torch-device-mismatch: insert '.to(device)'", "quickfix",
             False),
            ("Suppress with NOLINT(torch-device-mismatch) on this line",
             "quickfix", None)], "actions on the mismatch")
        fix = r[0]["edit"]["changes"][uri(LABELS)]
        eq(fix, [{"range": rng(42, 71, 42, 71), "newText": ".to(device)"}],
           "the fix moves the labels where they are created")
        eq(r[0]["diagnostics"], [EXPECTED_MISMATCH], "the fixed diagnostic")
        nolint = r[1]["edit"]["changes"][uri(LABELS)]
        eq(nolint, [{"range": rng(53, 69, 53, 69),
                     "newText": " // NOLINT(torch-device-mismatch)"}],
           "the suppression")
        # Both edits, applied to the unsaved buffer, silence the finding.
        c.change(LABELS, 2, [{"text": apply_edits(text, fix)}])
        eq(c.diagnostics(LABELS, 2)["diagnostics"], [], "after the fix-it")
        c.change(LABELS, 3, [{"text": apply_edits(text, nolint)}])
        eq(c.diagnostics(LABELS, 3)["diagnostics"], [], "after NOLINT")
        # Tensor::to's fix is safe: it is the preferred action.
        c.open(DISCARDED)
        c.diagnostics(DISCARDED)
        r = c.call("textDocument/codeAction", {
            "textDocument": {"uri": uri(DISCARDED)},
            "range": rng(74, 0, 74, 0), "context": {"diagnostics": []}})
        r = r["result"]
        eq([(a["title"], a.get("isPreferred")) for a in r], [
            ("Fix torch-discarded-move: insert 'data = '", True),
            ("Suppress with NOLINT(torch-discarded-move) on this line", None)],
           "actions on the discarded move")
        eq(r[0]["edit"]["changes"][uri(DISCARDED)],
           [{"range": rng(74, 6, 74, 6), "newText": "data = "}], "its fix")
        r = c.call("textDocument/codeAction", {
            "textDocument": {"uri": uri(DISCARDED)},
            "range": rng(74, 0, 74, 0),
            "context": {"diagnostics": [], "only": ["refactor"]}})
        eq(r["result"], [], "only refactorings asked for")
        c.shutdown()
    finally:
        c.kill()


def test_hover():
    c = server()
    try:
        c.initialize()
        c.open(LABELS)
        c.diagnostics(LABELS)

        def hover(line, ch):
            return c.call("textDocument/hover", {
                "textDocument": {"uri": uri(LABELS)},
                "position": {"line": line, "character": ch}})["result"]
        h = hover(53, 18)
        eq(h["range"], rng(53, 16, 53, 21), "hover range")
        eq(h["contents"]["value"],
           "**torch-device-mismatch** (warning)\n\n" + MISMATCH_MESSAGE +
           "\n\nWhere the tensors come from:\n"
           "- line 43: 'labels' is created on the CPU here ('torch::tensor' "
           "with no device)\n"
           "- line 46: 'model' is moved to 'device' here\n"
           "- line 53: 'logits' is computed by 'model' here\n\n"
           "[torch-device-mismatch](" + DOCS + "torch-device-mismatch.md)\n",
           "hover on the finding")
        h = hover(42, 8)
        eq(h["contents"]["value"].split("\n")[2],
           "'labels' is created on the CPU here ('torch::tensor' with no "
           "device)", "hover where the stray tensor is born")
        eq(hover(10, 0), None, "hover on unflagged code")
        c.shutdown()
    finally:
        c.kill()


def test_incremental_edits_and_version_races():
    c = server()
    try:
        c.initialize(options={"debounceMs": 100})
        text = c.open(DISCARDED)
        eq(len(c.diagnostics(DISCARDED, 1)["diagnostics"]), 2, "v1")
        # Delete line 76 (`target.to(device);`) with a ranged edit.
        c.change(DISCARDED, 2, [{"range": rng(75, 0, 76, 0), "text": ""}])
        eq(moves(c.diagnostics(DISCARDED, 2)["diagnostics"]),
           [discarded(74, 11, "data")], "after an incremental delete")
        # Two ranged edits in one change: a new discarded move on line 75,
        # then the old one fixed (positions after the first edit).
        c.change(DISCARDED, 3, [
            {"range": rng(75, 0, 75, 0), "text": "      target.to(device);\n"},
            {"range": rng(74, 6, 74, 6), "text": "data = "}])
        eq(moves(c.diagnostics(DISCARDED, 3)["diagnostics"]),
           [discarded(75, 13, "target")], "after two edits in one change")
        # Debounce: v4 and v5 in quick succession; v4 is never analysed.
        c.change(DISCARDED, 4, [{"text": text}])
        c.change(DISCARDED, 5, [{"range": rng(74, 0, 75, 0), "text": ""}])
        eq(moves(c.diagnostics(DISCARDED, 5)["diagnostics"]),
           [discarded(74, 13, "target")], "v5")
        eq([m for m in c.backlog
            if m.get("method") == "textDocument/publishDiagnostics"], [],
           "diagnostics of a superseded version")
        c.shutdown()
    finally:
        c.kill()


def test_newer_version_cancels_running_analysis():
    c = server("--verbose")
    try:
        c.initialize(options={"debounceMs": 0})
        text = c.open(DISCARDED)
        c.diagnostics(DISCARDED, 1)
        timings = len([l for l in c.stderr if "timing:" in l])
        c.change(DISCARDED, 2, [{"text": text + "\n"}])
        # The v2 worker is parsing (a unit takes ~0.3 s at best); v3 kills it.
        time.sleep(0.05)
        c.change(DISCARDED, 3, [{"range": rng(74, 0, 75, 0), "text": ""}])
        eq(moves(c.diagnostics(DISCARDED, 3)["diagnostics"]),
           [discarded(74, 13, "target")], "v3")
        no_message(c, lambda m: m.get("params", {}).get("version") == 2, 1)
        time.sleep(0.5)
        eq(len([l for l in c.stderr if "timing:" in l]) - timings, 1,
           "analyses completed after v1 (the v2 worker was killed)")
        c.shutdown()
    finally:
        c.kill()


def test_configuration_files():
    work = tempfile.mkdtemp(prefix="torchlint-lsp-")
    c = server()
    try:
        src = os.path.join(work, "train.cpp")
        shutil.copy(DISCARDED, src)
        cfg = os.path.join(work, ".clang-tidy")
        with open(cfg, "w") as f:
            f.write("WarningsAsErrors: 'torch-discarded-move'\n")
        c.initialize(root=work)
        c.open(src)
        d = c.diagnostics(src, 1)["diagnostics"]
        eq([x["severity"] for x in d], [1, 1], "severity from .clang-tidy")
        with open(cfg, "w") as f:
            f.write("Checks: '-*,torch-hardcoded-device'\n")
        c.notify("workspace/didChangeWatchedFiles",
                 {"changes": [{"uri": uri(cfg), "type": 2}]})
        eq(c.diagnostics(src, 1)["diagnostics"], [],
           "after .clang-tidy disabled the rule")
        c.notify("workspace/didChangeConfiguration",
                 {"settings": {"torchlint": {"checks": "torch-*"}}})
        d = c.diagnostics(src, 1)["diagnostics"]
        eq([(x["code"], x["severity"]) for x in d],
           [("torch-discarded-move", 2)] * 2, "checks from the settings")
        c.shutdown()
    finally:
        c.kill()
        shutil.rmtree(work)


def test_unsaved_header():
    work = tempfile.mkdtemp(prefix="torchlint-lsp-")
    c = server()
    try:
        helper = os.path.join(work, "helper.h")
        with open(os.path.join(SRC, "tests/cli/inputs/helper.h")) as f:
            fixed = f.read()
        # On disk the header does not compile; the editor holds a fixed text.
        with open(helper, "w") as f:
            f.write(fixed.replace("return t;", "return t"))
        main = os.path.join(work, "main.cpp")
        with open(main, "w") as f:
            f.write("#include <torch/torch.h>\n"
                    "\n"
                    "#include \"helper.h\"\n"
                    "\n"
                    "int main() {\n"
                    "  torch::Tensor x = helper(torch::ones({2}));\n"
                    "  x.cpu();\n"
                    "  return 0;\n"
                    "}\n")
        c.initialize(options={"debounceMs": 0})
        c.open(main)
        # The error is in the header's function: the source's own function
        # is analysed, the header's is not (issue 39).
        eq([(x["code"], x["range"])
            for x in c.diagnostics(main, 1)["diagnostics"]],
           [("torch-discarded-move", rng(6, 4, 6, 7))],
           "a unit whose header does not compile")
        log = c.wait(lambda m: m.get("method") == "window/logMessage")
        eq(log["params"]["message"].split("\n")[0],
           "'%s' does not compile (1 error: %s:7:11: expected ';' after "
           "return statement); the function 'helper' that holds it was not "
           "analysed, the rest of the file was" % (main, helper),
           "the reason, in the client's log")
        c.open(helper, text=fixed)
        # The header's own finding, as a unit of its own.
        d = c.diagnostics(helper, 1)["diagnostics"]
        eq([(x["code"], x["range"]) for x in d],
           [("torch-discarded-move", rng(5, 4, 5, 7))], "the header's finding")
        # The source is analysed again with the header's unsaved text.
        d = c.diagnostics(main, 1)["diagnostics"]
        eq([(x["code"], x["range"]) for x in d],
           [("torch-discarded-move", rng(6, 4, 6, 7))],
           "the source with the unsaved header")
        c.shutdown()
    finally:
        c.kill()
        shutil.rmtree(work)


def test_read_fence():
    # A source of the project that reaches for a file outside it, by an
    # absolute path or through a link inside the project: the unit is not
    # analysed, the client's log names the two paths, and no text of that
    # file reaches any message (docs/editors.md, the read fence).
    work = tempfile.mkdtemp(prefix="torchlint-lsp-")
    repo = os.path.join(work, "repo")
    os.makedirs(os.path.join(repo, ".git"))
    secret = os.path.join(work, "secret.txt")
    with open(secret, "w") as f:
        f.write("TOPSECRET_4711 leaked = 1;\n")
    os.symlink(secret, os.path.join(repo, "config.h"))
    body = ("int main() {\n  auto t = torch::ones({2});\n  t.cpu();\n"
            "  return 0;\n}\n")
    direct = os.path.join(repo, "direct.cpp")
    linked = os.path.join(repo, "linked.cpp")
    with open(direct, "w") as f:
        f.write('#include <torch/torch.h>\n#include "%s"\n' % secret + body)
    with open(linked, "w") as f:
        f.write('#include <torch/torch.h>\n#include "config.h"\n' + body)
    # The bound is on in CI, or with --untrusted (docs/ci.md).
    c = Client(TORCHLINT, CACHE, extra_args=("--untrusted",), cwd=repo)
    seen = []
    try:
        c.initialize(options={"debounceMs": 0}, root=repo)
        for path in (direct, linked):
            c.open(path)
            d = c.diagnostics(path, 1)
            seen.append(d)
            eq(d["diagnostics"], [], os.path.basename(path))
            log = c.wait(lambda m: m.get("method") == "window/logMessage"
                         and path in m["params"]["message"])
            seen.append(log)
            eq(log["params"]["message"],
               "'%s' reads '%s', which is outside the repository, the build "
               "folder and the system and LibTorch include folders; it was "
               "not analysed, and nothing of that file is reported (docs/ci.md,"
               " untrusted pull requests)" % (path, secret),
               "the reason, with the paths only")
        # The error command parses the open sources again: its answer and
        # message hold nothing of the file either.
        r = c.call("workspace/executeCommand",
                   {"command": "torchlint.explainError",
                    "arguments": [LESSON_ERROR]})
        seen.append(r)
        eq(r["result"]["errors"][0]["answers"], [], "no answer from them")
        c.shutdown()
        while not c.messages.empty():
            seen.append(c.messages.get())
        everything = json.dumps(seen + c.backlog) + "".join(c.stderr)
        if "TOPSECRET" in everything or "leaked" in everything:
            raise AssertionError("the file's text reached the client: %s"
                                 % everything)
    finally:
        c.kill()
        shutil.rmtree(work)


def test_config_warning():
    # A .clang-tidy HeaderFilterRegex that POSIX regexes cannot spell
    # (CLion's '^.*(?:extras/).*'): the file is analysed, as clang-tidy
    # does with it, and the user sees one window/showMessage naming the
    # file and the key, not a log line and empty diagnostics.
    work = tempfile.mkdtemp(prefix="torchlint-lsp-")
    repo = os.path.join(work, "repo")
    os.makedirs(os.path.join(repo, ".git"))
    config = os.path.join(repo, ".clang-tidy")
    with open(config, "w") as f:
        f.write("Checks: '-*,bugprone-*'\n"
                "HeaderFilterRegex: '^.*(?:extras/).*'\n")
    main = os.path.join(repo, "main.cpp")
    with open(main, "w") as f:
        f.write("#include <torch/torch.h>\nint main() {\n"
                "  auto t = torch::ones({2});\n  t.cpu();\n  return 0;\n}\n")
    c = Client(TORCHLINT, CACHE, cwd=repo)
    try:
        c.initialize(options={"debounceMs": 0}, root=repo)
        c.open(main)
        d = c.diagnostics(main, 1)
        eq([x["code"] for x in d["diagnostics"]], ["torch-discarded-move"],
           "analysed")
        shown = c.wait(lambda m: m.get("method") == "window/showMessage"
                       and "HeaderFilterRegex" in m["params"]["message"])
        eq(shown["params"]["type"], 2, "a warning")
        if not shown["params"]["message"].startswith(
                "torchlint: %s: HeaderFilterRegex '^.*(?:extras/).*' is not "
                "a POSIX extended regular expression" % config):
            raise AssertionError("message: %s" % shown["params"]["message"])
        c.shutdown()
    finally:
        c.kill()
        shutil.rmtree(work)


PULL = {"textDocument": {"diagnostic": {"dynamicRegistration": False}}}


def test_pull_diagnostics():
    c = server()
    try:
        r = c.initialize(capabilities=PULL)
        eq(r["result"]["capabilities"]["diagnosticProvider"],
           {"identifier": "torchlint", "interFileDependencies": False,
            "workspaceDiagnostics": False}, "diagnosticProvider")
        c.open(DISCARDED)
        # Asked before the analysis ends: answered when it does.
        r = c.call("textDocument/diagnostic",
                   {"textDocument": {"uri": uri(DISCARDED)}})["result"]
        eq((r["kind"], r["items"]),
           ("full", [discarded(74, 11, "data"), discarded(75, 13, "target")]),
           "pulled diagnostics")
        r2 = c.call("textDocument/diagnostic", {
            "textDocument": {"uri": uri(DISCARDED)},
            "previousResultId": r["resultId"]})["result"]
        eq(r2, {"kind": "unchanged", "resultId": r["resultId"]}, "unchanged")
        # A pull waiting for an edit's analysis can be cancelled.
        c.change(DISCARDED, 2, [{"range": rng(75, 0, 76, 0), "text": ""}])
        rid = c.request("textDocument/diagnostic",
                        {"textDocument": {"uri": uri(DISCARDED)}})
        c.notify("$/cancelRequest", {"id": rid})
        eq(c.response(rid)["error"]["code"], -32800, "cancelled pull")
        # A malformed previousResultId on a pull that waits for an analysis
        # is checked only when the reply is made: it must not bring the
        # server down.
        r = c.call("textDocument/diagnostic",
                   {"textDocument": {"uri": uri(DISCARDED)},
                    "previousResultId": 42})["result"]
        # Without `target.to(device);` the target stays on the CPU, a bug of
        # its own: the loss receives it next to the model's output.
        eq([(x["code"], x["range"]["start"]["line"]) for x in r["items"]],
           [("torch-discarded-move", 74), ("torch-device-mismatch", 77)],
           "pulled after the edit")
        eq(r["items"][0], discarded(74, 11, "data"), "the remaining move")
        no_message(c, lambda m: m.get("method") ==
                   "textDocument/publishDiagnostics", 0.5)
        c.shutdown()
    finally:
        c.kill()


def test_pull_refresh_after_configuration_change():
    work = tempfile.mkdtemp(prefix="torchlint-lsp-")
    c = server()
    try:
        src = os.path.join(work, "train.cpp")
        shutil.copy(DISCARDED, src)
        cfg = os.path.join(work, ".clang-tidy")
        with open(cfg, "w") as f:
            f.write("Checks: '-*,torch-hardcoded-device'\n")
        caps = dict(PULL, workspace={"diagnostics": {"refreshSupport": True},
                                     "didChangeWatchedFiles": {
                                         "dynamicRegistration": True}})
        c.initialize(capabilities=caps)
        reg = c.wait(lambda m: m.get("method") == "client/registerCapability")
        eq([w["globPattern"] for w in reg["params"]["registrations"][0]
            ["registerOptions"]["watchers"]],
           ["**/.clang-tidy", "**/compile_commands.json"], "watchers")
        c.send({"jsonrpc": "2.0", "id": reg["id"], "result": None})
        c.open(src)
        r = c.call("textDocument/diagnostic",
                   {"textDocument": {"uri": uri(src)}})["result"]
        eq(r["items"], [], "the rule is off")
        os.remove(cfg)
        c.notify("workspace/didChangeWatchedFiles",
                 {"changes": [{"uri": uri(cfg), "type": 3}]})
        m = c.wait(lambda m: m.get("method") == "workspace/diagnostic/refresh")
        c.send({"jsonrpc": "2.0", "id": m["id"], "result": None})
        r = c.call("textDocument/diagnostic", {
            "textDocument": {"uri": uri(src)},
            "previousResultId": r["resultId"]})["result"]
        eq([(x["code"], x["range"]["start"]["line"]) for x in r["items"]],
           [("torch-discarded-move", 74), ("torch-discarded-move", 75)],
           "re-pulled after the refresh")
        c.shutdown()
    finally:
        c.kill()
        shutil.rmtree(work)


def test_crash_in_analysis():
    # AddressSanitizer's own SEGV handler would report the fault and exit with
    # status 1; the test is about the signal, so ASan builds leave it to LLVM's.
    os.environ["ASAN_OPTIONS"] = ":".join(
        filter(None, [os.environ.get("ASAN_OPTIONS"), "handle_segv=0"]))
    work = tempfile.mkdtemp(prefix="torchlint-lsp-")
    c = server("--crash-on", "crash_me.cpp")
    try:
        crash = os.path.join(work, "crash_me.cpp")
        shutil.copy(DISCARDED, crash)
        c.initialize(capabilities=PULL)
        c.open(crash)
        r = c.call("textDocument/diagnostic",
                   {"textDocument": {"uri": uri(crash)}})
        eq(r["error"]["code"], -32803, "a crashed unit answers with an error")
        eq(r["error"]["message"],
           "torchlint crashed (signal 11: Segmentation fault) while analysing "
           "'%s'; the language server lives on" % crash, "the error")
        m = c.wait(lambda m: m.get("method") == "window/showMessage")
        eq(m["params"]["type"], 1, "the crash is shown as an error")
        # The server lives on.
        c.open(DISCARDED)
        r = c.call("textDocument/diagnostic",
                   {"textDocument": {"uri": uri(DISCARDED)}})["result"]
        eq(len(r["items"]), 2, "the next unit after a crash")
        c.shutdown()
    finally:
        c.kill()
        shutil.rmtree(work)


def test_explain_error_crash():
    os.environ["ASAN_OPTIONS"] = ":".join(
        filter(None, [os.environ.get("ASAN_OPTIONS"), "handle_segv=0"]))
    work = tempfile.mkdtemp(prefix="torchlint-lsp-")
    c = server("--crash-on", "crash_me.cpp")
    try:
        crash = os.path.join(work, "crash_me.cpp")
        shutil.copy(SEED_LABELS, crash)
        c.initialize()
        c.open(crash)
        params = {"command": "torchlint.explainError",
                  "arguments": [LESSON_ERROR]}
        e = c.call("workspace/executeCommand", params, timeout=240)["error"]
        eq(e, {"code": -32803,
               "message": "torchlint.explainError: torchlint crashed (signal "
                          "11: Segmentation fault); the language server lives "
                          "on"}, "a crashed explanation answers with an error")
        # The server lives on.
        c.notify("textDocument/didClose", {"textDocument": {"uri": uri(crash)}})
        c.open(SEED_LABELS)
        r = c.call("workspace/executeCommand", params, timeout=240)["result"]
        eq(r["location"]["range"], rng(12, 14, 12, 21), "after a crash")
        c.shutdown()
    finally:
        c.kill()
        shutil.rmtree(work)


def test_exits_when_client_dies():
    c = server()
    try:
        c.initialize()
        c.open(DISCARDED)
        c.proc.stdin.close()
        eq(c.proc.wait(timeout=15), 1, "exit status without shutdown")
    finally:
        c.kill()


def test_did_save_analyses_again():
    c = server()
    try:
        c.initialize()
        c.open(DISCARDED)
        eq(len(c.diagnostics(DISCARDED, 1)["diagnostics"]), 2, "v1")
        c.open(LABELS)
        eq(len(c.diagnostics(LABELS, 1)["diagnostics"]), 1, "labels v1")
        # A save may follow changes on disk the buffer does not show (a
        # header): the saved file is analysed again at once, the others
        # after the debounce.
        c.notify("textDocument/didSave",
                 {"textDocument": {"uri": uri(DISCARDED)}})
        eq(len(c.diagnostics(DISCARDED, 1)["diagnostics"]), 2, "after save")
        eq(len(c.diagnostics(LABELS, 1)["diagnostics"]), 1,
           "the other open file after the save")
        c.shutdown()
    finally:
        c.kill()


def test_explain_error():
    c = server()
    try:
        caps = c.initialize()["result"]["capabilities"]
        eq(caps["executeCommandProvider"],
           {"commands": ["torchlint.explainError"]}, "the command is offered")
        c.open(SEED_LABELS)
        r = c.call("workspace/executeCommand",
                   {"command": "torchlint.explainError",
                    "arguments": [LESSON_ERROR]}, timeout=240)["result"]
        eq(len(r["errors"]), 1, "one error in the pasted text")
        eq(r["errors"][0]["line"], 1, "the error's line in the pasted text")
        first = r["errors"][0]["answers"][0]
        eq({k: first[k] for k in ("uri", "range", "ruleId", "origin",
                                  "message")},
           {"uri": uri(SEED_LABELS), "range": rng(12, 14, 12, 21),
            "ruleId": "torch-device-mismatch", "origin": "analysis",
            "message": "'loss_fn' receives tensors on different devices: "
                       "'labels' (argument 'target') is on the CPU but 'out' "
                       "(argument 'input') is on 'device', chosen at run time "
                       "at line 6"}, "the first answer")
        eq(first["notes"][:2], [
            {"uri": uri(SEED_LABELS), "range": rng(12, 14, 12, 21),
             "message": "found by the analysis; matches the runtime error on "
                        "line 1 of the log (argument 'target' of "
                        "'nll_loss_forward', cuda:0 and cpu)"},
            {"uri": uri(SEED_LABELS), "range": rng(10, 16, 10, 21),
             "message": "'labels' is created on the CPU here ('torch::tensor' "
                        "with no device)"}], "its first notes")
        eq(r["location"], {"uri": uri(SEED_LABELS), "range": rng(12, 14, 12, 21)},
           "where a client jumps")
        m = c.wait(lambda m: m.get("method") == "window/showMessage")
        eq(m["params"]["message"], r["message"], "the answer is shown")
        eq(r["message"].split(" [")[0].split(": ")[:2],
           ["torchlint", "b01_seed_labels.cpp:13"], "the shown line")
        # {"text": ...} is the same command; text with no error says so.
        r2 = c.call("workspace/executeCommand",
                    {"command": "torchlint.explainError",
                     "arguments": [{"text": "log\n" + LESSON_ERROR}]},
                    timeout=240)["result"]
        eq((r2["errors"][0]["line"], r2["errors"][0]["answers"][0]["range"]),
           (2, rng(12, 14, 12, 21)), "the object form")
        # Every open source is searched; the calls the analysis knows
        # nothing about follow the finding, as suggestions of the error.
        c.open(LOSS_HELPERS)
        r4 = c.call("workspace/executeCommand",
                    {"command": "torchlint.explainError",
                     "arguments": [LESSON_ERROR]}, timeout=240)["result"]
        eq([(os.path.basename(a["uri"]), a["range"]["start"]["line"] + 1,
             a["ruleId"], a["origin"]) for a in r4["errors"][0]["answers"]],
           [("b01_seed_labels.cpp", 13, "torch-device-mismatch", "analysis"),
            ("loss_helpers.cpp", 8, "torch-device-mismatch", "error"),
            ("loss_helpers.cpp", 12, "torch-device-mismatch", "error")],
           "answers over two open documents")
        r3 = c.call("workspace/executeCommand",
                    {"command": "torchlint.explainError",
                     "arguments": ["Aborted (core dumped)"]})["result"]
        eq(r3["errors"], [], "no runtime error pasted")
        # A segmentation fault is one now: the host reading a GPU tensor's
        # memory (torch-host-read-device-tensor), with nothing to answer here.
        r4 = c.call("workspace/executeCommand",
                    {"command": "torchlint.explainError",
                     "arguments": ["Segmentation fault"]})["result"]
        eq(r4["errors"], [{"answers": [], "line": 1,
                           "message": "Segmentation fault"}],
           "a segmentation fault")
        e = c.call("workspace/executeCommand",
                   {"command": "torchlint.nope", "arguments": []})["error"]
        eq(e["code"], -32602, "an unknown command")
        c.shutdown()
    finally:
        c.kill()


def test_exit_without_shutdown():
    c = server()
    try:
        c.initialize()
        c.notify("exit")
        eq(c.proc.wait(timeout=15), 1, "exit status without shutdown")
    finally:
        c.kill()


TESTS = {n[5:]: f for n, f in sorted(globals().items())
         if n.startswith("test_")}

if __name__ == "__main__":
    names = sys.argv[4:] or list(TESTS)
    failed = []
    for name in names:
        start = time.time()
        try:
            TESTS[name]()
            print("PASS %s (%.1f s)" % (name, time.time() - start))
        except Exception as e:  # noqa: BLE001 - report every failure
            failed.append(name)
            print("FAIL %s: %s" % (name, e))
    sys.exit(1 if failed else 0)
