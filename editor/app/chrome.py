"""The window's frame around the canvas: theme, layout, tool bar, status bar and the help overlay."""

from __future__ import annotations

from dataclasses import dataclass

import pygame
from pygame_gui import UIManager
from pygame_gui.elements import UIButton, UIPanel

from editor import text
from editor.actions.registry import ActionRegistry, ToolbarPlace
from editor.canvas.render import font

TOOLBAR_H = 48
STATUS_H = 28
SIDE_W = 360
PROBLEMS_H = 250

ACCENT = "#2f6fd6"
THEME: dict = {
    "defaults": {
        "colours": {
            "normal_bg": "#ffffff", "hovered_bg": "#e8eefb", "disabled_bg": "#eeeeee", "selected_bg": ACCENT,
            "active_bg": "#c9d8f5", "dark_bg": "#f4f4f6", "normal_text": "#22252c", "hovered_text": "#22252c",
            "selected_text": "#ffffff", "disabled_text": "#9a9a9a", "active_text": "#22252c",
            "normal_border": "#c3c7cf", "hovered_border": ACCENT, "selected_border": ACCENT,
            "active_border": ACCENT, "disabled_border": "#dddddd", "filled_bar": ACCENT, "unfilled_bar": "#dfe3ea",
            "text_cursor": "#22252c", "link_text": ACCENT,
        },
        "misc": {"shape": "rounded_rectangle", "shape_corner_radius": "4", "border_width": "1"},
    },
    # A greyed-out entry (the import form's area while a station list stands for it) light, not the toolkit's black.
    "text_entry_line": {"colours": {"disabled_dark_bg": "#eeeeee", "disabled_border": "#dddddd"}},
    "#toolbar": {"colours": {"dark_bg": "#2b2f3a", "normal_border": "#2b2f3a"}, "misc": {"shape": "rectangle"}},
    "#side_panel": {"colours": {"dark_bg": "#f4f4f6", "normal_border": "#c3c7cf"}, "misc": {"shape": "rectangle"}},
    "#problems_panel": {"colours": {"dark_bg": "#f4f4f6", "normal_border": "#c3c7cf"},
                        "misc": {"shape": "rectangle"}},
    "#panel_title": {"font": {"name": "noto_sans", "size": "16", "bold": "1"}, "colours": {"normal_text": "#22252c"},
                     "misc": {"text_horiz_alignment": "left"}},
    "#field_label": {"colours": {"normal_text": "#4a4f5c"}, "misc": {"text_horiz_alignment": "left"}},
    "#setting_label": {"colours": {"normal_text": "#4a4f5c"}, "font": {"name": "noto_sans", "size": "12"},
                       "misc": {"text_horiz_alignment": "left"}},
    "#problems_box": {"colours": {"dark_bg": "#ffffff", "normal_text": "#22252c", "link_text": "#22252c",
                                  "link_hover": "#2f6fd6", "link_selected": "#2f6fd6"},
                      "font": {"name": "noto_sans", "size": "13"}, "misc": {"shape": "rectangle"}},
    "#toolbar_sep": {"colours": {"normal_text": "#5a6070"}},
    "#form_error": {"colours": {"dark_bg": "#fdeceb", "normal_text": "#a3221b", "normal_border": "#e3a8a4"},
                    "font": {"name": "noto_sans", "size": "13"}, "misc": {"shape": "rectangle"}},
    "#form_reason": {"colours": {"normal_text": "#a3221b"}, "misc": {"text_horiz_alignment": "left"}},
    "#chosen": {"colours": {"normal_bg": ACCENT, "normal_text": "#ffffff", "normal_border": ACCENT}},
    "#tool_button": {"colours": {"normal_bg": "#3a3f4d", "normal_text": "#e8eaf0", "hovered_bg": "#4a5163",
                                 "hovered_text": "#ffffff", "normal_border": "#3a3f4d",
                                 "selected_bg": ACCENT, "selected_text": "#ffffff"}},
    "#tool_button_active": {"colours": {"normal_bg": ACCENT, "normal_text": "#ffffff", "hovered_bg": "#3f7fe6",
                                        "hovered_text": "#ffffff", "normal_border": "#8fb3ef"}},
    "#command_button": {"colours": {"normal_bg": "#2b2f3a", "normal_text": "#cfd3dc", "hovered_bg": "#3a3f4d",
                                    "hovered_text": "#ffffff", "normal_border": "#4a5060"}},
    # pygame_gui's own theme gives the file dialog's files a near-black background: with our dark text, every
    # existing board showed as a black bar in Open and Save as.
    "file_dialog.#file_display_list.#file_list_item": {"colours": {"normal_bg": "#ffffff", "normal_text": "#22252c",
                                                                   "hovered_bg": "#e8eefb", "selected_bg": ACCENT,
                                                                   "selected_text": "#ffffff"}},
}

