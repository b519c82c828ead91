"""The side panel: the selection's properties, or the board's when nothing is selected.

It is rebuilt when the selection or the document changes from outside; its own edits go through
the app as commands so they can be undone like any other.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.elements import (
    UIButton,
    UICheckBox,
    UIDropDownMenu,
    UIHorizontalSlider,
    UILabel,
    UIPanel,
    UIScrollingContainer,
    UITextEntryLine,
)

from editor import text
from editor.document import MapObject
from game.board.rule_settings import RULESETS, RuleSettings, parse_setting

if TYPE_CHECKING:
    from editor.app import EditorApp

ROW = 32
PAD = 10
STATION_FLAGS = ("railway", "terminus", "connection", "plus", "start")
MAP_KEYS = ("name", "ruleset")
SETTING_NAMES = [name for name in RuleSettings.__dataclass_fields__]


class PropertyPanel:
    """Widgets for one selection; `handle` turns their events into edits."""

    def __init__(self, app: EditorApp, rect: pygame.Rect) -> None:
        self.app = app
        self.rect = rect
        self.panel = UIPanel(rect, manager=app.ui, object_id="#side_panel")
        self.widgets: list[Any] = []
        self.actions: dict[Any, Callable[[Any], None]] = {}
        self.entries: dict[Any, tuple[str, Callable[[str], None]]] = {}
        self.shown: tuple[frozenset[int], int] | None = None

    # ----- building -----

    def refresh(self, force: bool = False) -> None:
        key = (frozenset(self.app.selection), self.app.doc.revision)
        if not force and key == self.shown:
            return
        if not force and self.shown is not None and key[0] == self.shown[0] and self._typing():
            return  # do not pull an entry away from under the user's fingers
        self.commit_pending()
        self.shown = (frozenset(self.app.selection), self.app.doc.revision)
        for widget in self.widgets:
            widget.kill()
        self.widgets, self.actions, self.entries = [], {}, {}
        self.y = PAD
        objects = [o for o in (self.app.doc.get(i) for i in sorted(self.app.selection)) if o is not None]
        if not objects:
            self._map()
        elif len(objects) == 1:
            self._object(objects[0])
        else:
            self._many(objects)

    def _typing(self) -> bool:
        return any(entry.is_focused for entry in self.entries)

    def mark_current(self) -> None:
        """The panel's own edit changed the document: no rebuild needed for it."""
        self.shown = (frozenset(self.app.selection), self.app.doc.revision)

    def _add(self, widget: Any) -> Any:
        self.widgets.append(widget)
        return widget

    def _width(self) -> int:
        return self.rect.width - 2 * PAD - 6

    def _title(self, label: str) -> None:
        self._add(UILabel(pygame.Rect(PAD, self.y, self._width(), ROW), label, self.app.ui, container=self.panel,
                          object_id="#panel_title"))
        self.y += ROW + 4

    def _label(self, label: str, container: Any = None, width: int = 110) -> None:
        style = "#setting_label" if container is not None else "#field_label"
        self._add(UILabel(pygame.Rect(PAD, self.y, width, ROW - 4), label, self.app.ui,
                          container=container or self.panel, object_id=style))

    def _entry(self, label: str, value: str, commit: Callable[[str], None], container: Any = None,
               placeholder: str = "", label_width: int = 110) -> UITextEntryLine:
        self._label(label, container, label_width)
        width = self._width() - label_width - 6
        entry = UITextEntryLine(pygame.Rect(PAD + label_width + 6, self.y, width, ROW - 4), self.app.ui,
                                container=container or self.panel, initial_text=value,
                                placeholder_text=placeholder or None)
        self._add(entry)
        self.entries[entry] = (value, commit)
        self.y += ROW
        return entry

    def _dropdown(self, label: str, options: list[str], current: str, change: Callable[[str], None]) -> None:
        self._label(label)
        menu = UIDropDownMenu(options, current, pygame.Rect(PAD + 116, self.y, self._width() - 116, ROW - 4),
                              self.app.ui, container=self.panel)
        self._add(menu)
        self.actions[menu] = lambda element: change(element.selected_option[0]
                                                    if isinstance(element.selected_option, tuple)
                                                    else element.selected_option)
        self.y += ROW

    def _check(self, label: str, state: bool, change: Callable[[bool], None]) -> None:
        box = UICheckBox(pygame.Rect(PAD, self.y + 4, 20, 20), label, self.app.ui, container=self.panel,
                         initial_state=state)
        self._add(box)
        self.actions[box] = lambda element: change(bool(element.get_state()))
        self.y += ROW - 4

    def _spaces(self, ids: list[int], current: int) -> None:
        self._label(text.PANEL_SPACES)
        for n in range(1, 5):
            button = UIButton(pygame.Rect(PAD + 116 + (n - 1) * 44, self.y, 40, ROW - 4), str(n), self.app.ui,
                              container=self.panel, object_id="#chosen" if n == current else None)
            self._add(button)
            self.actions[button] = lambda _element, n=n: self.app.set_spaces(ids, n)
        self.y += ROW

    def _object(self, obj: MapObject) -> None:
        app = self.app
        self._title(f"{text.PANEL_KIND.get(obj.kind, text.PANEL_KIND[''])}  #{obj.id}")
        if obj.kind in ("station", "waypoint", "cluster"):
            self._entry(text.PANEL_NAME, obj.name, lambda value: app.rename(obj.id, value.strip()))
        if obj.kind == "station":
            kinds = list(text.DESTINATIONS.values())
            current = text.DESTINATIONS.get(obj.props.get("destination", ""), kinds[0])
            reverse = {v: k for k, v in text.DESTINATIONS.items()}
            self._dropdown(text.PANEL_DESTINATION, kinds, current, lambda value: app.set_prop(
                obj.id, "destination", reverse[value] or None, "string"))
            self._entry(text.PANEL_CARDS, obj.props.get("cards", ""), lambda value: self._int(obj.id, "cards", value),
                        placeholder="1")
            self._dropdown(text.PANEL_LANDMARKS, ["0", "1", "2", "3"], str(obj.number("landmarks", 0)),
                           lambda value: app.set_prop(obj.id, "landmarks", None if value == "0" else value, "int"))
            for flag in STATION_FLAGS:
                self._check(text.PANEL_FLAGS[flag], obj.flag(flag),
                            lambda state, flag=flag: app.set_prop(obj.id, flag, "true" if state else None, "bool"))
        elif obj.kind == "waypoint":
            self._check(text.PANEL_FLAGS["water"], obj.flag("water", True),
                        lambda state: app.set_prop(obj.id, "water", "true" if state else "false", "bool"))
        elif obj.kind == "link":
            a, b = app.doc.get(obj.ref("a")), app.doc.get(obj.ref("b"))
            ends = text.PANEL_LINK_ENDS.format(a=_label(a), b=_label(b))
            self._add(UILabel(pygame.Rect(PAD, self.y, self._width(), ROW - 4), ends, app.ui, container=self.panel,
                              object_id="#field_label"))
            self.y += ROW
            self._spaces([obj.id], obj.number("spaces", 1))

    def _many(self, objects: list[MapObject]) -> None:
        self._title(text.PANEL_SELECTION.format(count=len(objects)))
        links = [o for o in objects if o.kind == "link"]
        if links:
            spaces = {o.number("spaces", 1) for o in links}
            self._spaces([o.id for o in links], spaces.pop() if len(spaces) == 1 else 0)

    def _map(self) -> None:
        app = self.app
        props = app.doc.map_properties()
        self._title(text.PANEL_MAP)
        self._entry(text.PANEL_NAME, props.get("name", ""), lambda value: app.set_map_prop("name", value, "string"))
        ruleset = props.get("ruleset", "custom")
        options = list(RULESETS) if ruleset in RULESETS else [*RULESETS, ruleset]
        self._dropdown(text.PANEL_RULESET, options, ruleset, lambda value: app.set_map_prop("ruleset", value, "string"))
        background = app.doc.background()
        if background is not None:
            self._label(text.PANEL_OPACITY)
            slider = UIHorizontalSlider(pygame.Rect(PAD + 116, self.y, self._width() - 116, ROW - 4),
                                        round(background[1] * 100), (0, 100), app.ui, container=self.panel)
            self._add(slider)
            self.actions[slider] = lambda element: app.set_background_opacity(element.get_current_value() / 100)
            self.y += ROW
        self.y += 4
        self._add(UILabel(pygame.Rect(PAD, self.y, self._width(), ROW - 6), text.PANEL_SETTINGS, app.ui,
                          container=self.panel, object_id="#field_label"))
        self.y += ROW - 4
        height = self.rect.height - self.y - PAD
        scroller = UIScrollingContainer(pygame.Rect(PAD - 4, self.y, self._width() + 8, height), app.ui,
                                        container=self.panel, allow_scroll_x=False)
        self._add(scroller)
        outer_y, self.y = self.y, 0
        for name in SETTING_NAMES:
            if name in ("line_tokens", "colour_sets"):
                continue
            self._entry(name, props.get(name, ""), lambda value, name=name: self._setting(name, value),
                        container=scroller, placeholder=_default_text(name), label_width=170)
        scroller.set_scrollable_area_dimensions((self._width() - 12, self.y))
        self.y = outer_y + height

    # ----- edits -----

    def _int(self, object_id: int, name: str, value: str) -> None:
        value = value.strip()
        if value and not value.isdigit():
            self.app.status(text.STATUS_BAD_SETTING.format(name=name, error=value))
            return
        self.app.set_prop(object_id, name, value or None, "int")

    def _setting(self, name: str, value: str) -> None:
        value = value.strip()
        if value:
            try:
                parse_setting(name, value)
            except (ValueError, TypeError) as error:
                self.app.status(text.STATUS_BAD_SETTING.format(name=name, error=error))
                return
        default = getattr(RuleSettings(), name)
        ptype = "bool" if isinstance(default, bool) else "int" if isinstance(default, int) else "string"
        if value and ptype == "bool":
            value = "true" if parse_setting(name, value) else "false"
        self.app.set_map_prop(name, value or None, ptype)

    def commit_pending(self) -> None:
        """Entries whose text changed but were never confirmed with Enter are applied on leaving them."""
        for entry, (value, commit) in list(self.entries.items()):
            if entry.alive() and entry.get_text() != value:
                self.entries[entry] = (entry.get_text(), commit)
                commit(entry.get_text())

    def handle(self, event: pygame.event.Event) -> bool:
        element = getattr(event, "ui_element", None)
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and element in self.entries:
            value, commit = self.entries[element]
            if element.get_text() != value:
                self.entries[element] = (element.get_text(), commit)
                commit(element.get_text())
            return True
        if event.type in (pygame_gui.UI_BUTTON_PRESSED, pygame_gui.UI_DROP_DOWN_MENU_CHANGED,
                          pygame_gui.UI_CHECK_BOX_CHECKED, pygame_gui.UI_CHECK_BOX_UNCHECKED) \
                and element in self.actions:
            self.actions[element](element)
            return True
        if event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED and element in self.actions:
            self.actions[element](element)
            return True
        return False

    def update(self) -> None:
        for entry, (value, commit) in list(self.entries.items()):
            if entry.alive() and not entry.is_focused and entry.get_text() != value:
                self.entries[entry] = (entry.get_text(), commit)
                commit(entry.get_text())
                return


def _label(obj: MapObject | None) -> str:
    if obj is None:
        return "?"
    return obj.name or f"{obj.kind} #{obj.id}"


def _default_text(name: str) -> str:
    value = getattr(RuleSettings(), name)
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, tuple):
        return ",".join(str(v) for v in value)
    return str(value)
