"""The play screen read from a sofa at 1280×720, where the side panel is drawn at 0.8 of its design size. A new
player found three faults there:

- the list of keys under the log was drawn at 10 px: now never under style.TEXT_MIN_PX (12 px, what the
  station names keep there), the log above giving way to it;
- in German the buttons lost their key hints ("B", "Strg+Z") to their longer labels, and the hints left were
  7 to 9 px: now the label wraps or the key goes under it, and the key is drawn at the floor's size;
- at the largest text size the cards over the panel (the H hint, a first-game tip, a hovered space's
  preview) grew while the panel could not: the hint's card hid the tip's heading, and with five seats both
  ran off the window, and a tip under the passenger's routes cut the message line after its first line.
  Now no card overlaps another or leaves the window, and a card hides the message line whole or not at all.

The panels' small words were still under the floor there: the log and its heading (11 px), the cards' kinds
(9 px) and the strip's heading (10 px), the keys on the line chips (9 px), the seats' numbers (11 px) and the
"computer" tag (10 px). Now each is drawn at the floor's size at least, inside its box and clear of its
neighbours (the chips' keys on key caps of their own, a card's kind on its own line over the name).

Driven as a player does (settings as the settings screen applies them, clicks, the H key, the mouse over a
space). A text is found on screen by drawing just it in a colour nothing else has and looking for that
colour in the frame; its size is the one it was rendered at.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator

import pygame
import pytest

from game.ui import style, text
from game.ui.app import App
from game.ui.layers import find
from game.ui.overlays.coach import CoachLayer, Hints
from game.ui.overlays.hint import HintLayer
from game.ui.panels import log_view
from game.ui.panels import sidebar as sidebar_module
from game.ui.panels.cards import CardStrip
from game.ui.scenes.play import PlayScene
from game.ui.scenes.settings import TEXT_SIZES
from game.ui.table.setup import GameSetup, Seat
from tests.ui.driver import DT, click, key, move, run_until, save_shot, settle, space_point, without_drawing
from tests.ui.test_map_notices import _covered, _frame
from tests.ui.test_passenger_choice import position

SIZE = "1280x720"
NAMES = ["Anna", "Ben", "Chloé", "Dev", "Eve"]
LEAST = 12  # px: the floor of a text a player must read at 1280×720 (the station names' there: test_name_size)
MARK = (255, 0, 255)  # no colour of the game's: a text drawn in it is found on screen by it


class Drawn(list[tuple[str, int]]):
    """Every text rendered, with its size; `marked` holds those of them drawn in MARK."""

    def __init__(self) -> None:
        super().__init__()
        self.marked: list[tuple[str, int]] = []


@pytest.fixture
def marked(monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[Callable[[str], bool]], Drawn]]:
    """From the call on, the texts `which` picks are drawn in MARK (a later call picks anew); returns the list
    of every text rendered since, with its size. The text caches are emptied before and after, so no marked
    image outlives the test."""
    real = style.text

    def mark(which: Callable[[str], bool]) -> Drawn:
        drawn = Drawn()

        def marking(message: str, size: int, weight: str = "regular", colour: style.Colour = style.INK
                    ) -> pygame.Surface:
            drawn.append((message, size))
            if which(message):
                drawn.marked.append((message, size))
                colour = MARK
            return real(message, size, weight, colour)

        monkeypatch.setattr(style, "text", marking)
        style.clear_text_cache()
        return drawn

    yield mark
    style.clear_text_cache()


def _table(make_app, players: int, lang: str = "en", text_scale: float = 1.0,
           tips: bool = False, computer: int | None = None, size: str = SIZE) -> tuple[App, PlayScene]:
    """A game of `players` people on London in a 1280×720 window, the language and text size set as the
    settings screen sets them; a first game (its tips) only if asked; the seat `computer` a computer's."""
    if not tips:
        Hints().mark_seen()
    app = make_app(["--scene", "menu", "--board", "london", "--size", size])
    app.fixed_dt = DT
    app.apply_settings(language=lang, text_scale=text_scale)
    app.step()
    seats = [Seat("easy" if seat == computer else "person", name) for seat, name in enumerate(NAMES[:players])]
    scene = PlayScene(app, GameSetup("london", seats, 5))
    app.replace(scene)
    for _ in range(3):
        app.step()
    return app, scene


def _place(app: App, scene: PlayScene) -> None:
    """The person to move clicks a lit space: a log entry, and Undo becomes possible."""
    assert scene.ctl is not None
    click(app, space_point(scene, sorted(scene.ctl.legal_spaces())[0]))
    settle(app, scene)


def _ink(frame: pygame.Surface) -> pygame.Mask:
    """The frame's pixels in MARK."""
    return pygame.mask.from_threshold(frame, MARK, (24, 24, 24, 255))


