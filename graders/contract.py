"""The contract between the grader's core and an assignment.

An assignment is a folder (``assignments/<id>/assignment.toml``: parts, points, limits), fixtures,
and a *plugin*: a class named in ``assignment.toml`` (``plugin = "reference.cardsum.plugin"``,
the module's ``Plugin`` class, or ``module:ClassName``) that subclasses :class:`AssignmentPlugin`.
The core makes one instance per assignment, ``plugin.assignment`` is that assignment, and the
core calls only what is written here, at the moments the docstrings name:

    load submission -> [Stages.run_cases] -> run in the sandbox -> [Interpretation.interpret]
                    -> check_shape -> judge -> [Views.view] -> [Explanation.probe, run in the
                    same sandboxed child -> Explanation.first_divergence]
                    -> [Counterexamples, a failed hidden case: a smaller fresh case, asked in
                    the same child] -> [Review.review] -> render

Two methods are required (how a fixture becomes a call, and whether a value is even an answer);
everything else is an optional *capability*, a small abstract class the plugin also subclasses.
A plugin with :class:`SelfCheck` has a *feedback module* (``assignments/<id>/feedback.py``), and
the verdict's methods (``check_shape``, ``check_size``, ``normalise_result``, ``judge``,
``describe``, ``show_input``, and :class:`ProgramIO`'s ``parse_program_output``) default to that
module's function of the same name where it has one: the plugin writes only what it does
differently, and a kit says what the grader says.


* :class:`ProgramIO`: program submissions in any language (``[programs]`` in assignment.toml);
* :class:`Views`: what the HTML report draws for a failed public case, and the filters its
  templates (``assignments/<id>/templates/views/<kind>.html.j2``) use;
* :class:`FixtureGeneration` and :class:`Solving`: ``unograde fixtures generate`` and
  ``unograde solve``;
* :class:`Stages`: cases the plugin answers itself before the submission's child runs;
* :class:`Interpretation`: the seeds leave a rule open, and each submission is judged under
  the reading it follows;
* :class:`Explanation`: a failed case says where the game first went wrong (the turn, the
  rule, the state before it), with the help of extra calls in the submission's own child;
* :class:`Counterexamples`: a failed hidden case gets a small fresh case the submission
  also gets wrong, found with the assignment's generator and the reference, within a budget;
* :class:`Review`: static checks after grading (style, tournaments) with a deduction;
* :class:`Commands`: extra ``unograde`` verbs (``unograde play ASSIGNMENT``);
* :class:`SelfCheck`: ``unograde kit``, a zip students check their work with, without
  unograde, judged by the same feedback module the plugin judges with.

The core asks ``isinstance(plugin, Views)``; it never probes for attributes or reads
signatures, and a plugin keeps no module-level state.  The values named here (``Case``,
``Limits``, ``Outcome``, ``Probe``, ``ReviewResult``, ...) are the contract's vocabulary,
:mod:`graders.vocabulary`, which plugins import them from.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any

from unokit.loader import Feedback, load_feedback
from unokit.verdict import input_lines, judge_structurally

from .vocabulary import (
    Case,
    FixtureRequest,
    Interpreted,
    Limits,
    Outcome,
    Probe,
    ProbeAnswers,
    ReviewResult,
)

if TYPE_CHECKING:
    import click

    from .assignment import Assignment
    from .results import CaseResult
    from .submission import Submission


class AssignmentPlugin(ABC):
    """What every assignment tells the grader. Subclass it, and the capabilities you offer."""

    def __init__(self, assignment: Assignment) -> None:
        self.assignment = assignment
        # ``check_shape`` (and ``parse_program_output`` with ProgramIO) is required: written
        # by the plugin or found in its feedback module, checked when the plugin is made.
        required = ["check_shape"] + (
            ["parse_program_output"] if isinstance(self, ProgramIO) else []
        )
        for name in required:
            if not self._from_feedback(name):
                continue
            if self.feedback is None or not callable(getattr(self.feedback.module, name, None)):
                raise TypeError(
                    f"Can't instantiate {type(self).__name__}: it defines no {name}() and has "
                    "no feedback module (SelfCheck) that does"
                )

    def __reduce__(self) -> tuple:
        # Rebuilt from its assignment in another process (Dask workers): caches are not sent.
        return (type(self), (self.assignment,))

    @cached_property
    def feedback(self) -> Feedback | None:
        """The assignment's feedback module as a judge (:class:`unokit.loader.Feedback`): the
        module :meth:`SelfCheck.kit_feedback` names, loaded once; None without SelfCheck."""
        if isinstance(self, SelfCheck):
            return load_feedback(self.kit_feedback())
        return None

    def _from_feedback(self, name: str) -> bool:
        """Whether the plugin leaves method ``name`` to this contract's default."""
        return getattr(type(self), name) is getattr(_DEFAULTS[name], name)

    # -- required -------------------------------------------------------------------------

    @abstractmethod
    def load_case(self, entry: Mapping[str, Any], root: Path) -> Case:
        """One manifest entry (``fixtures/<id>/manifest.json``) as a runnable :class:`Case`.

        Called when an assignment's cases are listed, for every command that grades. ``args``
        is what the submission's function is called with (it crosses into the sandbox, so it
        must never hold the expectation); ``expected`` stays in the grader. ``root`` is the
        fixtures folder. A broken fixture raises ``ValueError`` naming its file.
        """

    def check_shape(self, part: str, value: Any) -> str | None:
        """Why ``value`` (what came back from a call) cannot be an answer of ``part`` at all,
        in the student's terms ("expected a list of cards, got int"), or None when its shape
        is right. Called first for every returned value; a problem grades "wrong shape".
        It must be linear in the value's size (a result may hold 200,000 items). Required:
        the plugin's own, or its feedback module's ``check_shape`` (:class:`SelfCheck`)."""
        return self.feedback.check_shape(part, value)  # type: ignore[union-attr]

    def check_size(self, case: Case, value: Any) -> str | None:
        """Why ``value``, of the right shape, is larger than any answer to ``case``'s input can
        be (more hands than players, more cards than the game holds), or None. Called after
        :meth:`check_shape`; a problem grades "wrong shape" at once, so nothing that follows
        (comparing, describing, views, explanations) ever works on a result far beyond what
        its input allows. Default: the feedback module's ``check_size`` for a plugin with
        :class:`SelfCheck` (so its kit says the same), else any size."""
        feedback = self.feedback
        return None if feedback is None else feedback.check_size(case, value)

    # -- the verdict (defaults: a structural comparison) --------------------------------------

    def normalise_result(self, part: str, value: Any) -> Any:
        """The value as it should be compared and shown (e.g. printed text to lines). Called
        after :meth:`check_shape` accepted it. Default: the feedback module's
        ``normalise_result`` (:class:`SelfCheck`), else unchanged."""
        feedback = self.feedback
        return value if feedback is None else feedback.normalise_result(part, value)

    def judge(self, case: Case, value: Any) -> list[str]:
        """The verdict on a value of the right shape: the feedback lines, empty when the case
        passes. Default: the feedback module's ``judge`` (:class:`SelfCheck`) where it has
        one, else the structural comparison with ``case.expected``, explained by
        :meth:`describe`. Override it when a case needs more than equality (properties of a
        random result, printed lines, a test suite to run)."""
        feedback = self.feedback
        if feedback is not None and callable(getattr(feedback.module, "judge", None)):
            return list(feedback.module.judge(case, value))
        part = case.part
        return judge_structurally(case.expected, value, lambda e, a: self.describe(part, e, a))

    def describe(self, part: str, expected: Any, actual: Any) -> list[str]:
        """The differences between ``expected`` and ``actual`` in the assignment's words,
        first divergence first (used by the default :meth:`judge`). Default: the feedback
        module's ``describe`` (:class:`SelfCheck`), else none, and the core says only that
        the result differs."""
        feedback = self.feedback
        return [] if feedback is None else feedback.describe(part, expected, actual)

    def show_input(self, part: str, args: tuple) -> list[str]:
        """A case's input (its start state) as lines of text, in the assignment's notation.
        Called for a failed public case (and for every failed case of a staff run), shown
        beside the differences in every report. Default: each argument pretty-printed
        (:func:`unokit.verdict.input_lines`); a plugin with :class:`SelfCheck`
        answers with its feedback module's ``show_input``, so its kit shows the input alike."""
        feedback = self.feedback
        return input_lines(args) if feedback is None else feedback.show_input(part, args)


