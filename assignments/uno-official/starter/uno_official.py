"""uno-official starter: your engine and your strategy, in one module named uno_official.py.

Grade it with ``unograde grade uno-official uno_official.py`` (or check the public cases with
``unograde check uno-official uno_official.py``); play your strategy against the reference
bots with ``unograde tournament uno-official uno_official.py --games 200 --seed 1``.

Notation (see the assignment page): cards are strings, ``"R5"``, ``"GS"`` (Skip), ``"BR"``
(Reverse), ``"Y+2"`` (Draw Two), ``"W"``, ``"W+4"``; piles list their top card first.

The engine part works on the JSON forms of the fixtures (dicts and lists), or on your own
types if you also define ``state_from_json(dict)``, ``state_to_json(state)``,
``action_from_json(dict)`` and ``rules_from_json(dict)``: the grader then converts through them.
"""


def deal_from_deck(rules, seed, shuffles, deck, dealer, scores, round_no, turn):
    """Deal a round from ``deck`` (top card first): one card at a time from the dealer's left,
    ``rules["hand_size"]`` each, then turn up the first discard and apply its effect.
    Return the state (the same fields as the fixtures' ``state``)."""
    raise NotImplementedError("deal_from_deck")


def apply(state, action):
    """The state after ``action``; raise ValueError if the rules do not allow it.

    ``action`` is e.g. ``{"kind": "play", "card": "W", "color": "G", "uno": True}``,
    ``{"kind": "draw"}``, ``{"kind": "catch", "player": 2}``.  Do not change ``state``:
    return a new one.
    """
    raise NotImplementedError("apply")


def strategy(view):
    """Choose one of ``view.legal`` (an illegal answer forfeits the game).

    ``view`` has your ``hand``, every seat's ``hand_sizes``, the ``top`` card, the ``color``
    in force, the whole ``discard`` pile, ``direction``, ``phase``, ``scores``, ``rules`` and
    ``legal``, the actions open to you (each with ``kind``, ``card``, ``color``, ``uno``, ...).
    """
    return view.legal[0]
