"""Every command the README and the documentation show is run, and exits as they say.

A command is a line starting with ``$ `` in a shell block (```` ```console ````, ``sh``,
``bash``, ``shell``), continued by lines ending in ``\\``; what follows it up to the next
``$ `` is its shown output (not compared here). Each page's commands run in order in one bash
shell, in a fresh folder holding a copy of ``examples/`` and ``fixtures/``, so ``cd``,
``export`` and ``. .venv/bin/activate`` carry on to the page's next command; ``unograde`` and
``python3`` there are the code under test. A block with a title (```` ```toml
title="term.toml" ````) is written to that file where it stands. An HTML comment on the line
before a block changes that block only:

* ``<!-- docs-test: exit N (why) -->``: each of its commands must exit N (else 0);
* ``<!-- docs-test: repository -->``: its commands run in the repository (read-only ones);
* ``<!-- docs-test: requires ghc -->``: its commands run only where ``ghc`` is installed;
* ``<!-- docs-test: skip: why -->``: its commands are not run (installs, the suite itself, a
  server, a game a person plays, runs of an hour); there are few (``SKIP_BUDGET``).

``<!-- docs-test: before: COMMAND -->`` anywhere on a page runs COMMAND before its first
block. docs/development.md says the same for writers of the docs.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SHELLS = {"console", "sh", "bash", "shell", "shell-session"}
SKIP_BUDGET = 10  # blocks not run, over the README and every page: few, each with its reason
_FENCE = re.compile(r"^(?P<indent> {0,3})(?P<fence>`{3,}|~{3,})(?P<info>.*)$")
_DIRECTIVE = re.compile(r"^\s*<!--\s*docs-test:\s*(?P<what>.*?)\s*-->\s*$")
_TITLE = re.compile(r'title="(?P<title>[^"]+)"')


class DocsError(ValueError):
    """A page's blocks or directives that the test cannot read: named by page and line."""


@dataclass
class Command:
    line: int
    text: str


@dataclass
class Block:
    page: str
    line: int  # the fence's line, from 1
    language: str
    title: str | None
    body: str
    commands: list[Command] = field(default_factory=list)
    status: int = 0
    skip: str | None = None
    repository: bool = False
    requires: list[str] = field(default_factory=list)  # commands it needs on PATH


@dataclass
class Page:
    path: str
    blocks: list[Block]
    before: list[str]


def pages() -> list[Path]:
    """The README and every page of the site."""
    return [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]


def parse(text: str, name: str) -> Page:
    """The blocks of one Markdown page, with their commands and directives."""
    lines = text.split("\n")
    blocks: list[Block] = []
    before: list[str] = []
    pending: list[str] = []  # the directives on the lines before the next fence
    i = 0
    while i < len(lines):
        line = lines[i]
        directive = _DIRECTIVE.match(line)
        if directive:
            what = directive["what"]
            if what.startswith("before:"):
                command = what[len("before:") :].strip()
                if not command:
                    raise DocsError(f"{name}:{i + 1}: 'before:' names no command")
                before.append(command)
            else:
                pending.append(what)
            i += 1
            continue
        fence = _FENCE.match(line)
        if not fence:
            if line.strip():
                pending = []
            i += 1
            continue
        marker, info = fence["fence"], fence["info"].strip()
        start = i
        i += 1
        body: list[str] = []
        while i < len(lines) and not (
            lines[i].strip().startswith(marker[0] * len(marker))
            and not lines[i].strip().strip(marker[0])
        ):
            body.append(lines[i][len(fence["indent"]) :])
            i += 1
        if i >= len(lines):
            raise DocsError(f"{name}:{start + 1}: a block that is never closed")
        i += 1
        words = info.split()
        language = words[0].lower() if words and not words[0].startswith("{") else ""
        title = _TITLE.search(info)
        block = Block(
            page=name,
            line=start + 1,
            language=language,
            title=title["title"] if title else None,
            body="\n".join(body) + "\n",
        )
        for what in pending:
            _apply(block, what, name, start)
        if pending:
            if language not in SHELLS:
                raise DocsError(f"{name}:{start}: a docs-test directive before no command")
        pending = []
        if language in SHELLS:
            block.commands = _commands(body, start + 2)
            if not block.commands:
                raise DocsError(
                    f"{name}:{start + 1}: a {language} block without a '$ ' prompt: write "
                    "each command as '$ command' so that the docs test runs it"
                )
        blocks.append(block)
    return Page(path=name, blocks=blocks, before=before)


def _apply(block: Block, what: str, name: str, index: int) -> None:
    where = f"{name}:{index}"
    if what.startswith("skip:"):
        block.skip = what[len("skip:") :].strip()
        if not block.skip:
            raise DocsError(f"{where}: 'skip:' gives no reason")
    elif what == "repository":
        block.repository = True
    elif match := re.fullmatch(r"requires ([\w.+-]+)", what):
        block.requires.append(match[1])
    elif match := re.fullmatch(r"exit (\d+)\s*(\(.+\))?", what):
        block.status = int(match[1])
    else:
        raise DocsError(f"{where}: unknown docs-test directive {what!r}")


