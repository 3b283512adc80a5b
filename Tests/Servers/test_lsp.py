"""`strata lsp` driven by a real LSP client (pytest-lsp, lsprotocol), on copies of Samples/Petpion.

Petpion's strata.yml forbids presentation -> data, so `import PetpionData` in a PetpionPresentation
file is a forbidden-dependency; PetpionDomain imports Swinject, which its layer forbids. Each test
serves its own copy of the sample: diagnostics on the right (0-based) lines with the rule as code,
an unsaved edit adding a forbidden import and removing it, a file edited on disk with no didChange,
the hover of an import line, the code action removing an unused import, malformed messages
answered with errors (raw bytes on the server's stdin), and a killed client leaving no process.
STRATA_BIN names the strata executable (make test passes .build/debug/strata).
"""
import asyncio
import json
import os
import select
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

ROOT = Path(__file__).resolve().parents[2]
STRATA = os.environ.get("STRATA_BIN", str(ROOT / ".build/debug/strata"))
SAMPLE = ROOT / "Samples/Petpion"
PRESENTATION = "Targets/PetpionPresentation/Sources"
FEED = f"{PRESENTATION}/Feed/FeedViewModel.swift"
ROUTE = f"{PRESENTATION}/Coordinator/Route.swift"
DOMAIN_CONTAINER = "Targets/PetpionDomain/Sources/DomainDIContainer.swift"
TIMEOUT = 60


def copy_sample(tmp_path):
    root = tmp_path / "Petpion"
    shutil.copytree(SAMPLE, root)
    return root


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[STRATA, "lsp", "--no-cache"]))
async def client(lsp_client: LanguageClient, tmp_path):
    root = copy_sample(tmp_path)
    # An import Route.swift does not use, in the middle of the file, for the code action.
    route = root / ROUTE
    lines = route.read_text().splitlines(keepends=True)
    route.write_text("".join(lines[:2] + ["import PetpionCore\n"] + lines[2:]))
    lsp_client.root = root
    await lsp_client.initialize_session(types.InitializeParams(
        capabilities=types.ClientCapabilities(), root_uri=root.as_uri(),
        workspace_folders=[types.WorkspaceFolder(uri=root.as_uri(), name="Petpion")]))
    yield
    await lsp_client.shutdown_session()


def uri(client, path):
    return (client.root / path).as_uri()


def open_document(client, path):
    text = (client.root / path).read_text()
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        text_document=types.TextDocumentItem(uri=uri(client, path), language_id="swift", version=1, text=text)))
    return text


async def diagnostics(client, path, condition, what):
    """The document's diagnostics once `condition` holds for them; fails after TIMEOUT seconds."""
    deadline = time.monotonic() + TIMEOUT
    while time.monotonic() < deadline:
        found = client.diagnostics.get(uri(client, path))
        if found is not None and condition(found):
            return found
        await asyncio.sleep(0.05)
    pytest.fail(f"no diagnostics with {what} for {path} within {TIMEOUT} s; last: {client.diagnostics.get(uri(client, path))}")


def at(found, line, code):
    return [d for d in found if d.range.start.line == line and d.code == code]


@pytest.mark.asyncio
async def test_open_file_publishes_findings_on_import_lines(client):
    open_document(client, DOMAIN_CONTAINER)
    found = await diagnostics(client, DOMAIN_CONTAINER, lambda f: len(f) > 0, "any diagnostic")
    # `import Swinject` is line 2 of the file: 0-based line 1. `import PetpionCore` (line 0) is fine.
    forbidden = at(found, 1, "forbidden-import")
    assert len(forbidden) == 1, found
    assert forbidden[0].severity == types.DiagnosticSeverity.Error
    assert forbidden[0].source == "strata"
    assert "Swinject" in forbidden[0].message
    assert at(found, 1, "undeclared-import"), found
    assert not [d for d in found if d.range.start.line == 0], found
    assert {d.code for d in found} <= {"forbidden-import", "undeclared-import", "unregistered-service"}


