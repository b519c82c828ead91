"""The menu: pick a city and its edition, the number of players, who plays each seat; Start, Continue, Quit.

Widgets are pygame_gui; the title and the live preview of the chosen board are drawn by us. Every length
below is at the design size and goes through `_s` (the window's scale times the players' text size).
The language can be switched right here (it re-labels the menu at once); the rest is on the settings screen.
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from pathlib import Path

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton, UIDropDownMenu, UILabel, UITextBox, UITextEntryLine

from game import resources
from game.board.loader import builtin_boards, load_board
from game.board.model import BoardError
from game.bus.board import BusBoard
from game.bus.catalogue import is_bus_board
from game.bus.rules.state import MAX_PLAYERS as BUS_MAX_PLAYERS
from game.persist.bus_save import bus_save_path
from game.ui import style, text
from game.ui.board.view import BoardView
from game.ui.bus.choice import BusBoards, bus_choices, bus_title, draw_reason
from game.ui.bus.map_view import BusMapView
from game.ui.panels.widgets import seat_badge
from game.ui.stage import Scene, Window
from game.ui.table.session import read_saved_game
from game.ui.table.setup import SEAT_KINDS, GameSetup, Seat

CLASSIC_SUFFIX = "_classic"
BUS_PREFIX = "bus:"  # a city choice that is a board of the second game, the London bus tour
PANEL_X = 64
PANEL_W = 470
ROW = 46
DEFAULT_PLAYERS = 3
CARD_HEAD = 74  # the preview card's caption row, above its map
NAME_ROOM = 0.03  # of the map's width, either side: the smallest names are drawn larger than the map's scale
TOP_MIN = 124  # the first row's lowest start: a smaller title above it, never none


def city_choices(boards: list[str]) -> list[str]:
    """Boards as the menu lists them: a classic edition is a variant of its city, not a city of its own."""
    return [name for name in boards
            if not (name.endswith(CLASSIC_SUFFIX) and name[: -len(CLASSIC_SUFFIX)] in boards)]


def _still_there(board: str, boards: list[str]) -> bool:
    """A remembered board that can still be opened: a built-in one, or a file that still exists."""
    return bool(board) and (board in boards or (Path(board).suffix.lower() in (".json", ".tmx")
                                                and Path(board).is_file()))


def _s(value: float) -> int:
    return style.ui(value)


def seat_label(kind: str) -> str:
    return text.tr("menu.seat.person" if kind == "person" else f"menu.seat.{kind}")


@dataclass(frozen=True)
class MenuLayout:
    """The left panel's vertical rhythm at the design size: where the first row starts, how big the title
    is (a factor), the space of a labelled row, of a seat, and before the buttons."""

    top: float = 184
    head: float = 1.0
    section: float = 80
    row: float = ROW
    gap: float = 18


class MenuScene(Scene):
    """The setup screen; its choices live in plain fields so tests and a resize can rebuild the widgets."""

    def __init__(self, app: Window, boards: list[str] | None = None) -> None:
        super().__init__(app)
        options = app.options
        last = app.store.settings  # the table the menu last started, unless the command line says otherwise
        self.boards = list(builtin_boards() if boards is None else boards)
        self.extra_board: str | None = None  # a .json/.tmx file given with --board
        self.extra_bus: str | None = None  # the same, when it is a board of the bus tour
        self.bus_boards = BusBoards()
        self.city = ""
        self.classic = False
        bus_boards = resources.bus_board_names()  # the bus tour's built-in boards (london_bus) are chosen by name too
        remembered = last.table_board in bus_boards or _still_there(last.table_board, self.boards)
        wanted = options.board or (last.table_board if remembered else None)
        if wanted and wanted not in self.boards and Path(wanted).suffix.lower() in (".json", ".tmx"):
            if is_bus_board(wanted):  # a designer's bus-tour board: offered beside the built-in bus tour
                self.extra_bus = wanted
                bus_boards = [*bus_boards, wanted]
            else:
                self.extra_board = wanted
                self.boards.append(wanted)
        cities = city_choices(self.boards)
        if wanted in bus_boards:
            self.city = BUS_PREFIX + wanted
        elif wanted and wanted.endswith(CLASSIC_SUFFIX) and wanted[: -len(CLASSIC_SUFFIX)] in self.boards:
            self.city, self.classic = wanted[: -len(CLASSIC_SUFFIX)], True
        elif wanted in cities:
            self.city = wanted
        elif cities:
            self.city = "london" if "london" in cities else cities[0]
        self.players = options.players or last.table_players or DEFAULT_PLAYERS
        self.seats = [Seat("person" if i < 2 else "normal", "") for i in range(5)]
        for seat, (kind, name) in zip(self.seats, last.table_seats, strict=False):
            if kind in SEAT_KINDS:
                seat.kind, seat.name = kind, name if kind == "person" else ""
        self.previews: dict[str, BoardView | None] = {}
        self.error = ""
        self.widgets: dict[str, pygame_gui.core.UIElement] = {}
        self.seat_widgets: list[tuple[UITextEntryLine, UIDropDownMenu]] = []
        self.count_buttons: dict[int, UIButton] = {}
        self.saved = read_saved_game()  # sets damaged saves aside: Continue offers only a game it can resume

    # ----- the model -----

    @property
    def board_spec(self) -> str:
        """The board Start will load: the city, or its classic edition."""
        if self.is_bus:
            return self.city.removeprefix(BUS_PREFIX)
        if self.classic and self.has_classic:
            return self.city + CLASSIC_SUFFIX
        return self.city

    @property
    def is_bus(self) -> bool:
        """Whether the chosen board is one of the second game's (the London bus tour)."""
        return self.city.startswith(BUS_PREFIX)

    @property
    def has_classic(self) -> bool:
        return (self.city + CLASSIC_SUFFIX) in self.boards

    def editions(self) -> list[tuple[str, str]]:
        """The editions the chosen board is played in, as (label, id): London offers two; any other board has
        one, named all the same so the player reads which rules it plays by."""
        if self.has_classic:
            return [(text.tr("menu.variant.second"), "second"), (text.tr("menu.variant.classic"), "classic")]
        if self.is_bus:
            return [(text.tr("menu.variant.bus"), "bus")]
        if self.city.endswith(CLASSIC_SUFFIX):
            return [(text.tr("menu.variant.classic"), "classic")]
        return [(text.tr("menu.variant.second"), "second")]

    def seat_name(self, index: int) -> str:
        seat = self.seats[index]
        if seat.name.strip():
            return seat.name.strip()
        key = "menu.seat.default_name" if seat.kind == "person" else "menu.seat.computer_name"
        return text.tr(key, number=index + 1)

    def setup(self) -> GameSetup:
        seats = [Seat(self.seats[i].kind, self.seats[i].name.strip()) for i in range(self.players)]
        return GameSetup(self.board_spec, seats, self.app.options.seed)

    # ----- scene -----

    def enter(self) -> None:
        """Build, and frame the kept previews again: back from the settings, the text size may have moved the
        card (a map framed for the old card painted square paper past the new one's corners and shadow)."""
        self.build()
        self._frame_previews()

    def leave(self) -> None:
        self.app.ui.clear_and_reset()
        self.widgets.clear()
        self.seat_widgets.clear()
        self.count_buttons.clear()

    def resize(self, size: tuple[int, int]) -> None:
        self.leave()
        self.build()
        self._frame_previews()

    def _frame_previews(self) -> None:
        for view in self.previews.values():
            if view is not None:
                self._frame(view)

    def layout(self) -> MenuLayout:
        """The left panel's rows, tightened (title first, then the gaps) until they fit the window's height."""
        extra = 94 if self.saved.message else 0  # the save problem's note under the buttons
        usable = self.app.size[1] / style.ui_scale()

        def height(layout: MenuLayout) -> float:
            return (layout.top + layout.section * 3 + 6 + layout.row * self.players + layout.gap
                    + 154 + extra + 16)

        layout = MenuLayout()
        over = height(layout) - usable
        if over > 0:
            top = max(TOP_MIN, layout.top - over)
            layout = MenuLayout(top=top, head=max(0.62, (top - 72) / (MenuLayout.top - 72)))
            over = height(layout) - usable
        if over > 0:
            layout = MenuLayout(layout.top, layout.head, section=70, row=42, gap=8)
        return layout

    def _frame(self, view: BoardView) -> None:
        """Fit the map to its place in the card, but let it show (and clip) to the whole card: at thumbnail
        size the smallest names are larger than the map's scale and may reach into the card's margin."""
        view.resize(self.map_rect())
        card = pygame.Rect(*(round(v) for v in self.preview_rect())).inflate(-_s(8), -_s(8))
        view.camera.view = (card.x, card.y, card.width, card.height)

    def map_rect(self) -> tuple[float, float, float, float]:
        """Where the preview's map goes: inside the card, under its caption and buttons, clear of its edges."""
        x, y, w, h = self.preview_rect()
        top = _s(CARD_HEAD)
        return (x + _s(16), y + top, max(10, w - _s(32)), max(10, h - top - _s(16)))

    def preview_rect(self) -> tuple[float, float, float, float]:
        w, h = self.app.size
        left = _s(PANEL_X + PANEL_W + 56)
        return (left, _s(40), max(10, w - left - _s(40)), max(10, h - _s(80)))

    def build(self) -> None:
        """Create the widgets from the model (again after a resize)."""
        ui = self.app.ui
        layout = self.layout()
        y = layout.top
        x = PANEL_X
        cities = city_choices(self.boards)

        def box(left: float, top: float, width: float, height: float) -> pygame.Rect:
            return pygame.Rect(_s(left), _s(top), _s(width), _s(height))

        def label(caption: str, top: float, object_id: str = "") -> None:
            UILabel(box(x, top, PANEL_W, 24), caption, ui, object_id=ObjectID(object_id) if object_id else None)

        card = pygame.Rect(*(round(v) for v in self.preview_rect()))  # language and settings: its top right
        corner = pygame.Rect(card.right - _s(24 + 170), card.y + _s(18), _s(170), _s(36))
        languages: list[str | tuple[str, str]] = [(name, code) for code, name in text.LANGUAGES.items()]
        self.widgets["language"] = UIDropDownMenu(languages, next(o for o in languages if o[1] == text.language()),
                                                  corner.move(-corner.width - _s(10), 0), ui,
                                                  object_id=ObjectID("#language"))
        self.widgets["settings"] = UIButton(corner, text.tr("menu.settings"), ui, object_id=ObjectID("#settings"))
        label(text.tr("menu.board"), y)
        if cities:
            options: list[str | tuple[str, str]] = [(self._city_title(name), name) for name in cities]
            options += [(bus_title(name), BUS_PREFIX + name) for name in bus_choices(self.extra_bus)]
            current = next(o for o in options if o[1] == self.city)
            self.widgets["city"] = UIDropDownMenu(options, current, box(x, y + 26, PANEL_W, 40), ui,
                                                  object_id=ObjectID("#city"))
        else:
            label(text.tr("menu.no_boards"), y + 30, "#heading")
        y += layout.section
        label(text.tr("menu.variant"), y)  # every city has the row, so nothing below it moves with the city
        editions: list[str | tuple[str, str]] = [*self.editions()]
        if cities and len(editions) == 1:  # named, not chosen: plain words (a greyed list read as broken)
            self.widgets["variant"] = UILabel(box(x, y + 26, PANEL_W, 40), self.editions()[0][0], ui,
                                              object_id=ObjectID("#edition_fact"))
        elif cities:
            self.widgets["variant"] = UIDropDownMenu(editions, editions[1 if self.classic and self.has_classic else 0],
                                                     box(x, y + 26, PANEL_W, 40), ui, object_id=ObjectID("#variant"))
        y += layout.section
        label(text.tr("menu.players"), y)
        if self.is_bus:
            self.players = min(self.players, BUS_MAX_PLAYERS)
        for k, count in enumerate(range(2, 6)):
            button = UIButton(box(x + k * 64, y + 26, 56, 42), str(count), ui, object_id=ObjectID("#player_count"))
            if count == self.players:
                button.select()
            if self.is_bus and count > BUS_MAX_PLAYERS:
                button.disable()  # the bus tour is for 2 to 4
            self.count_buttons[count] = button
        y += layout.section + 6
        kinds: list[str | tuple[str, str]] = [(seat_label(kind), kind) for kind in SEAT_KINDS]
        for i in range(self.players):
            seat = self.seats[i]
            entry = UITextEntryLine(box(x + 30, y, 230, 40), ui, initial_text=self.seat_name(i),
                                    object_id=ObjectID(f"#seat_name_{i}"))
            entry.set_text_length_limit(18)
            if seat.is_computer:
                entry.disable()
            kind = UIDropDownMenu(kinds, next(o for o in kinds if o[1] == seat.kind),
                                  box(x + 270, y, PANEL_W - 270, 40), ui, object_id=ObjectID(f"#seat_kind_{i}"))
            self.seat_widgets.append((entry, kind))
            y += layout.row
        y += layout.gap
        start = UIButton(box(x, y, 220, 54), text.tr("menu.start"), ui, object_id=ObjectID("#start"))
        if not cities:
            start.disable()
        self.widgets["start"] = start
        resume = UIButton(box(x + 234, y, 140, 54), text.tr("menu.continue"), ui, object_id=ObjectID("#continue"))
        if (self.saved.data is None) if not self.is_bus else not bus_save_path().is_file():
            resume.disable()
        if self.saved.message:
            self.widgets["save_problem"] = UITextBox(html.escape(self.saved.message), box(x, y + 164, PANEL_W, 84), ui,
                                                     object_id=ObjectID("#save_problem"))
        self.widgets["continue"] = resume
        self.widgets["quit"] = UIButton(box(x + 388, y, PANEL_W - 388, 54), text.tr("menu.quit"), ui,
                                        object_id=ObjectID("#quit"))
        self.widgets["rules"] = UIButton(box(x, y + 64, 150, 40), text.tr("menu.rules"), ui,
                                         object_id=ObjectID("#rules"))
        self.widgets["show"] = UIButton(box(x + 164, y + 64, 210, 40), text.tr("show.menu"), ui,
                                        object_id=ObjectID("#show"))
        self.widgets["tutorial"] = UIButton(box(x, y + 114, PANEL_W, 40), text.tr("tutorial.menu"), ui,
                                            object_id=ObjectID("#tutorial"))  # Learn to play: the guided game

    def bus_board(self) -> BusBoard | None:
        """The chosen bus-tour board, loaded once; None (and the reason in `error`) when it cannot be."""
        board, self.error = self.bus_boards.get(self.board_spec)
        return board

    @staticmethod
    def _city_title(name: str) -> str:
        return text.board_title(name)

    # ----- input -----

    def event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            self._pressed(event.ui_element)
        elif event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            self._chose(event.ui_element, event.selected_option_id)
        elif event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED:
            for i, (entry, _) in enumerate(self.seat_widgets):
                if event.ui_element is entry:
                    self.seats[i].name = entry.get_text()

    def _pressed(self, element: object) -> None:
        if element is self.widgets.get("start"):
            self.start()
        elif element is self.widgets.get("quit"):
            self.app.quit()
        elif element is self.widgets.get("continue"):
            self.resume()
        elif element is self.widgets.get("settings"):
            self.app.router.push("settings")
        elif element is self.widgets.get("rules"):
            self.app.router.push("help")
        elif element is self.widgets.get("show"):
            self.app.router.go("show")
        elif element is self.widgets.get("tutorial"):
            self.app.router.go("tutorial")
        for count, button in self.count_buttons.items():
            if element is button:
                self.set_players(count)

    def _chose(self, element: object, option: str) -> None:
        if element is self.widgets.get("city"):
            self.city = option
            self.rebuild()
        elif element is self.widgets.get("variant"):
            self.classic = option == "classic"
        elif element is self.widgets.get("language"):
            self.set_language(option)
            return
        for i, (entry, kind) in enumerate(self.seat_widgets):
            if element is kind:
                self.seats[i].kind = option
                if option == "person":
                    entry.enable()
                    self.seats[i].name = ""
                else:
                    entry.disable()
                    self.seats[i].name = ""
                entry.set_text(self.seat_name(i))

    def set_language(self, code: str) -> None:
        """Switch and remember the language; the app re-labels this menu at once."""
        if code != text.language():
            self.app.notice = self.app.apply_settings(language=code) or self.app.notice

    def set_players(self, count: int) -> None:
        self.players = count
        self.rebuild()

    def rebuild(self) -> None:
        self.leave()
        self.build()

    def intent(self, intent: object) -> None:
        kind = getattr(intent, "kind", "")
        if kind == "back":
            self.app.quit()

    def start(self) -> None:
        self.remember()
        if self.is_bus:
            if self.bus_board() is None:
                return  # the preview says why
            setup = self.setup()
            self.app.router.replace("bus", board=setup.board, seats=setup.seats, seed=setup.seed or 0)
            return
        self.app.router.replace("play", setup=self.setup())

    def remember(self) -> None:
        """Keep this table for the next time the menu opens (a disk that refuses only costs the memory)."""
        seats = tuple((seat.kind, seat.name.strip() if seat.kind == "person" else "") for seat in self.seats)
        try:
            self.app.store.update(table_board=self.board_spec, table_players=self.players, table_seats=seats)
        except ValueError:
            return

    def resume(self) -> None:
        """Continue the saved game of the chosen game (nothing happens when it cannot be continued)."""
        self.app.router.replace("bus_resume" if self.is_bus else "resume")

    # ----- drawing -----

    def preview(self) -> BoardView | None:
        spec = self.board_spec
        if self.is_bus:
            return None  # the bus tour's board is drawn by its own screen; the menu shows its caption
        if spec not in self.previews:
            try:
                view = BoardView(load_board(spec), self.map_rect())
                x, y, w, h = view.camera.bounds  # room for names drawn larger than the map's own at this size
                view.camera.bounds = (x - w * NAME_ROOM, y, w * (1 + 2 * NAME_ROOM), h)
                self._frame(view)
                self.previews[spec] = view
                self.error = ""
            except BoardError as error:
                self.previews[spec] = None
                self.error = text.tr("error.board", reason=str(error))
        return self.previews[spec]

    def animating(self) -> bool:
        """A still screen: frames only for input (pacing.py)."""
        return False

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(style.PAPER_DARK)
        _w, h = surface.get_size()
        pygame.draw.rect(surface, style.PAPER, pygame.Rect(0, 0, _s(PANEL_X + PANEL_W + 32), h))
        head = self.layout().head
        title = style.text(text.tr("app.title"), _s(64 * head), "black", style.INK)
        surface.blit(title, (_s(PANEL_X - 3), _s(44 * head)))
        subtitle = style.fit_text(text.tr("app.subtitle"), _s(19), "italic", style.INK_SOFT, _s(PANEL_W))
        surface.blit(subtitle, (_s(PANEL_X), _s(44 * head) + title.get_height()))
        self._draw_title_rule(surface, self.layout().top - 28)
        for i, (entry, _) in enumerate(self.seat_widgets):
            rect = entry.get_abs_rect()
            seat_badge(surface, (_s(PANEL_X + 11), rect.centery), _s(11), i)
        if self.app.notice:
            self._draw_notice(surface, self.app.notice)
        card = pygame.Rect(*(round(v) for v in self.preview_rect()))
        shadow = card.move(0, 4)
        pygame.draw.rect(surface, style.mix(style.PAPER_DARK, style.INK, 0.12), shadow, border_radius=14)
        pygame.draw.rect(surface, style.PAPER, card, border_radius=14)
        view = self.preview()
        if view is not None:
            view.draw(surface)
            self._draw_board_caption(surface, card, view)
        elif self.is_bus:
            self._draw_bus_preview(surface, card)
        elif self.error:
            message = style.fit_text(self.error, _s(18), "semibold", style.INK_SOFT, card.width - _s(40))
            surface.blit(message, message.get_rect(center=card.center))

    def _draw_bus_preview(self, surface: pygame.Surface, card: pygame.Rect) -> None:
        """The bus tour's board in the preview card, under its title."""
        board = self.bus_board()
        if board is None:
            draw_reason(surface, card, self.error, _s(18), _s(26))
            return
        BusMapView(board, self.map_rect()).draw(surface, {})
        caption = style.fit_text(bus_title(self.board_spec), _s(26), "bold", style.INK, card.width - _s(400))
        surface.blit(caption, (card.x + _s(24), card.y + _s(22)))

    @staticmethod
    def _draw_notice(surface: pygame.Surface, message: str) -> None:
        """A problem with the settings file, at the foot of the left panel (it stays until the menu is left)."""
        lines = style.wrap(message, _s(14), "semibold", _s(PANEL_W), max_lines=3)
        y = surface.get_height() - _s(16) - len(lines) * _s(19)
        for line in lines:
            image = style.fit_text(line, _s(14), "semibold", style.RAIL, _s(PANEL_W))
            surface.blit(image, (_s(PANEL_X), y))
            y += _s(19)

    @staticmethod
    def _draw_title_rule(surface: pygame.Surface, top: float) -> None:
        """A thin band of the eleven line colours under the title, like a line diagram's key."""
        x, y = _s(PANEL_X), _s(top)
        width = _s(PANEL_W) / len(style.LINE_COLOURS)
        for k, colour in enumerate(style.LINE_COLOURS.values()):
            rect = pygame.Rect(round(x + k * width), y, round(width) - 2, _s(5))
            pygame.draw.rect(surface, colour, rect, border_radius=2)
        pygame.draw.rect(surface, style.LINE_EDGES["white"],
                         pygame.Rect(round(x + 9 * width), y, round(width) - 2, _s(5)), 1, border_radius=2)

    def _draw_board_caption(self, surface: pygame.Surface, card: pygame.Rect, view: BoardView) -> None:
        name = self._city_title(self.city)
        if self.classic and self.has_classic:
            name = f"{name} · {text.tr('menu.variant.classic')}"
        stations = sum(1 for node in view.board.nodes if not node.waypoint)
        caption = style.text(name, _s(24), "bold", style.INK)
        detail = style.text(text.ntr("menu.stations", stations, count=stations), _s(16), "regular", style.INK_SOFT)
        surface.blit(caption, (card.x + _s(24), card.y + _s(18)))
        surface.blit(detail, (card.x + _s(26), card.y + _s(20) + caption.get_height()))