LEFT_GROUPS: tuple[ToolbarPlace, ...] = ("file", "history")  # the actions' buttons left of the tools
RIGHT_GROUP: ToolbarPlace = "board"  # and at the right-hand end
GROUP_GAP = 14


@dataclass(frozen=True)
class ToolbarFit:
    """How the tool bar is laid out: one row, or commands above and tools below; the buttons' side padding."""

    rows: int
    tool_pad: int
    command_pad: int

    @property
    def height(self) -> int:
        return TOOLBAR_H + (BUTTON_H + ROW_GAP) * (self.rows - 1)


# Tried in turn: the first whose one row fits the window's width, else two rows (commands, tools), else
# three (the left commands, the board's commands, tools) when the commands do not share one row.
FITS = (ToolbarFit(1, 24, 18), ToolbarFit(1, 12, 10), ToolbarFit(2, 24, 18), ToolbarFit(3, 24, 18))
BUTTON_H = 30
ROW_GAP = 6
TOOLS_GAP = 18


def _command_width(name: str, pad: int) -> int:
    return max(54, font(22).size(text.BUTTONS[name])[0] + pad)


def _tool_width(name: str, pad: int) -> int:
    shortcut, label, _ = text.TOOLS[name]
    return max(62, font(22).size(f"{label} {shortcut}")[0] + pad)


def fit_toolbar(width: int, actions: ActionRegistry, tools: list[str]) -> ToolbarFit:
    """The roomiest layout whose buttons fit in `width` (in every language: labels are measured)."""
    commands = [a.name for place in (*LEFT_GROUPS, RIGHT_GROUP) for a in actions.buttons(place)]
    for fit in FITS[:2]:
        needed = (16 + GROUP_GAP * (len(LEFT_GROUPS) - 1) + 2 * TOOLS_GAP
                  + sum(_command_width(n, fit.command_pad) + 4 for n in commands)
                  + sum(_tool_width(n, fit.tool_pad) + 3 for n in tools))
        if needed <= width:
            return fit
    two_rows = FITS[2]
    row = 16 + GROUP_GAP * (len(LEFT_GROUPS) - 1) + TOOLS_GAP + sum(_command_width(n, two_rows.command_pad) + 4
                                                                  for n in commands)
    return two_rows if row <= width else FITS[3]


@dataclass
class Layout:
    """Rectangles of the window's parts for one window size (and the tool bar's height)."""

    size: tuple[int, int]
    toolbar_h: int = TOOLBAR_H

    @property
    def canvas(self) -> tuple[int, int, int, int]:
        w, h = self.size
        return (0, self.toolbar_h, w - SIDE_W, h - self.toolbar_h - STATUS_H)

    @property
    def panel(self) -> pygame.Rect:
        w, h = self.size
        return pygame.Rect(w - SIDE_W, self.toolbar_h, SIDE_W, h - self.toolbar_h - STATUS_H - PROBLEMS_H)

    @property
    def problems(self) -> pygame.Rect:
        w, h = self.size
        return pygame.Rect(w - SIDE_W, h - STATUS_H - PROBLEMS_H, SIDE_W, PROBLEMS_H)

    @property
    def status(self) -> pygame.Rect:
        w, h = self.size
        return pygame.Rect(0, h - STATUS_H, w, STATUS_H)