def _commands(body: list[str], first: int) -> list[Command]:
    """The ``$ `` lines of a shell block, each with the lines that continue it (``\\``)."""
    commands: list[Command] = []
    continued = False
    for offset, line in enumerate(body):
        if continued:
            commands[-1].text += "\n" + line
        elif line.startswith("$ "):
            commands.append(Command(line=first + offset, text=line[2:]))
        else:
            continue
        continued = line.rstrip().endswith("\\")
    return commands


def script(page: Page, root: Path, work: Path) -> str:
    """The bash script that runs a page's commands in ``work``, stopping at the first that
    exits otherwise than the page says."""
    out = [f"cd {shlex.quote(str(work))} || exit 96"]
    for command in page.before:
        out.append(_checked(command, 0, f"{page.path}: before"))
    for block in page.blocks:
        if block.title and not block.commands:
            target = block.title
            if target.startswith("/") or ".." in Path(target).parts:
                raise DocsError(f"{page.path}:{block.line}: a title outside the folder")
            out.append(f"cat > {shlex.quote(target)} <<'DOCS_TEST_END_OF_FILE'")
            out.append(block.body.rstrip("\n"))
            out.append("DOCS_TEST_END_OF_FILE")
        if block.skip is not None or not all(shutil.which(c) for c in block.requires):
            continue
        for command in block.commands:
            text = command.text.removeprefix(INSTALLED)
            if block.repository:
                text = f"(cd {shlex.quote(str(root))} && {text}\n)"
            out.append(_checked(text, block.status, f"{page.path}:{command.line}"))
    out.append("echo 'docs-test: every command exited as the page says'")
    return "\n".join(out) + "\n"


# The README's first command installs unograde and then grades: the tests' environment is that
# install already (and its temporary folder holds no pyproject.toml), so the install is dropped.
INSTALLED = "python3 -m pip install -e . && "
CANNOT_INSTALL = 98  # a page's `pip install` failed: this machine cannot reach the packages


def _checked(command: str, status: int, where: str) -> str:
    shown = command.splitlines()[0][:120]
    stop = CANNOT_INSTALL if "pip install" in command else 97
    return (
        f"echo {shlex.quote('docs-test: $ ' + shown)}\n"
        f"{command}\n"
        f'__s=$?; if [ "$__s" != {status} ]; then echo {shlex.quote("docs-test: " + where)}'
        f'": exited $__s, expected {status}: " {shlex.quote(shown)} >&2; exit {stop}; fi'
    )


def _environment(tmp: Path) -> dict[str, str]:
    """``unograde``, ``python3``, ``python`` and ``pytest`` are the code under test; the
    environment variables that change unograde's defaults are unset, as on a fresh machine."""
    bin_dir = tmp / "bin"
    bin_dir.mkdir()
    path = shlex.quote(str(ROOT))
    python = shlex.quote(sys.executable)
    wrappers = {
        "unograde": f"{python} -m graders.cli",
        "python3": python,
        "python": python,
        "pytest": f"{python} -m pytest",
    }
    for name, target in wrappers.items():
        wrapper = bin_dir / name
        wrapper.write_text(
            f'#!/bin/sh\nPYTHONPATH={path}${{PYTHONPATH:+:$PYTHONPATH}} exec {target} "$@"\n'
        )
        wrapper.chmod(0o755)
    env = dict(os.environ)
    for name in ("UNOGRADE_GRADEBOOK", "UNOGRADE_COURSE", "UNOGRADE_TERM", "VIRTUAL_ENV"):
        env.pop(name, None)
    env["PATH"] = f"{bin_dir}{os.pathsep}{env.get('PATH', '')}"
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    return env


# -- the parser, on pages made for it (fast) ---------------------------------------------------


