"""`strata mcp` driven by the official MCP Python SDK as a real client.

A copy of Samples/Petpion is served: its strata.yml forbids presentation -> data, so an import
of PetpionData added to a PetpionPresentation file is a finding the next `check` must show.
"""
import asyncio
import json
import os
import select
import shutil
import signal
import subprocess
import time
from pathlib import Path

import pytest
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client
from mcp.shared.exceptions import MCPError as McpError

ROOT = Path(__file__).resolve().parents[2]
STRATA = os.path.abspath(os.environ.get("STRATA_BIN", ROOT / ".build/debug/strata"))
FEED = "Targets/PetpionPresentation/Sources/Feed/FeedViewModel.swift"


@pytest.fixture
def sample(tmp_path):
    copy = tmp_path / "Petpion"
    shutil.copytree(ROOT / "Samples/Petpion", copy)
    return copy


def serve(sample, body, cache=None):
    """Runs `body(session)` against `strata mcp` on the sample."""
    args = ["mcp", str(sample), "--cache-dir", str(cache or sample.parent / "cache")]

    async def run():
        params = StdioServerParameters(command=STRATA, args=args)
        async with stdio_client(params) as (read, write):
            async with ClientSession(read, write) as session:
                await session.initialize()
                return await body(session)

    return asyncio.run(run())


def test_lists_every_tool_with_a_schema(sample):
    async def body(session):
        return (await session.list_tools()).tools

    tools = {tool.name: tool for tool in serve(sample, body)}
    assert set(tools) == {"graph", "why", "affected", "check", "module", "rules"}
    assert tools["why"].input_schema["required"] == ["from", "to"]
    assert tools["graph"].input_schema["properties"]["format"]["enum"] == ["mermaid", "dot", "json"]


def test_each_tool_answers_with_structured_content_and_text(sample):
    async def body(session):
        calls = {
            "module": {"name": "PetpionData"},
            "why": {"from": "PetpionPresentation", "to": "PetpionCore"},
            "check": {"module": "PetpionDomain"},
            "rules": {"id": "forbidden-import"},
            "graph": {"focus": ["PetpionData"], "format": "json"},
            "affected": {"files": ["Targets/PetpionCore/Sources/Core.swift"]},
        }
        return {name: await session.call_tool(name, args) for name, args in calls.items()}

    answers = serve(sample, body)
    for name, answer in answers.items():
        assert not answer.is_error, name
        assert answer.content[0].text.strip(), name

    module = answers["module"].structured_content
    assert module["layer"] == "data"
    assert {edge["to"] for edge in module["dependencies"]} == {"PetpionCore", "PetpionDomain"}
    assert "Petpion" in module["dependents"]
    assert module["module"]["name"] == "PetpionData" and module["module"]["metrics"]["ce"] == 2
    assert module["injection"]["registrations"], "PetpionData registers services with Swinject"

    why = answers["why"].structured_content
    assert why["dependsOn"] is True
    assert why["paths"][0] == ["PetpionPresentation", "PetpionCore"]

    check = answers["check"].structured_content
    rules = {finding["rule"] for finding in check["findings"]}
    assert "forbidden-import" in rules
    assert all(finding["module"] == "PetpionDomain" for finding in check["findings"])
    assert "DomainDIContainer.swift:2" in answers["check"].content[0].text

    rule = answers["rules"].structured_content["rules"]
    assert [r["id"] for r in rule] == ["forbidden-import"] and rule[0]["triggers"]

    graph = answers["graph"].structured_content
    assert "PetpionData" in json.dumps(graph)

    affected = answers["affected"].structured_content
    names = {module["name"] for module in affected["modules"]}
    assert {"PetpionCore", "PetpionCoreTests", "Petpion"} <= names