class Toolbar:
    """Buttons for the actions that have one (file and history at the left, board at the right) and the tools:
    in one row between them, or in a second row when one row does not fit (`fit_toolbar`)."""

    def __init__(self, ui: UIManager, width: int, actions: ActionRegistry, tools: list[str], fit: ToolbarFit) -> None:
        self.panel = UIPanel(pygame.Rect(0, 0, width, fit.height), manager=ui, object_id="#toolbar")
        self.buttons: dict[str, UIButton] = {}
        self.tool_buttons: dict[str, UIButton] = {}
        top = 8
        x = 8
        for group, place in enumerate(LEFT_GROUPS):
            if group:
                x += GROUP_GAP
            for action in actions.buttons(place):
                w = _command_width(action.name, fit.command_pad)
                self.buttons[action.name] = self._command_button(ui, action.name, pygame.Rect(x, top, w, BUTTON_H))
                x += w + 4
        x += TOOLS_GAP
        if fit.rows > 1:
            x, top = 8, top + (BUTTON_H + ROW_GAP) * (fit.rows - 1)
        for name in tools:
            shortcut, label, hint = text.TOOLS[name]
            w = _tool_width(name, fit.tool_pad)
            self.tool_buttons[name] = UIButton(pygame.Rect(x, top, w, BUTTON_H), f"{label}  {shortcut}", ui,
                                               container=self.panel, tool_tip_text=hint, object_id="#tool_button")
            x += w + 3
        right = width - 8
        board_top = 8 + (BUTTON_H + ROW_GAP if fit.rows == 3 else 0)
        for action in reversed(actions.buttons(RIGHT_GROUP)):
            w = _command_width(action.name, fit.command_pad)
            right -= w
            self.buttons[action.name] = self._command_button(ui, action.name,
                                                             pygame.Rect(right, board_top, w, BUTTON_H))
            right -= 4

    def _command_button(self, ui: UIManager, name: str, rect: pygame.Rect) -> UIButton:
        return UIButton(rect, text.BUTTONS[name], ui, container=self.panel, tool_tip_text=text.TOOLTIPS[name],
                        object_id="#command_button")

    def show_tool(self, active: str) -> None:
        for name, button in self.tool_buttons.items():
            wanted = "#tool_button_active" if name == active else "#tool_button"
            if button.get_object_ids()[-1] != wanted:
                button.change_object_id(wanted)

    def show_snap(self, on: bool) -> None:
        button = self.buttons["grid"]
        wanted = "#chosen" if on else "#command_button"
        if button.get_object_ids()[-1] != wanted:
            button.change_object_id(wanted)

    def action_of(self, element: object) -> tuple[str, str] | None:
        """("tool", name) or ("command", key) for a pressed button of the bar."""
        for name, button in self.tool_buttons.items():
            if button is element:
                return ("tool", name)
        for key, button in self.buttons.items():
            if button is element:
                return ("command", key)
        return None


STATUS_SIZES = (20, 18, 16)  # the status bar's text sizes, largest first: a long message takes a smaller one
_STATUS_PAD, _STATUS_GAP = 10, 24  # px: from the bar's ends; between the message and the board's figures


@dataclass(frozen=True)
class StatusLayout:
    """How the status bar fits its message (`left`) beside the board's figures (`right`, "" when left out)."""

    size: int
    left: str
    right: str


def status_layout(width: int, left: str, right: str) -> StatusLayout:
    """The message whole at the largest size that fits beside the figures; a message too long for that
    takes the whole bar (the figures come back with the next message), and only one too long even then is
    cut with "…". Drawn over each other, neither could be read (an import's status with its hints)."""
    for size in STATUS_SIZES:
        face = font(size)
        if face.size(left)[0] + _STATUS_GAP + face.size(right)[0] <= width - 2 * _STATUS_PAD:
            return StatusLayout(size, left, right)
    face = font(STATUS_SIZES[-1])
    room = width - 2 * _STATUS_PAD
    shown = left
    while len(shown) > 1 and face.size(shown)[0] > room:
        shown = shown[:-2] + "…"
    return StatusLayout(STATUS_SIZES[-1], shown, "")


