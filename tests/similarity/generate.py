"""A generated class of independent Python solutions, for the similarity tests and benchmark.

Each student's program is drawn from a small grammar with a seed of its own: functions with
loops, conditions, comprehensions and arithmetic over their own names, so two students share
only what any two programs of that size share. On top of it, the disguises a copier uses:
:func:`disguise` renames every identifier, reformats, rewrites the comments, changes the
literals and reorders the functions.
"""

from __future__ import annotations

import random
import re

WORDS = ("card deck hand pile turn score colour rank draw play count total best seen step "
         "limit value item left right first last index result store queue stack chain "
         "wild skip swap mark bonus round level").split()  # fmt: skip
BUILTINS = ("len", "min", "max", "sum", "abs", "sorted")


class _Program:
    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def name(self) -> str:
        return f"{self.rng.choice(WORDS)}_{self.rng.choice(WORDS)}"

    def expr(self, names: list[str], depth: int = 0) -> str:
        r = self.rng
        choice = r.random()
        if depth > 1 or choice < 0.3:
            return r.choice(names) if r.random() < 0.7 else str(r.randint(0, 99))
        if choice < 0.55:
            op = r.choice(["+", "-", "*", "//", "%"])
            return f"({self.expr(names, depth + 1)} {op} {self.expr(names, depth + 1)})"
        if choice < 0.7:
            return f"{r.choice(BUILTINS)}([{self.expr(names, depth + 1)}, {r.choice(names)}])"
        if choice < 0.85:
            return f"[{r.choice(names)} for {r.choice(names)}_i in range({r.randint(1, 9)})]"
        return f"({self.expr(names, depth + 1)} if {r.choice(names)} > {r.randint(0, 9)} else 0)"

    def block(self, names: list[str], indent: str, size: int) -> list[str]:
        r = self.rng
        lines = []
        for _ in range(size):
            kind = r.random()
            if kind < 0.35:
                target = self.name()
                lines.append(f"{indent}{target} = {self.expr(names)}")
                names.append(target)
            elif kind < 0.5 and len(indent) < 12:
                lines.append(f"{indent}if {r.choice(names)} {r.choice(['<', '>', '==', '!='])} "
                             f"{self.expr(names)}:")  # fmt: skip
                lines += self.block(list(names), indent + "    ", r.randint(1, 3))
                if r.random() < 0.5:
                    lines.append(f"{indent}else:")
                    lines += self.block(list(names), indent + "    ", r.randint(1, 2))
            elif kind < 0.65 and len(indent) < 12:
                var = self.name()
                lines.append(f"{indent}for {var} in range({self.expr(names)}):")
                lines += self.block([*names, var], indent + "    ", r.randint(1, 3))
            elif kind < 0.75 and len(indent) < 12:
                var = self.name()
                lines.append(f"{indent}{var} = {r.randint(0, 9)}")
                lines.append(f"{indent}while {var} < {self.expr(names)}:")
                lines.append(f"{indent}    {var} += {r.randint(1, 3)}")
                lines += self.block([*names, var], indent + "    ", r.randint(0, 2))
                names.append(var)
            elif kind < 0.85:
                target = r.choice(names)
                lines.append(f"{indent}{target} {r.choice(['+=', '-=', '*='])} {self.expr(names)}")
            else:
                lines.append(f"{indent}# {r.choice(WORDS)} {r.choice(WORDS)}")
        if all(line.strip().startswith("#") for line in lines):
            lines.append(f"{indent}pass")  # a block of only comments is no block
        return lines

    def function(self) -> str:
        r = self.rng
        params = list(dict.fromkeys(self.name() for _ in range(r.randint(1, 3))))
        body = self.block(list(params), "    ", r.randint(6, 12))
        ret = f"    return {self.expr(params)}"
        doc = f'    """{r.choice(WORDS)} {r.choice(WORDS)}."""'
        return "\n".join([f"def {self.name()}({', '.join(params)}):", doc, *body, ret])


def program(seed: int, functions: tuple[int, int] = (5, 8)) -> str:
    """One student's independent solution."""
    rng = random.Random(seed)
    maker = _Program(rng)
    return "\n\n\n".join(maker.function() for _ in range(rng.randint(*functions))) + "\n"


_IDENT = re.compile(r"\b[a-z]+_[a-z]+(?:_i)?\b")


def disguise(source: str, seed: int) -> str:
    """``source`` as a copier hands it in: identifiers renamed, functions reordered, comments
    and docstrings rewritten, numbers changed, spacing and line breaks redone."""
    rng = random.Random(seed)
    names: dict[str, str] = {}

    def rename(match: re.Match) -> str:
        word = match.group(0)
        if word not in names:
            names[word] = f"v{len(names)}{rng.choice(['x', 'q', 'z'])}{rng.randint(10, 99)}"
        return names[word]

    functions = [f for f in source.strip().split("\n\n\n") if f.strip()]
    rng.shuffle(functions)
    out = []
    for function in functions:
        lines = []
        for line in function.split("\n"):
            stripped = line.strip()
            if stripped.startswith("#"):
                line = line.replace(stripped, f"# note {rng.randint(0, 999)} about this")
            elif stripped.startswith('"""'):
                line = line.replace(stripped, '"""Rewritten description of what it does."""')
            else:
                line = _IDENT.sub(rename, line)
                line = re.sub(r"\b\d+\b", lambda m: str(int(m.group(0)) + 1), line)
                line = line.replace(", ", " ,  ").replace("(", "( ").replace(" = ", "=")
            lines.append(line.replace("    ", "  "))
        out.append("\n".join(lines))
    return "# my own work\n" + "\n\n".join(out) + "\n"


STARTER = '''
def parse_card(text):
    """Read a card such as r5 into its colour and rank."""
    colour, rank = text[0], text[1:]
    if colour not in "rgby":
        raise ValueError("bad colour " + text)
    values = {"s": 20, "r": 20, "d": 20}
    return colour, values.get(rank, rank)


def show_hand(hand):
    """The hand as text, one card after another."""
    shown = []
    for colour, rank in hand:
        shown.append(colour + str(rank))
    return " ".join(sorted(shown))


def deal(deck, players, size):
    """Deal size cards to each player from the top of the deck."""
    hands = [[] for _ in range(players)]
    for round_number in range(size):
        for player in range(players):
            hands[player].append(deck.pop())
    return hands, deck
'''
