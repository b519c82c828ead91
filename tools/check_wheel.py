"""Check the installed product as a new user gets it (contracts §3): build the wheel, install it into a fresh
environment, and run it from a temporary folder, far from the clone.

python -m tools.check_wheel [--keep]       (make check-wheel; CI runs it after make test)

Editable installs and tests run in the clone find files the wheel may lack, so this is the one check that
sees what `pip install .` really gives: the wheel must carry every file of game/data, the translations
and the theme; `underground` must draw a real frame, simulate every built-in board and compile a shipped
source from the installed package; `underground-editor` must import a starter board that compiles.
Standard library only: the game is imported in the fresh environment, never here. Needs PyPI for the
build tool and the game's dependencies.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import zipfile
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BIN = "Scripts" if os.name == "nt" else "bin"  # where a virtual environment keeps its commands
BERLIN_AREA = "52.49,13.35,52.53,13.45"
FRAMES = 30
SIZE = (1280, 720)
# A drawn frame of the game has hundreds of colours; a blank or failed one a handful.
MIN_COLOURS = 50
PNG_COLOURS = """
import sys, pygame
image = pygame.image.load(sys.argv[1])
w, h = image.get_size()
colours = {tuple(image.get_at((x, y)))[:3] for x in range(0, w, 4) for y in range(0, h, 4)}
print(w, h, len(colours))
"""


class CheckFailed(Exception):
    """A step of the check went wrong; the message says which and what it printed."""


def step(title: str) -> None:
    print(f"-- {title}", flush=True)


def run(args: list[str | Path], cwd: Path, env: dict[str, str], expect: int = 0) -> subprocess.CompletedProcess[str]:
    """Run a command; a different exit code fails the check with the command's output."""
    result = subprocess.run([str(a) for a in args], cwd=cwd, env=env, capture_output=True, text=True, timeout=600)
    if result.returncode != expect:
        raise CheckFailed(f"{' '.join(str(a) for a in args)} exited {result.returncode}, not {expect}\n"
                          f"{result.stdout[-2000:]}{result.stderr[-3000:]}")
    return result


def kind(name: str) -> str:
    """What a file of the wheel is, for the count."""
    rules = [("game/data/boards/src/", "board sources (.tmx)"), ("game/data/boards/", "boards, Tiled project"),
             ("game/data/assets/fonts/", "fonts, metrics, licence"), ("game/data/assets/sounds/", "sounds, licence"),
             ("game/data/network/", "network data, sources, licences"), ("game/data/assets/", "asset licences"),
             ("game/locales/", "translations (.po, .mo)"), ("game/ui/theme.json", "screen theme"),
             (".dist-info/", "package metadata")]
    for prefix, label in rules:
        if prefix in name:
            return label
    if name.endswith(".py"):
        return "Python modules"
    return "other data"


def check_contents(wheel: Path) -> None:
    """Every file the product reads is in the wheel; print the count by kind."""
    names = set(zipfile.ZipFile(wheel).namelist())
    files = [path for folder in ("game/data", "game/locales") for path in (ROOT / folder).rglob("*")]
    wanted = {path.relative_to(ROOT).as_posix() for path in files if path.is_file() and "__pycache__" not in path.parts}
    wanted |= {"game/ui/theme.json", "game/resources.py"}
    missing = sorted(wanted - names)
    if missing:
        raise CheckFailed(f"the wheel lacks {len(missing)} file(s): {', '.join(missing[:10])}")
    for label, count in sorted(Counter(kind(name) for name in names).items()):
        print(f"   {count:4}  {label}")
    print(f"   {len(names):4}  files in {wheel.name}")


def build_and_install(work: Path, env: dict[str, str]) -> Path:
    """Build the wheel (through an sdist, as PyPI would) and install it into a fresh environment."""
    step("building the wheel")
    tools = work / "build-env"
    run([sys.executable, "-m", "venv", tools], work, env)
    run([tools / BIN / "python", "-m", "pip", "install", "--quiet", "build"], work, env)
    run([tools / BIN / "python", "-m", "build", "--outdir", work / "dist", ROOT], work, env)  # sdist, then wheel
    wheel = next((work / "dist").glob("*.whl"))
    check_contents(wheel)
    step(f"installing {wheel.name} into a fresh environment")
    venv = work / "venv"
    run([sys.executable, "-m", "venv", venv], work, env)
    run([venv / BIN / "python", "-m", "pip", "install", "--quiet", wheel], work, env)
    return venv / BIN


