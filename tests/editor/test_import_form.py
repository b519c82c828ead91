"""The import form (Ctrl+I) as a designer meets it: an example area of the chosen city, Esc to close it."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from pygame_gui.windows import UIConfirmationDialog, UIMessageWindow

from editor.app.dialogs import ImportForm
from editor.app.file_dialog import FileDialog
from editor.document.problems import compile_document
from editor.importing.importer import city_title
from editor.importing.network_data import EXAMPLE_AREAS
from tests.editor.driver import Driver
from tests.editor.test_importer import _octilinear_share


def test_the_area_example_follows_the_chosen_city(driver: Driver) -> None:
    driver.ctrl(pygame.K_i)
    form = driver.app.dialogs.import_form
    assert form is not None and form.alive
    assert form.area.placeholder_text == EXAMPLE_AREAS["london"]
    driver.choose(form.city, "Berlin")
    assert form.area.placeholder_text == EXAMPLE_AREAS["berlin"]
    assert form.alive


def test_the_city_menu_shows_each_city_as_it_is_written(driver: Driver) -> None:
    """"New York", not the key "newyork" the importer and the command line use; choosing it imports newyork."""
    driver.ctrl(pygame.K_i)
    form = driver.app.dialogs.import_form
    assert form is not None
    assert form.city.selected_option[0] == "London"
    driver.choose(form.city, "New York")
    assert form.chosen_city == "newyork"
    assert form.area.placeholder_text == EXAMPLE_AREAS["newyork"]


def test_esc_closes_the_import_form_and_imports_nothing(driver: Driver) -> None:
    before = driver.app.doc.to_bytes()
    driver.ctrl(pygame.K_i)
    form = driver.app.dialogs.import_form
    assert form is not None and form.alive
    driver.key(pygame.K_ESCAPE)
    driver.frames(2)
    assert not form.alive and not driver.app.dialogs.open
    assert driver.app.doc.to_bytes() == before
    driver.tool("s")  # the editor takes keys again
    assert driver.app.tool.name == "station"


def test_esc_closes_a_confirmation_without_its_answer(driver: Driver) -> None:
    answered: list[bool] = []
    dialog = driver.app.dialogs.confirm("Title", "Sure?", "OK", lambda: answered.append(True))
    driver.frames(1)
    driver.key(pygame.K_ESCAPE)
    driver.frames(2)
    assert not dialog.alive() and answered == [] and not driver.app.dialogs.open


def _darkest(driver: Driver, element: object) -> int:
    """The darkest grey level drawn inside a widget (its text): the placeholder's is light, typed text dark."""
    driver.frames(1)
    rect = element.get_abs_rect()  # type: ignore[attr-defined]
    inner = pygame.Rect(rect).inflate(-8, -8)
    return min(min(driver.app.screen.get_at((x, y))[:3]) for x in range(inner.left, inner.right, 1)
               for y in range(inner.top, inner.bottom, 1))


def test_the_area_example_looks_like_a_placeholder_until_something_is_typed(driver: Driver) -> None:
    driver.ctrl(pygame.K_i)
    form = driver.app.dialogs.import_form
    assert form is not None
    assert _darkest(driver, form.area) > 120  # grey: the example is not taken for typed-in text
    driver.click_element(form.area)
    driver.type("52.5")
    driver.type(",13.4")
    assert form.area.get_text() == "52.5,13.4"  # the colour change keeps what is typed, in order
    assert _darkest(driver, form.area) < 80


def _import(driver: Driver, city: str, area: str = "") -> None:
    """Ctrl+I, the city chosen, the area typed (or left empty), Import pressed; then frames until it is done."""
    driver.ctrl(pygame.K_i)
    form = driver.app.dialogs.import_form
    assert form is not None
    if form.chosen_city != city:
        driver.choose(form.city, city_title(city))
    if area:
        driver.click_element(form.area)
        driver.type(area)
    driver.click_element(form.button)
    work = driver.app.work
    if work is not None:
        driver.frames(3)  # the window keeps drawing frames while the layout runs
        assert work.wait(300)  # however long this machine takes: waited for, not timed
    driver.frames(2)  # one to apply the result, as the window does on its own
    assert driver.app.work is None