def _redrawn(app: App, scene: PlayScene) -> pygame.Surface:
    """A frame with the side panel drawn anew (not taken from its cache)."""
    scene.sidebar.cache.key = None
    return _frame(app, scene)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_key_list_reads_from_the_sofa(make_app, marked, lang: str) -> None:
    app, scene = _table(make_app, 5, lang)  # five seats: the least room for the log and the keys under it
    _place(app, scene)
    keys = text.tr("play.keys")

    items = keys.split(" · ")

    def footer(message: str) -> bool:  # a line of the list: whole keys of it, joined as it joins them
        return message in keys and all(piece in items for piece in message.split(" · "))

    drawn = marked(footer)
    frame = _redrawn(app, scene)
    save_shot(frame, f"sofa_keys_{lang}")
    lines = [line for line, _ in drawn if footer(line)]
    assert " · ".join(lines) == keys, f"the keys are not shown whole, each line whole keys: {lines}"
    sizes = [size for line, size in drawn if footer(line)]
    assert min(sizes) >= LEAST, f"the keys drawn at {sizes} px at {SIZE}"
    shown = _ink(frame).get_bounding_rects()
    assert shown, "the keys are on screen"
    block = shown[0].unionall(shown)
    panel = scene.sidebar_rect()
    assert panel.contains(block), f"the keys {block} leave the side panel {panel}"
    log = scene.sidebar.log_local
    assert log is not None and log.move(panel.topleft).bottom <= block.top, "the log runs into the keys"


@pytest.mark.parametrize(("lang", "text_scale"), [("de", 1.0), ("de", TEXT_SIZES[-1]), ("fr", 1.0)])
def test_buttons_keep_their_key_hints_in_long_languages(make_app, marked, lang: str, text_scale: float) -> None:
    app, scene = _table(make_app, 2, lang, text_scale)
    _place(app, scene)  # Undo can be pressed now
    hints = {"branch": text.tr("play.take_branch_key"), "undo": text.tr("play.undo_key"), "hint": text.tr("hint.key")}
    labels = [text.tr("play.take_branch"), text.tr("play.undo"), text.tr("hint.button")]
    drawn = marked(lambda message: message in hints.values())
    frame = _redrawn(app, scene)
    save_shot(frame, f"sofa_buttons_{lang}_{text_scale}")
    ink = _ink(frame)
    for kind, hint in hints.items():
        button = next(spot.rect for spot in scene.sidebar.spots if spot.kind == kind)
        inside = pygame.mask.Mask(button.size, fill=True)
        assert ink.overlap_area(inside, button.topleft), f"{kind}: its key {hint!r} is not on the button"
    sizes = {message: size for message, size in drawn if message in hints.values()}
    assert min(sizes.values()) >= LEAST, f"key hints drawn at {sizes} px at {SIZE}"
    rendered = [message for message, _ in drawn]
    pairs = {f"{a} {b}" for a, b in itertools.pairwise(rendered)}
    for label in labels:  # whole, on one line or on two, never cut with "…"
        assert label in rendered or label in pairs, f"{label!r} is not shown whole (drawn: {rendered})"


def _faults(app: App, scene: PlayScene) -> list[str]:
    """Cards over the side panel this frame that overlap one another or leave the panel (and so the window)."""
    frame = _frame(app, scene)
    covers, panel = scene.sidebar.covers, scene.sidebar_rect()
    faults = [f"{a} overlaps {b}" for a, b in itertools.combinations(covers, 2) if a.colliderect(b)]
    faults += [f"{card} leaves the panel {panel}" for card in covers if not panel.contains(card)]
    if faults:
        save_shot(frame, f"sofa_cards_{len(covers)}")
    return faults


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("players", [2, 5])
def test_cards_in_the_panel_stay_apart_at_the_largest_text_size(make_app, players: int, lang: str) -> None:
    app, scene = _table(make_app, players, lang, TEXT_SIZES[-1], tips=True)  # a first game: its tips show
    ctl = scene.ctl
    tips, layer = find(app, CoachLayer), find(app, HintLayer)
    assert ctl is not None and tips is not None and layer is not None
    assert tips.box is not None, "the first tip is on screen"
    assert not _faults(app, scene)
    key(app, pygame.K_h)
    ctl.hints.wait(120)  # worked out on its own thread: waited for, not raced against a frame count
    run_until(app, lambda: ctl.hint is not None)
    app.step()
    card = _covered(app, scene, without_drawing(layer, "_card"))
    assert card.count(), "the hint asked for has its card on screen"
    assert not _faults(app, scene), "the hint's card and the tip"
    save_shot(_frame(app, scene), f"sofa_hint_{players}_{lang}")
    area = pygame.Rect(*(round(v) for v in scene.board_rect())).inflate(-80, -80)
    link = next(link for link in ctl.legal_spaces() if area.collidepoint(space_point(scene, link)))
    x, y = space_point(scene, link)
    move(app, (round(x), round(y)))  # a hovered space's preview joins them
    app.step()
    assert scene.sidebar.covers, "the hovered space's preview is in the panel"
    assert not _faults(app, scene), "the preview, the hint's card and the tip"
    key(app, pygame.K_h)  # the hint put away: the tip is back
    move(app, (5, 5))
    app.step()
    assert ctl.hint is None and tips.box is not None, "the tip is back once the hint is put away"
    assert not _faults(app, scene)