def test_commands_outputs_titles_and_directives_are_read_as_written():
    text = """# A page
<!-- docs-test: before: unograde kit uno-moves -->

```console
$ unograde list                      # the assignments
uno-moves ...
$ unograde grade uno-moves \\
      examples/uno-moves/ben.py
ben: 83.09 / 100
```

```toml title="term.toml"
[late.uno-moves]
```

<!-- docs-test: exit 1 (the starter fails) -->
<!-- docs-test: requires no-such-compiler -->
```console
$ unograde check uno-moves starter
```

<!-- docs-test: skip: a server -->
```sh
$ mkdocs serve
```

```text
$ not a command: a text block
```
"""
    page = parse(text, "page.md")
    assert page.before == ["unograde kit uno-moves"]
    first, toml, check, serve, shown = page.blocks
    assert [c.text for c in first.commands] == [
        "unograde list                      # the assignments",
        "unograde grade uno-moves \\\n      examples/uno-moves/ben.py",
    ]
    assert [c.line for c in first.commands] == [5, 7]
    assert (toml.title, toml.body) == ("term.toml", "[late.uno-moves]\n")
    assert check.status == 1 and check.skip is None and check.requires == ["no-such-compiler"]
    assert serve.skip == "a server" and serve.commands[0].text == "mkdocs serve"
    assert shown.commands == [] and shown.language == "text"
    made = script(page, ROOT, Path("/work/x"))
    assert "mkdocs serve" not in made
    assert "cat > term.toml <<'DOCS_TEST_END_OF_FILE'\n[late.uno-moves]\n" in made
    assert made.index("unograde kit uno-moves") < made.index("unograde list")
    assert "unograde check uno-moves starter" not in made  # no such compiler here
    check.requires = []
    made = script(page, ROOT, Path("/work/x"))
    assert made.index("term.toml") < made.index("unograde check uno-moves starter")


@pytest.mark.parametrize(
    "text, says",
    [
        ("```sh\nunograde list\n```\n", "without a '$ ' prompt"),
        ("<!-- docs-test: sometimes -->\n```console\n$ ls\n```\n", "unknown docs-test directive"),
        ("<!-- docs-test: skip: -->\n```console\n$ ls\n```\n", "gives no reason"),
        ("```console\n$ ls\n", "never closed"),
    ],
)
def test_a_page_the_test_cannot_read_is_named_with_its_line(text, says):
    with pytest.raises(DocsError, match=re.escape(says)) as raised:
        parse(text, "bad.md")
    assert str(raised.value).startswith("bad.md:")


def test_the_script_stops_at_a_command_that_exits_otherwise(tmp_path):
    page = parse(
        "```console\n$ true\n$ false\n$ touch reached\n```\n"
        "<!-- docs-test: exit 1 (said) -->\n```console\n$ false\n```\n",
        "stops.md",
    )
    run = subprocess.run(
        ["bash", "-c", script(page, ROOT, tmp_path)], capture_output=True, text=True
    )
    assert run.returncode == 97
    assert "stops.md:3: exited 1, expected 0" in run.stderr
    page = parse("```console\n$ python3 -m pip install --no-index no-such-package\n```\n", "p.md")
    run = subprocess.run(
        ["bash", "-c", script(page, ROOT, tmp_path)], capture_output=True, text=True
    )
    assert run.returncode == CANNOT_INSTALL
    assert not (tmp_path / "reached").exists()
    page = parse("<!-- docs-test: exit 1 (said) -->\n```console\n$ false\n```\n", "ok.md")
    run = subprocess.run(
        ["bash", "-c", script(page, ROOT, tmp_path)], capture_output=True, text=True
    )
    assert run.returncode == 0, run.stderr


# -- the pages themselves -----------------------------------------------------------------------


def _read(path: Path) -> Page:
    return parse(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)))


def test_every_page_can_be_read_and_few_blocks_are_not_run():
    read = [_read(path) for path in pages()]
    skipped = [(b.page, b.line, b.skip) for page in read for b in page.blocks if b.skip]
    assert len(skipped) <= SKIP_BUDGET, skipped
    commands = sum(len(b.commands) for page in read for b in page.blocks if not b.skip)
    assert commands >= 30  # the README's and the pages' walks are all there


@pytest.fixture(scope="module")
def build_cache(tmp_path_factory) -> Path:
    """One build cache for every page: a Haskell part is compiled once in the whole run."""
    return tmp_path_factory.mktemp("builds")


@pytest.mark.slow
@pytest.mark.parametrize("path", pages(), ids=lambda p: str(p.relative_to(ROOT)))
def test_every_command_a_page_shows_exits_as_it_says(path, tmp_path, build_cache):
    page = _read(path)
    if not any(b.commands and b.skip is None for b in page.blocks) and not page.before:
        return  # a page that shows no command to run (the checks above still read it)
    work = tmp_path / "work"
    work.mkdir()
    for folder in ("examples", "fixtures"):
        shutil.copytree(ROOT / folder, work / folder, symlinks=True)
    env = _environment(tmp_path)
    env["UNOGRADE_BUILD_CACHE"] = str(build_cache)
    run = subprocess.run(
        ["bash", "-c", script(page, ROOT, work)],
        capture_output=True,
        text=True,
        env=env,
        timeout=900,
        stdin=subprocess.DEVNULL,
    )
    if run.returncode == CANNOT_INSTALL:  # as tests/kit/ do where pip cannot install
        pytest.skip(f"this machine cannot install the page's packages: {run.stderr[-800:]}")
    assert run.returncode == 0, (
        f"{run.stderr[-3000:]}\n--- the page's output, last lines:\n{run.stdout[-3000:]}"
    )
    assert "every command exited as the page says" in run.stdout
