"""Every message exists in every language, with the same placeholders and real plural forms; the compiled
catalogues say what their sources say; `tr` / `ntr` format and fall back, never blank, never a crash."""

from __future__ import annotations

import io
import re
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from types import SimpleNamespace

import pytest
from babel.messages.catalog import Catalog

from game import i18n, resources
from game.i18n import Catalogue
from game.rules.reasons import Reason
from tools import locales

TRANSLATED = [code for code in i18n.LANGUAGES if code != i18n.FALLBACK]
# Which plural form a count takes, written out here rather than read from the catalogues' headers.
RULES: dict[str, Callable[[int], int]] = {"en": lambda n: int(n != 1), "de": lambda n: int(n != 1),
                                          "fr": lambda n: int(n > 1)}
PLURAL_KEYS = [key for key, forms in locales.texts("en").items() if len(forms) > 1]


@pytest.fixture(autouse=True)
def _english_after() -> Iterator[None]:
    yield
    i18n.reload()
    i18n.set_language(i18n.FALLBACK)


def _patched(monkeypatch: pytest.MonkeyPatch, code: str, change: Callable[[Catalog], None]) -> None:
    """Serve language `code` from its .po changed by `change`, compiled in memory like the real .mo."""
    catalog = locales.read(code)
    change(catalog)
    edited = Catalogue(io.BytesIO(locales.compiled(catalog)))
    real = i18n.catalogue
    monkeypatch.setattr(i18n, "catalogue", lambda wanted: edited if wanted == code else real(wanted))


def test_languages_named_in_their_own_language() -> None:
    assert i18n.language_names() == [("en", "English"), ("de", "Deutsch"), ("fr", "Français")]


@pytest.mark.parametrize("code", list(i18n.LANGUAGES))
def test_compiled_catalogue_matches_its_source(code: str) -> None:
    """A .po edited without `python -m tools.locales` leaves a stale .mo: the game would not show the edit."""
    assert not locales.stale_mo(code), "run python -m tools.locales"


def test_a_stale_compiled_catalogue_is_noticed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    shutil.copytree(locales.LOCALES, tmp_path, dirs_exist_ok=True)
    monkeypatch.setattr(locales, "LOCALES", tmp_path)
    source = tmp_path / "fr.po"
    source.write_text(source.read_text(encoding="utf-8").replace('msgstr "Jouer"', 'msgstr "Jouons"'),
                      encoding="utf-8")
    assert locales.stale_mo("fr") and not locales.stale_mo("de")
    assert locales.compile_all() == ["fr"]
    assert not locales.stale_mo("fr")


@pytest.mark.parametrize("code", list(i18n.LANGUAGES))
def test_plural_rules_of_the_compiled_catalogues(code: str) -> None:
    rule = RULES[code]
    assert [i18n.catalogue(code).plural(n) for n in (0, 1, 2, 5, 11, 21)] == [rule(n) for n in (0, 1, 2, 5, 11, 21)]


def test_every_game_and_editor_string_has_a_key() -> None:
    english = i18n.catalogue("en")
    assert english.message("play.turn") == "{name}'s turn"
    assert english.message("editor.tools.select.label") == "Select"
    assert english.message("editor.panel_kind._") == "Object"
    assert english.message("settings.volume") == "Volume"


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_key_translated(code: str) -> None:
    assert locales.missing_keys(code) == [], f"translate these in game/locales/{code}.po"
    assert locales.extra_keys(code) == [], "stale keys: run python -m tools.locales"
    assert locales.plural_mismatches(code) == []


@pytest.mark.parametrize("code", list(i18n.LANGUAGES))
def test_no_empty_messages(code: str) -> None:
    assert [key for key, forms in locales.texts(code).items() if not all(form.strip() for form in forms)] == []


@pytest.mark.parametrize("code", list(i18n.LANGUAGES))
def test_placeholders_match_english(code: str) -> None:
    assert locales.placeholder_mismatches(code) == {}


def test_a_wrong_placeholder_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    real = locales.texts
    monkeypatch.setattr(locales, "texts", lambda code: {**real(code), "play.turn": ("{nom} ist dran",)}
                        if code == "de" else real(code))
    assert locales.placeholder_mismatches("de") == {"play.turn": ([("name", "")], [("nom", "")])}


