"""Mutation testing of the core and of each reference's rules, one module at a time.

    python tools/mutation.py                  # every module in [tool.unograde.mutation]
    python tools/mutation.py unokit/compare.py reference/uno_moves/rules.py
    python tools/mutation.py --survivors      # re-test only the mutants that survived last time
    python tools/mutation.py --sample 0.5     # a reproducible half of each module's mutants
    python tools/mutation.py --rest MODULE    # ... and later the other half
    python tools/mutation.py --table          # the table of scores of the last runs (Markdown)
    python tools/mutation.py --docs           # write that table and the equivalents into
                                              # docs/mutation.md
    python tools/mutation.py --check          # every equivalent written down still matches a
                                              # line of a configured module (exit 1 if not)

The tool is cosmic-ray (``[tool.cosmic-ray]`` in pyproject.toml: its operators and the filter
that keeps the sample we use); which tests exercise which module, the list of modules and the
mutants judged equivalent are ``[tool.unograde.mutation]`` and ``tools/mutation_equivalents.toml``.

Why this shape:
- cosmic-ray mutates the file on disk and runs a test command, so a mutant reaches everything:
  the sandbox's child (``harness.py`` runs as ``python -I -S`` in another process), the
  forkserver's workers and ``python -m graders.cli`` subprocesses. It does so in a scratch copy
  of the tree (``.mutation/tree-PID``, first on ``PYTHONPATH``, removed at the end), so the
  working tree is never left mutated and the compiled uno-official engine (absent from the
  copy) never hides a mutant.
- Each mutant runs only the fast tests that exercise its module (``-x``: the first failure
  kills it), and the timeout is derived from the module's own unmutated run (a mutant that
  loops is killed by it, whatever the machine's load). The process runs at ``nice 10``.
"""

from __future__ import annotations

import argparse
import ast
import os
import re
import shlex
import shutil
import sqlite3
import subprocess
import sys
import time
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
WORK = ROOT / ".mutation"
TREE = WORK / f"tree-{os.getpid()}"  # one copy per run: runs never share one
EQUIVALENTS = ROOT / "tools" / "mutation_equivalents.toml"


def settings() -> tuple[dict, dict]:
    tool = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]
    return tool["cosmic-ray"], tool["unograde"]["mutation"]


def slug(module: str) -> str:
    return module.removesuffix(".py").replace("/", ".")


def copy_tree() -> None:
    """The tracked and new (not ignored) files of the working tree, as they are now."""
    listed = subprocess.run(
        ["git", "ls-files", "-co", "--exclude-standard", "-z"],
        cwd=ROOT,
        capture_output=True,
        check=True,
    ).stdout.split(b"\0")
    if TREE.exists():
        shutil.rmtree(TREE)
    for raw in listed:
        if not raw:
            continue
        name = raw.decode()
        source = ROOT / name
        if not source.is_file() or source.is_symlink():
            continue
        target = TREE / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source, target)


def environment() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(TREE) + (os.pathsep + env["PYTHONPATH"] if "PYTHONPATH" in env else "")
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    env["UNOGRADE_PURE_ENGINE"] = "1"  # never the compiled uno-official engine
    env.pop("COVERAGE_PROCESS_START", None)
    return env


