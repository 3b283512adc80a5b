"""StrataStarlark and starlark-rust given the same random expressions.

A seeded generator writes one BUILD file per expression (`check(name = "c", value = <expr>)`)
into a temporary folder of workspaces; StarlarkFixtureTests evaluates them
(STRATA_STARLARK_FIXTURES) and starlark-rust does too (test_oracle.Workspace). Where
starlark-rust succeeds, the Swift evaluator must record the same value without a diagnostic;
where starlark-rust reports an error, the Swift evaluator must report something too (a
warning and an unknown value), never a plausible value in silence.

Left out on purpose, where the two differ by design: `elems()` (an iterator in starlark-rust,
a list in Bazel), non-ASCII text (`len` counts UTF-8 bytes, as Bazel does), `%(name)s`.
"""

import json
import random

from test_oracle import Workspace, swift_evaluation

STRINGS = ['"a"', '"abc"', '"a-b-c"', '" x "', '"AbC"', '""', '"%s"', '"{}"', '"a,b,,c"', '"aXbX"', '"line\\nnext"']
INTS = ["0", "1", "2", "-3", "7", "10", "-1", "100"]
METHODS = [
    'upper()', 'lower()', 'strip()', 'split("-")', 'split()', 'rsplit("-", 1)', 'replace("a", "z")', 'find("b")',
    'count("a")', 'startswith("a")', 'endswith("c")', 'title()', 'capitalize()', 'isalpha()', 'partition("-")',
    'rpartition("-")', 'lstrip("a ")', 'rstrip("c ")', 'removeprefix("a")', 'removesuffix("c")', 'splitlines()',
    'isdigit()', 'islower()', 'isupper()', 'replace("", "-")', 'count("")', 'split("-", 1)', 'index("a") if "a" in "abc" else 0',
]


class Generator:
    def __init__(self, seed):
        self.random = random.Random(seed)

    def pick(self, options):
        return self.random.choice(options)

    def s(self):
        return self.pick(STRINGS)

    def i(self):
        return self.pick(INTS)

    def seq(self, depth):
        return "[" + ", ".join(self.expression(depth + 1) for _ in range(self.random.randint(0, 3))) + "]"

    def expression(self, depth=0):
        if depth > 3:
            return self.pick([self.s(), self.i()])
        e = lambda: self.expression(depth + 1)  # noqa: E731
        s, i, seq = self.s, self.i, lambda: self.seq(depth)
        forms = [
            s, i, seq,
            lambda: "(" + ", ".join(e() for _ in range(self.random.randint(1, 3))) + ",)",
            lambda: "{" + ", ".join(f"{k}: {e()}" for k in self.random.sample(STRINGS, self.random.randint(0, 3))) + "}",
            lambda: f"{i()} {self.pick(['+', '-', '*', '//', '%', '<', '>', '==', '!=', '<=', '>=', '&', '|', '^'])} {i()}",
            lambda: f"{s()} + {s()}", lambda: f"{seq()} + {seq()}", lambda: f"{s()}.{self.pick(METHODS)}",
            lambda: f"len({self.pick([s(), seq()])})", lambda: f"sorted([{i()}, {i()}, {i()}])",
            lambda: f"[x * 2 for x in range({i()}) if x % 2 == 0]", lambda: f"str({e()})", lambda: f"repr({e()})",
            lambda: f"{e()} if {e()} else {e()}", lambda: f"{e()} and {e()}", lambda: f"{e()} or {e()}", lambda: f"not {e()}",
            lambda: f"{e()} in {self.pick([s(), seq()])}", lambda: f'"%s-%d" % ({s()}, {i()})',
            lambda: f'"{{}}:{{}}".format({e()}, {e()})', lambda: f"{s()}[{i()}:{i()}]",
            lambda: f"list(range({i()}, {i()}, {self.pick(['1', '2', '-1', '-2', '3'])}))",
            lambda: f"dict(zip([{s()}, {s()}], [{i()}, {i()}]))", lambda: f"{seq()} * {self.pick(['0', '1', '2'])}",
            lambda: f"{s()} * {self.pick(['0', '1', '2'])}", lambda: f"type({e()})", lambda: f"bool({e()})",
            lambda: f"int({self.pick([i(), chr(34) + '12' + chr(34), 'True'])})", lambda: f"[{e()}, {e()}][{self.pick(['0', '1', '-1'])}]",
            lambda: f'", ".join([str(v) for v in {seq()}])', lambda: f"sorted([{s()}, {s()}], key = lambda v: v.lower())",
            lambda: f"[(n, v) for n, v in enumerate([{s()}, {s()}], 1)]", lambda: f"min([{i()}, {i()}]) + max({i()}, {i()})",
            lambda: f"any([{e()}, {e()}])", lambda: f'{{"k": {e()}}}.get("k", {i()})', lambda: '{"b": 1, "a": 2}.items()',
            lambda: 'int("ff", 16) + int("0o17", 0) + int("-12")', lambda: f"[1, 2, 3, 4, 5][{i()}:{i()}:{self.pick(['1', '2', '-1', '-2'])}]",
            lambda: f"({i()}, {s()}) < ({i()}, {s()})", lambda: f"(lambda a, b = {i()}: a * b)({i()})",
            lambda: f'list({{k: v for k, v in [("a", {i()}), ("b", {i()})]}}.values())', lambda: f"{s()}.split({s()} or '-')",
            lambda: f"{i()} / {self.pick(['1', '2', '4'])}", lambda: f"-{i()} % 3", lambda: f"float({i()}) == {i()}",
            lambda: f"abs({i()})", lambda: f'hash({s()})',
        ]
        return self.pick(forms)()


