"""The side panel: the selection's properties, or the board's when nothing is selected.

It is rebuilt when the selection or the document changes from outside; its own edits go through
the editing session as commands so they can be undone like any other, and do not rebuild it.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

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
from editor.document.asking import AskUser
from editor.document.bus import is_bus
from editor.document.names import spec_of
from editor.document.session import EditingSession
from editor.document.tmx import MapObject
from game.board.rule_settings import RULESETS, RuleSettings, parse_setting, settings_for
from game.board.tmx.bus import DISTRICT_VALUES
from game.bus.labels import DEFAULT_LABEL, SIDES
from game.geometry import point_in_polygon

ROW = 32
CHECK_STEP_LEAST = 22  # px between check boxes (20 px each) in a panel short of room
PAD = 10
STATION_FLAGS = ("railway", "terminus", "connection", "plus", "start", "pinned")
MAP_KEYS = ("name", "ruleset")


class PropertyPanel:
    """Widgets for one selection; `handle` turns their events into edits."""

    def __init__(self, session: EditingSession, user: AskUser, ui: pygame_gui.UIManager, rect: pygame.Rect,
                 use_tool: Callable[[str], None], run_action: Callable[[str], None]) -> None:
        self.session = session
        self.user = user
        self.use_tool = use_tool
        self.run_action = run_action  # a named command of editor.actions (its button here runs it)
        self.ui = ui
        self.rect = rect
        self.panel = UIPanel(rect, manager=ui, object_id="#side_panel")
        self.widgets: list[Any] = []
        self.actions: dict[Any, Callable[[Any], object]] = {}
        self.entries: dict[Any, tuple[str, Callable[[str], object]]] = {}
        self.shown: tuple[frozenset[int], int] | None = None

    # ----- building -----

    def refresh(self, force: bool = False) -> None:
        key = (frozenset(self.session.selection), self.session.doc.revision)
        if not force and key == self.shown:
            return
        if not force and self.shown is not None and key[0] == self.shown[0] and self._typing():
            return  # do not pull an entry away from under the user's fingers
        self.commit_pending()
        self.shown = (frozenset(self.session.selection), self.session.doc.revision)
        for widget in self.widgets:
            widget.kill()
        self.widgets, self.actions, self.entries = [], {}, {}
        self.y = PAD
        objects = [o for o in (self.session.doc.get(i) for i in sorted(self.session.selection)) if o is not None]
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
        self.shown = (frozenset(self.session.selection), self.session.doc.revision)

    def _edited(self, changed: bool) -> None:
        """After one of the panel's own edits: what it shows is current, unless nothing changed."""
        if changed:
            self.mark_current()

    def _add(self, widget: Any) -> Any:
        self.widgets.append(widget)
        return widget

    def _width(self) -> int:
        return self.rect.width - 2 * PAD - 6

    def _title(self, label: str) -> None:
        self._add(UILabel(pygame.Rect(PAD, self.y, self._width(), ROW), label, self.ui, container=self.panel,
                          object_id="#panel_title"))
        self.y += ROW + 4

    def _label(self, label: str, container: Any = None, width: int = 110) -> None:
        style = "#setting_label" if container is not None else "#field_label"
        self._add(UILabel(pygame.Rect(PAD, self.y, width, ROW - 4), label, self.ui,
                          container=container or self.panel, object_id=style))

    def _entry(self, label: str, value: str, commit: Callable[[str], object], container: Any = None,
               placeholder: str = "", label_width: int = 110) -> UITextEntryLine:
        self._label(label, container, label_width)
        width = self._width() - label_width - 6
        entry = UITextEntryLine(pygame.Rect(PAD + label_width + 6, self.y, width, ROW - 4), self.ui,
                                container=container or self.panel, initial_text=value,
                                placeholder_text=placeholder or None)
        self._add(entry)
        self.entries[entry] = (value, commit)
        self.y += ROW
        return entry

    def _dropdown(self, label: str, options: list[str], current: str, change: Callable[[str], object]) -> None:
        self._label(label)
        choices: list[str | tuple[str, str]] = list(options)
        menu = UIDropDownMenu(choices, current, pygame.Rect(PAD + 116, self.y, self._width() - 116, ROW - 4),
                              self.ui, container=self.panel)
        self._add(menu)
        self.actions[menu] = lambda element: change(element.selected_option[0]
                                                    if isinstance(element.selected_option, tuple)
                                                    else element.selected_option)
        self.y += ROW

    def _check(self, label: str, state: bool, change: Callable[[bool], object], step: int = ROW - 4) -> None:
        box = UICheckBox(pygame.Rect(PAD, self.y + 4, 20, 20), label, self.ui, container=self.panel,
                         initial_state=state)
        self._add(box)
        self.actions[box] = lambda element: change(bool(element.get_state()))
        self.y += step

    def _check_step(self, count: int) -> int:
        """The rows for `count` check boxes left in the panel: as usual where they fit, closer where not (at
        1280×720 a station whose name was placed by hand lost its Pinned box below the panel's edge)."""
        room = self.rect.height - self.y - PAD
        return max(CHECK_STEP_LEAST, min(ROW - 4, room // max(count, 1)))

    def _spaces(self, ids: list[int], current: int) -> None:
        self._label(text.PANEL_SPACES)
        for n in range(1, 5):
            button = UIButton(pygame.Rect(PAD + 116 + (n - 1) * 44, self.y, 40, ROW - 4), str(n), self.ui,
                              container=self.panel, object_id="#chosen" if n == current else None)
            self._add(button)
            self.actions[button] = partial(self._set_spaces, ids, n)
        self.y += ROW

    def _button(self, label: str, tip: str, action: str) -> None:
        """A full-width button that runs one of the editor's named commands."""
        button = UIButton(pygame.Rect(PAD, self.y, self._width(), ROW - 2), label, self.ui, container=self.panel,
                          tool_tip_text=tip)
        self._add(button)
        self.actions[button] = lambda _button: self.run_action(action)
        self.y += ROW

    def _set_spaces(self, ids: list[int], spaces: int, _button: Any) -> None:
        self.session.set_spaces(ids, spaces)

    def _set_flag(self, object_id: int, flag: str, state: bool) -> None:
        self._edited(self.session.set_prop(object_id, flag, "true" if state else None, "bool"))

    def _object(self, obj: MapObject) -> None:
        session, edited = self.session, self._edited
        self._title(f"{text.PANEL_KIND.get(obj.kind, text.PANEL_KIND[''])}  #{obj.id}")
        if obj.kind in ("station", "waypoint", "cluster", "place", "district"):
            self._entry(text.PANEL_NAME, obj.name, lambda value: edited(session.rename(obj.id, value.strip())))
        if obj.kind == "station" and spec_of(obj).offset is not None:
            self._button(text.PANEL_PLACE_NAME, text.PANEL_PLACE_NAME_TIP, "place_name")
        if obj.kind == "station":
            kinds = list(text.DESTINATIONS.values())
            current = text.DESTINATIONS.get(obj.props.get("destination", ""), kinds[0])
            reverse = {v: k for k, v in text.DESTINATIONS.items()}
            self._dropdown(text.PANEL_DESTINATION, kinds, current, lambda value: edited(session.set_prop(
                obj.id, "destination", reverse[value] or None, "string")))
            self._entry(text.PANEL_CARDS, obj.props.get("cards", ""), lambda value: self._int(obj.id, "cards", value),
                        placeholder="1")
            self._dropdown(text.PANEL_LANDMARKS, ["0", "1", "2", "3"], str(obj.number("landmarks", 0)),
                           lambda value: edited(session.set_prop(obj.id, "landmarks", None if value == "0" else value,
                                                                 "int")))
            step = self._check_step(len(STATION_FLAGS))
            for flag in STATION_FLAGS:
                self._check(text.PANEL_FLAGS[flag], obj.flag(flag), partial(self._set_flag, obj.id, flag), step)
        elif obj.kind == "waypoint":
            self._check(text.PANEL_FLAGS["water"], obj.flag("water", True),
                        lambda state: edited(session.set_prop(obj.id, "water", "true" if state else "false", "bool")))
            self._check(text.PANEL_FLAGS["pinned"], obj.flag("pinned"), partial(self._set_flag, obj.id, "pinned"))
        elif obj.kind == "link":
            a, b = session.doc.get(obj.ref("a")), session.doc.get(obj.ref("b"))
            ends = text.PANEL_LINK_ENDS.format(a=_label(a), b=_label(b))
            self._add(UILabel(pygame.Rect(PAD, self.y, self._width(), ROW - 4), ends, self.ui, container=self.panel,
                              object_id="#field_label"))
            self.y += ROW
            self._spaces([obj.id], obj.number("spaces", 1))
            self.y += 6
            key = text.TOOLS["split"][0]
            button = UIButton(pygame.Rect(PAD, self.y, self._width(), ROW - 2), text.PANEL_SPLIT.format(key=key),
                              self.ui, container=self.panel, tool_tip_text=text.TOOLS["split"][2])
            self._add(button)
            self.actions[button] = lambda _button: self.use_tool("split")
            self.y += ROW
        else:
            self._bus_object(obj)

    def _bus_object(self, obj: MapObject) -> None:
        """A bus-tour object's fields: a place's name side, a route's ends, spaces and colour, a district's value
        (and how many places it holds), a ticket's ends and value."""
        session = self.session

        def set_prop(name: str, value: str | None, ptype: str = "string") -> None:
            self._edited(session.set_prop(obj.id, name, value, ptype))

        if obj.kind == "place":
            side = obj.props.get("label", "") or DEFAULT_LABEL
            options = list(SIDES) if side in SIDES else [*SIDES, side]  # an offset ("@12,-30") stays choosable
            self._dropdown(text.PANEL_LABEL_SIDE, options, side,
                           lambda value: set_prop("label", None if value == DEFAULT_LABEL else value))
        elif obj.kind == "route":
            self._ends(obj)
            self._spaces([obj.id], obj.number("spaces", 1))
            names, colour = text.COLOURS, obj.props.get("colour", "")
            reverse = {shown: key for key, shown in names.items()}
            self._dropdown(text.PANEL_COLOUR, [*names.values(), *([] if colour in names else [colour])],
                           names.get(colour, colour), lambda value: set_prop("colour", reverse.get(value, value)))
        elif obj.kind == "district":
            values = [str(v) for v in range(DISTRICT_VALUES[0], DISTRICT_VALUES[1] + 1)]
            current = obj.props.get("value", "") or "?"
            self._dropdown(text.PANEL_VALUE, values if current in values else [*values, current], current,
                           lambda value: set_prop("value", value, "int"))
            inside = sum(point_in_polygon(p.pos, obj.points) for p in session.doc.of_kind("place"))
            self._line(text.plural("PANEL_PLACES_INSIDE", inside, count=inside))
        elif obj.kind == "ticket":
            self._ends(obj)
            self._entry(text.PANEL_VALUE, obj.props.get("value", ""), lambda value: self._int(obj.id, "value", value))

    def _ends(self, obj: MapObject) -> None:
        a, b = self.session.doc.get(obj.ref("a")), self.session.doc.get(obj.ref("b"))
        self._line(text.PANEL_LINK_ENDS.format(a=_label(a), b=_label(b)))

    def _line(self, words: str) -> None:
        self._add(UILabel(pygame.Rect(PAD, self.y, self._width(), ROW - 4), words, self.ui, container=self.panel,
                          object_id="#field_label"))
        self.y += ROW

    def _many(self, objects: list[MapObject]) -> None:
        self._title(text.plural("PANEL_SELECTION", len(objects), count=len(objects)))
        links = [o for o in objects if o.kind in ("link", "route")]
        if links:
            spaces = {o.number("spaces", 1) for o in links}
            self._spaces([o.id for o in links], spaces.pop() if len(spaces) == 1 else 0)

    def _map(self) -> None:
        session, edited = self.session, self._edited
        props = session.doc.map_properties()
        self._title(text.PANEL_MAP)
        self._entry(text.PANEL_NAME, props.get("name", ""),
                    lambda value: edited(session.set_map_prop("name", value, "string")))
        if is_bus(session.doc):
            return  # a bus-tour board has no rule set or settings of the Underground's
        ruleset = props.get("ruleset", "custom")
        options = list(RULESETS) if ruleset in RULESETS else [*RULESETS, ruleset]
        self._dropdown(text.PANEL_RULESET, options, ruleset,
                       lambda value: edited(session.set_map_prop("ruleset", value, "string")))
        background = session.doc.background()
        if background is not None:
            self._label(text.PANEL_OPACITY)
            slider = UIHorizontalSlider(pygame.Rect(PAD + 116, self.y, self._width() - 116, ROW - 4),
                                        round(background[1] * 100), (0, 100), self.ui, container=self.panel)
            self._add(slider)
            self.actions[slider] = lambda element: edited(
                session.set_background_opacity(element.get_current_value() / 100))
            self.y += ROW
        self.y += 4
        self._add(UILabel(pygame.Rect(PAD, self.y, self._width(), ROW - 6), text.PANEL_SETTINGS, self.ui,
                          container=self.panel, object_id="#field_label"))
        self.y += ROW - 4
        height = self.rect.height - self.y - PAD
        scroller = UIScrollingContainer(pygame.Rect(PAD - 4, self.y, self._width() + 8, height), self.ui,
                                        container=self.panel, allow_scroll_x=False)
        self._add(scroller)
        outer_y, self.y = self.y, 0
        defaults = settings_for(ruleset) if ruleset in RULESETS else RuleSettings()  # what an empty one is here
        for name, label in text.SETTINGS.items():  # in words; the map property each sets is in board-format.md
            self._entry(label, props.get(name, ""), partial(self._setting, name),
                        container=scroller, placeholder=_default_text(getattr(defaults, name)), label_width=170)
        scroller.set_scrollable_area_dimensions((self._width() - 12, self.y))
        self.y = outer_y + height

    # ----- edits -----

    def _int(self, object_id: int, name: str, value: str) -> None:
        value = value.strip()
        if value and not (value.isdigit() and value.isascii()):
            self.user.status(text.STATUS_BAD_SETTING.format(name=name, error=value))
            return
        self._edited(self.session.set_prop(object_id, name, value or None, "int"))

    def _setting(self, name: str, value: str) -> bool:
        """Set a rule setting from its entry's text; False (and the status says why) where it is refused."""
        value = value.strip()
        if value:
            try:
                parse_setting(name, value)
            except (ValueError, TypeError) as error:
                self.user.status(text.STATUS_BAD_SETTING.format(name=text.SETTINGS.get(name, name), error=error))
                return False
        default = getattr(RuleSettings(), name)
        ptype = "bool" if isinstance(default, bool) else "int" if isinstance(default, int) else "string"
        if value and ptype == "bool":
            value = "true" if parse_setting(name, value) else "false"
        self._edited(self.session.set_map_prop(name, value or None, ptype))
        return True

    def commit_pending(self) -> None:
        """Entries whose text changed but were never confirmed with Enter are applied on leaving them."""
        for entry in list(self.entries):
            if entry.alive():
                self._commit(entry)

    def _commit(self, entry: UITextEntryLine) -> None:
        """Apply an entry's text if it changed; where it is refused, the entry shows what the board still holds."""
        value, commit = self.entries[entry]
        typed = entry.get_text()
        if typed == value:
            return
        self.entries[entry] = (typed, commit)
        if commit(typed) is False:
            entry.set_text(value)
            self.entries[entry] = (value, commit)

    def handle(self, event: pygame.event.Event) -> bool:
        element: Any = getattr(event, "ui_element", None)
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and element in self.entries:
            self._commit(element)
            element.unfocus()  # Enter is done typing: the editor's keys (Ctrl+S, the tools) work again
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


def _default_text(value: object) -> str:
    """A setting's default as its entry shows it greyed: the board's ruleset's (custom scores loops, the bare
    defaults do not: the panel said "false" for a board whose game scored them)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, tuple):
        return ",".join(str(v) for v in value)
    return str(value)
