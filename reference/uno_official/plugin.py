"""uno-official as the grader sees it (named in ``assignments/uno-official/assignment.toml``).

Three parts, one submission module (``uno_official.py``):

- ``deal`` and ``rules``: the student's own engine (``deal_from_deck``, ``apply``) on the
  conformance scenarios of ``fixtures/uno-official``.  The child-side adapter reduces each
  answer to a canonical form (``adapter.canonical``), so the grader's structural comparison
  is exactly the conformance rule, and ``describe`` explains a difference field by field.
- ``strategy``: ``strategy(view) -> action``.  Its cases are the positions with a single legal
  answer; the real test is a tournament against the reference bots, played by the ``review``
  hook through the sandbox (see the assignment page's Decisions for why there).

Also ``play`` (the terminal game) and ``tournament`` (``unograde tournament``).  This module
runs in the grader only; student code never imports it.
"""

from __future__ import annotations

import importlib.util
import random
from collections.abc import Mapping, Sequence
from functools import cached_property
from pathlib import Path
from types import ModuleType
from typing import Any

import click

from graders.assignment import Assignment
from graders.contract import (
    AssignmentPlugin,
    Commands,
    Explanation,
    FixtureGeneration,
    Review,
    SelfCheck,
    Views,
)
from graders.extras import play_command
from graders.paths import assignment_dir
from graders.results import CaseOutcome, CaseResult
from graders.submission import Submission
from graders.tournaments.cli import tournament_command
from graders.views import aligned_pile
from graders.vocabulary import Case, FixtureRequest, Limits, ProbeAnswers, ReviewResult
from unokit.compare import normalise
from unokit.loader import load_module

from . import explain
from .state import Rules
from .tournament import check_thresholds, run_tournament

STUDENT = "student"  # the submission's seat name in graded tournaments (never a bot's name)
# Whether an answer is one and what differs: the module students' self-check kits carry too
# (``unograde kit uno-official``), so the grader and the kit say the same thing. The plugin's
# check_shape, check_size, describe and show_input are the contract's defaults, which call
# this module's functions of those names.
FEEDBACK_FILE = assignment_dir("uno-official") / "feedback.py"
FEEDBACK = load_module(FEEDBACK_FILE)
describe = FEEDBACK.describe
FIELD_ORDER = FEEDBACK.FIELD_ORDER
MAX_LINES = FEEDBACK.MAX_LINES
_action_words = FEEDBACK._action_words
CARD_CLASS = {"R": "red", "Y": "yellow", "G": "green", "B": "blue", "W": "wild"}


def load_adapter(assignment: Assignment) -> ModuleType:
    """The child-side adapter, imported here too: one ``canonical`` for both sides."""
    path = assignment.folder / (assignment.adapter or "adapter.py")
    spec = importlib.util.spec_from_file_location("_uno_official_adapter", path)
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot load {path}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# ---------------------------------------------------------------------------------------------
# Cases


def _read_json(path: Path) -> Any:
    import json

    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except ValueError as exc:
        raise ValueError(f"{path}: not valid JSON ({exc})") from None


def load_case(adapter: ModuleType, entry: Mapping[str, Any], root: Path) -> Case:
    """A manifest entry as a call: the adapter gets the plain arguments and the comparison
    mode (the expected outcome never crosses into the sandbox)."""
    part = entry["part"]
    given = _read_json(root / entry["input"])
    expected_doc = _read_json(root / entry["expected"])
    if part == "strategy":
        args: tuple = (given["view"],)
        expected: Any = expected_doc["action"]
    elif part == "deal":
        deal = given["deal"]
        mode = "first-discard" if expected_doc.get("shuffled") == "first-discard" else "exact"
        args = (
            deal["rules"],
            deal["seed"],
            deal["shuffles"],
            deal["deck"],
            deal["dealer"],
            deal["scores"],
            deal["round_no"],
            deal["turn"],
            mode,
        )
        expected = adapter.canonical(expected_doc, mode)
    elif part == "rules":
        mode = "shuffled" if expected_doc.get("shuffled") else "exact"
        args = (given["state"], given["action"], mode)
        expected = adapter.canonical(expected_doc, mode)
    else:
        raise ValueError(f"{entry['input']}: unknown part {part!r}")
    return Case(
        name=entry["name"],
        part=part,
        visibility=entry["visibility"],
        args=args,
        expected=expected,
        covers=tuple(entry.get("covers", ())),
        input_path=entry["input"],
        expected_path=entry["expected"],
    )


def _cards(cards: Any) -> list[dict[str, str]]:
    if not isinstance(cards, list):
        return []
    return [
        {"text": str(c), "cls": CARD_CLASS.get(str(c)[:1], "other")}
        for c in cards
        if isinstance(c, str)
    ]


