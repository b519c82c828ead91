"""Keep the gettext catalogues in order: compile game/locales/*.po to .mo, line translations up with English.

python -m tools.locales            give de.po / fr.po every key of en.po (new ones empty, stale ones dropped,
                                   English order, the English text as a comment) and compile every .mo
python -m tools.locales --check    write nothing; exit 1 when a .mo is out of date with its .po, a translation
                                   lacks a key or has a stale one, or placeholders / plural forms disagree

`en.po` is the one source of every string the player reads: message ids are keys ("menu.start"), the
English text is its translation. Adding a string: add `msgid "key"` / `msgstr "Text"` to en.po (with
`msgid_plural "key"` and `msgstr[0]` / `msgstr[1]` when it counts something), run this tool, translate the
new empty entries of de.po and fr.po, run it again. Babel reads and writes the .po files here (a development
dependency); the game reads only the compiled .mo files, with the standard library.
"""

from __future__ import annotations

import argparse
import gettext
import io
import string
import sys
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
LOCALES = ROOT / "game" / "locales"
ENGLISH = "en"
TRANSLATIONS = ("de", "fr")
LANGUAGES = (ENGLISH, *TRANSLATIONS)

Forms = tuple[str, ...]  # a message's text: one form, or one per plural form


def po_path(code: str) -> Path:
    return LOCALES / f"{code}.po"


def mo_path(code: str) -> Path:
    return LOCALES / f"{code}.mo"


def read(code: str) -> Catalog:
    """The .po source of one language (PoFileError when it does not parse)."""
    with po_path(code).open("rb") as source:
        return read_po(source, locale=code, abort_invalid=True)


def write(code: str, catalog: Catalog) -> None:
    """Write a .po source: no line wrapping, so every message is one line to grep and diff."""
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=0, include_lineno=False)
    po_path(code).write_bytes(buffer.getvalue())


def key_of(message: Message) -> str:
    return message.id[0] if isinstance(message.id, tuple) else message.id


def forms_of(message: Message) -> Forms:
    text = message.string
    return tuple(text) if isinstance(text, (tuple, list)) else (text or "",)


def messages(catalog: Catalog) -> dict[str, Message]:
    """Every message but the header, by key, in file order."""
    return {key_of(message): message for message in catalog if message.id}


def texts(code: str) -> dict[str, Forms]:
    """Every message of one language's .po as its forms, usable (not fuzzy) or not."""
    return {key: forms_of(message) for key, message in messages(read(code)).items()}


# ----- compiling -----

def compiled(catalog: Catalog) -> bytes:
    """The .mo of a catalogue. Untranslated, fuzzy and half-translated plural messages are left out, so the
    game shows English for them (Babel would otherwise put the message id in a missing plural form)."""
    for message in list(catalog):
        if message.id and message.pluralizable and not all(forms_of(message)):
            del catalog[message.id]
    buffer = io.BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    return buffer.getvalue()


def _contents(mo: bytes) -> tuple[str, dict[object, str]]:
    """What a .mo means to gettext: its Plural-Forms rule and its messages (the rest of the header aside)."""
    translations = gettext.GNUTranslations(io.BytesIO(mo))
    entries = {key: text for key, text in translations._catalog.items() if key != ""}
    return translations.info().get("plural-forms", ""), entries


def stale_mo(code: str) -> bool:
    """True when the committed .mo does not say what its .po says (compiled in memory and compared)."""
    try:
        committed = mo_path(code).read_bytes()
    except FileNotFoundError:
        return True
    return _contents(committed) != _contents(compiled(read(code)))


def compile_all() -> list[str]:
    """Rewrite every .mo that is out of date; the codes rewritten."""
    done = []
    for code in LANGUAGES:
        if stale_mo(code):
            mo_path(code).write_bytes(compiled(read(code)))
            done.append(code)
    return done


# ----- checks -----