@pytest.mark.asyncio
async def test_unsaved_edit_adds_and_removes_a_forbidden_import(client):
    text = open_document(client, FEED)
    await diagnostics(client, FEED, lambda f: not at(f, 0, "forbidden-dependency"), "no forbidden dependency")
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri(client, FEED), version=2),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text="import PetpionData\n" + text)]))
    found = await diagnostics(client, FEED, lambda f: at(f, 0, "forbidden-dependency"), "forbidden-dependency on line 0")
    assert at(found, 0, "forbidden-dependency")[0].severity == types.DiagnosticSeverity.Error
    assert "PetpionData" in at(found, 0, "forbidden-dependency")[0].message
    # The file on disk is unchanged: only the unsaved text was analyzed.
    assert (client.root / FEED).read_text() == text
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri(client, FEED), version=3),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)]))
    found = await diagnostics(client, FEED, lambda f: not any(d.code == "forbidden-dependency" for d in f), "the forbidden import gone")
    assert not [d for d in found if "PetpionData" in d.message], found


@pytest.mark.asyncio
async def test_file_edited_on_disk_updates_diagnostics_without_restart(client):
    text = open_document(client, FEED)
    await diagnostics(client, FEED, lambda f: not at(f, 2, "forbidden-dependency"), "no forbidden dependency")
    lines = text.splitlines(keepends=True)
    # No didChange: the server's watcher sees the file change.
    (client.root / FEED).write_text("".join(lines[:2] + ["import PetpionData\n"] + lines[2:]))
    found = await diagnostics(client, FEED, lambda f: at(f, 2, "forbidden-dependency"), "forbidden-dependency on line 2")
    assert at(found, 2, "implicit-dependency"), found
    (client.root / FEED).write_text(text)
    await diagnostics(client, FEED, lambda f: not any(d.code == "forbidden-dependency" for d in f), "the forbidden import gone")


@pytest.mark.asyncio
async def test_hover_on_an_import_shows_the_module_and_what_the_file_uses(client):
    open_document(client, FEED)
    await diagnostics(client, FEED, lambda f: True, "a publication")
    # Line 1: `import PetpionDomain`; FeedViewModel names FeedUseCase and PetPost from it.
    hover = await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=uri(client, FEED)), position=types.Position(line=1, character=8)))
    assert hover is not None
    assert hover.contents.kind == types.MarkupKind.Markdown
    value = hover.contents.value
    assert "**PetpionDomain**" in value and "layer **domain**" in value, value
    assert "FeedUseCase" in value and "PetPost" in value, value
    for metric in ("Ce", "Ca", "instability", "abstractness", "distance"):
        assert metric in value, value
    assert hover.range.start.line == 1
    # Off an import line: nothing.
    nothing = await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=uri(client, FEED)), position=types.Position(line=5, character=4)))
    assert nothing is None


@pytest.mark.asyncio
async def test_code_action_removes_exactly_the_unused_import(client):
    text = open_document(client, ROUTE)
    found = await diagnostics(client, ROUTE, lambda f: at(f, 2, "unused-import"), "unused-import on line 2")
    unused = at(found, 2, "unused-import")[0]
    assert unused.severity == types.DiagnosticSeverity.Warning
    actions = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=uri(client, ROUTE)), range=unused.range,
        context=types.CodeActionContext(diagnostics=[unused])))
    assert actions is not None and len(actions) == 1, actions
    action = actions[0]
    assert action.title == "Remove unused import PetpionCore"
    edits = action.edit.changes[uri(client, ROUTE)]
    assert len(edits) == 1
    edit = edits[0]
    assert (edit.range.start.line, edit.range.start.character, edit.range.end.line, edit.range.end.character) == (2, 0, 3, 0)
    lines = text.splitlines(keepends=True)
    applied = "".join(lines[:2]) + edit.new_text + "".join(lines[3:])
    assert applied == "".join(l for l in lines if l != "import PetpionCore\n")
    # `strata fix unused-imports` removes the same line from the file on disk.
    fixed = subprocess.run([STRATA, "fix", "unused-imports", str(client.root), "--dry-run", "--no-cache"], capture_output=True, text=True)
    assert "-import PetpionCore" in fixed.stdout, fixed.stdout + fixed.stderr
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri(client, ROUTE), version=2),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text=applied)]))
    await diagnostics(client, ROUTE, lambda f: not any(d.code == "unused-import" for d in f), "the unused import gone")
    # No action where nothing can go.
    none = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=uri(client, ROUTE)),
        range=types.Range(start=types.Position(line=0, character=0), end=types.Position(line=1, character=0)),
        context=types.CodeActionContext(diagnostics=[])))
    assert not none