def card_class(card: Any) -> str:
    """The CSS class of a card code's colour (``R5`` -> ``red``)."""
    return CARD_CLASS.get(str(card)[:1], "other")


def _aligned(label: str, expected: Any, actual: Any) -> dict:
    """A pile expected and returned, card under card (``graders.views``)."""
    want = [str(c) for c in expected] if isinstance(expected, list) else []
    got = None if actual is None else [str(c) for c in actual] if isinstance(actual, list) else []
    return aligned_pile(label, want, got, str, card_class)


def view(part: str, args: tuple, expected: Any, actual: Any | None) -> dict:
    """What the HTML report draws for a failed public case: the given state's table, then
    each pile or hand that differs (expected above yours) and the fields that differ."""
    exp = normalise(expected)
    act = normalise(actual) if isinstance(actual, dict) else None
    given: dict = {}
    if part == "rules" and isinstance(args[0], dict):
        given = args[0]
    rows = []
    fields = []
    want = exp.get("state", {}) if isinstance(exp, dict) else {}
    got = (act or {}).get("state", {}) if act else {}
    if part == "strategy":
        return {
            "kind": "uno-official",
            "given": {"hand": _cards(args[0].get("hand")), "top": _cards([args[0].get("top")])},
            "rows": [],
            "fields": [
                {"name": "action", "expected": _action_words(exp), "actual": _action_words(act)}
            ],
            "note": "The view the strategy was given had a single legal action.",
        }
    for key in ("hands", "discard", "draw_pile"):
        if key not in want:
            continue
        if key == "hands":
            for k, hand in enumerate(want[key]):
                mine = got.get("hands") if isinstance(got.get("hands"), list) else None
                g = mine[k] if mine and k < len(mine) else None
                if g != hand:
                    rows.append(_aligned(f"hand {k}", hand, g if act else None))
        elif got.get(key) != want[key]:
            mine = got.get(key) if isinstance(got.get(key), list) else []
            rows.append(
                _aligned(
                    key.replace("_", " ") + " (top first)",
                    want[key][:30],
                    mine[:30] if act else None,
                )
            )
    for key in FIELD_ORDER:
        if key in ("hands", "discard", "draw_pile"):
            continue
        if key in want and want[key] != got.get(key):
            fields.append({"name": key, "expected": repr(want[key]), "actual": repr(got.get(key))})
    if "error" in exp or (act and "error" in act):
        fields.append(
            {
                "name": "outcome",
                "expected": "ValueError (illegal)" if "error" in exp else "a state",
                "actual": "ValueError (illegal)" if act and "error" in act else "a state",
            }
        )
    note = ""
    if "hand_sizes" in exp or "first_discard" in exp:
        note = "A shuffle happened: card order in the shuffled piles is your engine's own."
    return {
        "kind": "uno-official",
        "given": {
            "hand": _cards(given.get("hands", [[]])[given.get("current", 0)] if given else []),
            "top": _cards(given.get("discard", [])[:1]),
        },
        "rows": rows,
        "fields": fields,
        "note": note,
    }


def generate_fixtures(request: FixtureRequest) -> list[Path]:
    """``unograde fixtures generate uno-official --count N --seed S --out DIR``: the
    hand-written scenarios plus ``count`` sampled from seeded play, with a manifest."""
    from .scenarios import write_fixtures

    return write_fixtures(request.out, seed=request.seed, count=request.count)


# ---------------------------------------------------------------------------------------------
# The terminal game


def play(seed: int | None = None, players: int | None = None, manual: int | None = None) -> int:
    """``unograde play uno-official``: one person (seat 0) against bots, or (``--manual 0``)
    the bots among themselves."""
    from rich.console import Console

    from . import tui

    players = 4 if players is None else players
    manual = 1 if manual is None else manual
    if not 2 <= players <= 10:
        raise ValueError(f"uno-official: --players must be between 2 and 10, not {players}")
    if manual not in (0, 1):
        raise ValueError(
            f"uno-official: --manual is 1 (you against bots) or 0 (watch the bots), not {manual}"
        )
    console = Console()
    if seed is None:
        seed = random.SystemRandom().randrange(1_000_000)
        console.print(f"seed {seed} (replay this game with --seed {seed})", highlight=False)
    rules = Rules(num_players=players)
    if manual == 0:
        tui.watch_terminal(seed, console=console, rules=rules)
    else:
        tui.play_terminal(seed, console=console, rules=rules)
    return 0


# ---------------------------------------------------------------------------------------------
# Tournaments