def existing_tests(mutation: dict) -> set[str]:
    """The test files that existed at ``before`` (the commit the scores are compared with),
    by their names then and, for those moved since (``tests/`` mirrors the packages), now."""
    listed = subprocess.run(
        ["git", "ls-tree", "-r", "--name-only", mutation["before"], "tests"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    names = set(listed.split())
    moved = subprocess.run(
        ["git", "diff", "--name-status", "-M", "--diff-filter=R", mutation["before"], "HEAD"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    for line in moved.splitlines():
        _status, old, new = line.split("\t")
        if old in names:
            names.add(new)
    return names


def test_command(mutation: dict, tests: list[str], new_first: bool = False) -> str:
    """The tests that existed at ``before`` first, then the new ones: with ``-x`` a mutant is
    stopped by the first test that fails, so the file of that test says whether the older
    tests alone killed it. Survivors re-tested already passed the older tests: the new ones go
    first (``new_first``), and kill sooner."""
    old = existing_tests(mutation)
    ordered = [t for t in tests if t.split("::")[0] in old]
    ordered += [t for t in tests if t not in ordered]
    if new_first:
        ordered = [t for t in ordered if t.split("::")[0] not in old] + [
            t for t in ordered if t.split("::")[0] in old
        ]
    command = [sys.executable, *shlex.split(mutation["pytest"]), *ordered]
    return shlex.join(command)


FAILED = re.compile(r"^(?:FAILED|ERROR) (?:collecting )?(tests/[^\s:]+)", re.MULTILINE)


def killed_by_older_tests(output: str | None, old: set[str]) -> bool:
    """Did a test that existed at ``before`` kill the mutant? A timeout (no output) is counted
    as the older tests' (they run first)."""
    if not output or output == "timeout":
        return True
    found = FAILED.search(output)
    return found is None or found.group(1) in old


def baseline(command: str) -> float:
    """Run the module's tests on the unmutated copy: they must pass; return how long they took."""
    started = time.monotonic()
    done = subprocess.run(
        shlex.split(command), cwd=TREE, env=environment(), capture_output=True, text=True
    )
    seconds = time.monotonic() - started
    if done.returncode != 0:
        sys.exit(f"the unmutated tests fail ({command}):\n{done.stdout[-4000:]}{done.stderr}")
    return seconds


def cosmic_ray(*args: str) -> None:
    executable = Path(sys.executable).with_name("cosmic-ray")
    subprocess.run([str(executable), *args], cwd=TREE, env=environment(), check=True)


def line_ranges(module: str, names: list[str]) -> list[str]:
    """The lines of the named functions (``name`` or ``Class.method``) of ``module``."""
    tree = ast.parse((ROOT / module).read_text())
    found: dict[str, ast.AST] = {}
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            found[node.name] = node
        elif isinstance(node, ast.ClassDef):
            for inner in node.body:
                if isinstance(inner, ast.FunctionDef | ast.AsyncFunctionDef):
                    found[f"{node.name}.{inner.name}"] = inner
    missing = [n for n in names if n not in found]
    if missing:
        sys.exit(f"{module}: no function {', '.join(missing)} ([tool.unograde.mutation.only])")
    return [f"{found[n].lineno}-{found[n].end_lineno}" for n in names]


def write_config(
    module: str, base: dict, command: str, timeout: float, only: list[str] | None
) -> Path:
    from cosmic_ray.config import serialize_config

    config = dict(base)
    config.update({"module-path": module, "test-command": command, "timeout": timeout})
    if only:
        filters = dict(config.get("filters", {}))
        filters["line-filter"] = {"lines": {module: line_ranges(module, only)}}
        config["filters"] = filters
    path = WORK / f"{slug(module)}.toml"
    path.write_text(serialize_config(config))
    return path


def filter_mutants(config: Path, session: Path, lines: bool) -> None:
    """Skip the operators outside our sample, and the lines outside the module's ``only``."""
    bin_dir = Path(sys.executable).parent
    run = [str(bin_dir / "cr-filter-operators"), str(session), str(config)]
    subprocess.run(run, cwd=TREE, check=True)
    if lines:
        run = [str(bin_dir / "cr-filter-lines"), str(session), "--config", str(config)]
        subprocess.run(run, cwd=TREE, check=True)


NOT_SAMPLED = "not in the sample"


def keep_a_sample(session: Path, fraction: float, seed: int) -> tuple[int, int]:
    """Skip all but a reproducible share of the pending mutants (for a machine short of time:
    the command without --sample runs them all). Returns (kept, all)."""
    import random

    with sqlite3.connect(session) as db:
        done = {row[0] for row in db.execute("SELECT job_id FROM work_results")}
        pending = sorted(row[0] for row in db.execute("SELECT job_id FROM work_items"))
        pending = [job for job in pending if job not in done]
        kept = set(random.Random(seed).sample(pending, round(len(pending) * fraction)))
        db.executemany(
            "INSERT INTO work_results (job_id, worker_outcome, output) VALUES (?, 'SKIPPED', ?)",
            [(job, NOT_SAMPLED) for job in pending if job not in kept],
        )
    return len(kept), len(pending)


def forget_the_sample(session: Path) -> int:
    """Make the mutants a --sample run left out pending (the rest of the module)."""
    with sqlite3.connect(session) as db:
        cursor = db.execute("DELETE FROM work_results WHERE output = ?", (NOT_SAMPLED,))
        return cursor.rowcount


def forget_survivors(session: Path, module: str) -> int:
    """Make the survivors of the last run pending again (they are tested with today's tests),
    but for those written down as equivalent: no test can kill them."""
    known = {(e["operator"], e["old"], e["new"]) for e in equivalents() if e["module"] == module}
    with sqlite3.connect(session) as db:
        rows = db.execute(
            "SELECT r.job_id, s.operator_name, r.diff FROM work_results r "
            "JOIN mutation_specs s ON s.job_id = r.job_id WHERE r.test_outcome = 'SURVIVED'"
        ).fetchall()
        again = [(job,) for job, op, diff in rows if (op, *changed_lines(diff or "")) not in known]
        db.executemany("DELETE FROM work_results WHERE job_id = ?", again)
        return len(again)


@dataclass
class Score:
    module: str
    mutants: int = 0
    killed: int = 0
    killed_before: int = 0  # by the tests that existed at ``before``
    timeouts: int = 0
    survived: list[dict] = field(default_factory=list)
    equivalent: list[dict] = field(default_factory=list)
    pending: int = 0
    not_sampled: int = 0

    @property
    def raw(self) -> float:
        return 100.0 * self.killed / self.mutants if self.mutants else 100.0

    @property
    def before(self) -> float:
        return 100.0 * self.killed_before / self.mutants if self.mutants else 100.0

    @property
    def adjusted(self) -> float:
        judged = self.mutants - len(self.equivalent)
        return 100.0 * self.killed / judged if judged else 100.0


def changed_lines(diff: str) -> tuple[str, str]:
    old = [ln[1:].strip() for ln in diff.splitlines() if ln.startswith("-") and ln[:3] != "---"]
    new = [ln[1:].strip() for ln in diff.splitlines() if ln.startswith("+") and ln[:3] != "+++"]
    return " / ".join(old), " / ".join(new)


def equivalents() -> list[dict]:
    if not EQUIVALENTS.exists():
        return []
    return tomllib.loads(EQUIVALENTS.read_text()).get("equivalent", [])


def _function_lines(module: str, names: list[str]) -> set[int]:
    lines: set[int] = set()
    for span in line_ranges(module, names):
        first, last = span.split("-")
        lines.update(range(int(first), int(last) + 1))
    return lines


def unmatched_equivalents(modules: dict[str, list[str]], only: dict[str, list[str]]) -> list[str]:
    """The equivalents written down that no longer match the code: their module is not
    configured, or their changed line (``old``, lines joined by " / ") is not in the module
    (in the functions mutated, where ``only`` names them). Such an entry must be examined
    again, never dropped unread: the line moved, changed or went."""
    problems = []
    sources: dict[str, list[tuple[int, str]]] = {}
    for e in equivalents():
        module = e["module"]
        where = f"{module}: `{e['old']}` to `{e['new']}` ({e['operator']})"
        if module not in modules:
            problems.append(f"{where}: the module is not configured")
            continue
        if module not in sources:
            allowed = _function_lines(module, only[module]) if module in only else None
            sources[module] = [
                (k, line.strip())
                for k, line in enumerate((ROOT / module).read_text().splitlines(), 1)
                if allowed is None or k in allowed
            ]
        lines = sources[module]
        parts = e["old"].count(" / ") + 1
        texts = [t for _, t in lines]
        found = any(
            " / ".join(texts[i : i + k]) == e["old"]
            for k in range(1, parts + 1)
            for i in range(len(texts))
        )
        if not found:
            problems.append(f"{where}: no such line in the code mutated")
        elif e["old"] == e["new"]:
            problems.append(f"{where}: the mutant changes nothing")
    return problems


def unseen_equivalents(result: Score) -> list[dict]:
    """The equivalents of a run's module that matched no surviving mutant: either a test
    killed it (then it was not equivalent: the entry is wrong) or it was not made this run."""
    seen = {(e["operator"], e["old"], e["new"]) for e in result.equivalent}
    return [
        e
        for e in equivalents()
        if e["module"] == result.module and (e["operator"], e["old"], e["new"]) not in seen
    ]


def score(module: str, old: set[str] | None = None) -> Score:
    session = WORK / f"{slug(module)}.sqlite"
    result = Score(module)
    old = old if old is not None else existing_tests(settings()[1])
    if not session.exists():
        return result
    known = [e for e in equivalents() if e["module"] == module]
    with sqlite3.connect(session) as db:
        rows = db.execute(
            "SELECT s.operator_name, s.start_pos_row, r.worker_outcome, r.test_outcome, r.diff, "
            "r.output FROM work_items w JOIN mutation_specs s ON s.job_id = w.job_id "
            "LEFT JOIN work_results r ON r.job_id = w.job_id"
        ).fetchall()
    for operator, row, worker, outcome, diff, output in rows:
        if worker in ("SKIPPED", "NO_TEST"):
            result.not_sampled += output == NOT_SAMPLED
            continue
        result.mutants += 1
        if worker is None:
            result.pending += 1
        elif outcome == "SURVIVED":
            before, after = changed_lines(diff or "")
            entry = {"operator": operator, "line": row, "old": before, "new": after, "diff": diff}
            match = [
                e
                for e in known
                if e["operator"] == operator and e["old"] == before and e["new"] == after
            ]
            if match:
                entry["reason"] = match[0]["reason"]
                result.equivalent.append(entry)
            else:
                result.survived.append(entry)
        else:
            result.killed += 1
            result.timeouts += output == "timeout"
            result.killed_before += killed_by_older_tests(output, old)
    return result


def write_survivors(result: Score) -> Path:
    path = WORK / f"{slug(result.module)}.survivors.md"
    lines = [f"# {result.module}: {len(result.survived)} survivors\n"]
    for entry in sorted(result.survived, key=lambda e: e["line"]):
        lines.append(f"## line {entry['line']}: {entry['operator']}\n")
        lines.append(f"```diff\n{entry['diff']}```\n")
    path.write_text("\n".join(lines))
    return path


def table(modules: list[str]) -> str:
    head = (
        "| module | mutants | killed before | killed now (by timeout) | equivalent | survived "
        "| before | now | now, of non-equivalent |\n"
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|"
    )
    old = existing_tests(settings()[1])
    rows = []
    for module in modules:
        s = score(module, old)
        if not s.mutants:
            rows.append(f"| `{module}` | not run | | | | | | | |")
            continue
        pending = f" ({s.pending} not yet run)" if s.pending else ""
        if s.not_sampled:
            pending += f" (a sample of {s.mutants + s.not_sampled})"
        rows.append(
            f"| `{module}` | {s.mutants}{pending} | {s.killed_before} | {s.killed} "
            f"({s.timeouts}) | {len(s.equivalent)} | {len(s.survived)} | {s.before:.1f}% | "
            f"{s.raw:.1f}% | {s.adjusted:.1f}% |"
        )
    return "\n".join([head, *rows])


DOCS = ROOT / "docs" / "mutation.md"


def equivalents_text(modules: list[str]) -> str:
    lines = []
    for module in modules:
        known = [e for e in equivalents() if e["module"] == module]
        if not known:
            continue
        lines.append(f"`{module}`:\n")
        for e in known:
            lines.append(f"- `{e['old']}` to `{e['new']}` ({e['operator']}): {e['reason']}")
        lines.append("")
    return "\n".join(lines) or "None."


def write_docs(modules: list[str]) -> None:
    """Put the table and the equivalents between their markers in docs/mutation.md."""
    text = DOCS.read_text()
    for name, body in (("scores", table(modules)), ("equivalents", equivalents_text(modules))):
        start, end = f"<!-- {name} -->", f"<!-- /{name} -->"
        head, rest = text.split(start, 1)
        _, tail = rest.split(end, 1)
        text = f"{head}{start}\n{body.strip()}\n{end}{tail}"
    DOCS.write_text(text)


def run(
    module: str,
    tests: list[str],
    base: dict,
    mutation: dict,
    survivors: bool,
    sample: float | None = None,
    seed: int = 0,
    rest: bool = False,
) -> Score:
    only = mutation.get("only", {}).get(module)
    session = WORK / f"{slug(module)}.sqlite"
    command = test_command(mutation, tests, new_first=survivors and session.exists())
    seconds = baseline(command)
    timeout = round(max(mutation["min_timeout"], mutation["timeout_factor"] * seconds), 1)
    config = write_config(module, base, command, timeout, only)
    if survivors and session.exists():
        print(f"{module}: re-testing {forget_survivors(session, module)} survivors", flush=True)
    elif rest and session.exists():
        print(f"{module}: the {forget_the_sample(session)} mutants left out", flush=True)
    else:
        cosmic_ray("init", "--force", str(config), str(session))
        filter_mutants(config, session, bool(only))
        if sample is not None:
            kept, total = keep_a_sample(session, sample, seed)
            print(f"{module}: a sample of {kept} of {total} mutants (seed {seed})", flush=True)
    print(f"{module}: tests take {seconds:.1f} s unmutated; timeout {timeout} s", flush=True)
    cosmic_ray("exec", str(config), str(session))
    result = score(module)
    path = write_survivors(result)
    if not result.pending and not result.not_sampled:
        for e in unseen_equivalents(result):
            print(
                f"{module}: written down as equivalent but not a survivor of this run (killed, "
                f"or not made): `{e['old']}` to `{e['new']}` ({e['operator']})",
                flush=True,
            )
    print(
        f"{module}: {result.killed}/{result.mutants} killed ({result.raw:.1f}%), "
        f"{len(result.equivalent)} equivalent, {len(result.survived)} survivors in "
        f"{path.relative_to(ROOT)}",
        flush=True,
    )
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("modules", nargs="*", help="paths of modules (default: all configured)")
    parser.add_argument("--survivors", action="store_true", help="re-test only last survivors")
    parser.add_argument("--table", action="store_true", help="print the table of scores")
    parser.add_argument("--docs", action="store_true", help="write the table into the docs")
    parser.add_argument(
        "--check", action="store_true", help="check that every equivalent matches the code"
    )
    parser.add_argument(
        "--sample", type=float, help="run only this share of each module's mutants (0-1)"
    )
    parser.add_argument("--seed", type=int, default=0, help="which sample (with --sample)")
    parser.add_argument(
        "--rest", action="store_true", help="run the mutants a --sample run left out"
    )
    args = parser.parse_args(argv)
    base, mutation = settings()
    configured: dict[str, list[str]] = mutation["modules"]
    modules = args.modules or list(configured)
    unknown = [m for m in modules if m not in configured]
    if unknown:
        parser.error(f"not configured in [tool.unograde.mutation.modules]: {', '.join(unknown)}")
    if args.check:
        problems = unmatched_equivalents(configured, mutation.get("only", {}))
        for problem in problems:
            print(problem)
        print(f"{len(equivalents())} equivalents, {len(problems)} not matching the code")
        return 1 if problems else 0
    if args.table:
        print(table(modules))
        return 0
    if args.docs:
        write_docs(modules)
        return 0
    os.nice(mutation.get("nice", 10))
    WORK.mkdir(exist_ok=True)
    copy_tree()
    failing = []
    try:
        for module in modules:
            result = run(
                module,
                configured[module],
                base,
                mutation,
                args.survivors,
                args.sample,
                args.seed,
                args.rest,
            )
            if result.adjusted < mutation["goal"]:
                failing.append(module)
    finally:
        shutil.rmtree(TREE, ignore_errors=True)
    print(table(modules))
    if failing:
        print(f"below {mutation['goal']}%: {', '.join(failing)}")
    return 1 if failing else 0


if __name__ == "__main__":
    sys.exit(main())