# Raw bytes on the server's stdin.

class RawServer:
    def __init__(self, root):
        self.process = subprocess.Popen([STRATA, "lsp", "--no-cache", str(root)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.DEVNULL)
        self.buffer = b""

    def write(self, raw):
        self.process.stdin.write(raw)
        self.process.stdin.flush()

    def send(self, message):
        body = json.dumps(message).encode()
        self.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)

    def receive(self, timeout=TIMEOUT):
        """The next message the server writes (notifications included)."""
        deadline = time.monotonic() + timeout
        while True:
            if b"\r\n\r\n" in self.buffer:
                header, rest = self.buffer.split(b"\r\n\r\n", 1)
                length = int(header.split(b":")[1])
                if len(rest) >= length:
                    self.buffer = rest[length:]
                    return json.loads(rest[:length])
            ready, _, _ = select.select([self.process.stdout], [], [], max(0, deadline - time.monotonic()))
            assert ready, "the server wrote nothing"
            chunk = os.read(self.process.stdout.fileno(), 65536)
            assert chunk, f"the server ended (exit {self.process.wait()})"
            self.buffer += chunk

    def response(self, timeout=TIMEOUT):
        """The next response, notifications skipped."""
        while True:
            message = self.receive(timeout)
            if "method" not in message:
                return message

    def initialize(self, root):
        self.send({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"rootUri": root.as_uri(), "capabilities": {}}})
        assert "capabilities" in self.response()["result"]
        self.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})


def gone(pid, seconds=3):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return True
        # A zombie is gone too: it runs nothing; its parent has not reaped it yet.
        try:
            if Path(f"/proc/{pid}/stat").read_text().split(")")[-1].split()[0] == "Z":
                return True
        except OSError:
            return True
        time.sleep(0.05)
    return False


def test_malformed_messages_get_error_replies_and_the_server_goes_on(tmp_path):
    root = copy_sample(tmp_path)
    server = RawServer(root)
    try:
        server.initialize(root)
        # Not JSON, with a correct Content-Length.
        server.write(b"Content-Length: 9\r\n\r\n{invalid!")
        reply = server.response()
        assert reply["error"]["code"] == -32700 and reply["id"] is None, reply
        # A header without a length.
        server.write(b"Content-Type: application/vscode-jsonrpc\r\n\r\n")
        assert server.response()["error"]["code"] == -32700
        # JSON, but no JSON-RPC message.
        server.send([1, 2, 3])
        assert server.response()["error"]["code"] == -32600
        # An unknown method.
        server.send({"jsonrpc": "2.0", "id": 7, "method": "strata/nothing", "params": {}})
        reply = server.response()
        assert reply["id"] == 7 and reply["error"]["code"] == -32601, reply
        # Ill-typed params.
        server.send({"jsonrpc": "2.0", "id": 8, "method": "textDocument/hover", "params": {"textDocument": 3}})
        reply = server.response()
        assert reply["id"] == 8 and reply["error"]["code"] == -32602, reply
        # Still serving, in two chunks.
        body = json.dumps({"jsonrpc": "2.0", "id": 9, "method": "textDocument/hover", "params": {
            "textDocument": {"uri": (root / DOMAIN_CONTAINER).as_uri()}, "position": {"line": 1, "character": 0}}}).encode()
        framed = b"Content-Length: %d\r\n\r\n" % len(body) + body
        server.write(framed[:30])
        time.sleep(0.2)
        server.write(framed[30:])
        reply = server.response()
        assert reply["id"] == 9 and "Swinject" in reply["result"]["contents"]["value"], reply
        server.send({"jsonrpc": "2.0", "id": 10, "method": "shutdown"})
        assert server.response() == {"jsonrpc": "2.0", "id": 10, "result": None}
        server.send({"jsonrpc": "2.0", "method": "exit"})
        assert server.process.wait(timeout=10) == 0
    finally:
        server.process.kill()
        server.process.wait()


