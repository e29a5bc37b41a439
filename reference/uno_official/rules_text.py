"""The official rules as the seed gives them, shown by the terminal game's rules key."""

OFFICIAL_RULES = """\
The aim of the game is to be the first player to score 500 points, achieved (usually over
several rounds of play) by being the first to play all of one's own cards and scoring points
for the cards still held by the other players.

The deck consists of 108 cards: four each of "Wild" and "Wild Draw Four", and 25 each of four
colors (red, yellow, green, blue). Each color consists of one zero, two each of 1 through 9,
and two each of "Skip", "Draw Two", and "Reverse".

Seven cards are dealt to each player; the top card of the remaining deck starts the discard
pile. The player to the dealer's left plays first unless the first card is an action or Wild
card. On your turn: play one card matching the discard in color, number, or symbol; or play a
Wild, or a playable Wild Draw Four; or draw the top card from the deck, then play it if possible.

Skip: the next player misses a turn.   Reverse: the direction of play switches.
Draw Two: the next player draws two cards and misses a turn.
Wild: you declare the next color to be matched.
Wild Draw Four: you declare the next color; the next player draws four and misses a turn.
It may legally be played only if you hold no card of the current color.

As first discard: Skip - the dealer's left misses a turn; Reverse - the dealer plays first and
play goes counter-clockwise; Draw Two - the dealer's left draws two and misses a turn; Wild -
the dealer's left declares the first color; Wild Draw Four - returned, reshuffled, flipped again.

Play your next-to-last card and call "uno". Going out wins the hand: you score the cards the
others still hold (numbers face value, action cards 20, Wild and Wild Draw Four 50). If a Draw
Two or Wild Draw Four goes out, the next player draws before the score is tallied.

PENALTIES
- Caught not calling "uno" before the next player begins: draw 2 cards.
- Wild Draw Four challenged: if you held a card of the current color, you draw the 4 cards
  instead; if you did not, the challenger draws 6 cards (the 4 plus 2) and misses the turn.
"""