def test_an_empty_area_imports_the_example_as_a_schematic_labelled_board(driver: Driver) -> None:
    frames = 0
    real_step = driver.app.step

    def counted() -> None:
        nonlocal frames
        frames += 1
        real_step()

    driver.app.step = counted  # type: ignore[method-assign]
    _import(driver, "berlin")
    assert frames > 20  # the window kept drawing while the layout ran: it did not freeze
    doc = driver.app.doc
    stations = doc.of_kind("station")
    assert len(stations) > 20 and all(station.props.get("label") for station in stations)  # names placed
    assert _octilinear_share(doc) >= 0.98  # a metro map, not the geographic plot
    said = driver.app.user.current_status()
    assert doc.dirty and "Imported Berlin" in said
    # The places hard to read are counted as the Problems panel counts them on this very board (judged in whole
    # pixels, as saved), the panel saying the same at once, and the status says what clears more.
    places = len(driver.app.watcher.report.places_hard_to_read)
    assert places == len(compile_document(doc).places_hard_to_read)
    counted = f"{places} place{'s' if places > 1 else ''} hard to read"
    if places:
        assert f"{counted}: see Problems" in said and "Ctrl+Shift+T" in said
        assert counted in driver.app.problems.title.text
    else:
        assert "hard to read" not in said
    driver.screenshot("imported-berlin-status")


def test_a_small_import_says_the_game_will_be_short(driver: Driver) -> None:
    _import(driver, "london", "51.51,-0.15,51.52,-0.12")
    said = driver.app.user.current_status()
    assert "Imported London" in said and "game will be short" in said and "bigger area" in said


def test_esc_cancels_an_import_and_keeps_the_board(driver: Driver) -> None:
    before = driver.app.doc.to_bytes()
    driver.ctrl(pygame.K_i)
    form = driver.app.dialogs.import_form
    assert form is not None
    driver.click_element(form.button)
    work = driver.app.work
    assert work is not None
    driver.key(pygame.K_ESCAPE)
    assert driver.app.work is None and work.cancelled
    assert work.wait(120)
    driver.frames(2)
    assert driver.app.doc.to_bytes() == before


def _form_after_failure(driver: Driver) -> ImportForm:
    """The import form the failed import opened again, with nothing else on the screen: no message window."""
    form = driver.app.dialogs.import_form
    assert form is not None and form.alive and driver.app.dialogs.open
    windows = driver.app.ui.get_sprite_group().sprites()
    assert not [w for w in windows if isinstance(w, UIMessageWindow)]
    return form


def test_a_mistyped_area_is_refused_in_plain_words(driver: Driver) -> None:
    before = driver.app.doc.to_bytes()
    _import(driver, "london", "51.5 -0.2")
    driver.frames(2)
    form = _form_after_failure(driver)
    assert driver.app.doc.to_bytes() == before
    assert form.error is not None
    shown = form.error.html_text
    assert "four numbers LAT1,LON1,LAT2,LON2" in shown and "float" not in shown


def test_an_area_without_stations_keeps_the_form_as_typed_and_says_what_to_change(driver: Driver) -> None:
    """A designer's area in the Channel: the form comes back with Berlin and the area they typed (not the
    example), the importer's words in it, and Import tried again with the area corrected imports."""
    before = driver.app.doc.to_bytes()
    _import(driver, "berlin", "50.0,1.0,50.01,1.01")
    form = _form_after_failure(driver)
    assert driver.app.doc.to_bytes() == before
    assert form.chosen_city == "berlin" and form.area.get_text() == "50.0,1.0,50.01,1.01"
    assert form.error is not None and "the city's stations lie within 52." in form.error.html_text
    driver.frames(1)
    assert form.error.get_abs_rect().colliderect(form.window.get_abs_rect())  # shown inside the form
    assert form.error.get_abs_rect().bottom <= form.window.get_abs_rect().bottom
    driver.click_element(form.area)
    driver.key(pygame.K_a, mod=pygame.KMOD_CTRL)  # select all, then type the corrected area over it
    driver.type("52.50,13.36,52.53,13.42")
    assert form.area.get_text() == "52.50,13.36,52.53,13.42"
    driver.click_element(form.button)
    work = driver.app.work
    assert work is not None and work.wait(300)
    driver.frames(2)
    assert not form.alive and not driver.app.dialogs.open
    assert "Imported Berlin" in driver.app.user.current_status()


def _until_done(driver: Driver) -> None:
    """Frames until the import started has ended and its result or failure is shown (a failure may already
    have come while the click's own frames ran)."""
    work = driver.app.work
    if work is not None:
        assert work.wait(300)
    driver.frames(2)
    assert driver.app.work is None


