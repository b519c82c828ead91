"""Problems found in a board source, and the collector that gathers every one of them in a single run.

Designers fix a whole list at once, so nothing here stops at the first problem.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.boundary import shorten

ERROR = "error"
WARNING = "warning"
LEGIBILITY = "legibility"  # the board compiles, but is hard to read: names collide, stations crowd
MAX_SHOWN_NAME = 100
# A message quotes what the file holds (a property's name, a value, a path), which can be of any length: each
# is kept on one bounded line, a very long word cut in its middle (a name of MAX_SHOWN_NAME still whole).
MAX_MESSAGE = 500
MAX_LINE = 1000
MAX_WORD = MAX_SHOWN_NAME + 20


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a source: which file, which object, what."""

    severity: str  # "error", "warning" or "legibility"
    file: str  # file name as given
    object_id: int | None  # the Tiled object id, None for map-level problems
    object_name: str
    message: str
    link_id: int | None = None  # a link it is about as well: the one a station's name crosses, or a link lies on
    grown: bool = False  # found only with the names drawn larger (at 1280×720, at the largest text size)

    def __str__(self) -> str:
        prefix = f"{self.severity}: " if self.severity != ERROR else ""
        return shorten(f"{self._where()}{prefix}{self.message}", MAX_LINE, MAX_WORD)  # the file's path may be long

    def line(self) -> str:
        """The command line's form, the severity said once and first: "warning: a.tmx: object 3 'Zoo': …".

        `str()` puts a warning's word after the place; a line that began with it as well said it twice."""
        return shorten(f"{self.severity}: {self._where()}{self.message}", MAX_LINE, MAX_WORD)

    def _where(self) -> str:
        """The file, then the object (id and name) or the map-level place the problem is about."""
        where = f"{self.file}: "
        if self.object_id is not None:
            where += f"object {self.object_id}"
            where += f" {self.object_name!r}: " if self.object_name else ": "
        elif self.object_name:
            where += f"{self.object_name}: "
        return where


@dataclass
class Reporter:
    """Collects problems for one file; `about` is anything with `id` and `name` (a raw object) or None."""

    file: str
    problems: list[Problem] = field(default_factory=list)
    legibility: list[Problem] = field(default_factory=list)  # kept apart: they never stop a board compiling

    def error(self, about: object | None, message: str) -> None:
        self._add(ERROR, about, message)

    def warn(self, about: object | None, message: str) -> None:
        self._add(WARNING, about, message)

    def hard_to_read(self, about: object | None, message: str, link: object | None = None,
                     grown: bool = False) -> None:
        self._add(LEGIBILITY, about, message, getattr(link, "id", None), grown)

    def _add(self, severity: str, about: object | None, message: str, link_id: int | None = None,
             grown: bool = False) -> None:
        object_id = getattr(about, "id", None)
        name = getattr(about, "name", "") or ""
        if about is not None and object_id is None and isinstance(about, str):
            name = about  # a map-level place such as "map property 'loops'"
        if len(name) > MAX_SHOWN_NAME:
            name = name[:MAX_SHOWN_NAME] + "…"
        message = message.replace("\r", "\\r").replace("\n", "\\n")  # text from the file stays on one line
        message = shorten(message, MAX_MESSAGE, MAX_WORD)
        found = Problem(severity, self.file, object_id, name, message, link_id, grown)
        (self.legibility if severity == LEGIBILITY else self.problems).append(found)

    @property
    def has_errors(self) -> bool:
        return any(p.severity == ERROR for p in self.problems)


class Findings:
    """What a compile found, split by severity (both compilers' results have `problems`)."""

    problems: list[Problem]

    @property
    def errors(self) -> list[Problem]:
        return [p for p in self.problems if p.severity == ERROR]

    @property
    def warnings(self) -> list[Problem]:
        return [p for p in self.problems if p.severity == WARNING]
