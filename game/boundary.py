"""The one error boundary of every entry point: `python -m game`, `underground`, the editor, their commands.

Bad input is a person's mistake, not the program's: a missing or unreadable file, a folder where a file
belongs, malformed or absurdly nested JSON, an unwritable output, a closed pipe. Each ends as ONE line on
standard error and exit code 2, Ctrl-C as one line and 130 (contracts §2); never a traceback. Messages
quote what the user typed, which can be anything, so every line is bounded and kept on one line.
Anything else is a bug and keeps its traceback, so that it gets reported.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Callable

BAD_INPUT = 2
INTERRUPTED = 130  # 128 + SIGINT, as a shell reports a program stopped by Ctrl-C
MAX_LINE = 300
MAX_WORD = 80


class UserError(Exception):
    """Bad input from the user: its message is the whole report (one line, exit code 2)."""


def shorten(text: str, limit: int = MAX_LINE, word: int = MAX_WORD) -> str:
    """`text` on one line, each very long word (a path, a pasted value) and the whole cut in the middle."""
    words = [w if len(w) <= word else f"{w[: word // 2 - 1]}…{w[-(word // 2):]}" for w in text.split()]
    line = " ".join(words)
    if len(line) <= limit:
        return line
    return f"{line[: limit // 2 - 1]}…{line[-(limit // 2):]}"


def describe(error: BaseException) -> str:
    """What went wrong, in words: the file and the system's reason for an OSError, the message otherwise."""
    if isinstance(error, OSError) and error.strerror:
        name = error.filename2 if error.filename2 is not None else error.filename  # a rename's: the target
        if isinstance(error, FileExistsError) and name is not None and os.path.isfile(name):
            return f"{name} is a file where a folder is needed"  # making the folders of an output path
        return f"{name}: {error.strerror}" if name is not None else error.strerror
    if isinstance(error, RecursionError):
        return "the input is nested too deeply to read"
    if isinstance(error, MemoryError):
        return "the input is too large to read"
    return str(error) or type(error).__name__


def say(line: str) -> None:
    """One line on standard error, quietly nothing if even that is closed."""
    with contextlib.suppress(OSError, ValueError):
        print(shorten(line), file=sys.stderr, flush=True)


def _drop_stdout() -> None:
    """Point standard output at the null device, so the exit's flush of what is still buffered cannot fail
    a second time ("Exception ignored … BrokenPipeError"): the Python documentation's recipe for SIGPIPE."""
    with contextlib.suppress(OSError, ValueError, AttributeError):
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


def guard(body: Callable[[], int]) -> int:
    """Run an entry point; bad input, a closed pipe and Ctrl-C become one line and an exit code."""
    try:
        return body()
    except KeyboardInterrupt:
        say("interrupted")
        return INTERRUPTED
    except BrokenPipeError:
        _drop_stdout()
        say("error: the output was closed before the end (nothing more is written)")
        return BAD_INPUT
    except (UserError, ValueError, OSError, RecursionError, MemoryError) as error:
        say(f"error: {describe(error)}")
        return BAD_INPUT