def _answer_discard_questions(driver: Driver, asked: list[UIConfirmationDialog]) -> None:
    """Each "unsaved changes" question on the screen that has not been seen yet, counted and answered with its
    button (Discard), as the designer clicks it."""
    for window in driver.app.ui.get_sprite_group().sprites():
        if isinstance(window, UIConfirmationDialog) and window.alive() and window not in asked:
            asked.append(window)
            driver.click_element(window.confirm_button)


def test_a_board_with_unsaved_changes_is_asked_about_once_however_often_import_is_pressed(driver: Driver) -> None:
    """Unsaved changes, Ctrl+I: the question comes once, before the form. Import after it, the import failing
    (an area without stations), the form again and Import with the area corrected ask nothing more: the board
    has not changed since the designer agreed to drop it."""
    driver.station((300, 300), "Kiez")
    assert driver.app.doc.dirty
    asked: list[UIConfirmationDialog] = []
    driver.ctrl(pygame.K_i)
    _answer_discard_questions(driver, asked)
    form = driver.app.dialogs.import_form
    assert len(asked) == 1 and form is not None and form.alive
    driver.choose(form.city, "Berlin")
    driver.click_element(form.area)
    driver.type("50.0,1.0,50.01,1.01")
    driver.click_element(form.button)
    _answer_discard_questions(driver, asked)
    _until_done(driver)
    form = _form_after_failure(driver)
    assert form.error is not None and "Kiez" in {s.name for s in driver.app.doc.of_kind("station")}
    driver.click_element(form.area)
    driver.key(pygame.K_a, mod=pygame.KMOD_CTRL)
    driver.type("52.50,13.36,52.53,13.42")
    driver.click_element(form.button)
    _answer_discard_questions(driver, asked)
    _until_done(driver)
    assert len(asked) == 1
    assert "Imported Berlin" in driver.app.user.current_status()


def test_an_edit_made_beside_the_open_form_is_asked_about_again(driver: Driver) -> None:
    """The side panel stays usable while the form is open: a station renamed there after the designer agreed to
    drop the board is a new unsaved change, so Import asks once more instead of dropping it unasked."""
    driver.station((300, 300), "Kiez")
    asked: list[UIConfirmationDialog] = []
    driver.ctrl(pygame.K_i)
    _answer_discard_questions(driver, asked)
    form = driver.app.dialogs.import_form
    assert len(asked) == 1 and form is not None and form.alive
    entry = next(e for e, (value, _) in driver.app.panel.entries.items() if value == "Kiez")
    driver.click_element(entry)
    driver.key(pygame.K_a, mod=pygame.KMOD_CTRL)
    driver.type("Kiez Nord")
    driver.key(pygame.K_RETURN, "\r")
    assert "Kiez Nord" in {s.name for s in driver.app.doc.of_kind("station")}
    driver.click_element(form.button)
    assert len([w for w in driver.app.ui.get_sprite_group().sprites() if isinstance(w, UIConfirmationDialog)]) == 1
    _answer_discard_questions(driver, asked)
    assert len(asked) == 2 and driver.app.work is not None
    driver.key(pygame.K_ESCAPE)  # the import is not needed: cancelled


@pytest.mark.parametrize("city", ["berlin", "london", "newyork"])
def test_a_fresh_import_starts_without_warnings_its_citys_features_guessed(driver: Driver, city: str) -> None:
    """The example area imported through the form: the problems panel lists no warning (a Berlin import began
    with two, 'a berlin board without landmark stations' and "… without '+' stations"; London's lacked its
    connection stations, New York's its clusters). The importer guessed them as the shipped boards have them,
    for the designer to change in the side panel: Berlin's landmark stacks in fives and four '+' stations,
    London's eight connection stations, two or more New York clusters of three or more stations."""
    _import(driver, city)
    driver.app.watcher.refresh(force=True)
    driver.frames(2)
    assert driver.app.watcher.report.warnings == [] and driver.app.watcher.report.errors == []
    assert "warning" not in driver.app.problems.title.text
    driver.screenshot(f"fresh-import-{city}")
    stations = driver.app.doc.of_kind("station")
    if city == "berlin":
        stacks = [s.number("landmarks") for s in stations if s.number("landmarks")]
        assert len(stacks) >= 5 and len(stacks) % 5 == 0 and set(stacks) <= {1, 2, 3}
        assert len([s for s in stations if s.flag("plus")]) == 4
    if city == "london":
        assert len([s for s in stations if s.flag("connection")]) == 8
    if city == "newyork":
        clusters = driver.app.doc.of_kind("cluster")
        assert len(clusters) >= 2


