"""unokit, the self-check's runtime: the part of unograde a student's kit carries, verbatim.

The bottom of the house: every module here imports only the standard library, deepdiff,
pytest, jinja2 and its siblings (relatively), never ``graders``
(``tests/unokit/test_unokit_bottom.py`` says so): in a kit this package is copied as it is
under the name ``unocheck`` and unograde is not installed.  The grader imports the same
modules as ``unokit``:

* ``compare``: the structural comparison and the helpers assignments explain differences with;
* ``verdict``: a returned value to an outcome and its lines, the words for every other
  outcome, a failed case's input as lines (one definition for the grader's engine and the
  kit);
* ``text``: text a submission controls, cleaned and bounded;
* ``notebook``: a notebook's code cells as a module, and where a syntax error (or a line of
  a traceback) is, by cell;
* ``imports``: what a submission may import beyond the standard library, offered alike;
* ``render``: the Jinja2 settings every text report shares, and a case as ``case.txt.j2``
  shows it;
* ``loader``: an assignment's feedback module, loaded by path inside this package;
* ``session`` and ``plugin``: the kit's own side (a child running the harness, the pytest
  items); the grader does not use them.
"""