class ProgramIO(ABC):
    """Capability: whole programs in any language read a case on stdin and print the answer.

    Used when a submission is a program (an entry file named in ``[programs]``)."""

    @abstractmethod
    def program_input(self, case: Case) -> str:
        """The text the program reads on standard input for ``case``."""

    def program_args(self, case: Case) -> Sequence[str]:
        """Command-line arguments after the program's own command. Default: none."""
        return ()

    def parse_program_output(self, part: str, text: str) -> Any:
        """What the program printed, as the value a function would return. Output that is not
        in the expected form raises ``ValueError`` with the reason: the case is graded
        "malformed output" and the student sees what was printed. Required: the plugin's
        own, or its feedback module's ``parse_program_output`` (:class:`SelfCheck`)."""
        return self.feedback.module.parse_program_output(part, text)  # type: ignore[union-attr]

    def call_input(self, part: str, args: tuple) -> str | None:
        """The input file a program of ``part`` reads for a call of the part's function
        with ``args`` (a probe's call, see ``Explanation``), so that a failed case of a
        compiled layout is explained by running the student's own program. Default: None
        (programs are not probed)."""
        return None

    def read_run(self, part: str, outcome: Outcome) -> Outcome:
        """A run of a layout's program as the plugin reads it, before its output is parsed:
        what it printed is in ``outcome.value`` whatever its status, so a plugin may tell a
        sanitizer's report from a crash (status ``sanitizer``, the report as the traceback)
        or move what is not an answer to ``outcome.stdout``. Default: as it came."""
        return outcome