def test_a_card_hides_the_message_line_whole(make_app, board, board_file, marked) -> None:
    """At the largest text size in German the passenger's tip, under his routes, covered the message line
    ("…, wähle die Route des Passagiers: klicke auf") from its second line down: a sentence cut off."""
    app = make_app(["--scene", "menu", "--board", str(board_file), "--size", SIZE])
    app.fixed_dt = DT
    app.apply_settings(language="de", text_scale=TEXT_SIZES[-1])
    app.step()
    state, last = position(board, tie=True)
    seats = [Seat("person", "Anna-Sophie"), Seat("person", "Jean-Baptiste")]
    scene = PlayScene(app, GameSetup(str(board_file), seats, 5), board=board, state=state)
    app.replace(scene)
    for _ in range(3):
        app.step()
    click(app, space_point(scene, last))  # the passenger rides, his routes tie: he waits for a choice
    settle(app, scene)
    for _ in range(3):
        app.step()
    tips = find(app, CoachLayer)
    assert scene.ctl is not None and scene.ctl.state.phase == "passenger" and scene.ctl.route_options()
    assert tips is not None and tips.box is not None, "the passenger's tip is on screen"
    said = text.tr("play.route.choose", name="Jean-Baptiste")
    marked(lambda message: " " in message and message in said)  # its lines (not the seat's name alone)
    frame = _redrawn(app, scene)
    save_shot(frame, "sofa_message_under_a_tip")
    seen = _ink(frame).count()
    put_back = without_drawing(tips, "_mark")()
    whole = _ink(_redrawn(app, scene)).count()
    put_back()
    assert whole, "the message line is drawn where no card is"
    assert seen in (0, whole), f"the tip hides {whole - seen} of the message line's {whole} px: a part of it"


# ----- the panels' small words: the log, the cards' kinds and heading, the line chips' keys, the seats' numbers
# and the "computer" tag were drawn at 9 to 11 px at 1280×720 -----

KEYS = {"1", "2", "3", "4"}  # the keys of a seat's line chips (their counts have two digits in a new game)


class Drawing:
    """Which part of the play screen is being drawn: `now` names it while a wrapped drawing function runs."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.stack = [""]
        self.monkeypatch = monkeypatch

    @property
    def now(self) -> str:
        return self.stack[-1]

    def wrap(self, owner: object, name: str, label: Callable[..., str], static: bool = False) -> None:
        """While `owner.name` draws, `now` is `label` of its arguments."""
        real = getattr(owner, name)

        def wrapped(*args: object, **kwargs: object) -> object:
            self.stack.append(label(*args))
            try:
                return real(*args, **kwargs)
            finally:
                self.stack.pop()

        self.monkeypatch.setattr(owner, name, staticmethod(wrapped) if static else wrapped)


def _fresh(app: App, scene: PlayScene) -> pygame.Surface:
    """A frame with the side panel and the card strip drawn anew (not taken from their caches)."""
    scene.sidebar.cache.key = None
    scene.cards.cache.key = None
    return _frame(app, scene)


def _box(ink: pygame.Mask, rect: pygame.Rect) -> pygame.Rect | None:
    """The bounding box of the ink inside `rect` (None where there is none)."""
    part = ink.overlap_mask(pygame.mask.Mask(rect.size, fill=True), rect.topleft)
    boxes = part.get_bounding_rects()
    return boxes[0].unionall(boxes) if boxes else None


def _outside(ink: pygame.Mask, rects: list[pygame.Rect]) -> int:
    """How many pixels of the ink lie outside all the `rects`."""
    rest = ink.copy()
    for rect in rects:
        rest.erase(pygame.mask.Mask(rect.size, fill=True), rect.topleft)
    return rest.count()


def _apart(first: pygame.Mask, second: pygame.Mask, rects: list[pygame.Rect]) -> list[str]:
    """The `rects` in which the two inks' bounding boxes meet (one text over or into another)."""
    met = []
    for rect in rects:
        a, b = _box(first, rect), _box(second, rect)
        if a is not None and b is not None and a.colliderect(b):
            met.append(f"{a} meets {b} in {rect}")
    return met


SOFA_LOOKS = [("en", 5, 1.0), ("de", 5, 1.0), ("en", 2, TEXT_SIZES[-1]), ("de", 2, TEXT_SIZES[-1])]


