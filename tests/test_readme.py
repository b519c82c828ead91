"""The README says what is true: its make targets exist (and `make test` runs what it says), every command it
shows is one the parsers accept, the folders it names are there, and the user folders it lists are the ones
the game writes to."""

from __future__ import annotations

import re
import shlex
from collections.abc import Callable
from pathlib import Path

import pytest

from editor.__main__ import parse as parse_editor
from game import crash
from game.command_line import parse as parse_game
from game.persist import saves, settings

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
MAKEFILE = (ROOT / "Makefile").read_text(encoding="utf-8")


def shown_commands(program: str, text: str = README) -> list[list[str]]:
    """Each `python -m PROGRAM …` of the README, its comment and optional parts dropped: the lines of its code
    blocks, and the commands in its text that name a file or an option (not `python -m editor import`, which
    names the command, nor `COMMAND --help`, a pattern)."""
    lines, inside = [], False
    for line in text.splitlines():
        if line.startswith("```"):
            inside = not inside
        elif inside:
            lines.append(line.split("#")[0].strip())
    inline = [snippet for snippet in re.findall(rf"`(python -m {program} [^`]*)`", text)
              if text is README and re.search(r"[-.]", snippet.removeprefix(f"python -m {program}"))]
    found = [re.sub(r"\[[^\]]*\]", "", line) for line in [*lines, *inline] if line.startswith(f"python -m {program}")]
    return [shlex.split(line)[3:] for line in found if "…" not in line and "COMMAND" not in line]


def parses(parse: Callable[[list[str], str], object], argv: list[str]) -> None:
    """The parser accepts the command line (`--help` prints and exits with 0)."""
    try:
        parse(argv, "python -m")
    except SystemExit as exit_:
        assert exit_.code == 0 and "--help" in argv


def test_every_make_target_the_readme_names_exists_and_make_test_runs_what_it_says() -> None:
    named = set(re.findall(r"`?make (\w[\w-]*)", README))
    targets = set(re.findall(r"^([\w-]+):", MAKEFILE, re.M))
    assert {"play", "test"} <= named and named <= targets
    recipe = MAKEFILE.split("\ntest:")[1].split("\n\n")[0]
    assert "ruff check" in recipe and "-m mypy" in recipe and "-m pytest" in recipe
    assert "ruff, mypy and the whole test suite" in README


DOCS = "\n".join(path.read_text(encoding="utf-8") for path in sorted((ROOT / "docs").glob("*.md")))


@pytest.mark.parametrize("argv", shown_commands("game") + shown_commands("game", DOCS), ids=" ".join)
def test_every_game_command_in_the_readme_and_docs_parses(argv: list[str]) -> None:
    parses(parse_game, argv)


@pytest.mark.parametrize("argv", shown_commands("editor") + shown_commands("editor", DOCS), ids=" ".join)
def test_every_editor_command_in_the_readme_and_docs_parses(argv: list[str]) -> None:
    parses(parse_editor, argv)


def test_the_readme_shows_the_commands() -> None:
    assert len(shown_commands("game")) >= 10 and len(shown_commands("editor")) >= 2


def test_the_folders_the_readme_names_exist() -> None:
    for folder in ("game/data/boards", "game/data/assets", "game/data/network", "game/locales", "editor/importing",
                   "tools", "docs"):
        assert f"`{folder.split('/')[-1]}" in README or folder in README, folder
        assert (ROOT / folder).is_dir(), folder
    for link in re.findall(r"\]\(([^)#]+)\)", README):
        if not link.startswith("http"):
            assert (ROOT / link).exists(), link


def test_the_user_folders_the_readme_lists_are_where_the_game_writes_on_linux(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    for name in ("UNDERGROUND_DATA_DIR", "UNDERGROUND_CONFIG_DIR", "UNDERGROUND_LOG_DIR", "XDG_DATA_HOME",
                 "XDG_CONFIG_HOME", "XDG_STATE_HOME"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    if not str(saves.data_dir()).startswith(str(tmp_path)):
        pytest.skip("the README's first column is for Linux")
    for folder in (saves.data_dir(), settings.config_dir(), crash.log_dir()):
        assert f"`~/{folder.relative_to(tmp_path)}/`" in README, folder
