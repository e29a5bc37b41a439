"""A student of Decision 4's other reading (a drawn card that can be played is played at once)
loses nothing: the grader accepts the game of either reading, and explains a wrong game against
the one it follows longer, saying which.

The other reading's program below is written here from the page's rules, independently of the
reference (it is a second implementation): the test checks the grader against it, on every case.
"""

from __future__ import annotations

import textwrap
from types import SimpleNamespace

from graders.assignment import load_assignment
from graders.grade.batch import grade_batch

OTHER_READING_PROGRAM = """
RAINBOW = "RYGB"


def _key(card):
    return (RAINBOW.index(card[0]), int(card[1]))


def _choice(hand, top):
    colour = [c for c in hand if c[0] == top[0]]
    number = [c for c in hand if c[1] == top[1]]
    if len(number) > len(colour):
        return min(number, key=lambda c: RAINBOW.index(c[0]))
    if colour:
        return min(colour, key=lambda c: int(c[1]))
    return None


def ochosLocos(hands, discard, draw_pile):
    hands = [list(h) for h in hands]
    pile = list(draw_pile)
    top, lines, seat, blocked = discard, ["0: " + discard], 0, 0
    while True:
        hand = hands[seat]
        card = _choice(hand, top)
        if card is None:
            lines.append(f"{seat + 1}: DRAW")
            if not pile:
                blocked += 1
                if blocked == 3:
                    lines.append("NO WINNER")
                    return lines
                seat = (seat + 1) % 3
                continue
            blocked = 0
            drawn = pile.pop(0)
            if drawn[0] != top[0] and drawn[1] != top[1]:
                hand.append(drawn)
                seat = (seat + 1) % 3
                continue
            card = drawn  # the other reading: played at once, on a line of its own
        else:
            hand.remove(card)
        blocked = 0
        top = card
        if not hand:
            lines.append(f"{seat + 1}: {card} (WINNER)")
            return lines
        lines.append(f"{seat + 1}: {card}")
        seat = (seat + 1) % 3
"""


def test_a_program_of_the_other_reading_scores_full_marks(tmp_path):
    assignment = load_assignment("ochos-locos")
    student = tmp_path / "ochos_locos.py"
    student.write_text(textwrap.dedent(OTHER_READING_PROGRAM))
    cases = assignment.cases()  # every case, public and hidden
    items = grade_batch(assignment, [student], cases, None, jobs=1)
    result = items[0].result
    failed = [(c.name, c.messages[:1]) for c in result.cases if c.outcome != "passed"]
    assert failed == []
    assert result.score == result.max_score == 50
    # The games of the two readings do differ on most deals (about 38 of the 62): without the
    # other reading's games this program would fail them.
    plugin = assignment.plugin
    differ = [c for c in cases if plugin.accepted.of(c)["accept"]]
    assert len(differ) > len(cases) // 2


def _case(lines, accept):
    return SimpleNamespace(name="c", part="game", expected={"lines": lines, "accept": accept})


def test_a_wrong_game_is_compared_with_the_reading_it_follows_longer():
    from reference.ochos_locos.feedback import FEEDBACK  # the grader's judge is the kit's

    page = ["0: R5", "1: R1", "2: DRAW", "3: R3", "1: R2 (WINNER)"]
    other = ["0: R5", "1: R1", "2: DRAW", "2: Y5", "3: Y3", "1: R2 (WINNER)"]
    # Follows the other reading up to its fifth line, then plays another card.
    wrong = ["0: R5", "1: R1", "2: DRAW", "2: Y5", "3: Y1", "1: R2 (WINNER)"]
    messages = FEEDBACK.judge(_case(page, [other]), wrong)
    assert messages[0].startswith("compared with the game of Decision 4's other reading")
    # Line 4 of the other reading's game is player 3's (its seat, not the page's turn order).
    assert messages[1].startswith("turn 4 (player 3): expected ")
    assert "Y3" in messages[1] and messages[1].endswith("Y1'")
    # Wrong from the start of the other reading's drawn card: the page's game is as close.
    early = ["0: R5", "1: R2"]
    messages = FEEDBACK.judge(_case(page, [other]), early)
    assert not messages[0].startswith("compared with")
    assert messages[0] == "turn 1 (player 1): expected R1, got R2"
    # Either game passes; the plugin answers as the feedback module does.
    assert FEEDBACK.judge(_case(page, [other]), page) == []
    assert FEEDBACK.judge(_case(page, [other]), other) == []