def draw_status(surface: pygame.Surface, rect: pygame.Rect, left: str, right: str) -> None:
    surface.fill((43, 47, 58), rect)
    fitted = status_layout(rect.width, left, right)
    face = font(fitted.size)
    y = rect.centery - face.get_height() // 2
    surface.blit(face.render(fitted.left, True, (225, 228, 235)), (rect.x + _STATUS_PAD, y))
    label = face.render(fitted.right, True, (170, 176, 190))
    surface.blit(label, (rect.right - label.get_width() - _STATUS_PAD, y))


HELP_SIZES = (23, 21, 19, 17)  # the sheet's text sizes, largest first: the first whose layout fits is used
HELP_MARGIN = 20  # px kept between the sheet and the window's edge
_PAD, _TITLE, _GAP = 28, 64, 24  # the sheet's inner padding, the title's height, the gap after keys and columns


@dataclass(frozen=True)
class HelpLayout:
    """Where the shortcut sheet goes: its box, its text size, and each row's keys and words (x, x, y)."""

    box: pygame.Rect
    size: int
    spots: tuple[tuple[int, int, int], ...]


def help_layout(window: tuple[int, int], rows: list[tuple[str, str]]) -> HelpLayout:
    """The sheet at the largest text size that fits the window, in as many columns as its height needs
    (a small window gets two columns of the same text, not a sheet cut off at the bottom)."""
    w, h = window
    for size in HELP_SIZES:
        face, step = font(size), size + 3
        per_column = max(1, (h - 2 * HELP_MARGIN - _TITLE - _PAD) // step)
        per_column = -(-len(rows) // -(-len(rows) // per_column))  # as many columns, balanced
        columns = [rows[i:i + per_column] for i in range(0, len(rows), per_column)]
        keys = [max(face.size(key)[0] for key, _ in column) + _GAP for column in columns]
        widths = [k + max(face.size(desc)[0] for _, desc in column) for k, column in zip(keys, columns, strict=True)]
        box = pygame.Rect(0, 0, 2 * _PAD + sum(widths) + _GAP * (len(columns) - 1), _TITLE + _PAD + per_column * step)
        if box.width <= w - 2 * HELP_MARGIN or size == HELP_SIZES[-1]:
            break
    box.center = (w // 2, h // 2)
    spots = []
    x = box.x + _PAD
    for column, key_width, width in zip(columns, keys, widths, strict=True):
        spots += [(x, x + key_width, box.y + _TITLE + i * step) for i in range(len(column))]
        x += width + _GAP
    return HelpLayout(box, size, tuple(spots))


def draw_help(surface: pygame.Surface, rows: list[tuple[str, str]]) -> None:
    """The shortcut sheet (keys, what they do) over a dimmed window."""
    w, h = surface.get_size()
    shade = pygame.Surface((w, h), pygame.SRCALPHA)
    shade.fill((15, 18, 25, 170))
    surface.blit(shade, (0, 0))
    layout = help_layout((w, h), rows)
    box = layout.box
    pygame.draw.rect(surface, (250, 250, 252), box, border_radius=10)
    pygame.draw.rect(surface, (47, 111, 214), box, 2, border_radius=10)
    surface.blit(font(34).render(text.HELP_TITLE, True, (34, 37, 44)), (box.x + _PAD, box.y + 22))
    face = font(layout.size)
    for (key, desc), (key_x, desc_x, y) in zip(rows, layout.spots, strict=True):
        surface.blit(face.render(key, True, (47, 111, 214)), (key_x, y))
        surface.blit(face.render(desc, True, (50, 54, 64)), (desc_x, y))
