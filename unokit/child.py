"""The self-check's child: the sandbox harness, with replies no student output can reach.

The grader hands its harness pipes of its own (``harness.py IN_FD OUT_FD``), so what the
student's code writes to its standard output, even from another process
(``os.system("echo debugging")``, ``subprocess.run(["ls"])``, ``os.write(1, ...)``), is
never read as a reply.  A kit runs on students' machines, Windows included, where a child
cannot be handed extra descriptors (no ``pass_fds``): it is started with its standard input
and output as the pipes to the check.  So, before the harness imports a line of the
student's, this moves those pipes to private descriptors, which no process the student
starts inherits (``os.dup`` makes them non-inheritable), points descriptor 0 at the null
device and descriptor 1 at the child's standard error, which the check keeps and shows
when the child dies (as the grader keeps the sandbox's), and runs the harness on the
private pair.  Standard library only; run as ``python -I -S -B child.py HARNESS``.
"""

from __future__ import annotations

import os
import sys
import types


def private_pipes() -> tuple[int, int]:
    """The check's pipes (descriptors 0 and 1) moved to private descriptors; 0 then reads
    nothing and 1 writes where 2 does, for this process and every one it starts."""
    inbox, replies = os.dup(0), os.dup(1)  # non-inheritable, on every platform
    null = os.open(os.devnull, os.O_RDONLY)
    try:
        os.dup2(null, 0)  # inheritable: what a started process reads is nothing
    finally:
        os.close(null)
    os.dup2(2, 1)  # what a started process prints joins the child's stderr, kept by the check
    return inbox, replies


def load_harness(path: str) -> types.ModuleType:
    """The harness file as a module (a kit's folder is not on this isolated child's path)."""
    module = types.ModuleType("unocheck_harness")
    module.__file__ = path
    with open(path, "rb") as handle:
        code = compile(handle.read(), path, "exec", dont_inherit=True)
    sys.modules[module.__name__] = module
    exec(code, module.__dict__)  # noqa: S102 - the kit's own harness, shipped beside this file
    return module


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        sys.stderr.write("usage: child.py HARNESS\n")
        return 2
    inbox, replies = private_pipes()
    harness = load_harness(argv[1])
    return harness.main([argv[1], str(inbox), str(replies)])


if __name__ == "__main__":
    sys.exit(main(sys.argv))
