"""Every message exists in every language, with the same placeholders; `tr` formats and falls back."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

from game import i18n
from tools import sync_locales

TRANSLATED = [code for code in i18n.LANGUAGES if code != i18n.FALLBACK]


@pytest.fixture(autouse=True)
def _english_after() -> Iterator[None]:
    yield
    i18n.reload()
    i18n.set_language(i18n.FALLBACK)


def test_languages_named_in_their_own_language() -> None:
    assert i18n.language_names() == [("en", "English"), ("de", "Deutsch"), ("fr", "Français")]


def test_english_catalogue_matches_the_text_modules() -> None:
    """en.json is generated: a string added to a text module needs `python -m tools.sync_locales`."""
    generated = sync_locales.english()
    on_disk = i18n.catalogue("en")
    assert [key for key in generated if key not in on_disk] == [], "run python -m tools.sync_locales"
    assert [key for key in on_disk if key not in generated] == [], "run python -m tools.sync_locales"
    assert {key: text for key, text in generated.items() if on_disk[key] != text} == {}


def test_every_game_and_editor_string_has_a_key() -> None:
    english = i18n.catalogue("en")
    assert english["play.turn"] == "{name}'s turn"
    assert english["editor.tools.select.label"] == "Select"
    assert english["editor.panel_kind._"] == "Object"
    assert english["settings.volume"] == "Volume"


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_key_translated(code: str) -> None:
    assert i18n.missing_keys(code) == [], f"translate these in game/locales/{code}.json"
    assert i18n.extra_keys(code) == [], "stale keys: run python -m tools.sync_locales --tidy"


@pytest.mark.parametrize("code", list(i18n.LANGUAGES))
def test_no_empty_messages(code: str) -> None:
    catalogue = json.loads((i18n.LOCALE_DIR / f"{code}.json").read_text(encoding="utf-8"))
    assert all(isinstance(text, str) for text in catalogue.values())
    assert [key for key, text in catalogue.items() if not text.strip()] == []


@pytest.mark.parametrize("code", TRANSLATED)
def test_placeholders_match_english(code: str) -> None:
    assert i18n.placeholder_mismatches(code) == {}


@pytest.mark.parametrize("code", TRANSLATED)
def test_translations_use_the_rulebook_words(code: str) -> None:
    catalogue = i18n.catalogue(code)
    branch = {"de": "Verzweigungsmarker", "fr": "tuile Embranchement"}[code]
    assert branch in catalogue["play.take_branch"]
    assert catalogue["play.express"] == "Express"
    assert catalogue["play.turn"] != i18n.catalogue("en")["play.turn"]


def test_tr_formats_in_the_current_language() -> None:
    assert i18n.tr("play.turn", name="Ada") == "Ada's turn"
    assert i18n.set_language("de") == "de"
    assert i18n.tr("play.turn", name="Ada") == "Ada ist am Zug"
    assert i18n.tr("editor.status_zoom", zoom=1.5) == "150%"
    assert i18n.set_language("fr") == "fr"
    assert i18n.tr("menu.stations", count=12) == "12 stations"
    assert i18n.tr("play.take_branch") == "Prendre une tuile Embranchement"


def test_unknown_language_falls_back_to_english() -> None:
    assert i18n.set_language("xx") == "en"
    assert i18n.language() == "en"
    assert i18n.tr("menu.quit") == "Quit"


def test_missing_translation_falls_back_to_english(monkeypatch: pytest.MonkeyPatch) -> None:
    german = dict(i18n.catalogue("de"))
    del german["menu.quit"]
    german["play.turn"] = "{nom} ist dran"  # a broken placeholder must not crash the screen
    monkeypatch.setattr(i18n, "catalogue", lambda code: german if code == "de" else _english())
    i18n.set_language("de")
    assert i18n.tr("menu.quit") == "Quit"
    assert i18n.tr("play.turn", name="Ada") == "Ada's turn"
    assert i18n.tr("menu.continue") == "Fortsetzen"
    assert i18n.missing_keys("de") == ["menu.quit"]


@pytest.mark.parametrize(("environ", "code"), [
    ({"LANG": "de_DE.UTF-8"}, "de"),
    ({"LANGUAGE": "fr_CA:en", "LANG": "de_DE.UTF-8"}, "fr"),
    ({"LANGUAGE": "es:de"}, "de"),
    ({"LC_ALL": "C"}, "en"),
    ({}, "en"),
])
def test_system_language(environ: dict[str, str], code: str) -> None:
    assert i18n.system_language(environ) == code


def test_unknown_key_shows_the_key() -> None:
    assert i18n.tr("no.such.key", value=1) == "no.such.key"
    assert not i18n.has("no.such.key")


def test_placeholders_include_the_format_spec() -> None:
    assert i18n.placeholders("{zoom:.0%} of {name}, {name}") == [("name", ""), ("zoom", ".0%")]


def test_section_gives_a_translated_table() -> None:
    i18n.set_language("de")
    buttons = i18n.section("editor.buttons")
    assert buttons["save"] == "Speichern"
    assert set(buttons) == {"new", "open", "save", "save_as", "undo", "redo", "grid", "background", "play",
                            "import", "help"}
    assert i18n.section("editor.tools.select") == {"key": "V", "label": "Auswahl",
                                                   "hint": i18n.tr("editor.tools.select.hint")}


def test_every_character_has_a_glyph_in_the_game_font() -> None:
    pygame = pytest.importorskip("pygame")
    font_path = i18n.LOCALE_DIR.parents[1] / "assets" / "fonts" / "Lato-Regular.ttf"
    if not font_path.is_file():
        pytest.skip("the game font is not installed")
    pygame.font.init()
    font = pygame.font.Font(font_path, 20)
    characters = {ch for code in i18n.LANGUAGES for text in i18n.catalogue(code).values() for ch in text}
    assert [ch for ch in sorted(characters) if font.metrics(ch)[0] is None] == []


def test_sync_check_passes() -> None:
    """The command the UI engineer runs after adding strings reports nothing to do."""
    assert sync_locales.main(["--check"]) == 0


def _english() -> dict[str, str]:
    return json.loads((i18n.LOCALE_DIR / "en.json").read_text(encoding="utf-8"))