def _form(driver: Driver) -> ImportForm:
    form = driver.app.dialogs.import_form
    assert form is not None and form.alive
    return form


def test_a_station_list_chosen_in_the_form_imports_those_stations(driver: Driver, tmp_path: Path) -> None:
    """As `python -m editor import --stations FILE`: the form's Stations row takes a list, one name a line,
    chosen with its '…' button in a file dialog that opens in the board's folder (and written relative to it,
    so the narrow field shows the file's name); while one is given the area is greyed out and the hint says
    the list stands for it. The board holds those stations (the ones the lines ride past are left out)."""
    names = ["Alexanderplatz", "Jannowitzbrücke", "ostbahnhof", "# a comment", "Warschauer Straße",
             "Hackescher Markt", "Friedrichstraße", "Hauptbahnhof"]
    (tmp_path / "kiez.txt").write_text("\n".join(names) + "\n", encoding="utf-8")
    driver.ctrl(pygame.K_i)
    form = _form(driver)
    driver.choose(form.city, "Berlin")
    assert form.area.is_enabled and form.hint.text == "Empty: the area in grey"
    driver.click_element(form.choose_stations)
    picker = next(w for w in driver.app.dialogs.callbacks if isinstance(w, FileDialog) and w.alive())
    assert Path(picker.current_directory_path) == tmp_path.resolve()
    _typed_in(driver, picker.file_path_text_line, str(tmp_path / "kiez.txt"))
    driver.click_element(picker.ok_button)
    assert not picker.alive() and form.alive
    assert form.stations.get_text() == "kiez.txt"
    assert not form.area.is_enabled and form.hint.text == "The list stands for the area"
    driver.frames(1)
    area = form.area.get_abs_rect()
    assert min(driver.app.screen.get_at((area.right - 6, area.centery))[:3]) > 200  # light grey, not black
    driver.screenshot("import-form-station-list")
    driver.click_element(form.button)
    _until_done(driver)
    stations = {s.name for s in driver.app.doc.of_kind("station")}
    assert stations == {"Alexanderplatz", "Jannowitzbrücke", "Ostbahnhof", "Warschauer Straße", "Hackescher Markt",
                        "Friedrichstraße", "Hauptbahnhof"}
    assert "Imported Berlin" in driver.app.user.current_status()


def test_a_station_list_with_a_typo_comes_back_with_the_hint_and_the_list_kept(driver: Driver, tmp_path: Path) -> None:
    """A name the data does not know, in a list typed by its name beside the board: the form again, the list
    kept in it and the area still greyed, the importer's 'did you mean' in red; Esc in the list's file dialog
    closes that dialog, not the form; the list emptied, the area counts again."""
    (tmp_path / "kiez.txt").write_text("Alexanderplatz\nJannowitzbruecke\nOstbahnhof\n", encoding="utf-8")
    driver.ctrl(pygame.K_i)
    form = _form(driver)
    driver.choose(form.city, "Berlin")
    driver.click_element(form.stations)
    driver.type("kiez.txt")
    driver.click_element(form.button)
    _until_done(driver)
    form = _form_after_failure(driver)
    assert form.error is not None and "Jannowitzbrücke" in form.error.html_text
    assert form.stations.get_text() == "kiez.txt" and not form.area.is_enabled
    driver.screenshot("import-form-station-list-typo")
    driver.click_element(form.choose_stations)
    assert any(isinstance(w, FileDialog) and w.alive() for w in driver.app.dialogs.callbacks)
    driver.key(pygame.K_ESCAPE)
    driver.frames(2)
    assert not any(isinstance(w, FileDialog) and w.alive() for w in driver.app.dialogs.callbacks)
    assert form.alive
    driver.click_element(form.stations)
    driver.key(pygame.K_a, mod=pygame.KMOD_CTRL)
    driver.key(pygame.K_BACKSPACE)
    driver.frames(1)
    assert form.area.is_enabled and form.hint.text == "Empty: the area in grey"


