"""A starter module as a starter notebook, made with nbformat.

The module's docstring becomes the first (Markdown) cell, with a line on how to check; each
top-level block (the imports, each function or class with the comments just above it, any
other statements) becomes a code cell of its own, in order.  Read back the way the grader
reads notebooks (:func:`unokit.notebook.notebook_code`), the notebook is the
same module.
"""

from __future__ import annotations

import ast

import nbformat
from nbformat import v4


def _blocks(source: str) -> tuple[str | None, list[str]]:
    """The module's docstring and its top-level blocks, as text."""
    tree = ast.parse(source)
    lines = source.splitlines()
    body = list(tree.body)
    docstring = ast.get_docstring(tree, clean=True)
    if docstring is not None and body:
        body = body[1:]
    starts = []
    for node in body:
        first = min([node.lineno, *(d.lineno for d in getattr(node, "decorator_list", []))])
        # Comment lines right above a block belong to it.
        while first > 1 and lines[first - 2].lstrip().startswith("#"):
            first -= 1
        starts.append(first)
    blocks = []
    for k, start in enumerate(starts):
        end = starts[k + 1] - 1 if k + 1 < len(starts) else len(lines)
        text = "\n".join(lines[start - 1 : end]).strip("\n")
        if text:
            blocks.append(text)
    # Consecutive imports and small statements share a cell with what they introduce.
    merged: list[str] = []
    for block in blocks:
        simple = not block.lstrip().startswith(("def ", "class ", "@", "async def", "if "))
        if merged and simple and not merged[-1].lstrip().startswith(("def ", "class ", "@")):
            merged[-1] += "\n" + block
        else:
            merged.append(block)
    return docstring, merged


def starter_notebook(source: str, title: str) -> bytes:
    """``source`` (a starter module) as an nbformat 4 notebook's bytes."""
    docstring, blocks = _blocks(source)
    intro = f"# {title}\n\n" + (docstring or "")
    intro += (
        "\n\nWrite your code in the code cells below. Check it on the public cases with "
        "`python -m pytest` in the kit's folder (the check reads this notebook's code cells "
        "as the grader does; `%magics` and `!shell` lines are left out)."
    )
    nb = v4.new_notebook()
    nb.cells = [v4.new_markdown_cell(intro)] + [v4.new_code_cell(b) for b in blocks]
    for k, cell in enumerate(nb.cells):
        cell["id"] = f"cell-{k}"  # not nbformat's random ids: the same starter, the same bytes
    nb.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3",
        "language": "python",
    }
    nb.metadata["language_info"] = {"name": "python"}
    nbformat.validate(nb)
    return (nbformat.writes(nb) + "\n").encode()
