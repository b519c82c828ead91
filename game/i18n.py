"""Interface languages: gettext catalogues keyed by message ids, English the reference and the fallback.

The sources are `game/locales/{code}.po`; the game reads the compiled `.mo` files with the standard
library's `gettext` (`python -m tools.locales` compiles them). Message ids are keys ("menu.start"), so
English is a translation like the others and `en.po` is the one place every English string lives.
Messages use `str.format` placeholders. A message that counts something has plural forms, picked by the
language's own Plural-Forms rule (English and German `n != 1`, French `n > 1`) through `ntr`.

Text on screen is never blank and never a crash: a message missing from a translation, or whose
placeholders do not fit the values, shows English; one that even English lacks shows its key.
"""

from __future__ import annotations

import gettext
import os
import struct
from collections.abc import Mapping
from functools import cache
from typing import IO, Any, Protocol

from game import resources
from game.phrase import Phrase, Series, Value

LOCALE_DIR = resources.locales()
FALLBACK = "en"
# Each language under its own name, as a language menu should show it.
LANGUAGES: dict[str, str] = {"en": "English", "de": "Deutsch", "fr": "Français"}
SEVERAL = 2  # the count whose form a plural message shows when read without one

_language = FALLBACK


class _Missing(gettext.NullTranslations):
    """The end of every catalogue's fallback chain: a missing message raises instead of echoing its id."""

    def gettext(self, message: str) -> str:
        raise LookupError(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        raise LookupError(msgid1)


class Catalogue(gettext.GNUTranslations):
    """One language's compiled messages (empty when its .mo is missing or unreadable)."""

    def __init__(self, fp: IO[bytes] | None = None) -> None:
        self._catalog: dict[Any, str] = {}
        self.plural = lambda n: int(n != 1)
        super().__init__(fp)
        self.add_fallback(_Missing())

    def ids(self) -> list[str]:
        """The message ids, sorted (the header aside)."""
        return sorted({key if isinstance(key, str) else key[0] for key in self._catalog} - {""})

    def is_plural(self, key: str) -> bool:
        return (key, 0) in self._catalog

    def message(self, key: str, count: int | None = None) -> str | None:
        """The text of `key` (its form for `count` if it has plural forms), None if this language lacks it."""
        try:
            if self.is_plural(key):
                return self.ngettext(key, key, SEVERAL if count is None else count)
            return self.gettext(key)
        except LookupError:
            return None


@cache
def catalogue(code: str) -> Catalogue:
    """The compiled messages of one language."""
    try:
        with (LOCALE_DIR / f"{code}.mo").open("rb") as compiled:
            return Catalogue(compiled)
    except (OSError, ValueError, IndexError, struct.error):  # missing, or not a .mo gettext can read
        return Catalogue()


def reload() -> None:
    """Forget the loaded catalogues (after `tools/locales.py` recompiled them, and in tests)."""
    catalogue.cache_clear()


def set_language(code: str) -> str:
    """Switch the interface language; an unknown code falls back to English. Returns the code in use."""
    global _language
    _language = code if code in LANGUAGES else FALLBACK
    return _language


def language() -> str:
    return _language


def language_names() -> list[tuple[str, str]]:
    """(code, own name) pairs in menu order, for a language picker."""
    return list(LANGUAGES.items())


def system_language(environ: dict[str, str] | None = None) -> str:
    """The first supported language named by the usual locale variables (de_DE.UTF-8 → de), else English.

    Used once, for a first start without saved settings: a German or French machine opens in its language.
    """
    env = os.environ if environ is None else environ
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        for part in env.get(variable, "").split(":"):
            code = part.split("_")[0].split(".")[0].split("@")[0].lower()
            if code in LANGUAGES:
                return code
    return FALLBACK


def has(key: str) -> bool:
    """Whether English (and so every language, through the fallback) has the message."""
    return catalogue(FALLBACK).message(key) is not None


def is_plural(key: str) -> bool:
    """Whether the message has plural forms (then read it with `ntr`)."""
    return catalogue(FALLBACK).is_plural(key)


def _lookup(key: str, count: int | None, values: Mapping[str, object]) -> str:
    for code in dict.fromkeys((_language, FALLBACK)):
        message = catalogue(code).message(key, count)
        if not message:
            continue
        if not values:
            return message
        try:
            return message.format(**values)
        except (KeyError, IndexError, ValueError, TypeError, AttributeError):
            continue
    return key


def tr(key: str, /, **values: object) -> str:
    """The message `key` in the current language, formatted with `values` (unformatted without values).

    A message with plural forms shows its form for several things here; `ntr` picks the right one.
    """
    return _lookup(key, None, values)


def ntr(key: str, count: int, /, **values: object) -> str:
    """The message `key` in its plural form for `count` ("1 station", "2 stations"), formatted with `values`.

    `count` only picks the form; pass it among `values` too under the name the message shows it by.
    A message without plural forms is simply read as `tr` would.
    """
    return _lookup(key, count, values)


def render(value: Value) -> str:
    """A phrase (or series, or plain value) in words, in the current language, parts translated too."""
    if isinstance(value, Phrase):
        values = {name: render(item) if isinstance(item, (Phrase, Series)) else item for name, item in value.values}
        return _lookup(value.key, value.count, values)
    if isinstance(value, Series):
        parts = [render(item) for item in value.items]
        if value.conjunction and len(parts) > 1:
            return value.separator.join(parts[:-1]) + tr("log.and") + parts[-1]
        return value.separator.join(parts)
    return str(value)


def joined(names: list[str]) -> str:
    """Names as a readable list: "A", "A and B", "A, B and C" (the "and" in the current language)."""
    return render(Series(tuple(names), ", ", conjunction=True))


# ----- engine keys: scoring reasons and refusals -----

class Keyed(Protocol):
    """What the engine hands the screens instead of a sentence: a key and its values (`Reason`, a refusal)."""

    @property
    def key(self) -> str: ...

    @property
    def params(self) -> Mapping[str, Any]: ...


def named(prefix: str, ident: Any) -> Value:
    """The name of a thing the engine knows by id (`named("line", "red")`): the phrase `<prefix>.<id>`,
    or the id itself when no message names it (a colour a board made up)."""
    key = f"{prefix}.{ident}"
    return Phrase(key) if has(key) else ident


# Values that are names of things, translated like any other word: {value name: key prefix}.
_NAMED_VALUES = {"symbol": "symbol", "tile": "landmark", "line": "line"}


def keyed_phrase(family: str, key: str, params: Mapping[str, Any], short: bool = False) -> Phrase:
    """The phrase for engine key `<family>.<key>` with its values; names of things become phrases too.

    `short` takes the `….short` variant where there is one. The count of a plural message is its `n`
    (or `count`) value, the way the engine names numbers.
    """
    values: dict[str, Value] = {}
    for name, value in params.items():
        prefix = _NAMED_VALUES.get(name)
        values[name] = named(prefix, value) if prefix else value
    full = f"{family}.{key}"
    if short and has(f"{full}.short"):
        full = f"{full}.short"
    count = params.get("n", params.get("count"))
    return Phrase.of(full, count if isinstance(count, int) and not isinstance(count, bool) else None, **values)


def reason_phrase(reason: Keyed, short: bool = False) -> Phrase:
    """A scoring reason as a phrase; `short` drops the station's name (for a track whose own end it is)."""
    return keyed_phrase("reason", reason.key, reason.params, short)


def describe(reason: Keyed, short: bool = False) -> str:
    """A scoring reason in words: "railway station: Paddington", "loop around 1 station"."""
    return render(reason_phrase(reason, short))


def describe_refusal(refusal: Keyed) -> str:
    """Why the engine refused an action, in words: the message `refusal.<key>` with the refusal's values."""
    return render(keyed_phrase("refusal", refusal.key, refusal.params))


def explain(refusal: Keyed, sentence: bool = False) -> str:
    """Why the rules refuse an action, in words; `sentence` starts it with a capital letter, for a message
    shown on its own (the screens); the CLI prints it as it is, after "is illegal: "."""
    text = describe_refusal(refusal)
    return text[:1].upper() + text[1:] if sentence else text