@pytest.mark.parametrize("code", TRANSLATED)
def test_translations_use_the_rulebook_words(code: str) -> None:
    catalogue = i18n.catalogue(code)
    branch = {"de": "Verzweigungsmarker", "fr": "tuile Embranchement"}[code]
    assert branch in (catalogue.message("play.take_branch") or "")
    assert catalogue.message("play.express") == "Express"
    assert catalogue.message("play.turn") != i18n.catalogue("en").message("play.turn")


# ----- plurals -----

def test_the_counting_messages_have_plural_forms() -> None:
    expected = {"menu.stations", "play.cost", "play.preview.tokens", "play.route.narrow", "play.route.pick",
                "reason.cluster", "reason.loop", "reason.landmark_majority", "log.paid", "log.tokens",
                "end.tokens", "end.tiebreak", "end.board", "help.turn", "help.turn.equal", "help.place.branch",
                "help.score.terminus", "seat.points", "settings.show_idle", "editor.panel_selection",
                "editor.status_bar"}
    assert set(PLURAL_KEYS) >= expected
    assert not [key for key in locales.texts("en") if key.endswith(("_one", "_many"))], "use plural forms"


def test_a_new_message_that_counts_gets_plural_forms() -> None:
    """A number followed by a word ("{count} stations") is a count: it needs plural forms. Exceptions:
    help.turn.equal's {points} is a list of start scores, and its count is {actions}."""
    counted = re.compile(r"(?<![+\w])\{(count|n|points|turns|actions|cost|tokens|minutes|stations)\}\s+[^\W\d]")
    single = [key for key, forms in locales.texts("en").items() if len(forms) == 1 and counted.search(forms[0])]
    assert single == []


@pytest.mark.parametrize("code", list(i18n.LANGUAGES))
@pytest.mark.parametrize("key", PLURAL_KEYS)
def test_plural_forms_for_0_1_2_5(code: str, key: str) -> None:
    i18n.set_language(code)
    forms = locales.texts(code)[key]
    assert len(forms) == 2
    if code == "en":
        assert forms[0] != forms[1], "an English plural message whose forms are the same counts nothing"
    for n in (0, 1, 2, 5):
        values = {name: n for name, _ in locales.placeholders(forms[-1])}
        assert i18n.ntr(key, n, **values) == forms[RULES[code](n)].format(**values)


@pytest.mark.parametrize(("code", "n", "text"), [
    ("en", 0, "costs 0 branch tokens"), ("en", 1, "costs 1 branch token"), ("en", 2, "costs 2 branch tokens"),
    ("de", 1, "kostet 1 Verzweigungsmarker"), ("de", 5, "kostet 5 Verzweigungsmarker"),
    ("fr", 0, "coûte 0 tuile Embranchement"), ("fr", 1, "coûte 1 tuile Embranchement"),
    ("fr", 2, "coûte 2 tuiles Embranchement"),
])
def test_branch_costs_read_right(code: str, n: int, text: str) -> None:
    i18n.set_language(code)
    assert i18n.ntr("play.cost", n, count=n) == text


def test_reasons_take_their_plural_form_from_n() -> None:
    assert i18n.describe(Reason.of("loop", n=1)) == "loop around 1 station"
    assert i18n.describe(Reason.of("loop", n=3)) == "loop around 3 stations"
    assert i18n.describe(Reason.of("cluster", cluster="Soho", n=1)) == "cluster Soho: joins 1 other cluster"
    i18n.set_language("de")
    assert i18n.describe(Reason.of("landmark_majority", n=2)) == "2 Sehenswürdigkeiten einer Art"
    i18n.set_language("fr")
    assert i18n.describe(Reason.of("loop", n=0)) == "boucle autour de 0 station"
    assert i18n.describe(Reason.of("plus", n=2, station="Bank")) == "station «\u202f+\u202f» n° 2\u202f: Bank"


def test_a_plural_message_read_without_a_count_shows_several() -> None:
    assert i18n.tr("play.cost", count=3) == "costs 3 branch tokens"


# ----- lookups and fallbacks -----

