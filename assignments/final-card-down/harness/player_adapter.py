"""The child-side adapter for tournament players (stdlib only; runs in the player's sandbox).

``unograde tournament final-card-down`` keeps one sandboxed child per player for the whole
tournament; before each decision the grader sends a snapshot of the game as plain data (see
``game.py``, copied from ``harness/player_game.py``).  Past turns arrive once: each message
carries only the turns finished since this child last heard about the game (``past_from``),
and the whole history again when the game or the child is new (``reset``).

The answer is the move as plain data, ``[action, nextColor, [value, color, suit] or None]``,
or ``{"not_a_move": ...}`` when ``decideMove`` returned something that is not a move.
"""

from __future__ import annotations

from typing import Any

import game as snapshot

_STATE: dict[str, Any] = {"game": None, "past": []}


def call(module: Any, function: str, args: Any) -> Any:
    data = args[0]
    if data.get("reset"):
        _STATE["game"], _STATE["past"] = data["game"], []
    if data["game"] != _STATE["game"] or data["past_from"] != len(_STATE["past"]):
        have = f"game {_STATE['game']} turn {len(_STATE['past'])}"
        raise RuntimeError(
            f"snapshot out of step (a grader problem): game {data['game']} turn "
            f"{data['past_from']}, this sandbox has {have}"
        )
    _STATE["past"].extend(tuple(snapshot.move_from_plain(m) for m in t) for t in data["past"])
    game = snapshot.Snapshot(data, _STATE["past"])
    move = getattr(module, function)(game)
    try:
        action, next_color, card = snapshot.move_key(move)
    except Exception:  # noqa: BLE001 - anything that is not a move
        try:
            text = repr(move)[:200]
        except Exception:  # noqa: BLE001 - a student's __repr__ may raise
            text = f"<{type(move).__name__}>"
        return {"not_a_move": text}
    return [action, next_color, None if card is None else list(card)]