def _load_strategies(assignment: Assignment, paths: Sequence[Path]) -> list[Submission]:
    """Each path as submissions (a file, folder, notebook or zip, as ``unograde grade`` reads
    them); one that cannot run at all (a syntax error) stops here, naming the place."""
    from graders.submission import assign_names, cleanup, load_submissions

    subs: list[Submission] = []
    try:
        for path in paths:
            subs.extend(load_submissions(Path(path), assignment.module))
    except ValueError:
        cleanup(subs)
        raise
    assign_names(subs)
    for sub in subs:
        if sub.problem:
            cleanup(subs)
            name = Path(sub.origin).name
            where = sub.problem.removeprefix(name) if sub.problem.startswith(name) else ""
            raise ValueError(f"{sub.origin}{where}" if where else f"{sub.origin}: {sub.problem}")
    return subs


def tournament(
    assignment: Assignment,
    strategy_paths: Sequence[Path],
    games: int = 100,
    seed: int = 0,
    out: Path | None = None,
    isolation: str = "auto",
) -> int:
    """``unograde tournament uno-official [STRATEGY.py ...]``: seeded matches, seats rotated,
    students' strategies in the sandbox against reference bots (or each other), standings with
    95% confidence intervals; ``--out DIR`` adds ``tournament.html`` and ``tournament.json``."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn

    from graders.run.sandbox import choose_isolation, isolation_text
    from graders.submission import cleanup

    from . import arena, report

    config = arena.tournament_config(assignment)
    try:
        mode = choose_isolation(isolation)
    except RuntimeError as exc:
        raise ValueError(str(exc)) from None
    subs = _load_strategies(assignment, strategy_paths)
    if len(subs) > arena.SEATS:
        cleanup(subs)
        raise ValueError(f"at most {arena.SEATS} strategies play at one table, got {len(subs)}")
    err = Console(stderr=True)
    try:
        with arena.sandboxed(
            assignment,
            [(s.name, s.folder) for s in subs if s.folder is not None],
            assignment.limits,
            mode,
            arena.expected_calls(games),
            config.max_failures,
        ) as students:
            entries = arena.lineup(students, config.opponents, seed)
            progress = Progress(
                "[progress.description]{task.description}",
                BarColumn(),
                MofNCompleteColumn(),
                TimeElapsedColumn(),
                console=err,
                transient=True,
            )
            with progress:
                task = progress.add_task("playing", total=games)
                result = run_tournament(
                    entries,
                    games,
                    seed,
                    progress=lambda done: progress.update(task, completed=done),
                )
    finally:
        cleanup(subs)
    console = Console()
    who = "the reference bots" if not subs else ", ".join(s.name for s in subs)
    title = f"uno-official tournament: {who}"
    console.print(report.standings_table(result, title))
    for m in result.misplays[:10]:
        console.print(f"misplay: {report.misplay_text(m)}", highlight=False, markup=False)
        console.print(f"  saw: {report.view_text(m.view)}", highlight=False, markup=False)
    if len(result.misplays) > 10:
        console.print(f"… and {len(result.misplays) - 10} more misplays", highlight=False)
    console.print(f"isolation: {isolation_text(mode) if subs else 'none needed (bots only)'}")
    if out is not None:
        meta = {
            "games": games,
            "target": Rules().target_score,
            "isolation": isolation_text(mode) if subs else "no student code ran",
        }
        try:
            written = report.write_outputs(Path(out), result, title, meta)
        except OSError as exc:
            raise ValueError(f"{out}: cannot write the report ({exc.strerror or exc})") from None
        console.print(f"report: {written[0]} (data: {written[1]})", highlight=False)
    return 0


# ---------------------------------------------------------------------------------------------
# Grading the strategy: the review hook plays the thresholds' tournaments


def review(
    assignment: Assignment,
    submission: Submission,
    case_results: Sequence[CaseResult],
    isolation: str = "auto",
    limits: Limits | None = None,
) -> ReviewResult:
    """Play the configured tournaments with the submission's strategy (in the sandbox) and
    turn each threshold into a note; an unmet one takes its points off the strategy part.

    Only a full grade plays them (the hidden cases are included): ``unograde check`` and
    ``--public-only`` runs stay quick.  The leaderboard gets the measured win rates and
    average points.
    """
    from . import arena

    mine = [r for r in case_results if r.part == "strategy"]
    if not mine:
        return ReviewResult()
    if not any(r.hidden for r in case_results):
        return ReviewResult(
            ["Tournament thresholds are checked in a full grade (with hidden cases)."]
        )
    if any(r.outcome == CaseOutcome.MISSING for r in mine):
        return ReviewResult(["No strategy function: the tournament thresholds were not played."])
    if any(r.messages and r.messages[0].startswith("importing") for r in mine):
        return ReviewResult(
            ["The module does not import: the tournament thresholds were not played."]
        )
    config = arena.tournament_config(assignment)
    if not config.thresholds or submission.folder is None:
        return ReviewResult()
    results = arena.play_thresholds(
        assignment, submission.folder, STUDENT, config, isolation=isolation, limits=limits
    )
    notes: list[str] = []
    unmet = 0.0
    board: list[dict] = []
    for opponents, result in results.items():
        standing = next(st for st in result.standings if st.name == STUDENT)
        board.append(
            {
                "name": f"Win rate vs {opponents} bots",
                "value": round(standing.win_rate.value, 4),
                "order": "desc",
            }
        )
        board.append(
            {
                "name": f"Average points vs {opponents} bots",
                "value": round(standing.points.value, 1),
                "order": "desc",
            }
        )
        if standing.misplays:
            examples = [m for m in result.misplays if m.name == STUDENT][:2]
            notes.append(
                f"vs {opponents} bots: forfeited {standing.misplays} of {result.standings[0].games}"
                " games by misplays (an illegal action, an exception or no answer); for example "
                + "; ".join(_misplay_note(m) for m in examples)
            )
    for t in config.thresholds:
        result = results[t.opponents]
        [(_, value, met)] = check_thresholds(result, STUDENT, [t])
        standing = next(st for st in result.standings if st.name == STUDENT)
        interval = standing.win_rate if t.metric == "win_rate" else standing.points
        measured = (
            f"{value:.1%} [{interval.low:.1%}, {interval.high:.1%}]"
            if t.metric == "win_rate"
            else f"{value:.0f} [{interval.low:.0f}, {interval.high:.0f}]"
        )
        games = f"{config.games} games, seed {config.seed}"
        if met:
            notes.append(f"met: {t.description or t.name} (measured {measured}; {games})")
        else:
            unmet += t.points
            why = " (any misplay fails every threshold)" if standing.misplays else ""
            notes.append(
                f"not met, -{t.points:g} points: {t.description or t.name} "
                f"(measured {measured}; {games}){why}"
            )
    earned = sum(r.points for r in mine)
    deduction = round(min(unmet, earned), 6)
    return ReviewResult(notes, deduction, board)


def _misplay_note(m: Any) -> str:
    from .report import misplay_text, view_text

    return f"{misplay_text(m)} (it saw: {view_text(m.view)})"


class Plugin(AssignmentPlugin, Views, Explanation, Review, FixtureGeneration, Commands, SelfCheck):
    """uno-official: the student's engine on conformance scenarios, and a strategy played in
    tournaments against the reference's bots."""

    def first_divergence(self, case: Case, value: Any, answers: ProbeAnswers | None) -> dict | None:
        """A scenario is one action: that action, the rule of the rules text that decides
        it, what the reference's engine and the student's made of it, the state before."""
        return explain.first_divergence(case.part, case.args, case.expected, value)

    def template_filters(self) -> Mapping[str, Any]:
        return {"official_card_class": card_class}

    @cached_property
    def adapter(self) -> ModuleType:
        return load_adapter(self.assignment)

    def load_case(self, entry: Mapping[str, Any], root: Path) -> Case:
        return load_case(self.adapter, entry, root)

    def view(self, part: str, args: tuple, expected: Any, actual: Any | None) -> dict | None:
        return view(part, args, expected, actual)

    def review(
        self, submission: Submission, results: Sequence[CaseResult], limits: Limits, isolation: str
    ) -> ReviewResult:
        """The thresholds' tournaments, the strategy in the sandbox (a full grade only)."""
        return review(self.assignment, submission, results, isolation=isolation, limits=limits)

    def generate_fixtures(self, request: FixtureRequest) -> list[Path]:
        return generate_fixtures(request)

    def kit_feedback(self) -> Path:
        return FEEDBACK_FILE

    def kit_notebook(self) -> str | None:
        return "uno_official.py"  # a module submission may be a notebook (Decisions)

    def kit_notes(self) -> Sequence[str]:
        return [
            "the strategy's tournament thresholds (against the reference's bots) are played "
            "only by the grader; the kit checks the strategy's forced moves"
        ]

    def commands(self) -> Sequence[click.Command]:
        def run(paths: list[Path], **options: Any) -> int:
            return tournament(self.assignment, paths, **options)

        return [
            play_command(play, "Play uno-official in the terminal against the reference's bots."),
            tournament_command(
                run,
                "Seeded matches between STRATEGIES (students' players, run in the sandbox) and "
                "the reference's bots; win rates with 95% confidence intervals.",
            ),
        ]
