"""Who acts now, and how a turn unfolds on screen: people's clicks, computer pacing, the passenger's move.

The controller owns what the screen shows of the game (`shown` board, `points` per seat), which lags
the engine while animations play: the passenger glides first, then the board and the scores catch up.
Everything advances only through `update(dt)`. Sounds follow the animations: a placement is heard as
its track pulses, the ride as the passenger sets off, his points as he arrives, a refused click at once.
"""

from __future__ import annotations

from collections.abc import Callable

from game.i18n import explain
from game.rules.actions import Action, ChooseRoute, PlaceTrack, TakeBranch
from game.rules.events import Event
from game.rules.observation import observe
from game.rules.routing import RouteOption
from game.rules.state import GameState
from game.ui import text
from game.ui.audio import sounds_for
from game.ui.board.animation import AnimationQueue, Effect, Glide, Step
from game.ui.board.route_path import route_polyline
from game.ui.table.background import PendingAnswer
from game.ui.table.hints import Hint, HintAdvisor
from game.ui.table.session import GameSession
from game.ui.table.snapshot import BoardSnapshot

BOT_DELAY = 0.6  # seconds between a computer's actions, so people can follow
ROUTE_SHOW = 1.1  # seconds a computer's passenger route is shown before it moves
AUTO_GO = 2.0  # seconds before a single passenger option goes by itself
FAST = 4.0  # speed-up while fast mode is on
MESSAGE_SECONDS = 4.0
GLIDE_SPEED = 3.2  # board units (median link lengths) per second
GLIDE_MIN, GLIDE_MAX = 0.7, 3.0
OVER_PAUSE = 1.2