class Views(ABC):
    """Capability: the HTML report draws a failed public case (cards, a game's turns)."""

    @abstractmethod
    def view(self, part: str, args: tuple, expected: Any, actual: Any | None) -> dict | None:
        """Data for the template ``views/<kind>.html.j2`` (``kind`` is the dict's ``"kind"``),
        looked up in the assignment's ``templates/`` first, then the shared ones. Called only
        for failed public cases; ``actual`` is None when nothing came back. An exception here
        only drops the drawing, never the grade."""

    def template_filters(self) -> Mapping[str, Callable[..., Any]]:
        """Jinja filters the assignment's templates use (name -> function). Default: none."""
        return {}


class FixtureGeneration(ABC):
    """Capability: ``unograde fixtures generate ASSIGNMENT[/PART] --count N --seed S --out DIR``."""

    def fixture_options(self) -> Sequence[click.Option]:
        """Options of the assignment's own for ``fixtures generate`` (``--players``); their
        values arrive in ``FixtureRequest.options`` by parameter name. Default: none."""
        return ()

    @abstractmethod
    def generate_fixtures(self, request: FixtureRequest) -> list[Path]:
        """Write reproducible inputs, expectations and a ``manifest.json`` under
        ``request.out``; return the files written. The same request writes the same bytes.
        Bad options raise ``ValueError`` (a one-line message, exit status 2)."""


class Solving(ABC):
    """Capability: ``unograde solve ASSIGNMENT/PART FILE``: the reference's answer to an input."""

    @abstractmethod
    def solve(self, part: str, path: Path) -> str:
        """The answer as the course's own program prints it. A malformed input raises
        ``ValueError`` naming the file, line and column."""

    def solve_json(self, part: str, path: Path) -> Any:
        """The answer as JSON-ready data (``unograde solve --json``). Default: the text."""
        return {"answer": self.solve(part, path)}


class Stages(ABC):
    """Capability: cases the plugin answers itself, before the submission's child runs."""

    @abstractmethod
    def run_cases(
        self,
        submission: Submission,
        cases: Sequence[Case],
        limits: Limits,
        isolation: str,
        jobs: int = 1,
    ) -> Mapping[int, Outcome]:
        """Outcomes for some of ``cases`` (index -> outcome); the rest go to the submission's
        sandboxed child as usual, and all are judged the same way. Called once per module
        submission that loaded; anything that runs student code must go through the sandbox
        (``graders.run``) with ``isolation``. ``jobs`` is how many sandboxed runs this
        submission may have at once; run them each inside ``graders.run.slots.slot()``,
        which holds a batch's workers together to ``--jobs`` runs at a time."""


class Interpretation(ABC):
    """Capability: rules the seeds leave open, each a switch of the reference; a submission
    is judged under the reading it declares, or the one its answers agree with most."""

    @abstractmethod
    def interpret(
        self,
        submission: Submission,
        cases: Sequence[Case],
        outcomes: Mapping[int, Outcome],
        jobs: int = 1,
    ) -> Interpreted:
        """Called once per module submission that loaded, after its runs (``outcomes`` by
        case index, the submission's child's and ``Stages``' alike) and before any case is
        judged: the cases to judge them by (a case's ``readings`` says which switches its
        expectation depends on). ``jobs`` as in ``Stages.run_cases``."""


