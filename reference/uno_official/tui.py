"""The terminal game: one person (seat 0) against bots, drawn with ``rich``.

Run it with ``unograde play uno-official --seed S`` (or ``python -m reference.uno_official.tui
--seed S``).  Keys: a card's number plays it (add ``u`` to call "uno" with it, e.g. ``3u``; a
wild then asks for the colour), ``d`` draws, ``p`` keeps a drawn card, ``c`` challenges a Wild
Draw Four, ``a`` accepts it, ``k`` catches a player who forgot "uno", ``h`` shows the official
rules, ``q`` quits.  ``watch_terminal`` lets the bots play each other.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable

from rich.console import Console
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from .bots import Strategy, simple_bot, strong_bot
from .cards import COLOR_NAMES, COLOR_OF, WILDS, card_name, hand_points
from .engine import apply, legal_actions, new_game
from .rules_text import OFFICIAL_RULES
from .state import OFFICIAL, Action, Event, GameState, IllegalActionError, Rules
from .view import observe

HUMAN = 0
_STYLE = {"R": "bold red", "Y": "bold yellow", "G": "bold green", "B": "bold blue", "": "bold"}
# Every key of the game, once: the header lists them all, each prompt the ones its moment takes.
KEYS = {
    "N": "play card N",
    "Nu": "play card N and call UNO",
    "u": "call UNO with your next play",
    "d": "draw",
    "p": "keep the drawn card",
    "k": "catch a missed UNO",
    "c": "challenge a Wild Draw Four",
    "a": "accept its 4 cards",
    "h": "rules",
    "q": "quit",
}
MOVE_KEYS = ("N", "Nu", "d", "p", "u", "k", "h", "q")
CHALLENGE_KEYS = ("c", "a", "h", "q")
HELP = "keys: " + " | ".join(f"{key} {what}" for key, what in KEYS.items())


class _Quit(Exception):
    pass


def _who(p: int, human: int = HUMAN) -> str:
    return "You" if p == human else f"Bot {p}"


def describe(event: Event, human: int = HUMAN) -> str | None:
    """One log line for an event, hiding the cards bots draw (``human=-1``: all are bots)."""
    if human != HUMAN:
        return _describe_all_bots(event)
    who, kind, data = _who(event.player), event.kind, event.data
    if kind in ("play", "jump_in"):
        return f"{who} {'play' if event.player == HUMAN else 'plays'} {data}"
    if kind == "color":
        return f"{who} {'choose' if event.player == HUMAN else 'chooses'} {COLOR_NAMES[data]}"
    if kind == "declare":
        return f"{who} declared the first colour: {COLOR_NAMES[data]}"
    if kind == "draw":
        cards = data if isinstance(data, tuple) else ()
        if event.player == HUMAN and cards:
            return f"You draw {' '.join(cards)}"
        return f"{who} {'draw' if event.player == HUMAN else 'draws'} {len(cards)} card(s)"
    if kind == "pass":
        return f"{who} {'pass' if event.player == HUMAN else 'passes'}"
    if kind == "skipped":
        return f"{who} {'are' if event.player == HUMAN else 'is'} skipped"
    if kind == "reversed":
        return "Direction reversed: " + ("clockwise" if data == 1 else "counter-clockwise")
    if kind == "uno":
        return f'{who} {"call" if event.player == HUMAN else "calls"} "UNO!"'
    if kind == "caught":
        caught = "you" if data == HUMAN else _who(int(data))
        return f'{who} caught {caught} not calling "UNO": +2 cards'
    if kind == "challenge":
        return f"{who} challenged the Wild Draw Four: the player was {data}"
    if kind == "accept":
        return f"{who} {'take' if event.player == HUMAN else 'takes'} {data} cards"
    if kind == "reshuffle":
        return f"The discard pile is reshuffled into a new draw pile ({data} cards)"
    if kind == "flip":
        return f"First discard: {data}"
    if kind == "returned":
        return "A Wild Draw Four was turned up: returned and reshuffled"
    if kind == "out":
        return f"{who} went out and scored {data} points!"
    if kind == "match_won":
        return f"{who} won the match with {data} points!"
    if kind == "deal":
        return f"Round {data}: {_who(event.player)} deals"
    if kind == "swap":
        return f"{who} swapped hands with {_who(int(data))}"
    if kind == "rotate":
        return "All hands are passed on"
    return None


def _describe_all_bots(event: Event) -> str | None:
    """The log line for a watched game: every seat is a bot, every drawn card stays hidden."""
    line = describe(event._replace(player=-2 if event.player == HUMAN else event.player))
    if line is None:
        return None
    line = line.replace("Bot -2", "Bot 0")
    if event.kind == "caught" and event.data == HUMAN:
        line = line.replace("caught you", "caught Bot 0")
    return line


def default_bots(seed: int, seats: int) -> list[Strategy]:
    """Bots for seats 1..seats-1: strong and simple alternating (at four seats: strong, simple,
    strong, as the task's table has)."""
    return [(strong_bot if k % 2 else simple_bot)(seed + k) for k in range(1, seats)]


def _card_text(card: str) -> Text:
    return Text(f" {card} ", style="reverse " + _STYLE[COLOR_OF[card]])


def render(console: Console, state: GameState, log: list[str], call_uno: bool) -> None:
    """The table: bots' card counts, the piles, the colour in force, your hand, recent plays."""
    table = Table(show_header=True, header_style="bold", expand=False)
    table.add_column("Player")
    table.add_column("Cards", justify="right")
    table.add_column("Score", justify="right")
    for p, hand in enumerate(state.hands):
        mark = "> " if p == state.current else "  "
        table.add_row(mark + _who(p), str(len(hand)), str(state.scores[p]))
    direction = "clockwise" if state.direction == 1 else "counter-clockwise"
    top = state.discard[0]
    colour = COLOR_NAMES.get(state.color, "to be declared")
    info = Text()
    info.append(f"Round {state.round_no}   Top card: ")
    info.append_text(_card_text(top))
    info.append(f" ({card_name(top)})   Colour: {colour}\n")
    info.append(f"Draw pile: {len(state.draw_pile)} cards   Direction: {direction}   ")
    info.append(f"Turn: {_who(state.current)}")
    console.print(Panel(info, title="UNO"))
    console.print(table)
    hand = Text("Your hand: ")
    for i, card in enumerate(state.hands[HUMAN], 1):
        hand.append(f"{i}:")
        hand.append_text(_card_text(card))
        hand.append(" ")
    console.print(hand)
    console.print("Recent: " + (" | ".join(log[-6:]) if log else "-"))
    if call_uno:
        console.print('You will call "UNO" with your next card.')


def _playable_numbers(state: GameState) -> list[int]:
    hand = state.hands[HUMAN]
    cards = {a.card for a in legal_actions(state) if a.kind == "play"}
    if state.phase == "drawn":
        return [len(hand)] if state.drawn in cards else []
    return [i for i, c in enumerate(hand, 1) if c in cards]


def _ask_color(ask: Callable[[str], str]) -> str:
    while True:
        answer = ask("Colour? [r]ed [y]ellow [g]reen [b]lue: ").strip().lower()
        if answer == "q":
            raise _Quit
        if answer[:1] in ("r", "y", "g", "b"):
            return answer[:1].upper()


def _human_action(
    state: GameState, console: Console, ask: Callable[[str], str], armed: list[bool]
) -> Action | None:
    """Read one key command; None means it only showed something (rules, an error)."""
    phase = state.phase
    if phase == "declare":
        return Action("declare", color=_ask_color(ask))
    if phase == "challenge":
        console.print(f"{_who(state.w4_from)} played a Wild Draw Four on you.")
        prompt = "  ".join(f"[{key}] {KEYS[key]}" for key in CHALLENGE_KEYS) + ": "
    else:
        playable = " ".join(map(str, _playable_numbers(state))) or "none"
        console.print(f"Playable: {playable}")
        prompt = f"Your move ({', '.join(MOVE_KEYS)}): "
    key = ask(prompt).strip().lower()
    if key == "q":
        raise _Quit
    if key == "h":
        console.print(Panel(OFFICIAL_RULES, title="Official rules"))
        return None
    if key == "u":
        armed[0] = not armed[0]
        return None
    simple = {"d": Action("draw"), "p": Action("pass"), "c": Action("challenge")}
    simple["a"] = Action("accept")
    simple["k"] = Action("catch", player=HUMAN)
    if key in simple:
        return simple[key]
    call = armed[0] or key.endswith("u") or key.startswith("u")
    digits = key.strip("u")
    if not digits.isdigit():
        console.print(f"Unknown key {key!r}. {HELP}")
        return None
    hand = state.hands[HUMAN]
    index = int(digits)
    if not 1 <= index <= len(hand):
        console.print(f"No card number {index}: you hold {len(hand)} cards.")
        return None
    card = hand[index - 1]
    colour = _ask_color(ask) if card in WILDS else COLOR_OF[card]
    return Action("play", card, colour, call and len(hand) == 2)


def _round_summary(console: Console, state: GameState, human: int = HUMAN) -> None:
    table = Table(title=f"Round {state.round_no} over", header_style="bold")
    for col in ("Player", "Cards left", "Points held", "Total score"):
        table.add_column(col)
    for p, hand in enumerate(state.hands):
        table.add_row(
            _who(p, human), " ".join(hand) or "-", str(hand_points(hand)), str(state.scores[p])
        )
    console.print(table)


def play_terminal(
    seed: int,
    console: Console | None = None,
    input_fn: Callable[[str], str] | None = None,
    rules: Rules = OFFICIAL,
    bots: list[Strategy] | None = None,
) -> GameState:
    """Play a match in the terminal until someone reaches the target score or the person quits.
    Returns the last state (so a scripted session can check it)."""
    console = console or Console()
    ask = input_fn or (lambda prompt: console.input(escape(prompt)))
    seats: list[Strategy | None] = [None]
    seats += bots or default_bots(seed, rules.num_players)
    state = new_game(seed, rules)
    log: list[str] = [line for e in state.events if (line := describe(e))]
    armed = [False]
    console.print(
        Panel(
            f"You are seat 0 against {rules.num_players - 1} bots, to {rules.target_score} points. "
            + HELP,
            title="UNO (official)",
        )
    )
    try:
        while state.phase != "match_over":
            if state.phase == "round_over":
                _round_summary(console, state)
                if ask("[Enter] next round, [q] quit: ").strip().lower() == "q":
                    raise _Quit
                state = apply(state, Action("deal"))
                log = [line for e in state.events if (line := describe(e))]
                continue
            p = state.current
            if p == HUMAN:
                render(console, state, log, armed[0])
                action = _human_action(state, console, ask, armed)
                if action is None:
                    continue
            else:
                action = seats[p](observe(state, p))  # type: ignore[misc]
            try:
                state = apply(state, action)
            except IllegalActionError as exc:
                console.print(f"[bold red]Not allowed:[/] {exc}")
                continue
            if action.kind == "play" and p == HUMAN:
                armed[0] = False
            lines = [line for e in state.events if (line := describe(e))]
            log.extend(lines)
            if p != HUMAN:
                for line in lines:
                    console.print(line)
                if (
                    state.phase not in ("round_over", "match_over")
                    and len(state.hands[p]) == 1
                    and any(e.kind == "play" for e in state.events)
                ):
                    key = ask(f"{_who(p)} has one card left. [Enter] continue, [k] catch: ")
                    if key.strip().lower() == "k":
                        catch = Action("catch", player=HUMAN)
                        if catch in legal_actions(state, HUMAN):
                            state = apply(state, catch)
                            log.extend(line for e in state.events if (line := describe(e)))
                            console.print(log[-1])
                        else:
                            console.print(f'{_who(p)} called "UNO" in time: no penalty.')
                    elif key.strip().lower() == "q":
                        raise _Quit
        _round_summary(console, state)
        console.print(f"[bold]{_who(state.winner)} won the match![/]")
    except (_Quit, EOFError, KeyboardInterrupt):
        console.print("Goodbye.")
    return state


def watch_terminal(
    seed: int,
    console: Console | None = None,
    rules: Rules = OFFICIAL,
    bots: list[Strategy] | None = None,
) -> GameState:
    """The bots play a whole match among themselves; every event is printed, hands stay
    hidden, and the scores are shown after each round."""
    console = console or Console()
    seats = bots or [strong_bot(seed)] + default_bots(seed, rules.num_players)
    state = new_game(seed, rules)
    console.print(Panel(f"{rules.num_players} bots play to {rules.target_score}.", title="UNO"))
    while True:
        for event in state.events:
            line = describe(event, human=-1)
            if line:
                console.print(line, highlight=False)
        if state.phase == "match_over":
            break
        if state.phase == "round_over":
            _round_summary(console, state, human=-1)
        state = apply(state, seats[state.current](observe(state, state.current)))
    _round_summary(console, state, human=-1)
    console.print(f"[bold]Bot {state.winner} won the match![/]")
    return state


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Play official UNO against three bots.")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    play_terminal(args.seed)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