def check_game(bin_dir: Path, here: Path, env: dict[str, str]) -> None:
    game, python = bin_dir / "underground", bin_dir / "python"
    step("underground --version, --help")
    print("  ", run([game, "--version"], here, env).stdout.strip())
    usage = run([game, "--help"], here, env).stdout
    missing = [word for word in ("route", "score", "compile", "simulate", "bench", "--continue") if word not in usage]
    if missing or not usage.startswith("usage: underground"):
        raise CheckFailed(f"underground --help lacks {missing}:\n{usage}")

    step(f"underground --frames {FRAMES} --screenshot x.png --windowed --size {SIZE[0]}x{SIZE[1]}")
    run([game, "--frames", FRAMES, "--screenshot", "x.png", "--windowed", "--size", f"{SIZE[0]}x{SIZE[1]}"], here, env)
    if not (here / "x.png").is_file():
        raise CheckFailed("no screenshot was written")
    w, h, colours = (int(v) for v in run([python, "-c", PNG_COLOURS, "x.png"], here, env).stdout.split())
    print(f"   x.png {w}x{h}, {colours} colours")
    if (w, h) != SIZE or colours < MIN_COLOURS:
        raise CheckFailed(f"the screenshot is {w}x{h} with {colours} colours: blank or wrong")

    boards = json.loads(run([python, "-c", "import json; from game.resources import builtin_board_names as b; "
                             "print(json.dumps(b()))"], here, env).stdout)
    if not boards:
        raise CheckFailed("the installed game has no built-in boards")
    for board in boards:
        step(f"underground simulate --board {board}")
        lines = run([game, "simulate", "--board", board, "--games", "1", "--players", "3"], here, env).stdout
        print("  ", lines.splitlines()[-1])

    step("underground simulate --board london_bus (the second game, the London bus tour)")
    lines = run([game, "simulate", "--board", "london_bus", "--games", "1", "--players", "3"], here, env).stdout
    if '"route_points"' not in lines:
        raise CheckFailed("simulate on london_bus did not play the bus tour")
    print("  ", lines.splitlines()[-1])

    step("underground compile (a source shipped in the installed package)")
    source = Path(run([python, "-c", "from game import resources; print(resources.board_source('london'))"],
                      here, env).stdout.strip())
    if ROOT in source.resolve().parents:
        raise CheckFailed(f"the installed game reads its boards from the clone: {source}")
    print("  ", run([game, "compile", source, "-o", "london.json"], here, env).stdout.strip())
    if (here / "london.json").read_bytes() != source.parent.parent.joinpath("london.json").read_bytes():
        raise CheckFailed("compiling the shipped london.tmx does not give the shipped london.json")

    step("a bad input: one line, exit code 2")
    refused = run([game, "route", "missing.json"], here, env, expect=2).stderr
    if len(refused.splitlines()) != 1 or "Traceback" in refused:
        raise CheckFailed(f"not one line: {refused}")
    print("  ", refused.strip())


def check_editor(bin_dir: Path, here: Path, env: dict[str, str]) -> None:
    editor, game = bin_dir / "underground-editor", bin_dir / "underground"
    step("underground-editor --help")
    usage = run([editor, "--help"], here, env).stdout
    if "import" not in usage or not usage.startswith("usage: underground-editor"):
        raise CheckFailed(f"underground-editor --help:\n{usage}")
    step(f"underground-editor import --city berlin --area {BERLIN_AREA} -o kiez.tmx, then compile and play it")
    print("  ", run([editor, "import", "--city", "berlin", "--area", BERLIN_AREA, "-o", "kiez.tmx"], here, env)
          .stdout.strip())
    print("  ", run([game, "compile", "kiez.tmx", "-o", "kiez.json"], here, env).stdout.strip())
    print("  ", run([game, "simulate", "--board", "kiez.json", "--games", "1"], here, env).stdout.splitlines()[-1])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.check_wheel", description=__doc__.splitlines()[0])
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder to look at afterwards")
    args = parser.parse_args(argv)
    work = Path(tempfile.mkdtemp(prefix="underground-wheel-"))
    here = work / "run"  # not the clone: nothing there may be found by accident
    here.mkdir()
    env = {key: value for key, value in os.environ.items() if key not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env |= {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PIP_DISABLE_PIP_VERSION_CHECK": "1",
            "PYGAME_HIDE_SUPPORT_PROMPT": "1",
            "UNDERGROUND_DATA_DIR": str(work / "user-data"), "UNDERGROUND_CONFIG_DIR": str(work / "user-config")}
    try:
        bin_dir = build_and_install(work, env)
        check_game(bin_dir, here, env)
        check_editor(bin_dir, here, env)
    except CheckFailed as error:
        print(f"check_wheel: FAILED: {error}", file=sys.stderr)
        print(f"check_wheel: the files are in {work}", file=sys.stderr)
        return 1
    if args.keep:
        print(f"-- kept {work}")
    else:
        shutil.rmtree(work, ignore_errors=True)
    print("check_wheel: the installed product works")
    return 0


if __name__ == "__main__":
    sys.exit(main())
