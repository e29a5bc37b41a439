"""Final Card-Down (seed 002): the Game ADT reference and its grading material.

* ``game`` - the ADT itself, self-contained (module functions taking the game first).
* ``player`` - the simple legal AI player, ``decideMove(game)``.
* ``tournament`` - seeded four-player tournaments with Wilson intervals.
* ``handwritten`` / ``scenario_gen`` - scenario fixtures (hand-written and seeded).
* ``mutants`` - deliberately broken ADTs for grading students' test suites (hidden).
* ``plugin`` - the assignment as the grader sees it (scenarios, test suites, tournaments).
* ``suite`` - running a student's pytest suite on the reference and the mutants, sandboxed.
* ``arena`` - tournaments with students' players, each in its own sandbox.
"""
