"""The system calls no child of the grader may make: the policy, and its BPF program.

Every sandboxed child (a module's harness, a program and its build, a test suite, a
tournament player) loads this filter before any of the submission's code runs
(``launch.py`` does it, from the program built here).  The policy is a deny list: a grader's
child computes and prints, so anything that reaches past its own process, into the kernel's
privileged interfaces or into another namespace, is refused.  The list starts from the
policies of the anchors (Docker's default profile, nsjail's and isolate's examples, Judge0's
settings), less what they allow only to privileged containers:

- tracing and other processes' memory: ``ptrace``, ``process_vm_readv``/``writev``, ``kcmp``,
  ``pidfd_getfd``;
- mounts, namespaces and the root: ``mount``, ``umount2``, the new mount API, ``pivot_root``,
  ``chroot``, ``unshare``, ``setns``, and ``clone`` with any ``CLONE_NEW*`` flag (``clone3``,
  whose flags a filter cannot read, answers ``ENOSYS`` so that the C library falls back to
  ``clone``, as Docker's profile does);
- kernel interfaces with a history of exploits, needed by no grader: ``keyctl``, ``add_key``,
  ``request_key``, ``bpf``, ``perf_event_open``, ``userfaultfd``, ``io_uring_*`` (``ENOSYS``:
  runtimes that try it fall back to ordinary I/O), ``open_by_handle_at``;
- the machine itself: ``reboot``, ``kexec_*``, module loading, ``swapon``/``swapoff``, setting
  the clock, ``acct``, quotas, ``syslog``, ``iopl``/``ioperm``, ``sethostname``.  (Reading the
  clock's tuning with ``adjtimex`` and ``personality`` queries stay allowed, as in Docker's
  profile: runtimes make them, and without capabilities neither changes the machine);
- the network outside the sandbox: ``socket`` for any family but ``AF_UNIX`` (bubblewrap's
  view has no network at all; without it, this is what keeps a child off the network).

System calls of another architecture (32-bit ``int 0x80`` on x86-64, the x32 ABI) kill the
process: libseccomp's default for a foreign architecture.

The program is built with libseccomp (through ``pyseccomp``, its Python interface) and
exported as classic BPF: no hand-assembled filter.  Where libseccomp is missing the grader
runs without a filter and every report says so.
"""

from __future__ import annotations

import errno
import functools
import socket
import tempfile
from dataclasses import dataclass

DENIED_EPERM: tuple[str, ...] = (
    # tracing, other processes
    "ptrace", "process_vm_readv", "process_vm_writev", "kcmp", "pidfd_getfd",
    # mounts, namespaces, the root
    "mount", "umount", "umount2", "move_mount", "open_tree", "fsopen", "fsconfig", "fsmount",
    "fspick", "mount_setattr", "pivot_root", "chroot", "unshare", "setns",
    # kernel interfaces with a history of exploits
    "keyctl", "add_key", "request_key", "bpf", "perf_event_open", "userfaultfd",
    "open_by_handle_at", "name_to_handle_at", "lookup_dcookie", "fanotify_init",
    # the machine
    "reboot", "kexec_load", "kexec_file_load", "init_module", "finit_module",
    "delete_module", "create_module", "get_kernel_syms", "query_module", "swapon", "swapoff",
    "settimeofday", "stime", "clock_settime", "acct",
    "quotactl", "quotactl_fd", "syslog", "vhangup", "iopl", "ioperm", "sethostname",
    "setdomainname", "uselib", "ustat", "sysfs", "_sysctl", "nfsservctl", "vm86", "vm86old",
)  # fmt: skip
"""Refused with ``EPERM``, as a call the kernel does not permit this user."""

DENIED_ENOSYS: tuple[str, ...] = ("clone3", "io_uring_setup", "io_uring_enter", "io_uring_register")
"""Answered ``ENOSYS``, as if the kernel had no such call: the C library and runtimes (glibc's
``clone3``, libuv's io_uring) then fall back to a call the filter can judge or allows."""

