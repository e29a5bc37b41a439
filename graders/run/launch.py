"""Set rlimits, then become the student's program (``exec``).  Stdlib only.

Used as ``python -I -S launch.py LIMITS_JSON -- program args...`` so that a program in
any language starts under the same limits as a Python submission.  Memory is capped
with RLIMIT_DATA (heap and private mappings), which JavaScript and Java runtimes
tolerate, and additionally with RLIMIT_AS for Python programs.
"""

from __future__ import annotations

import json
import os
import resource
import sys


def main(argv: list[str]) -> None:
    limits = json.loads(argv[1])
    program = argv[argv.index("--") + 1 :]
    memory = limits["memory_mb"] * 1024 * 1024
    resource.setrlimit(resource.RLIMIT_DATA, (memory, memory))
    if limits.get("address_space"):
        resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
    cpu = max(1, int(limits["cpu"] + 0.999))
    resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 1))
    size = limits["file_bytes"]
    resource.setrlimit(resource.RLIMIT_FSIZE, (size, size))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    for name in ("PWD", "OLDPWD"):  # set by the shell or bubblewrap on the way in
        os.environ.pop(name, None)
    try:
        os.execvp(program[0], program)
    except OSError as exc:
        sys.stderr.write(f"cannot start {program[0]}: {exc.strerror}\n")
        sys.exit(127)


if __name__ == "__main__":
    main(sys.argv)