def test_mistakes_are_mcp_errors_and_the_server_goes_on(sample):
    async def body(session):
        errors = []
        for name, args in [
            ("module", {"name": "NoSuchModule"}),
            ("why", {"from": "Petpion", "to": "Nope"}),
            ("rules", {"id": "no-such-rule"}),
            ("affected", {"base": "no-such-revision"}),
            ("graph", {"format": "svg"}),
        ]:
            with pytest.raises(McpError) as raised:
                await session.call_tool(name, args)
            errors.append(str(raised.value))
        # Still serving.
        module = await session.call_tool("module", {"name": "PetpionCore"})
        return errors, module

    errors, module = serve(sample, body)
    assert "NoSuchModule" in errors[0]
    assert "Nope" in errors[1]
    assert "no-such-rule" in errors[2]
    assert "no-such-revision" in errors[3] or "not a git repository" in errors[3]
    assert not module.is_error and module.structured_content["module"]["name"] == "PetpionCore"


def test_an_edit_on_disk_shows_in_the_next_check_without_a_restart(sample):
    async def body(session):
        def forbidden(answer):
            return [f for f in answer.structured_content["findings"] if f["rule"] == "forbidden-dependency"]

        before = forbidden(await session.call_tool("check", {"path": FEED}))
        path = sample / FEED
        path.write_text("import PetpionData\n" + path.read_text())
        after = forbidden(await session.call_tool("check", {"path": FEED}))
        resource = await session.read_resource("strata://strata.json")
        path.write_text(path.read_text().split("\n", 1)[1])
        again = forbidden(await session.call_tool("check", {"path": FEED}))
        return before, after, json.loads(resource.contents[0].text), again

    before, after, result, again = serve(sample, body)
    assert before == []
    assert len(after) == 1 and after[0]["evidence"] == [FEED + ":1"]
    assert any(f["rule"] == "forbidden-dependency" for f in result["findings"])
    assert again == []


def test_a_malformed_message_gets_an_error_reply_and_the_server_goes_on(sample):
    server = subprocess.Popen(
        [STRATA, "mcp", str(sample), "--cache-dir", str(sample.parent / "cache")],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    try:
        def send(text):
            server.stdin.write((text + "\n").encode())
            server.stdin.flush()

        def receive():
            return json.loads(server.stdout.readline())

        send(json.dumps({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "raw", "version": "1"}}}))
        assert receive()["id"] == 1
        send(json.dumps({"jsonrpc": "2.0", "method": "notifications/initialized"}))
        send('{"jsonrpc": "2.0", "id": 2, "method": ')  # cut short
        reply = receive()
        assert reply["error"]["code"] == -32700
        send(json.dumps({"jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": {"name": "rules", "arguments": {}}}))
        reply = receive()
        assert reply["id"] == 3 and reply["result"]["structuredContent"]["rules"]
    finally:
        server.kill()
        server.wait()


def test_closing_the_client_ends_the_server(sample):
    server = subprocess.Popen(
        [STRATA, "mcp", str(sample), "--cache-dir", str(sample.parent / "cache")],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    server.stdin.write((json.dumps({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "raw", "version": "1"}}}) + "\n").encode())
    server.stdin.flush()
    assert json.loads(server.stdout.readline())["id"] == 1
    server.stdin.close()  # the client goes away
    try:
        assert server.wait(timeout=10) == 0
    finally:
        if server.poll() is None:
            server.kill()


def test_the_resource_is_what_analyze_writes(sample, tmp_path):
    async def body(session):
        listed = (await session.list_resources()).resources
        read = await session.read_resource(listed[0].uri)
        return listed, read

    listed, read = serve(sample, body)
    assert [str(resource.uri) for resource in listed] == ["strata://strata.json"]
    subprocess.run([STRATA, "analyze", str(sample), "-o", str(tmp_path / "report"), "--format", "json", "--no-cache", "-q"], check=True)
    assert json.loads(read.contents[0].text) == json.loads((tmp_path / "report/strata.json").read_text())