def _typed_in(driver: Driver, entry: object, words: str) -> None:
    """`words` typed over an entry's text: click, select all, type."""
    driver.click_element(entry)
    driver.key(pygame.K_a, mod=pygame.KMOD_CTRL)
    driver.type(words)
    driver.frames(2)


def test_clearer_names_imports_the_thorough_map_and_stays_ticked_after_a_failure(
        driver: Driver, monkeypatch: pytest.MonkeyPatch) -> None:
    """"Clearer names" is `--thorough`: the map is laid out as the shipped boards are built. The box is part
    of what the designer gave: a failed import brings the form back with it still ticked."""
    from editor.importing import schematic

    asked: list[bool] = []
    real = schematic.lay_out

    def noted(doc, progress=None, thorough=False, **rest):  # type: ignore[no-untyped-def]
        asked.append(thorough)
        return real(doc, progress, thorough=thorough, **rest)

    monkeypatch.setattr(schematic, "lay_out", noted)
    driver.ctrl(pygame.K_i)
    form = driver.app.dialogs.import_form
    assert form is not None and not form.thorough.get_state()
    driver.choose(form.city, "Berlin")
    driver.click_element(form.thorough)
    assert form.thorough.get_state()
    driver.click_element(form.area)
    driver.type("50.0,1.0,50.01,1.01")  # the Channel: no station there
    driver.click_element(form.button)
    _until_done(driver)
    form = _form_after_failure(driver)
    assert form.thorough.get_state()
    driver.click_element(form.area)
    driver.key(pygame.K_a, mod=pygame.KMOD_CTRL)
    driver.type("52.50,13.36,52.53,13.42")
    driver.click_element(form.button)
    _until_done(driver)
    assert asked == [True]
    said = driver.app.user.current_status()
    assert "Imported Berlin" in said and "Ctrl+Shift+T" not in said  # nothing more to ask for


@pytest.mark.parametrize(("language", "area_words", "list_words"), [
    ("de", "die Stationen der Stadt liegen in 52.", "(gemeint: 'Jannowitzbrücke'?)"),
    ("fr", "les stations de la ville sont dans 52.", "(vouliez-vous dire 'Jannowitzbrücke' ?)"),
])
def test_the_forms_errors_speak_the_editors_language(tmp_path: Path, language: str, area_words: str,
                                                     list_words: str) -> None:
    """An area without stations and a station list with a typo, in a German or French editor: the form
    says what to change in that language, not the importer's English (for the area: where the city's
    stations lie)."""
    from editor import text
    from editor.app import EditorApp

    text.localize(language)
    try:
        driver = Driver(EditorApp(tmp_path / "board.tmx", size=(1600, 900)))
        _import(driver, "berlin", "50.0,1.0,50.01,1.01")
        form = _form_after_failure(driver)
        assert form.error is not None and area_words in form.error.html_text
        assert "choose" not in form.error.html_text
        driver.screenshot(f"import-form-area-error-{language}")
        (tmp_path / "kiez.txt").write_text("Alexanderplatz\nJannowitzbruecke\n", encoding="utf-8")
        driver.click_element(form.stations)
        driver.type("kiez.txt")
        driver.click_element(form.button)
        _until_done(driver)
        form = _form_after_failure(driver)
        assert form.error is not None and list_words in form.error.html_text
        driver.screenshot(f"import-form-error-{language}")
    finally:
        text.localize("en")
        pygame.quit()


@pytest.mark.parametrize(("language", "missing", "words"), [
    ("de", "file", "bitte das Spiel neu installieren"),
    ("fr", "folder", "réinstallez le jeu"),
])
def test_a_broken_install_is_told_in_the_editors_language(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                          language: str, missing: str, words: str) -> None:
    """The shipped open data gone (a damaged install): the form says so in the editor's language and asks for
    the game installed again, not for the command line's --data."""
    from editor import text
    from editor.app import EditorApp
    from editor.importing import network_data

    data = tmp_path / "network"
    if missing == "file":
        data.mkdir()
    monkeypatch.setattr(network_data, "default_data_dir", lambda: data)
    text.localize(language)
    try:
        driver = Driver(EditorApp(tmp_path / "board.tmx", size=(1600, 900)))
        _import(driver, "berlin", EXAMPLE_AREAS["berlin"])
        form = _form_after_failure(driver)
        assert form.error is not None and words in form.error.html_text and str(data) in form.error.html_text
        assert "--data" not in form.error.html_text
    finally:
        text.localize("en")
        pygame.quit()
