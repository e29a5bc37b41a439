"""Answering the JSON lines a sandboxed program writes to one of our Unix sockets.

Why one: the C player's desk (``c_player.Desk``) and a suite's ADT relay
(``adt_link.ADTLink``) read their connections the same way (a chunk at a time into the
connection's buffer, a bounded line, one answer a line), and differ only in the limit, what
they answer a line and what they answer a line that is too long.  Each keeps its own
selector, accepting and dropping.

Runs in the grader; what a connection sends is data, never more than ``limit`` bytes kept.
"""

from __future__ import annotations

import os
import socket
from collections.abc import Callable, Iterable
from pathlib import Path

CHUNK = 1 << 16


def answer_lines(
    conn: socket.socket,
    buffer: bytearray,
    limit: int,
    too_long: bytes,
    answer: Callable[[bytes], bytes],
) -> bool:
    """Read what ``conn`` has sent into ``buffer`` and send each whole line's answer
    (``answer(line)``, or ``too_long`` for a line of more than ``limit`` bytes); False when
    the connection is to be dropped: it ended or failed, sent more than ``limit`` bytes
    without a line's end, or could not take an answer."""
    try:
        chunk = conn.recv(CHUNK)
    except OSError:
        chunk = b""
    buffer += chunk
    if not chunk or (len(buffer) > limit and b"\n" not in buffer):
        return False
    while b"\n" in buffer:
        end = buffer.index(b"\n")
        line = bytes(buffer[:end])
        del buffer[: end + 1]
        reply = too_long if len(line) > limit else answer(line)
        try:
            conn.sendall(reply)
        except OSError:
            return False
    return True


def close_listening(listener: socket.socket, path: Path, wake: Iterable[int]) -> None:
    """The end of a socket we served: its wake-up pipe's ends closed, the listener closed and
    its file removed; each step even when an earlier one found it already gone."""
    for fd in wake:
        try:
            os.close(fd)
        except OSError:
            pass
    listener.close()
    try:
        path.unlink()
    except OSError:
        pass