@pytest.mark.parametrize("bad", [
    b"Content-Type: application/vscode-jsonrpc\r\n\r\n" + b'{"jsonrpc": "2.0", "id": 2, "method": "shutdown"}',  # no length, a body
    b"Content-Length: -20\r\n\r\n" + b'{"jsonrpc": "2.0", "id": 2, "method": "shutdown"}',
    b"Content-Length: twelve\r\n\r\n" + b'{"jsonrpc": "2.0", "id": 2, "method": "shutdown"}',
    b"Content-Length: 7\r\n\r\n" + b'{"jsonrpc": "2.0", "id": 2, "method": "shutdown"}',  # shorter than the body
])
def test_a_bad_frame_never_silences_the_server(tmp_path, bad):
    """After a bad frame the server finds the next header: every later request is answered."""
    root = copy_sample(tmp_path)
    server = RawServer(root)
    try:
        server.initialize(root)
        server.write(bad)
        for id in (3, 4):
            server.send({"jsonrpc": "2.0", "id": id, "method": "textDocument/hover", "params": {
                "textDocument": {"uri": (root / DOMAIN_CONTAINER).as_uri()}, "position": {"line": 1, "character": 0}}})
        answered = {}
        while set(answered) != {3, 4}:
            reply = server.response()
            if reply.get("id") is not None:
                answered[reply["id"]] = reply
        assert "Swinject" in answered[3]["result"]["contents"]["value"]
        assert 2 not in answered, "the bad frame's body was read as a request"
    finally:
        server.process.kill()
        server.process.wait()


def test_bare_newlines_in_headers_are_read(tmp_path):
    """A clumsy client's `\\n` line ends: each of its requests is answered, and so are proper ones."""
    root = copy_sample(tmp_path)
    server = RawServer(root)
    try:
        server.initialize(root)
        for id in (5, 6, 7):
            body = json.dumps({"jsonrpc": "2.0", "id": id, "method": "textDocument/hover", "params": {
                "textDocument": {"uri": (root / DOMAIN_CONTAINER).as_uri()}, "position": {"line": 1, "character": 0}}}).encode()
            ending = b"\r\n" if id == 6 else b"\n"
            server.write(b"Content-Length: %d" % len(body) + ending + ending + body)
        assert [server.response()["id"] for _ in range(3)] == [5, 6, 7]
    finally:
        server.process.kill()
        server.process.wait()


def test_closing_stdin_ends_the_server(tmp_path):
    root = copy_sample(tmp_path)
    server = RawServer(root)
    try:
        server.initialize(root)
        server.send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
            "uri": (root / FEED).as_uri(), "languageId": "swift", "version": 1, "text": (root / FEED).read_text()}}})
        assert server.receive()["method"] == "textDocument/publishDiagnostics"
        server.process.stdin.close()
        assert gone(server.process.pid), "strata lsp still runs after its stdin closed"
    finally:
        server.process.kill()
        server.process.wait()


# A client in its own process: it starts the server, initializes it, prints the server's pid, and waits.
CLIENT = r'''
import json, subprocess, sys
server = subprocess.Popen([sys.argv[1], "lsp", "--no-cache", sys.argv[2]], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
body = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"rootUri": "file://" + sys.argv[2], "capabilities": {}}}).encode()
server.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
server.stdin.flush()
server.stdout.read1(65536)
print(server.pid, flush=True)
sys.stdin.read()
'''


def test_killing_the_client_leaves_no_process(tmp_path):
    root = copy_sample(tmp_path)
    client = subprocess.Popen([sys.executable, "-c", CLIENT, STRATA, str(root)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        ready, _, _ = select.select([client.stdout], [], [], TIMEOUT)
        assert ready, "the client never got the server's answer"
        pid = int(client.stdout.readline())
        assert not gone(pid, seconds=0.2), "the server ended before its client"
        client.send_signal(signal.SIGKILL)
        client.wait()
        assert gone(pid), f"strata lsp (pid {pid}) still runs after its client was killed"
    finally:
        client.kill()
        client.wait()
