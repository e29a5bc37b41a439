"""An example student strategy: play the card of the colour you hold most, keep wilds,
call "uno".  Run it in a tournament with
``unograde tournament uno-official examples/uno-official/color_counter.py --games 100 --seed 1``.
"""

from collections import Counter


def strategy(view):
    """view: reference.uno_official.PlayerView -> one of view.legal."""
    legal = list(view.legal)
    for a in legal:
        if a.kind == "catch":
            return a
    if view.phase == "declare":
        counts = Counter(c[0] for c in view.hand if not c.startswith("W"))
        best = counts.most_common(1)[0][0] if counts else "R"
        return next(a for a in legal if a.color == best)
    plays = [a for a in legal if a.kind == "play" and (a.uno or len(view.hand) != 2)]
    if not plays:
        for kind in ("accept", "pass", "draw"):
            for a in legal:
                if a.kind == kind:
                    return a
        return legal[0]
    counts = Counter(c[0] for c in view.hand if not c.startswith("W"))
    plays.sort(key=lambda a: (a.card.startswith("W"), -counts.get(a.color, 0)))
    return plays[0]
