"""The product's data is found through game.resources, wherever the package is: a clone or site-packages."""

from __future__ import annotations

import json
import re
from pathlib import Path

from game import i18n, resources
from game.board.loader import builtin_boards, load_board
from game.board.text_metrics import NAME_FONT

ROOT = Path(__file__).resolve().parents[1]
NETWORK_FILES = re.compile(r'"([a-z]+_[\w-]+\.json)"')


def test_the_built_in_boards_and_their_sources_ship() -> None:
    names = resources.builtin_board_names()
    assert names == ["berlin", "london", "london_classic", "newyork"]
    assert builtin_boards() == names
    for name in names:
        assert load_board(name).nodes
        assert resources.board_source(name).is_file()
    assert resources.path("boards", "underground.tiled-project").is_file()
    assert resources.path("boards", "objecttypes.xml").is_file()


def test_a_built_in_name_is_never_a_path() -> None:
    assert resources.builtin_board("../boards/london") is None
    assert resources.builtin_board("src") is None
    assert resources.builtin_board("london") == resources.path("boards", "london.json")


def test_fonts_sounds_theme_and_translations_are_there() -> None:
    for font in ("Lato-Regular.ttf", "Lato-Semibold.ttf", "Lato-Bold.ttf", "Lato-Black.ttf", "Lato-Italic.ttf",
                 "Lato-LICENSE.txt", NAME_FONT, Path(NAME_FONT).with_suffix(".metrics.json").name,
                 "NotoSans-LICENSE.txt"):
        assert resources.font(font).is_file(), font
    from game.ui.audio import SOUNDS

    assert sorted(p.stem for p in resources.sounds().glob("*.wav")) == sorted(SOUNDS)
    assert json.loads(resources.theme().read_text(encoding="utf-8"))
    assert {code for code in i18n.LANGUAGES if resources.locales().joinpath(f"{code}.mo").is_file()} == set(
        i18n.LANGUAGES)


def test_every_network_file_the_importer_reads_ships_with_its_sources_and_licences() -> None:
    code = (ROOT / "editor" / "importing" / "network_data.py").read_text(encoding="utf-8")
    read = set(NETWORK_FILES.findall(code))
    assert len(read) == 8
    for name in read:
        assert resources.network_file(name).is_file(), name
    sources = resources.network_file("SOURCES.md").read_text(encoding="utf-8")
    for name in read:
        prefix = name.split("_")[0] + "_" + name.split("_")[1]
        assert prefix in sources, name
    for licence in re.findall(r"`(licences/[^`]+)`", sources):
        assert resources.path("network", *licence.split("/")).is_file(), licence


def test_the_top_level_folders_of_a_clone_are_the_package_data() -> None:
    """`boards/` and `assets/` stay where designers and tools look, and are the very files that ship."""
    assert (ROOT / "boards").resolve() == resources.path("boards").resolve()
    assert (ROOT / "assets").resolve() == resources.path("assets").resolve()
    assert (ROOT / "boards" / "src" / "london.tmx").is_file()


def test_no_module_finds_its_files_from_its_own_location() -> None:
    """Paths built from __file__ miss files in an installed package; game.resources is the one place to ask."""
    allowed = {"editor/actions/play.py"}  # finds the code (to start `python -m game` as a child), not data
    offenders = [str(path.relative_to(ROOT)) for folder in ("game", "editor") for path in (ROOT / folder).rglob("*.py")
                 if "__file__" in path.read_text(encoding="utf-8")]
    assert sorted(set(offenders) - allowed - {"game/resources.py"}) == []