def test_random_expressions_agree(tmp_path):
    generator = Generator(20261128)
    expressions = [generator.expression() for _ in range(300)]
    workspace = tmp_path / "Random"
    for n, expression in enumerate(expressions):
        (workspace / f"e{n}").mkdir(parents=True)
        (workspace / f"e{n}" / "BUILD").write_text(f'check(name = "c", value = {expression})\n')
    swift = swift_evaluation(tmp_path)["Random"]
    rust = Workspace(workspace)
    disagreements, silent, compared = [], [], 0
    for n, expression in enumerate(expressions):
        ours = swift[f"e{n}/BUILD"]
        try:
            theirs = json.loads(json.dumps(rust.evaluate_build(f"e{n}/BUILD")))
        except Exception as error:  # starlark-rust refused it: ours must not be silent
            if not ours["diagnostics"]:
                silent.append(f"{expression}\n    starlark-rust: {str(error).splitlines()[-1][:200]}\n    ours: {ours['rules']}")
            continue
        compared += 1
        if ours["diagnostics"] or ours["rules"] != theirs:
            disagreements.append(f"{expression}\n    ours: {ours}\n    starlark-rust: {theirs}")
    assert compared > 250
    assert not disagreements, "\n".join(disagreements[:10])
    assert not silent, "\n".join(silent[:10])


class ProgramGenerator(Generator):
    """Small programs: functions with defaults, varargs and keyword arguments, loops with
    `break` and `continue`, lists and dicts changed in place, unpacking, closures."""

    def statement(self, depth, names):
        e = lambda: self.expression(2)  # noqa: E731
        name = self.pick(names)
        forms = [
            lambda: [f"{name} = {e()}"],
            lambda: [f"out.append({name})"],
            lambda: [f"out.extend([{e()}, {name}])"],
            lambda: [f"seen[str({name})] = {e()}"],
            lambda: [f"if {e()}:", *[f"    {line}" for line in self.block(depth, names)], "else:", f"    out.append({e()})"],
            lambda: [f"for item in {self.seq(2)}:", "    if item == " + self.i() + ":", "        continue",
                     f"    if len(out) > {self.pick(['2', '5'])}:", "        break", "    out.append(item)"],
            lambda: [f"first, second = {e()}, {e()}", "out.append((second, first))"],
            lambda: [f"out.insert(0, {e()})"],
            lambda: ["if out:", "    out.pop()"],
            lambda: [f"seen.update({{{self.s()}: {e()}}})"],
            lambda: [f"out += [{name}] * {self.pick(['0', '1', '2'])}"],
        ]
        return self.pick(forms)()

    def block(self, depth, names):
        if depth > 2:
            return [f"out.append({self.expression(2)})"]
        return [line for _ in range(self.random.randint(1, 3)) for line in self.statement(depth + 1, names)]

    def program(self):
        body = ["out = []", "seen = {}"] + self.block(0, ["a", "b", "extra", "options"])
        lines = [f"def compute(a, b = {self.i()}, *extra, **options):"] + [f"    {line}" for line in body]
        lines += ["    return [out, seen, a, b, extra, options]", ""]
        lines += [f"adder = (lambda n: lambda x: x + n)({self.i()})", ""]
        call = self.pick([
            f"compute({self.expression(2)})", f"compute({self.s()}, {self.i()}, {self.i()}, key = {self.s()})",
            f"compute(*[{self.i()}, {self.s()}], **{{'flag': {self.expression(2)}}})", f"compute(b = {self.i()}, a = adder({self.i()}))",
        ])
        return "\n".join(lines) + f"\ncheck(name = \"c\", value = {call})\n"


def test_random_programs_agree(tmp_path):
    generator = ProgramGenerator(1128)
    programs = [generator.program() for _ in range(150)]
    workspace = tmp_path / "Programs"
    for n, program in enumerate(programs):
        (workspace / f"p{n}").mkdir(parents=True)
        (workspace / f"p{n}" / "BUILD").write_text(program)
    swift = swift_evaluation(tmp_path)["Programs"]
    rust = Workspace(workspace)
    disagreements, silent, compared = [], [], 0
    for n, program in enumerate(programs):
        ours = swift[f"p{n}/BUILD"]
        try:
            theirs = json.loads(json.dumps(rust.evaluate_build(f"p{n}/BUILD")))
        except Exception as error:
            if not ours["diagnostics"]:
                silent.append(f"{program}\n    starlark-rust: {str(error).splitlines()[-1][:200]}\n    ours: {ours['rules']}")
            continue
        compared += 1
        if ours["diagnostics"] or ours["rules"] != theirs:
            disagreements.append(f"{program}\n    ours: {ours}\n    starlark-rust: {theirs}")
    assert compared > 100
    assert not disagreements, "\n".join(disagreements[:5])
    assert not silent, "\n".join(silent[:5])
