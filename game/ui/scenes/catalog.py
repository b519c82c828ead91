"""Every screen by name: the one place that knows the scene classes.

launch.py hands `SCENES` to the App, whose router makes a screen from its name and the details given
(`app.router.replace("end", session=...)`). No scene imports this module, and scenes never import one
another to switch screens: they name the one they want. Each entry is called as `entry(app, **details)`
and returns the scene, or None when there is nothing to show (the stack then stays as it is).
"""

from __future__ import annotations

from game.ui.bus.scene import BusPlayScene
from game.ui.bus.show import BusShowScene
from game.ui.overlays.help import HelpScene
from game.ui.replay.scene import ReplayScene
from game.ui.router import SceneFactory
from game.ui.scenes.end import EndScene
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.play import PlayScene
from game.ui.scenes.settings import SettingsScene
from game.ui.scenes.show import ShowScene
from game.ui.tutorial.scene import TutorialScene

SCENES: dict[str, SceneFactory] = {
    "menu": MenuScene,  # boards=[...]: only these (tests)
    "settings": SettingsScene,
    "play": PlayScene,  # setup=GameSetup, and board= / state= / session= to start from them
    "resume": PlayScene.from_autosave,  # the autosaved game; None when there is none or it is unusable
    "end": EndScene,  # session=the finished game
    "replay": ReplayScene,  # session=the finished game (Esc goes back to its end screen), or script=ReplayScript
    "show": ShowScene.starting,  # board= / players= / seed=, all optional
    "tutorial": TutorialScene,  # the guided first game on its own board (Learn to play)
    "help": HelpScene.over,  # the rules over the current screen; None when they are open already
    "bus": BusPlayScene.starting,  # board=, seats=, seed=: a game of the second game, the London bus tour
    "bus_resume": BusPlayScene.resumed,  # the autosaved bus-tour game; None when there is none
    "bus_show": BusShowScene,  # after=the city the show goes on with, players=: the bus tour in the show
}