def test_affected_between_two_commits(sample):
    def git(*args):
        subprocess.run(["git", "-C", str(sample), "-c", "user.name=t", "-c", "user.email=t@t", "-c", "commit.gpgsign=false", *args],
                       check=True, capture_output=True)

    git("init", "-q")
    git("add", "-A")
    git("commit", "-q", "-m", "base")
    domain = next((sample / "Targets/PetpionDomain/Sources").rglob("*.swift"))
    domain.write_text(domain.read_text() + "\n// changed\n")
    git("commit", "-q", "-a", "-m", "head")

    async def body(session):
        return await session.call_tool("affected", {"base": "HEAD~1", "head": "HEAD"})

    answer = serve(sample, body)
    names = {module["name"] for module in answer.structured_content["modules"]}
    assert "PetpionDomain" in names and "PetpionCore" not in names
    assert "PetpionDomainTests" in names


def test_a_test_module_is_a_module_too(sample):
    async def body(session):
        return await session.call_tool("module", {"name": "PetpionDataTests"}), await session.call_tool("check", {"module": "PetpionDataTests"})

    module, check = serve(sample, body)
    assert module.structured_content["module"]["name"] == "PetpionDataTests"
    assert module.structured_content["module"]["kind"] == "test"
    import re
    assert re.fullmatch(r"\d+ errors?, \d+ warnings?, \d+ notes?", check.content[0].text.splitlines()[-1])


# Raw bytes on the server's stdin: what a clumsy or hostile client sends.

INITIALIZE = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
    "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "raw", "version": "1"}}}
INITIALIZED = {"jsonrpc": "2.0", "method": "notifications/initialized"}


class RawMCP:
    def __init__(self, sample):
        self.process = subprocess.Popen(
            [STRATA, "mcp", str(sample), "--cache-dir", str(sample.parent / "cache")],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)

    def write(self, raw):
        self.process.stdin.write(raw)
        self.process.stdin.flush()

    def send(self, message):
        self.write(json.dumps(message).encode() + b"\n")

    def receive(self, timeout=60):
        ready, _, _ = select.select([self.process.stdout], [], [], timeout)
        assert ready, "the server answered nothing"
        line = self.process.stdout.readline()
        assert line, f"the server ended (exit {self.process.wait()})"
        return json.loads(line)

    def start(self):
        self.send(INITIALIZE)
        assert self.receive()["id"] == 1
        self.send(INITIALIZED)

    def close(self):
        self.process.kill()
        self.process.wait()


@pytest.fixture
def raw(sample):
    server = RawMCP(sample)
    yield server
    server.close()