def test_tr_formats_in_the_current_language() -> None:
    assert i18n.tr("play.turn", name="Ada") == "Ada's turn"
    assert i18n.set_language("de") == "de"
    assert i18n.tr("play.turn", name="Ada") == "Ada ist am Zug"
    assert i18n.tr("editor.status_zoom", zoom=1.5) == "150%"
    assert i18n.set_language("fr") == "fr"
    assert i18n.ntr("menu.stations", 12, count=12) == "12 stations"
    assert i18n.tr("play.take_branch") == "Prendre une tuile Embranchement"


def test_unknown_language_falls_back_to_english() -> None:
    assert i18n.set_language("xx") == "en"
    assert i18n.language() == "en"
    assert i18n.tr("menu.quit") == "Quit"


def test_missing_or_broken_translation_falls_back_to_english(monkeypatch: pytest.MonkeyPatch) -> None:
    def damage(catalog: Catalog) -> None:
        del catalog["menu.quit"]
        catalog["play.turn"].string = "{nom} ist dran"  # a broken placeholder must not crash the screen
        catalog["menu.settings"].string = ""  # never a blank
        catalog[("play.cost", "play.cost")].string = ("kostet {count} Marker", "")  # half a plural: English

    _patched(monkeypatch, "de", damage)
    i18n.set_language("de")
    assert i18n.tr("menu.quit") == "Quit"
    assert i18n.tr("play.turn", name="Ada") == "Ada's turn"
    assert i18n.tr("menu.settings") == "Settings"
    assert i18n.ntr("play.cost", 1, count=1) == "costs 1 branch token"
    assert i18n.tr("menu.continue") == "Fortsetzen"


def test_an_unreadable_catalogue_shows_english(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    shutil.copy(i18n.LOCALE_DIR / "en.mo", tmp_path / "en.mo")
    (tmp_path / "de.mo").write_bytes(b"\x95\x04\x12\xde not really a catalogue")
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    i18n.reload()
    i18n.set_language("de")
    assert i18n.tr("menu.quit") == "Quit"
    assert i18n.ntr("reason.loop", 1, n=1) == "loop around 1 station"
    assert i18n.catalogue("fr").ids() == []  # no file at all: empty, English shows


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
    assert i18n.ntr("no.such.key", 2) == "no.such.key"
    assert not i18n.has("no.such.key")


def test_placeholders_include_the_format_spec() -> None:
    assert locales.placeholders("{zoom:.0%} of {name}, {name}") == [("name", ""), ("zoom", ".0%")]


def test_refusals_are_a_family_of_keys_like_reasons(monkeypatch: pytest.MonkeyPatch) -> None:
    """The engine's refusals come as `refusal.<key>` with values; plural forms work for them as for any key."""

    def add(catalog: Catalog) -> None:
        catalog.add(("refusal.too_expensive", "refusal.too_expensive"),
                    ("That costs {count} branch token", "That costs {count} branch tokens"))
        catalog.add("refusal.not_yours", "The {line} line is not yours")

    _patched(monkeypatch, "en", add)
    assert i18n.describe_refusal(SimpleNamespace(key="too_expensive", params={"count": 1})) == \
        "That costs 1 branch token"
    assert i18n.describe_refusal(SimpleNamespace(key="too_expensive", params={"count": 2})) == \
        "That costs 2 branch tokens"
    i18n.set_language("de")  # no German yet: English, with the line's name in German
    assert i18n.describe_refusal(SimpleNamespace(key="not_yours", params={"line": "red"})) == \
        "The Rot line is not yours"
    assert i18n.describe_refusal(SimpleNamespace(key="unheard_of", params={})) == "refusal.unheard_of"


def test_every_character_has_a_glyph_in_the_game_font() -> None:
    pygame = pytest.importorskip("pygame")
    font_path = resources.font("Lato-Regular.ttf")
    pygame.font.init()
    font = pygame.font.Font(font_path, 20)
    characters = {ch for code in i18n.LANGUAGES for forms in locales.texts(code).values()
                  for form in forms for ch in form}
    assert [ch for ch in sorted(characters) if font.metrics(ch)[0] is None] == []


def test_locale_check_passes() -> None:
    """The command to run after editing a .po reports nothing to do."""
    assert locales.main(["--check"]) == 0