def placeholders(message: str) -> list[tuple[str, str]]:
    """The (field, format spec) pairs of a message, sorted, so translations can be checked against English."""
    fields = {(name, spec or "") for _, name, spec, _ in string.Formatter().parse(message) if name is not None}
    return sorted(fields)


def missing_keys(code: str) -> list[str]:
    """English keys that language `code` does not translate (empty, half-translated plural, or fuzzy)."""
    translated = messages(read(code))
    return [key for key in texts(ENGLISH)
            if key not in translated or translated[key].fuzzy or not all(forms_of(translated[key]))]


def extra_keys(code: str) -> list[str]:
    """Keys of language `code` that English no longer has: stale translations to drop."""
    english = texts(ENGLISH)
    return [key for key in texts(code) if key not in english]


def plural_mismatches(code: str) -> list[str]:
    """Keys that have plural forms in English but not in `code`, or the other way round."""
    english = messages(read(ENGLISH))
    return [key for key, message in messages(read(code)).items()
            if key in english and message.pluralizable != english[key].pluralizable]


def placeholder_mismatches(code: str) -> dict[str, tuple[list[tuple[str, str]], list[tuple[str, str]]]]:
    """Keys with a (non-empty) form whose placeholders differ from English: {key: (english, this form)}.

    Every form counts, the singular too, so a French "0 tuile" still says which number it is about.
    """
    english = texts(ENGLISH)
    problems = {}
    for key, forms in texts(code).items():
        if key not in english:
            continue
        expected = placeholders(english[key][-1])
        for form in forms:
            if form and placeholders(form) != expected:
                problems[key] = (expected, placeholders(form))
    return problems


def problems() -> list[str]:
    """Everything `--check` complains about, one line each."""
    lines = [f"{code}.mo is out of date: run python -m tools.locales" for code in LANGUAGES if stale_mo(code)]
    lines += [f"en: empty message {key}" for key in missing_keys(ENGLISH)]
    for code in LANGUAGES:
        lines += [f"{code}: placeholders of {key}: English {want}, here {got}"
                  for key, (want, got) in placeholder_mismatches(code).items()]
    for code in TRANSLATIONS:
        lines += [f"{code}: missing {key}" for key in missing_keys(code)]
        lines += [f"{code}: stale {key} (no longer in English)" for key in extra_keys(code)]
        lines += [f"{code}: {key} has plural forms in one language only" for key in plural_mismatches(code)]
    return lines


# ----- updating translations -----

def _english_note(message: Message) -> list[str]:
    """The English text as a translator's comment, since the msgid is only a key."""
    forms = forms_of(message)
    if len(forms) == 1:
        return [*message.auto_comments, f"en: {forms[0]}"]
    return [*message.auto_comments, *(f"en[{index}]: {form}" for index, form in enumerate(forms))]


def update(code: str) -> None:
    """Rewrite one translation in English's order: keep what is translated (if its plural shape still fits),
    add new keys empty, drop stale ones, refresh the English comments. The header stays as it is."""
    english = messages(read(ENGLISH))
    catalog = read(code)
    old = messages(catalog)
    for message in old.values():
        del catalog[message.id]
    for key, source in english.items():
        before = old.get(key)
        if source.pluralizable:
            blank: str | tuple[str, ...] = ("",) * catalog.num_plurals
            keep = before is not None and before.pluralizable
        else:
            blank = ""
            keep = before is not None and not before.pluralizable
        catalog.add(source.id, before.string if keep and before else blank, auto_comments=_english_note(source),
                    flags=before.flags if keep and before else ())
    write(code, catalog)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.locales", description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="write nothing; exit 1 when anything is out of date")
    args = parser.parse_args(argv)
    if not args.check:
        for code in TRANSLATIONS:
            update(code)
        rewritten = compile_all()
        if rewritten:
            print(f"compiled {', '.join(f'{code}.mo' for code in rewritten)}")
    lines = problems()
    print("\n".join(lines) if lines else f"{len(texts(ENGLISH))} keys, every language complete")
    return 1 if lines and args.check else 0


if __name__ == "__main__":
    sys.exit(main())