def test_a_5_mb_line_is_read_and_answered(raw):
    raw.start()
    padding = "x" * (5 << 20)
    raw.send({"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "rules", "arguments": {"id": "cycle"}, "padding": padding}})
    # A reader that rescans its buffer on every read needs minutes for this line; a linear one well under a second.
    reply = raw.receive(timeout=30)
    assert reply["id"] == 2 and reply["result"]["structuredContent"]["rules"][0]["id"] == "cycle", str(reply)[:300]


def test_a_line_over_the_limit_is_refused_and_the_server_goes_on(raw):
    raw.start()
    raw.write(b'{"jsonrpc": "2.0", "id": 2, "method": "tools/list", "params": {"p": "' + b"y" * (17 << 20) + b'"}}\n')
    reply = raw.receive()
    assert reply["id"] is None and reply["error"]["code"] == -32600 and "MiB" in reply["error"]["message"]
    raw.send({"jsonrpc": "2.0", "id": 3, "method": "tools/list"})
    assert raw.receive()["id"] == 3


@pytest.mark.parametrize("line, code", [
    ('{"jsonrpc": "2.0", "id": 2, "method": ', -32700),  # cut short
    ("not json at all", -32700),
    ('{"hello": "world"}', -32600),
    ("42", -32600),
    ("[]", -32600),
    ('{"jsonrpc": "2.0", "id": {"a": 1}, "method": "tools/list"}', -32600),
    ('{"jsonrpc": "2.0", "id": null, "method": "tools/list"}', -32600),
    ('{"jsonrpc": "1.0", "method": "tools/list"}', -32600),
    ('{"jsonrpc": "2.0", "method": 7}', -32600),
])
def test_a_malformed_line_is_answered_with_a_null_id(raw, line, code):
    raw.start()
    raw.write(line.encode() + b"\n")
    reply = raw.receive()
    assert reply == {"jsonrpc": "2.0", "id": None, "error": reply["error"]} and reply["error"]["code"] == code, reply
    raw.send({"jsonrpc": "2.0", "id": 9, "method": "tools/list"})
    assert raw.receive()["id"] == 9


@pytest.mark.parametrize("arguments", [
    {"depth": "2"}, {"depth": 1e30}, {"depth": -1}, {"depth": 1.5}, {"format": 5}, {"format": "svg"}, {"focus": 3},
    {"colour": "red"},
])
def test_wrong_typed_arguments_are_invalid_params(sample, arguments):
    async def body(session):
        with pytest.raises(McpError) as raised:
            await session.call_tool("graph", arguments)
        return raised.value.error

    error = serve(sample, body)
    assert error.code == -32602, error


def test_an_integral_depth_is_taken_in_any_spelling(sample):
    async def body(session):
        return [await session.call_tool("graph", {"focus": ["PetpionData"], "depth": depth, "format": "json"}) for depth in (2, 2.0)]

    first, second = serve(sample, body)
    assert not first.is_error and first.structured_content == second.structured_content


@pytest.mark.parametrize("attempt", range(3))
def test_every_request_read_before_stdin_closes_is_answered(sample, attempt):
    server = RawMCP(sample)
    try:
        requests = [
            INITIALIZE, INITIALIZED,
            {"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "module", "arguments": {"name": "PetpionData"}}},
            {"jsonrpc": "2.0", "id": 3, "method": "tools/list"},
            {"jsonrpc": "2.0", "id": 4, "method": "tools/call", "params": {"name": "check", "arguments": {}}},
        ]
        output, _ = server.process.communicate(b"".join(json.dumps(r).encode() + b"\n" for r in requests), timeout=120)
        replies = {reply["id"]: reply for reply in map(json.loads, output.splitlines())}
        assert set(replies) == {1, 2, 3, 4}
        assert replies[2]["result"]["structuredContent"]["module"]["name"] == "PetpionData"
        assert server.process.returncode == 0
    finally:
        server.close()


def test_a_deleted_repository_is_an_error_not_an_answer_from_memory(sample):
    async def body(session):
        before = await session.call_tool("check", {})
        shutil.rmtree(sample)
        errors = []
        for name, arguments in [("check", {}), ("module", {"name": "PetpionData"})]:
            with pytest.raises(McpError) as raised:
                await session.call_tool(name, arguments)
            errors.append(raised.value.error.message)
        with pytest.raises(McpError) as raised:
            await session.read_resource("strata://strata.json")
        errors.append(raised.value.error.message)
        return before, errors

    before, errors = serve(sample, body)
    assert not before.is_error
    assert all("gone" in message and str(sample) in message for message in errors), errors


def test_answers_of_every_shape_are_waited_for_at_end_of_input(sample):
    """A string id, a batch, the whole strata.json as an answer, an error answer: each counted
    as answered (the transport reads only the answers' top-level ids), then the server exits."""
    server = RawMCP(sample)
    try:
        requests = [
            INITIALIZE, INITIALIZED,
            {"jsonrpc": "2.0", "id": "read", "method": "resources/read", "params": {"uri": "strata://strata.json"}},
            [{"jsonrpc": "2.0", "id": 5, "method": "tools/list"}, {"jsonrpc": "2.0", "id": "six", "method": "tools/call",
                                                                  "params": {"name": "rules", "arguments": {"id": "cycle"}}}],
            {"jsonrpc": "2.0", "id": 7, "method": "tools/call", "params": {"name": "module", "arguments": {"name": "Nope"}}},
        ]
        output, _ = server.process.communicate(b"".join(json.dumps(r).encode() + b"\n" for r in requests), timeout=120)
        ids = set()
        for reply in map(json.loads, output.splitlines()):
            ids.update(item["id"] for item in (reply if isinstance(reply, list) else [reply]))
        assert ids == {1, "read", 5, "six", 7}
        assert server.process.returncode == 0
    finally:
        server.close()