class TurnController:
    """Drives one game: applies actions, queues their animations, paces the computers, autosaves."""

    def __init__(self, session: GameSession, unit: float, autosave: bool = True,
                 bot_delay: float = BOT_DELAY) -> None:
        self.session = session
        self.unit = unit
        self.autosave_enabled = autosave
        self.bot_delay = bot_delay
        self.pace = 1.0  # the computers' pauses scaled (the player's "computer speed"): a sofa follows slower
        self.queue = AnimationQueue()
        self.shown = BoardSnapshot.of(session.state)
        self.points = [p.points for p in session.state.players]
        self.selected: str | None = None
        self.message = ""
        self.message_time = 0.0
        self.fast = False
        self.hold = False  # a tip about the passenger is being read: a single route waits for Go instead of going
        self.line_picks = 0  # lines a person picked, the one already lifted too (the first tip's answer)
        self.bot_timer = 0.0
        self.route_time = 0.0
        self.over_time = 0.0
        self.version = 0  # changes whenever the engine state does, for caches
        self.saved_version: int | None = None  # the version the autosave holds (when this screen wrote it)
        self.on_change: Callable[[], None] | None = None
        self.sound: Callable[[str], object] | None = None  # plays an effect by name (the app's Audio.play)
        self._legal: tuple[int, str | None, dict[int, int]] | None = None
        self.hints = HintAdvisor()  # the normal bot's advice, asked for by a person (H or the Hint button)
        self.bot_moves: PendingAnswer[Action] = PendingAnswer()  # the computer's next, worked out while it pauses
        self.ensure_selection()

    # ----- reading -----

    @property
    def state(self) -> GameState:
        return self.session.state

    @property
    def busy(self) -> bool:
        return self.queue.busy

    @property
    def speed(self) -> float:
        return FAST if self.fast else 1.0

    def computer_turn(self) -> bool:
        return self.state.phase != "over" and self.session.is_computer(self.state.current)

    def person_may_act(self) -> bool:
        """A person is at the controls: their turn, nothing animating."""
        return self.state.phase != "over" and not self.busy and not self.computer_turn()

    def legal_spaces(self) -> dict[int, int]:
        """Links where the selected line may go now, with their branch-token cost (cached per state)."""
        if self.selected is None or self.state.phase != "actions":
            return {}
        key = (self.version, self.selected)
        if self._legal is None or self._legal[:2] != key:
            spaces = {a.link: cost for a, cost in self.state.legal_placements() if a.line == self.selected}
            self._legal = (self.version, self.selected, spaces)
        return self._legal[2]

    def route_options(self) -> tuple[RouteOption, ...]:
        """The passenger's options while a choice is due (and nothing is animating), else none."""
        if self.state.phase != "passenger" or self.busy:
            return ()
        routes = self.state.passenger_options()
        return routes.options if routes else ()

    def passenger_position(self) -> tuple[float, float] | None:
        step = self.queue.current
        return step.position() if isinstance(step, Glide) and step.started else None

    def gliding_lines(self) -> tuple[str, ...]:
        step = self.queue.current
        return step.lines if isinstance(step, Glide) and step.started else ()

    # ----- selection and messages -----

    def ensure_selection(self) -> None:
        """Keep the selected line if it is the active player's, else pick their first line that can move."""
        state = self.state
        if state.phase == "over":
            self.selected = None
            return
        mine = state.players[state.current].lines
        if self.selected in mine:
            return
        movable = {a.line for a, _ in state.legal_placements()}
        self.selected = next((line for line in mine if line in movable), mine[0] if mine else None)

    def select_line(self, line: str) -> bool:
        if not self.person_may_act():
            return False
        if line not in self.state.players[self.state.current].lines:
            self.refuse(text.tr("play.not_your_line"))
            return False
        self.selected = line
        self.line_picks += 1
        self.message = ""
        return True

    def select_index(self, index: int) -> bool:
        lines = self.state.players[self.state.current].lines
        return 0 <= index < len(lines) and self.select_line(lines[index])

    def say(self, message: str) -> None:
        self.message = message
        self.message_time = MESSAGE_SECONDS

    def refuse(self, message: str) -> None:
        """An action that is not allowed: say why, with the 'no' sound."""
        self.say(message)
        self.play("illegal")

    def play(self, *names: str) -> None:
        if self.sound is None or self.queue.finishing:
            return
        for name in names:
            self.sound(name)

    # ----- a person's actions -----

    def place(self, link: int | None) -> bool:
        """Lay the selected line on `link`; an illegal space only explains why and changes nothing."""
        if not self.person_may_act() or self.state.phase != "actions":
            return False
        if self.selected is None:
            self.refuse(text.tr("play.no_line_here"))
            return False
        if link is None:
            self.refuse(text.tr("play.not_a_space"))
            return False
        action = PlaceTrack(self.selected, link)
        reason = self.state.why_illegal(action)
        if reason is not None:
            self.refuse(explain(reason, sentence=True))
            return False
        self.perform(action)
        return True

    def take_branch(self) -> bool:
        if not self.person_may_act() or self.state.phase != "actions":
            return False
        reason = self.state.why_illegal(TakeBranch())
        if reason is not None:
            self.refuse(explain(reason, sentence=True))
            return False
        self.perform(TakeBranch())
        return True

    def go(self, marked: int = 0) -> bool:
        """Go / Enter: send the passenger on the only route, or on route `marked` of a tie (the one marked)."""
        options = self.route_options()
        if not options:
            return False
        return self.choose(options[marked if 0 <= marked < len(options) else 0])

    def choose(self, option: RouteOption) -> bool:
        if not self.person_may_act() or self.state.phase != "passenger":
            return False
        self.perform(ChooseRoute(option.destination, option.lines))
        return True

    def ask_hint(self) -> bool:
        """A person asks what the normal computer player would do: worked out off the window's thread."""
        if not self.person_may_act() or self.state.phase != "actions":
            return False
        self.hints.ask(self.state, self.version)
        return True

    def play_hint(self) -> bool:
        """Play the hint on show, as if the person had clicked it."""
        hint = self.hints.poll(self.version)
        if hint is None or not self.person_may_act():
            return False
        if hint.line is not None:
            self.selected = hint.line
            return self.place(hint.link)
        return self.take_branch()

    @property
    def hint(self) -> Hint | None:
        return self.hints.hint

    def undo(self) -> bool:
        if self.busy or self.computer_turn() or not self.session.can_undo():
            return False
        self.queue.finish()
        self.session.undo()
        self._changed()
        self.shown = BoardSnapshot.of(self.state)
        self.points = [p.points for p in self.state.players]
        self.route_time = 0.0
        self.message = ""
        self._save()
        return True

    # ----- time -----

    def update(self, dt: float) -> None:
        dt *= self.speed
        self.message_time = max(0.0, self.message_time - dt)
        if not self.message_time:
            self.message = ""
        self.queue.update(dt)
        self.hints.poll(self.version)
        if self.busy:
            return
        state = self.state
        if state.phase == "over":
            self.over_time += dt
            return
        if state.phase == "passenger":
            self.route_time += dt
            options = self.route_options()
            if self.computer_turn():
                self._computer_move(self.route_time, ROUTE_SHOW * self.pace)
            elif len(options) == 1 and self.route_time >= AUTO_GO and not self.hold:
                self.perform(ChooseRoute(options[0].destination, options[0].lines))
            return
        if self.computer_turn():
            self.bot_timer += dt
            self._computer_move(self.bot_timer, self.bot_delay * self.pace)

    def _computer_move(self, waited: float, pause: float) -> None:
        """The computer's move, asked for as its turn comes (worked out off the window's thread: background.py)
        and played once it has `waited` its `pause` and the answer is in; with no pause, at once."""
        self.bot_moves.ask(self.version, self.session.bots[self.state.current].choose, observe(self.state))
        if waited >= pause:
            action = self.bot_moves.take(self.version, wait=pause <= 0)
            if action is not None:
                self.perform(action)

    @property
    def finished(self) -> bool:
        """The game is over and the last animation has played out."""
        return self.state.phase == "over" and not self.busy and self.over_time >= OVER_PAUSE

    # ----- applying and presenting -----

    def perform(self, action: Action) -> list[Event]:
        """Apply an action, queue what the screen should show of it, and autosave."""
        events = self.session.apply(action)
        self._changed()
        self.route_time = 0.0
        self.bot_timer = 0.0
        self.message = ""
        self.present(events)
        self.ensure_selection()
        self._save()
        return events

    def present(self, events: list[Event]) -> None:
        """Turn events into animations; the shown board and scores catch up when the motion ends."""
        final = BoardSnapshot.of(self.state)
        final_points = [p.points for p in self.state.players]
        computer = self.session.is_computer(events[0].player) if events and events[0].player is not None else False
        ride = next((e for e in events if e.kind == "passenger"), None)
        scores = [e for e in events if e.kind == "score"]

        turn = next((e.player for e in events if e.kind == "turn"), None)

        def settle() -> None:
            self.shown = final
            self.points = final_points
            if turn is not None and not self.session.is_computer(turn):  # a computer's turn: the panel says it,
                self.queue.effect(Effect("banner", 1.6, {"seat": turn}))  # no banner flashes (show mode)

        after_ride = set(range(events.index(ride) + 1, len(events))) if ride is not None else set()
        for k, event in enumerate(events):
            if k not in after_ride and event.kind not in ("passenger", "game_over"):  # those wait for the glide
                self.play(*sounds_for(event))  # heard with the pulse or the floating points it comes with
            if event.kind == "place" and event.link is not None:
                self.queue.effect(Effect("pulse", 1.4 if computer else 0.9, {"link": event.link, "line": event.line}))
                if event.points and event.player is not None:
                    self.queue.effect(Effect("float", 1.6, {"seat": event.player, "points": event.points}))
                if event.branch_tokens and event.player is not None:
                    self.queue.effect(Effect("token", 1.6, {"seat": event.player, "count": event.branch_tokens}))
            elif event.kind == "branch" and event.player is not None:
                self.queue.effect(Effect("token", 1.4, {"seat": event.player, "count": 1}))
        if ride is None:
            settle()
        else:
            points = route_polyline(self.session.board, tuple(ride.path))

            def arrived() -> None:
                settle()
                self.play(*(name for k in sorted(after_ride) if events[k].kind != "game_over"
                            for name in sounds_for(events[k])))
                if ride.lines:
                    self.queue.effect(Effect("flash", 1.4, {"lines": ride.lines}))
                won: dict[int | None, int] = {}  # a seat paid for several lines at once: one sum rises, where
                for score in scores:  # "+2 +2 +2 +2" in a row ran over the seat's line chips
                    won[score.player] = won.get(score.player, 0) + score.points
                for seat, points in won.items():
                    self.queue.effect(Effect("float", 1.8, {"seat": seat, "points": points}))

            glide = Glide.along(points, self.unit, GLIDE_SPEED, GLIDE_MIN, GLIDE_MAX, on_end=arrived,
                                on_start=lambda: self.play("ride"))
            glide.lines = tuple(ride.lines)
            self.queue.add(glide)
        if any(e.kind == "game_over" for e in events):
            self.queue.call(lambda: self.play("end"))
            self.queue.add(Step(0.4))

    def _changed(self) -> None:
        self.version += 1
        self.hints.forget()
        if self.on_change is not None:
            self.on_change()

    def _save(self) -> None:
        problem = self.save()  # a full or read-only disk: say so, play on
        if problem:
            self.say(problem)

    def save(self) -> str | None:
        """Autosave the game as it stands (a finished one is removed: Continue would have nothing to do);
        what went wrong, for the screen, when the disk refuses. Leaving the table saves too, so a game left
        before its first move, or left just after an undo, is the one Continue opens."""
        if not self.autosave_enabled:
            return None
        from game.persist import saves

        if self.state.phase == "over":
            saves.remove_autosave()
            return None
        problem = self.session.autosave()
        self.saved_version = self.version if problem is None else None
        return problem

    def keep(self) -> str | None:
        """Save on leaving the table, unless the autosave already holds the game as it stands (a save the same
        as the last would only push an older one out of the backups)."""
        if self.saved_version == self.version and self.state.phase != "over":
            return None
        return self.save()
