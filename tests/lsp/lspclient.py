"""A minimal LSP client for the language server's tests: it speaks JSON-RPC
with Content-Length framing to a real `torchlint --lsp` over pipes, and lets
a test send raw bytes, requests and notifications and wait for messages."""

import json
import os
import queue
import subprocess
import threading
import time


def uri(path):
    return "file://" + os.path.abspath(path)


class Client:
    def __init__(self, torchlint, cache, extra_args=(), cwd=None):
        self.proc = subprocess.Popen(
            [torchlint, "--lsp", "--cache-dir", cache, *extra_args],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.PIPE, cwd=cwd)
        self.messages = queue.Queue()
        self.backlog = []
        self.next_id = 1
        self.stderr = []
        threading.Thread(target=self._read, daemon=True).start()
        threading.Thread(target=self._drain_stderr, daemon=True).start()

    def _drain_stderr(self):
        for line in self.proc.stderr:
            self.stderr.append(line.decode(errors="replace"))

    def _read(self):
        out = self.proc.stdout
        while True:
            headers = {}
            while True:
                line = out.readline()
                if not line:
                    self.messages.put(None)
                    return
                line = line.decode().rstrip("\r\n")
                if not line:
                    break
                name, _, value = line.partition(":")
                headers[name.strip().lower()] = value.strip()
            body = out.read(int(headers["content-length"]))
            self.messages.put(json.loads(body))

    # Sending.
    def raw(self, data):
        self.proc.stdin.write(data)
        self.proc.stdin.flush()

    def frame(self, body):
        if isinstance(body, (dict, list)):
            body = json.dumps(body)
        if isinstance(body, str):
            body = body.encode()
        return b"Content-Length: %d\r\n\r\n" % len(body) + body

    def send(self, message):
        self.raw(self.frame(message))

    def request(self, method, params=None):
        rid = self.next_id
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": rid, "method": method,
                   "params": params if params is not None else {}})
        return rid

    def notify(self, method, params=None):
        self.send({"jsonrpc": "2.0", "method": method,
                   "params": params if params is not None else {}})

    # Receiving.
    def wait(self, match, timeout=60, what="a message"):
        """Returns the first message (kept or new) for which match is true."""
        for i, m in enumerate(self.backlog):
            if match(m):
                return self.backlog.pop(i)
        deadline = time.time() + timeout
        while True:
            left = deadline - time.time()
            if left <= 0:
                raise AssertionError("timed out waiting for %s; got %s\nstderr: %s"
                                     % (what, self.backlog, "".join(self.stderr)))
            try:
                m = self.messages.get(timeout=left)
            except queue.Empty:
                continue
            if m is None:
                raise AssertionError("the server closed its output waiting for %s; "
                                     "stderr: %s" % (what, "".join(self.stderr)))
            if match(m):
                return m
            self.backlog.append(m)

    def response(self, rid, timeout=60):
        return self.wait(lambda m: m.get("id") == rid and "method" not in m,
                         timeout, "the response to %r" % rid)

    def call(self, method, params=None, timeout=60):
        return self.response(self.request(method, params), timeout)

    def diagnostics(self, path, version=None, timeout=60):
        u = uri(path)

        def match(m):
            return (m.get("method") == "textDocument/publishDiagnostics"
                    and m["params"]["uri"] == u
                    and (version is None or m["params"].get("version") == version))
        return self.wait(match, timeout, "diagnostics of %s v%s" % (path, version))["params"]

    def initialize(self, capabilities=None, options=None, root=None):
        r = self.call("initialize", {
            "processId": os.getpid(),
            "rootUri": uri(root) if root else None,
            "capabilities": capabilities or {},
            "initializationOptions": options or {}})
        self.notify("initialized")
        return r

    def open(self, path, text=None, version=1):
        if text is None:
            with open(path) as f:
                text = f.read()
        self.notify("textDocument/didOpen", {"textDocument": {
            "uri": uri(path), "languageId": "cpp", "version": version,
            "text": text}})
        return text

    def change(self, path, version, changes):
        self.notify("textDocument/didChange", {
            "textDocument": {"uri": uri(path), "version": version},
            "contentChanges": changes})

    def shutdown(self):
        r = self.call("shutdown")
        self.notify("exit")
        return r, self.proc.wait(timeout=30)

    def kill(self):
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