@pytest.mark.parametrize(("lang", "players", "text_scale"), SOFA_LOOKS)
def test_the_panels_small_words_read_from_the_sofa(make_app, marked, monkeypatch: pytest.MonkeyPatch, lang: str,
                                                   players: int, text_scale: float) -> None:
    """Each found on screen at 1280×720, drawn at no less than the floor, inside its box and clear of the
    words beside it."""
    app, scene = _table(make_app, players, lang, text_scale, computer=1)
    _place(app, scene)  # a log; the person still to act: her chips show their keys
    ctl = scene.ctl
    assert ctl is not None and ctl.person_may_act() and ctl.state.current == 0
    drawing = Drawing(monkeypatch)
    drawing.wrap(scene.sidebar.log_view, "draw", lambda *args: "log")
    drawing.wrap(log_view, "seat_badge", lambda *args: "log bullet")  # a turn's bullet: "Ben's turn" says it
    drawing.wrap(sidebar_module, "line_chip", lambda *args: "chip")
    drawing.wrap(sidebar_module, "seat_badge", lambda *args: "badge")
    drawing.wrap(scene.sidebar, "_seat", lambda surface, rect, ctl, seat, *rest: f"seat {seat}")
    drawing.wrap(CardStrip, "_card", lambda *args: "card", static=True)
    kinds = {text.tr("play.express").upper(), text.tr("play.standard").upper()}
    heading, tag = text.tr("play.cards").upper(), text.tr("play.computer")

    def found(name: str, which: Callable[[str], bool]) -> pygame.Mask:
        """The ink of the texts `which` picks on a fresh frame, once each is known drawn at the floor at least."""
        drawn = marked(which)
        frame = _fresh(app, scene)
        save_shot(frame, f"sofa_words_{name.replace(' ', '_')}_{lang}_{players}_{text_scale}")
        ink = _ink(frame)
        sizes = [size for _, size in drawn.marked]
        assert sizes and ink.count(), f"{name}: not on screen"
        assert min(sizes) >= LEAST, f"{name} drawn at {sorted(set(sizes))} px at {SIZE}"
        return ink

    panel, strip = scene.sidebar_rect(), scene.strip_rect()
    cards = [spot.rect for spot in scene.cards.spots if spot.kind == "card"]
    chips = [spot.rect for spot in scene.sidebar.spots if spot.kind == "line"]

    ink = found("log", lambda message: drawing.now == "log")  # its heading and its entries
    log = scene.sidebar.log_local
    assert log is not None and not _outside(ink, [log.move(panel.topleft)]), "the log's words leave its room"

    kind_ink = found("card kinds", lambda message: message in kinds)
    assert not _outside(kind_ink, [card.inflate(-4, -4) for card in cards]), "a card's kind leaves the card"
    name_ink = _ink(_frame_marking(app, scene, marked, lambda message: drawing.now == "card" and message not in kinds))
    assert not _outside(name_ink, [card.inflate(-4, -4) for card in cards]), "a card's name leaves the card"
    assert not _apart(kind_ink, name_ink, cards), "a card's kind runs into its name"

    ink = found("cards heading", lambda message: message == heading)
    box = _box(ink, strip)
    assert box is not None and not _outside(ink, [strip]), "the strip's heading leaves the strip"
    assert box.bottom <= min(card.top for card in cards), f"the strip's heading {box} runs into the cards"

    key_ink = found("chip keys", lambda message: drawing.now == "chip" and message in KEYS)
    assert len(chips) == len(ctl.state.players[0].lines) and not _outside(key_ink, chips), "a key leaves its chip"
    assert all(_box(key_ink, chip) for chip in chips), "a chip without its key"
    count_ink = _ink(_frame_marking(app, scene, marked, lambda message: drawing.now == "chip" and message not in KEYS))
    assert not _apart(key_ink, count_ink, chips), "a chip's key runs into its count"

    ink = found("seat numbers", lambda message: drawing.now == "badge")
    assert not _outside(ink, [panel]), "a seat's number leaves the panel"

    tag_ink = found("computer tag", lambda message: message == tag)
    row = _ink(_frame_marking(app, scene, marked, lambda message: drawing.now == "seat 1" and message != tag))
    box = _box(tag_ink, panel)
    assert box is not None and not _outside(tag_ink, [panel]), "the computer tag leaves the panel"
    assert not row.overlap_area(pygame.mask.Mask(box.inflate(4, 4).size, fill=True), box.inflate(4, 4).topleft), \
        "the computer tag runs into the name or the score beside it"


def _frame_marking(app: App, scene: PlayScene, marked: Callable[[Callable[[str], bool]], Drawn],
                   which: Callable[[str], bool]) -> pygame.Surface:
    """A fresh frame with the texts `which` picks in MARK."""
    marked(which)
    return _fresh(app, scene)