class Explanation(ABC):
    """Capability: a failed case says where it first went wrong, not only how its end
    differs: the first turn (or action, or move) that departs from the rules, the rule that
    decides it, and the state before it.

    The core calls it only for cases that did not pass (never for a passing case, so a
    correct submission pays nothing), only where a student may see the answer (public cases;
    every case in a staff run), and only for a module submission's own cases (not those
    answered by ``Stages``) whose function returned a value or raised. It calls ``probe``
    after every case of the submission was judged (under its reading, see
    ``Interpretation``), while the submission's sandboxed child still runs; the probe's
    calls run in that child, and their answers go to ``first_divergence``."""

    def probe(self, case: Case, value: Any) -> Probe | None:
        """The calls to make in the submission's child to find where ``case`` (judged with
        its expectation under the submission's reading) first went wrong, given what the
        submission returned (``value``; None when it raised). None: nothing to ask.
        Default: None."""
        return None

    @abstractmethod
    def first_divergence(self, case: Case, value: Any, answers: ProbeAnswers | None) -> dict | None:
        """Where ``case`` first went wrong, or None when that cannot be told. ``answers``:
        the probe's answers, or None (no probe, or it could not run: a timeout, a crash,
        the budget used up, a program submission).

        The dict is plain data (it goes to result.json and every report). The reports read
        these keys: ``summary`` (one line, first in every report), ``where`` ("turn 7,
        player 2"), ``rule`` (the rule by its number and name on the assignment's page),
        ``expected`` and ``got`` (the move in the assignment's words), ``note`` (a line
        said instead of a move, e.g. when every single move agrees), ``state_text`` (the
        state before it, as lines of text), ``state`` (the same as data, drawn by
        ``views/<view>.html.j2`` when ``view`` names one); anything else is the
        assignment's own (``turn``, ``player``)."""


class Counterexamples(ABC):
    """Capability: a failed hidden case, whose input a student never sees, gets a *public*
    one instead: the smallest fresh input the assignment's generator makes on which the
    submission still departs from the reference (fewest players, cards, moves).

    The core (``graders/grade/counterexample.py``) drives the search; the plugin only makes
    cases. It runs after every case was judged and explained, only when a hidden case failed
    (a passing submission pays nothing), only for a module submission, in the submission's
    own sandboxed child (the probe's way: a batch of calls in one round trip), within
    ``[limits] counterexample_seconds`` (default 2 s) and the submission's budget. Every
    candidate is judged with the plugin's own verdict (``check_shape``, ``check_size``,
    ``judge``), so a counterexample's differences read like a public case's; where the plugin
    offers :class:`Explanation`, the one found also says where it first went wrong.

    The cases made here are fresh (``visibility`` "public"): never a fixture's input, and
    nothing of the hidden cases but their part and their size may decide them, since the
    student sees them whole."""

    @abstractmethod
    def fresh_cases(self, part: str, seed: str, failed: Sequence[Case]) -> Iterable[Case]:
        """Fresh public cases of ``part`` from the assignment's generator, smallest first,
        each smaller than every case of ``failed`` (the part's failed hidden cases), with its
        expectation (the reference's answer, under the reading ``failed`` was judged by).
        ``seed`` (the submission's digest) seeds them: the same submission is searched the
        same way every time. Taken lazily, in batches, while the budget lasts; a generator
        that can make nothing smaller yields nothing."""

    def searched(self, part: str) -> bool:
        """Whether ``part``'s failed hidden cases are searched at all (a part whose cases the
        plugin answers itself, or whose inputs no generator makes, is not: its report says
        so). Default: every part."""
        return True

    def not_searched(self, part: str, failed: Sequence[Case]) -> str | None:
        """Why ``failed`` (the part's failed hidden cases) get no smaller case, in the
        student's words, when the reason is the plugin's own (the part's answers are random
        and judged by properties; the plugin answers the part itself, :class:`Stages`), or
        None when they are searched. The report shows it as it is, in place of
        :meth:`searched`'s plain "no generator makes its inputs", so a student is told the
        real reason. Asked before :meth:`searched`. Default: None."""
        return None

    def shrink(self, case: Case) -> Iterable[Case]:
        """Cases simpler than ``case`` (a fresh case the submission got wrong): a player, a
        card or a move fewer, each a valid input with its expectation, the most reduced
        first. The core keeps the first the submission still gets wrong and shrinks again,
        until none fails or the budget ends. Default: none (the case found is kept)."""
        return ()

    def size_words(self, case: Case) -> str:
        """How big a fresh case is, in the assignment's words ("2 players, 6 cards, 3
        turns"), said with it in the report. Default: nothing."""
        return ""