NEW_NAMESPACE_FLAGS: tuple[tuple[str, int], ...] = (
    ("CLONE_NEWNS", 0x00020000),
    ("CLONE_NEWCGROUP", 0x02000000),
    ("CLONE_NEWUTS", 0x04000000),
    ("CLONE_NEWIPC", 0x08000000),
    ("CLONE_NEWUSER", 0x10000000),
    ("CLONE_NEWPID", 0x20000000),
    ("CLONE_NEWNET", 0x40000000),
)
"""``clone`` with any of these flags is refused: a child makes no namespace of its own."""


@dataclass(frozen=True)
class Filter:
    """The BPF program (``program``, raw ``sock_filter`` records) and what it holds."""

    program: bytes
    denied: tuple[str, ...]  # the calls this architecture knows and the filter refuses

    def describe(self) -> str:
        return (
            f"seccomp filter: {len(self.denied)} system calls refused (ptrace, mount, unshare, "
            "keyctl, bpf, io_uring, ...), clone of new namespaces, sockets other than AF_UNIX"
        )


class Unavailable(Exception):
    """libseccomp (or its Python interface) is not installed here."""


COMPAT32_DENIED: tuple[str, ...] = ("socketcall",)
"""Refused in the 32-bit x86 ABI only: ``socketcall`` multiplexes every socket call through
a pointer the filter cannot read (so the family of ``socket`` could not be judged); a C
library built for kernels since 4.3 makes the direct calls instead, which the filter judges."""


@functools.cache
def build(compat32: bool = False) -> Filter:
    """The filter for this machine's architecture, built once per process.

    ``compat32`` also admits the 32-bit x86 ABI, under the very same deny list (and
    ``socketcall`` refused): for a toolchain the distribution ships only as a 32-bit program
    (Debian's SML/NJ 110.79 runtime). Without it a 32-bit system call kills the process, the
    default for every other child.

    Raises :class:`Unavailable` where libseccomp cannot be loaded."""
    try:
        import pyseccomp as sc
    except (ImportError, OSError, AttributeError, TypeError) as exc:
        raise Unavailable(f"libseccomp is not available ({exc})") from None
    rules = sc.SyscallFilter(sc.ALLOW)
    if compat32:
        try:
            if not rules.exist_arch(sc.Arch.X86):
                rules.add_arch(sc.Arch.X86)
        except (OSError, ValueError, RuntimeError, AttributeError) as exc:
            raise Unavailable(f"libseccomp cannot filter the 32-bit x86 ABI ({exc})") from None
    denied: list[str] = []

    def deny(action: int, name: str, *args: object) -> bool:
        try:
            rules.add_rule(action, name, *args)
        except (OSError, ValueError, RuntimeError):
            return False  # a call this architecture does not have
        return True

    for name in DENIED_EPERM:
        if deny(sc.ERRNO(errno.EPERM), name):
            denied.append(name)
    for name in DENIED_ENOSYS:
        if deny(sc.ERRNO(errno.ENOSYS), name):
            denied.append(name)
    for _, flag in NEW_NAMESPACE_FLAGS:
        deny(sc.ERRNO(errno.EPERM), "clone", sc.Arg(0, sc.MASKED_EQ, flag, flag))
    deny(sc.ERRNO(errno.EPERM), "socket", sc.Arg(0, sc.NE, socket.AF_UNIX))
    if compat32:
        for name in COMPAT32_DENIED:
            if deny(sc.ERRNO(errno.EPERM), name):
                denied.append(name)
    with tempfile.TemporaryFile() as out:
        rules.export_bpf(out)
        out.seek(0)
        program = out.read()
    if not program or len(program) % 8:
        raise Unavailable("libseccomp exported no filter")
    return Filter(program, tuple(denied))


def available(compat32: bool = False) -> Filter | None:
    """The filter, or None where it cannot be built (said in every report); ``compat32``: the
    one that also admits the 32-bit x86 ABI (see :func:`build`)."""
    try:
        return build(compat32)
    except Unavailable:
        return None
