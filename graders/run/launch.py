"""Set rlimits, then become the student's program (``exec``).  Stdlib only.

Used as ``python -I -S launch.py MEMORY_MB CPU FILE_BYTES AS [--user UID:GID] -- program
args...`` so that a program in any language starts under the same limits as a Python
submission (and, with ``--user``, as the unprivileged user a root grader runs children as).
Memory is capped with RLIMIT_DATA (heap and private mappings), which JavaScript and Java runtimes
tolerate, and additionally with RLIMIT_AS for Python programs (``AS`` is 1).  The limits are
plain words, not JSON: importing ``json`` (and ``re``) would cost this short-lived process
more than everything else it does, once per run.
"""

from __future__ import annotations

import os
import resource
import sys


def main(argv: list[str]) -> None:
    memory_mb, cpu_seconds, size, address_space = argv[1:5]
    program = argv[argv.index("--") + 1 :]
    memory = int(memory_mb) * 1024 * 1024
    resource.setrlimit(resource.RLIMIT_DATA, (memory, memory))
    if address_space == "1":
        resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
    cpu = max(1, int(float(cpu_seconds) + 0.999))
    resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 1))
    size = int(size)
    resource.setrlimit(resource.RLIMIT_FSIZE, (size, size))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    for name in ("PWD", "OLDPWD"):  # set by the shell or bubblewrap on the way in
        os.environ.pop(name, None)
    if argv[5] == "--user":
        uid, gid = (int(n) for n in argv[6].split(":"))
        os.setgroups([])
        os.setgid(gid)
        os.setuid(uid)
    try:
        os.execvp(program[0], program)
    except OSError as exc:
        sys.stderr.write(f"cannot start {program[0]}: {exc.strerror}\n")
        sys.exit(127)


if __name__ == "__main__":
    main(sys.argv)
