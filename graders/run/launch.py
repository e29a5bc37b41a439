"""Confine this process, then become the student's program.  Stdlib only.

Every sandboxed child starts here, already as the unprivileged user it runs as (``setpriv``
switched to it on the way in, when the grader runs as root)::

    python -I -S -B launch.pyc [--limits MEMORY_MB CPU FILE_BYTES AS] [--nproc N]
                               [--seccomp HEX] [--python] -- program args...

The grader compiles this file once per process (``sandbox.launcher_file``) and the child's
interpreter runs the compiled file directly: nothing is compiled at a child's start.

``--limits`` sets rlimits so that a program in any language starts under the same limits as
a Python submission: memory with RLIMIT_DATA (heap and private mappings), which JavaScript
and Java runtimes tolerate, and additionally with RLIMIT_AS for Python programs (``AS`` is
1); a ``MEMORY_MB`` of 0 sets no memory rlimit (a sanitizer's shadow memory: the cgroup
bounds the child).  ``--nproc`` caps the processes of this child's own user (a user no
other child shares).
``--seccomp`` loads the grader's system-call filter (``seccomp.py`` builds it with
libseccomp; here it arrives as the hex of its BPF records) after setting ``no_new_privs``,
so that nothing this process becomes can gain a privilege or make a refused call.  A failed
load ends the child: it never runs unfiltered when a filter was asked for.  That is the way
without bubblewrap; under bubblewrap, bubblewrap itself loads the same filter (``bwrap
--seccomp FD``) before it executes ``setpriv`` and this launcher, which then imports no
``ctypes`` (the cost of this option).

Then ``program`` is executed; with ``--python`` it is a Python script run in this very
interpreter (the module harness: one interpreter start, not two).  The arguments are plain
words, not JSON: importing ``json`` (and ``re``) would cost this short-lived process more
than everything else it does, once per run.  (No ``from __future__ import annotations``
either: it is an import too, and nothing here needs it.)
"""

import os
import sys

PR_SET_NO_NEW_PRIVS = 38
PR_SET_SECCOMP = 22
SECCOMP_MODE_FILTER = 2


def load_filter(program: bytes) -> None:
    """Set ``no_new_privs`` and load ``program`` (classic BPF records) as this process's
    seccomp filter; raises OSError when the kernel refuses."""
    import ctypes

    class SockFprog(ctypes.Structure):
        _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.c_void_p)]

    libc = ctypes.CDLL(None, use_errno=True)
    records = ctypes.create_string_buffer(program, len(program))
    prog = SockFprog(len(program) // 8, ctypes.cast(records, ctypes.c_void_p))
    zero = ctypes.c_ulong(0)
    if libc.prctl(PR_SET_NO_NEW_PRIVS, ctypes.c_ulong(1), zero, zero, zero) != 0:
        raise OSError(ctypes.get_errno(), "prctl(PR_SET_NO_NEW_PRIVS) failed")
    if libc.prctl(PR_SET_SECCOMP, ctypes.c_ulong(SECCOMP_MODE_FILTER), ctypes.byref(prog),
                  zero, zero) != 0:  # fmt: skip
        raise OSError(ctypes.get_errno(), "prctl(PR_SET_SECCOMP) failed")


def _limits(memory_mb: str, cpu_seconds: str, size: str, address_space: str) -> None:
    import resource

    memory = int(memory_mb) * 1024 * 1024
    if memory:  # 0: none (a sanitizer's shadow memory; the cgroup bounds the child)
        resource.setrlimit(resource.RLIMIT_DATA, (memory, memory))
    if address_space == "1" and memory:
        resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
    cpu = max(1, int(float(cpu_seconds) + 0.999))
    resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 1))
    resource.setrlimit(resource.RLIMIT_FSIZE, (int(size), int(size)))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))


def _run_python(program: list[str]) -> None:
    """Run the script ``program[0]`` as ``__main__`` of this interpreter; a ``.marshal``
    file is the script already compiled by the grader, for this interpreter (``marshal``
    is built in: nothing to import, and the harness is not compiled again per child)."""
    path = program[0]
    sys.argv = program
    with open(path, "rb") as handle:
        data = handle.read()
    if path.endswith(".marshal"):
        import marshal

        code = marshal.loads(data)
    else:
        code = compile(data, path, "exec")
    globals_ = {"__name__": "__main__", "__file__": path, "__builtins__": __builtins__}
    exec(code, globals_)  # noqa: S102 - our own harness, bound read-only into the sandbox


def main(argv: list[str]) -> None:
    split = argv.index("--")
    options, program = argv[1:split], argv[split + 1 :]
    python = False
    i = 0
    while i < len(options):
        word = options[i]
        if word == "--limits":
            _limits(*options[i + 1 : i + 5])
            i += 5
        elif word == "--nproc":
            import resource

            n = int(options[i + 1])
            resource.setrlimit(resource.RLIMIT_NPROC, (n, n))
            i += 2
        elif word == "--seccomp":
            try:
                load_filter(bytes.fromhex(options[i + 1]))
            except (OSError, ValueError) as exc:
                sys.stderr.write(f"unograde sandbox: cannot load the seccomp filter: {exc}\n")
                sys.exit(126)
            i += 2
        elif word == "--python":
            python = True
            i += 1
        else:
            sys.stderr.write(f"unograde sandbox: unknown launcher option {word}\n")
            sys.exit(126)
    for name in ("PWD", "OLDPWD"):  # set by the shell or bubblewrap on the way in
        os.environ.pop(name, None)
    if python:
        _run_python(program)
        return
    try:
        os.execvp(program[0], program)
    except OSError as exc:
        sys.stderr.write(f"cannot start {program[0]}: {exc.strerror}\n")
        sys.exit(127)


if __name__ == "__main__":
    main(sys.argv)