class Review(ABC):
    """Capability: checks after the cases ran (style read from the source, tournaments)."""

    @abstractmethod
    def review(
        self,
        submission: Submission,
        results: Sequence[CaseResult],
        limits: Limits,
        isolation: str,
    ) -> ReviewResult:
        """Called once per submission that loaded, after every case was judged. Student code
        it runs must go through the sandbox with ``limits`` and ``isolation``."""


class Commands(ABC):
    """Capability: extra verbs, run as ``unograde VERB ASSIGNMENT [ARGS...]``."""

    @abstractmethod
    def commands(self) -> Sequence[click.Command]:
        """Click commands, one per verb (the command's name). The core lists every verb any
        assignment offers and hands the rest of the command line to this assignment's
        command. Expected failures raise ``click.UsageError`` or ``ValueError`` (exit 2)."""


class SelfCheck(ABC):
    """Capability: ``unograde kit ASSIGNMENT --out KIT.zip`` (see :mod:`graders.kit`): what a
    student downloads to check their work on the public cases with plain ``python -m pytest``,
    without unograde: the page, starters, the public fixtures with their expected results.

    The kit judges with the assignment's *feedback module* (:meth:`kit_feedback`), a file
    that imports only the standard library, deepdiff, the kit's runtime (relatively:
    ``from .compare import describe_sequence``) and the assignment's provided files.  It
    defines ``check_shape(part, value)`` and, as needed, ``check_size(case, value)``,
    ``normalise_result(part, value)``,
    ``describe(part, expected, actual)``, ``judge(case, value)`` (``case`` has ``name``,
    ``part``, ``args`` and ``expected``) and ``show_input(part, args)``, with this contract's
    defaults for the rest (and ``parse_program_output(part, text)`` where programs are
    graded).  The plugin's methods of those names default to the same module
    (:attr:`AssignmentPlugin.feedback`, :func:`unokit.loader.load_feedback`), so the kit says
    what the grader says; a plugin overrides only what the grader does differently.
    Neither the module nor anything else in a kit may hold the reference, a hidden case or a
    solution; so a kit never says where a case first went wrong (:class:`Explanation`, which
    replays the reference's game): only the grader does.
    """

    @abstractmethod
    def kit_feedback(self) -> Path:
        """The feedback module, a file of the assignment's folder."""

    def kit_support(self) -> Sequence[str]:
        """Other files of the assignment's folder the feedback module reads, by their path
        relative to that folder; the kit keeps them at the same place beside the module.
        Default: none."""
        return ()

    def kit_includes(self, case: Case) -> bool:
        """Whether the kit holds this public case (one its feedback module can judge without
        anything a student may not have). Default: every public case."""
        return True

    def kit_args(self, case: Case) -> tuple:
        """A public case's arguments as the kit keeps them (plain data, like the
        expectation). Default: ``case.args``."""
        return case.args

    def kit_expected(self, case: Case) -> Any:
        """A public case's expectation as the kit keeps it for the feedback module's verdict:
        plain data (str, int, float, bool, None, lists, tuples, dicts), written as JSON with
        tuples kept. Default: ``case.expected``."""
        return case.expected

    def kit_starters(self) -> Mapping[str, bytes]:
        """The files a student starts from, by their name in the kit. Default: the files of
        the assignment's ``starter/`` folder."""
        folder = self.assignment.folder / "starter"  # type: ignore[attr-defined]
        if not folder.is_dir():
            return {}
        return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file()}

    def kit_notebook(self) -> str | None:
        """The starter (a name from :meth:`kit_starters`) the kit also offers as a notebook,
        made with nbformat; None where the assignment takes no notebook. Default: None."""
        return None

    def kit_parts(self) -> Sequence[str]:
        """The parts the kit checks. Default: every part."""
        return [part.id for part in self.assignment.parts]  # type: ignore[attr-defined]

    def kit_notes(self) -> Sequence[str]:
        """What the self-check leaves to the grader (hidden cases are always named): said
        after every self-check and in the kit's CHECK.md. Default: none."""
        return ()


# Where each method defaulting to the feedback module is defined (``_from_feedback``).
_DEFAULTS: dict[str, type] = {"check_shape": AssignmentPlugin, "parse_program_output": ProgramIO}

CAPABILITIES: tuple[type, ...] = (
    ProgramIO,
    Views,
    FixtureGeneration,
    Solving,
    Stages,
    Interpretation,
    Explanation,
    Counterexamples,
    Review,
    Commands,
    SelfCheck,
)
