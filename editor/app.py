"""The editor window: owns the document, the history and the selection, and routes input to the tools."""

from __future__ import annotations

import html
import math
import os
import time
from collections.abc import Callable
from pathlib import Path

import pygame
import pygame_gui
from pygame_gui import UIManager
from pygame_gui.elements import UILabel, UIPanel, UITextBox, UITextEntryLine

from editor import autosave, text
from editor.chrome import THEME, Layout, Toolbar, draw_help, draw_status
from editor.commands import AddObjects, ChangeMap, ChangeObjects, Command, DeleteObjects, History
from editor.dialogs import Dialogs
from editor.document import AREA_LAYER, BOARD_LAYER, LINKS_LAYER, Document, DocumentError, MapObject, Point
from editor.importing import to_document as importing
from editor.panel import PropertyPanel
from editor.play import play
from editor.problems import ProblemWatcher
from editor.render import Renderer, label_centre, reset_fonts
from editor.tools import Tool, beck_path, make_tools
from editor.view import View
from game.geometry import nearest_segment, point_in_polygon

GRID = 16
DOUBLE_CLICK_MS = 400
TOOL_KEYS = {getattr(pygame, f"K_{key.lower()}"): name for name, (key, _, _) in text.TOOLS.items()}


class EditorApp:
    """One editor window. `step()` runs one frame, so tests can drive it with posted events."""

    def __init__(self, path: Path | None = None, size: tuple[int, int] = (1600, 900)) -> None:
        pygame.init()
        reset_fonts()
        self.screen = pygame.display.set_mode(size)
        self.layout = Layout(size)
        self.ui = UIManager(size, THEME)
        self.doc = Document.new(text.NEW_BOARD_NAME)
        self.history = History(self.doc)
        self.selection: set[int] = set()
        self.snapping = True
        self.grid = GRID
        self.view = View(self.layout.canvas)
        self.renderer = Renderer()
        self.toolbar = Toolbar(self.ui, size[0], importing.available())
        self.tools = make_tools(self)
        self.tool: Tool = self.tools["select"]
        self.panel = PropertyPanel(self, self.layout.panel)
        self._build_problems()
        self.watcher = ProblemWatcher(self.doc)
        self.autosaver = autosave.AutoSaver()
        self.dialogs = Dialogs(self.ui, size)
        self.help_visible = False
        self.running = True
        self.message = ""
        self.message_until = 0.0
        self.name_entry: UITextEntryLine | None = None
        self.name_callback: Callable[[str], None] | None = None
        self.name_default = ""
        self.pan_from: tuple[int, int] | None = None
        self.last_click = (0, (0, 0))
        self.cursor: Point = (0.0, 0.0)
        self.clock = pygame.time.Clock()
        self.caption = ""
        self.problem_items: dict[str, tuple[int | None, str]] = {}
        self.shown_report = None
        self.game_process = None
        self.toolbar.show_tool("select")
        self.toolbar.show_snap(True)
        self.fit()
        if path is not None:
            if Path(path).exists():
                self.open_path(Path(path))
            else:
                self.doc.path = Path(path)

    # ----- document life -----

    def set_document(self, doc: Document) -> None:
        self.tool.cancel()
        self.doc = doc
        self.history = History(doc)
        self.selection = set()
        self.watcher.watch(doc)
        self.autosaver.reset()
        self.panel.refresh(force=True)
        self.fit()

    def new(self) -> None:
        self.set_document(Document.new(text.NEW_BOARD_NAME))
        self.status(text.STATUS_NEW)

    def open_path(self, path: Path) -> bool:
        try:
            doc = Document.load(path)
        except DocumentError as error:
            self.status(text.STATUS_ERROR.format(error=error))
            self.dialogs.message(text.ERROR_TITLE, str(error))
            return False
        self.set_document(doc)
        self.status(text.STATUS_OPENED.format(path=path))
        backup = autosave.recoverable(path)
        if backup is not None:
            self.dialogs.confirm(text.RECOVER_TITLE, text.RECOVER_TEXT.format(path=backup.name), text.RECOVER_BUTTON,
                                 lambda: self.recover(backup, path))
        return True

    def recover(self, backup: Path, path: Path | None) -> None:
        try:
            doc = Document.load(backup)
        except DocumentError as error:
            self.status(text.STATUS_ERROR.format(error=error))
            return
        doc.path = path
        doc.touch()
        self.set_document(doc)
        self.status(text.STATUS_RECOVERED.format(path=backup))

    def save(self) -> bool:
        if self.doc.path is None:
            self.save_as_dialog()
            return False
        return self.save_to(self.doc.path)

    def save_to(self, path: Path) -> bool:
        self.panel.commit_pending()
        if path.suffix.lower() != ".tmx":
            path = path.with_name(path.name + ".tmx")
        old = self.doc.path
        try:
            self.doc.save(path)
        except (OSError, DocumentError) as error:
            self.status(text.STATUS_ERROR.format(error=error))
            return False
        autosave.discard(old)
        autosave.discard(path)
        self.status(text.STATUS_SAVED.format(path=path))
        return True

    def save_as_dialog(self) -> None:
        start = self.doc.path or (Path.cwd() / text.UNTITLED)
        self.dialogs.pick_file(text.SAVE_TITLE, start, self.save_to, existing=False)

    def open_dialog(self) -> None:
        self.guard(lambda: self.dialogs.pick_file(text.OPEN_TITLE, self.doc.base_dir, self.open_path, existing=True,
                                                  suffixes={".tmx"}))

    def guard(self, action: Callable[[], None]) -> None:
        """Run `action` now, or after the user agrees to drop unsaved changes."""
        self.panel.commit_pending()
        if not self.doc.dirty:
            action()
            return
        self.dialogs.confirm(text.CONFIRM_TITLE, text.CONFIRM_DISCARD, text.CONFIRM_DISCARD_BUTTON, action)

    def quit(self) -> None:
        self.guard(self._really_quit)

    def _really_quit(self) -> None:
        if not self.doc.dirty:
            autosave.discard(self.doc.path)
        self.running = False

    # ----- edits (all through commands) -----

    def execute(self, command: Command) -> None:
        self.history.execute(command)
        self.changed()

    def record(self, command: Command) -> None:
        self.history.record(command)
        self.changed()

    def changed(self) -> None:
        self.selection = {i for i in self.selection if self.doc.get(i) is not None}

    def undo(self) -> None:
        self.tool.cancel()
        command = self.history.undo()
        self.status(text.STATUS_UNDO.format(label=command.label) if command else text.STATUS_NOTHING_UNDO)
        self.changed()

    def redo(self) -> None:
        self.tool.cancel()
        command = self.history.redo()
        self.status(text.STATUS_REDO.format(label=command.label) if command else text.STATUS_NOTHING_REDO)
        self.changed()

    def layer_for(self, kind: str) -> str:
        """The layer new objects of a kind go into: where that kind already lives, else our default."""
        for obj in self.doc.objects():
            if obj.kind == kind:
                parent, _ = self.doc.locate(obj.id)
                return parent.get("name", BOARD_LAYER)
        if kind == "link":
            return LINKS_LAYER if self._has_layer(LINKS_LAYER) else BOARD_LAYER
        return AREA_LAYER if kind in ("cluster", "water", "park") else BOARD_LAYER

    def _has_layer(self, name: str) -> bool:
        return any(group.get("name") == name for group in self.doc.root.iter("objectgroup"))

    def link(self, a: MapObject, b: MapObject) -> None:
        for existing in self.doc.of_kind("link"):
            if {existing.ref("a"), existing.ref("b")} == {a.id, b.id}:
                self.status(text.STATUS_LINK_EXISTS)
                self.select({existing.id})
                return
        path = beck_path(a.pos, b.pos) if self.snapping else [a.pos, b.pos]
        props = {"a": ("object", str(a.id)), "b": ("object", str(b.id)), "spaces": ("int", "1")}
        layer = self.doc.layer(self.layer_for("link"))
        element = self.doc.make_object("link", path, props=props, layer=layer)
        self.execute(AddObjects([(layer, element)], text.LABEL_UNDO["add_link"]))
        self.select({int(element.get("id", "0"))})

    def add_objects(self, command: AddObjects) -> None:
        self.execute(command)

    def set_prop(self, object_id: int, name: str, value: str | None, ptype: str) -> None:
        ids = [object_id]
        others: list[int] = []
        if name == "start" and value == "true":
            others = [o.id for o in self.doc.of_kind("station") if o.flag("start") and o.id != object_id]
            ids += others

        def change() -> None:
            self.doc.set_property(object_id, name, value, ptype)
            for other in others:
                self.doc.set_property(other, "start", None)

        self.record(ChangeObjects.run(self.doc, ids, change, text.LABEL_UNDO["property"].format(name=name)))
        self.panel.mark_current()

    def rename(self, object_id: int, name: str) -> None:
        obj = self.doc.get(object_id)
        if obj is None or obj.name == name:
            return
        self.record(ChangeObjects.run(self.doc, [object_id], lambda: self.doc.set_name(object_id, name),
                                      text.LABEL_UNDO["property"].format(name="name")))
        self.panel.mark_current()

    def set_spaces(self, ids: list[int], spaces: int) -> None:
        links = [i for i in ids if (o := self.doc.get(i)) is not None and o.kind == "link"]
        if not links:
            return

        def change() -> None:
            for i in links:
                self.doc.set_property(i, "spaces", str(spaces), "int")

        self.record(ChangeObjects.run(self.doc, links, change, text.LABEL_UNDO["spaces"]))

    def set_map_prop(self, name: str, value: str | None, ptype: str) -> None:
        if self.doc.map_properties().get(name) == value:
            return
        self.record(ChangeMap.run(self.doc, lambda: self.doc.set_map_property(name, value, ptype),
                                  text.LABEL_UNDO["map"]))
        self.panel.mark_current()

    def set_background(self, source: str | None, opacity: float = 0.5) -> None:
        self.record(ChangeMap.run(self.doc, lambda: self.doc.set_background(source, opacity),
                                  text.LABEL_UNDO["background"]))

    def set_background_opacity(self, opacity: float) -> None:
        info = self.doc.background()
        if info is None:
            return
        opacity = max(0.0, min(1.0, round(opacity, 2)))
        last = self.history.done[-1] if self.history.done else None
        if isinstance(last, ChangeMap) and last.label == text.LABEL_UNDO["background"] and not self.history.undone:
            self.doc.set_background(info[0], opacity)
            last.after = ChangeMap.capture(self.doc)  # one undo step for a whole slider drag
        else:
            self.set_background(info[0], opacity)
        self.panel.mark_current()

    def delete_selection(self) -> None:
        if self.selection:
            self.execute(DeleteObjects(self.doc, sorted(self.selection)))
            self.select(set())

    # ----- selection, picking, snapping -----

    def select(self, ids: set[int]) -> None:
        self.selection = set(ids)

    def pick(self, p: Point, kinds: tuple[str, ...] | None = None) -> MapObject | None:
        """What lies under a map point: nodes first, then links, then the smallest area containing it."""
        radius = self.view.pick_radius(12)
        objects = [o for o in self.doc.objects() if kinds is None or o.kind in kinds]
        nodes = [(math.dist(p, o.pos), o.id, o) for o in objects if o.kind in ("station", "waypoint")]
        near = [item for item in nodes if item[0] <= radius]
        if near:
            return min(near)[2]
        links = []
        for o in objects:
            if o.kind == "link" and len(o.points) >= 2:
                _, d = nearest_segment(p, o.points)
                if d <= radius * 0.8:
                    links.append((d, o.id, o))
        if links:
            return min(links)[2]
        areas = [(_area(o.points), o.id, o) for o in objects
                 if o.kind in ("cluster", "water", "park") and point_in_polygon(p, o.points)]
        return min(areas)[2] if areas else None

    def snap(self, p: Point, anchor: Point | None = None) -> Point:
        from editor.snapping import snap

        return snap(p, self.grid, self.snapping, anchor)

    def set_tool(self, name: str) -> None:
        self.tool.cancel()
        self.finish_name(cancel=False)
        self.tool = self.tools[name]
        self.toolbar.show_tool(name)

    def toggle_snap(self) -> None:
        self.snapping = not self.snapping
        self.toolbar.show_snap(self.snapping)
        self.status(text.STATUS_SNAP.format(state=text.STATUS_ON if self.snapping else text.STATUS_OFF))

    def fit(self) -> None:
        self.view.fit(*self.doc.size)

    def status(self, message: str) -> None:
        self.message = message
        self.message_until = time.monotonic() + 5

    # ----- station name entry -----

    def ask_name(self, pos: Point, default: str, callback: Callable[[str], None]) -> None:
        self.finish_name(cancel=False)
        sx, sy = self.view.to_screen(pos)
        self.name_entry = UITextEntryLine(pygame.Rect(sx + 14, sy - 15, 220, 30), self.ui,
                                          placeholder_text=default)
        self.name_entry.focus()
        self.ui.set_focus_set(self.name_entry)
        self.name_callback = callback
        self.name_default = default
        self.name_pos = pos

    def finish_name(self, cancel: bool) -> None:
        entry, callback = self.name_entry, self.name_callback
        if entry is None or callback is None:
            return
        self.name_entry, self.name_callback = None, None
        name = entry.get_text().strip() or self.name_default
        entry.kill()
        if not cancel:
            callback(name)

    # ----- play and import -----

    def play(self) -> None:
        self.panel.commit_pending()
        self.watcher.refresh(force=True)
        outcome = play(self.doc, self.watcher.report)
        if outcome.problems:
            listing = "<br>".join(outcome.problems[:12])
            self.dialogs.message(text.PLAY_ERRORS_TITLE, text.PLAY_ERRORS.format(problems=listing))
        elif outcome.error:
            self.dialogs.message(text.ERROR_TITLE, text.PLAY_FAILED.format(error=outcome.error))
        else:
            self.game_process = outcome.process
            self.status(text.STATUS_PLAY)

    def import_dialog(self) -> None:
        if importing.available():
            self.dialogs.ask_import(importing.cities(), lambda city, area: self.guard(lambda: self.do_import(city,
                                                                                                             area)))

    def do_import(self, city: str, area: str) -> None:
        try:
            doc = importing.import_network(city, area)
        except Exception as error:  # the importer reads data files: show any failure, keep the editor alive
            self.dialogs.message(text.ERROR_TITLE, text.IMPORT_FAILED.format(error=error))
            return
        self.set_document(doc)
        self.status(text.STATUS_IMPORTED.format(city=city))

    def background_dialog(self) -> None:
        self.dialogs.pick_file(text.IMAGE_TITLE, self.doc.base_dir, self.pick_background, existing=True,
                               suffixes={".png", ".jpg", ".jpeg", ".bmp", ".webp"})

    def pick_background(self, path: Path) -> None:
        base = self.doc.base_dir.resolve()
        try:
            relative = path.resolve().relative_to(base)
        except ValueError:
            self.status(text.STATUS_NO_IMAGE)
            return
        self.set_background(relative.as_posix(), (self.doc.background() or ("", 0.5))[1])
        self.status(text.STATUS_BACKGROUND.format(name=relative.as_posix()))

    # ----- the problems list -----

    def _build_problems(self) -> None:
        rect = self.layout.problems
        self.problems_panel = UIPanel(rect, manager=self.ui, object_id="#problems_panel")
        self.problems_title = UILabel(pygame.Rect(10, 6, rect.width - 20, 26), text.PANEL_PROBLEMS, self.ui,
                                      container=self.problems_panel, object_id="#panel_title")
        self.problems_box = UITextBox("", pygame.Rect(8, 36, rect.width - 22, rect.height - 48), self.ui,
                                      container=self.problems_panel, object_id="#problems_box")

    def _show_problems(self) -> None:
        report = self.watcher.report
        if report is self.shown_report:
            return
        self.shown_report = report
        self.problem_items = {}
        rows = []
        for i, (problem, line) in enumerate(zip(report.problems, self.watcher.lines(), strict=False)):
            target = f"problem:{i}"
            self.problem_items[target] = (problem.object_id, line)
            colour = "#c62828" if problem.severity == "error" else "#b26a00"
            rows.append(f"<font color='{colour}'>{'×' if problem.severity == 'error' else '!'}</font> "
                        f"<a href='{target}'>{html.escape(line[2:])}</a>")
        if not report.problems:
            rows = [f"<font color='#2e7d32'>{html.escape(line)}</font>" for line in self.watcher.lines()]
        self.problems_box.set_text("<br>".join(rows))
        title = text.PANEL_PROBLEMS
        if report.problems:
            title += "  —  " + text.PROBLEMS_COUNT.format(errors=len(report.errors), warnings=len(report.warnings))
        self.problems_title.set_text(title)

    def goto_problem(self, target: str) -> None:
        object_id, line = self.problem_items.get(target, (None, ""))
        self.status(line)
        obj = self.doc.get(object_id) if object_id is not None else None
        if obj is not None:
            self.select({obj.id})
            self.view.centre_on(label_centre(obj))

    # ----- input -----

    def step(self) -> None:
        """One frame: handle queued events, recompile when due, autosave when due, draw."""
        for event in pygame.event.get():
            self.handle(event)
        dt = self.clock.tick(60) / 1000 if os.environ.get("SDL_VIDEODRIVER") != "dummy" else 1 / 60
        self.ui.update(dt)
        self.panel.update()
        self.panel.refresh()
        if self.watcher.refresh():
            pass
        self._show_problems()
        if self.autosaver.tick(self.doc):
            self.status(text.STATUS_AUTOSAVED)
        self.draw()

    def run(self) -> None:
        while self.running:
            self.step()
        pygame.quit()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.quit()
            return
        if self.help_visible:
            if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
                self.help_visible = False
            return
        consumed = self.ui.process_events(event)
        if self._ui_event(event):
            return
        if event.type == pygame.KEYDOWN:
            self._key(event)
            return
        if consumed or self.dialogs.open:
            return
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION, pygame.MOUSEWHEEL):
            self._mouse(event)

    def _ui_event(self, event: pygame.event.Event) -> bool:
        if event.type < pygame.USEREVENT:
            return False
        if self.dialogs.handle(event):
            return True
        element = getattr(event, "ui_element", None)
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and element is self.name_entry and element is not None:
            self.finish_name(cancel=False)
            return True
        if self.panel.handle(event):
            return True
        if event.type == pygame_gui.UI_TEXT_BOX_LINK_CLICKED and element is self.problems_box:
            self.goto_problem(event.link_target)
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            action = self.toolbar.action_of(element)
            if action is not None:
                kind, name = action
                if kind == "tool":
                    self.set_tool(name)
                else:
                    self.command(name)
                return True
        return False

    def command(self, name: str) -> None:
        actions: dict[str, Callable[[], None]] = {
            "new": lambda: self.guard(self.new),
            "open": self.open_dialog,
            "save": self.save,
            "save_as": self.save_as_dialog,
            "undo": self.undo,
            "redo": self.redo,
            "grid": self.toggle_snap,
            "background": self.background_dialog,
            "play": self.play,
            "import": lambda: self.guard(self.import_dialog),
            "help": self.toggle_help,
        }
        actions[name]()

    def toggle_help(self) -> None:
        self.help_visible = not self.help_visible

    def _typing(self) -> bool:
        return any(isinstance(e, UITextEntryLine) and e.is_focused for e in self.ui.get_focus_set() or ())

    def _key(self, event: pygame.event.Event) -> None:
        if self.name_entry is not None and event.key == pygame.K_ESCAPE:
            self.finish_name(cancel=True)
            return
        if self._typing() or self.dialogs.open:
            return
        ctrl = bool(event.mod & pygame.KMOD_CTRL)
        shift = bool(event.mod & pygame.KMOD_SHIFT)
        key = event.key
        if ctrl:
            shortcuts: dict[int, Callable[[], None]] = {
                pygame.K_z: self.redo if shift else self.undo,
                pygame.K_y: self.redo,
                pygame.K_s: self.save_as_dialog if shift else self.save,
                pygame.K_o: self.open_dialog,
                pygame.K_n: lambda: self.command("new"),
                pygame.K_i: lambda: self.command("import") if importing.available() else None,
                pygame.K_a: lambda: self.select({o.id for o in self.doc.objects() if o.kind}),
                pygame.K_q: self.quit,
            }
            if key in shortcuts:
                shortcuts[key]()
            return
        if self.tool.key(event):
            return
        if key in (pygame.K_F1,) or getattr(event, "unicode", "") == "?":
            self.toggle_help()
        elif key in TOOL_KEYS:
            self.set_tool(TOOL_KEYS[key])
        elif key == pygame.K_g:
            self.toggle_snap()
        elif key == pygame.K_i:
            self.background_dialog()
        elif key in (pygame.K_LEFTBRACKET, pygame.K_RIGHTBRACKET):
            info = self.doc.background()
            if info:
                self.set_background_opacity(info[1] + (0.1 if key == pygame.K_RIGHTBRACKET else -0.1))
        elif key in (pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4):
            self.set_spaces(sorted(self.selection), key - pygame.K_0)
        elif key in (pygame.K_DELETE, pygame.K_BACKSPACE):
            self.delete_selection()
        elif key == pygame.K_ESCAPE:
            self.tool.cancel()
            self.select(set())
        elif key == pygame.K_F5:
            self.play()
        elif key == pygame.K_HOME:
            self.fit()
        elif key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS, pygame.K_MINUS, pygame.K_KP_MINUS):
            x, y, w, h = self.view.canvas
            grow = key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS)
            self.view.zoom_at((x + w / 2, y + h / 2), 1.25 if grow else 0.8)
        elif key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN):
            step = 80
            dx = {pygame.K_LEFT: step, pygame.K_RIGHT: -step}.get(key, 0)
            dy = {pygame.K_UP: step, pygame.K_DOWN: -step}.get(key, 0)
            self.view.pan(dx, dy)

    def _mouse(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEWHEEL:
            pos = pygame.mouse.get_pos()
            if self.view.contains(pos):
                self.view.zoom_at(pos, 1.15 ** event.y)
            return
        pos = event.pos
        if event.type == pygame.MOUSEMOTION:
            if self.pan_from is not None:
                self.view.pan(pos[0] - self.pan_from[0], pos[1] - self.pan_from[1])
                self.pan_from = pos
                return
            self.cursor = self.view.to_map(pos)
            self.tool.motion(self.cursor, event)
            return
        if event.type == pygame.MOUSEBUTTONDOWN:
            if not self.view.contains(pos):
                return
            if event.button in (2, 3):
                self.pan_from = pos
                return
            if event.button == 1:
                if self.name_entry is not None:
                    self.finish_name(cancel=False)
                now = pygame.time.get_ticks()
                last_time, last_pos = self.last_click
                double = now - last_time <= DOUBLE_CLICK_MS and math.dist(pos, last_pos) <= 5
                self.last_click = (0 if double else now, pos)
                self.cursor = self.view.to_map(pos)
                self.tool.down(self.cursor, event, double)
            return
        if event.type == pygame.MOUSEBUTTONUP:
            if event.button in (2, 3):
                self.pan_from = None
            elif event.button == 1:
                self.tool.up(self.view.to_map(pos), event)

    # ----- drawing -----

    def draw(self) -> None:
        self.screen.fill((43, 47, 58))
        self.renderer.draw(self.screen, self.doc, self.view, selection=self.selection,
                           problems=self.watcher.object_ids, grid=self.grid, snapping=self.snapping)
        self.screen.set_clip(pygame.Rect(self.view.canvas))
        self.tool.draw(self.screen)
        self.screen.set_clip(None)
        self.ui.draw_ui(self.screen)
        self._status_bar()
        if self.help_visible:
            draw_help(self.screen)
        caption = f"{text.UNSAVED_MARK if self.doc.dirty else ''}{self.doc.title} — {text.APP}"
        if caption != self.caption:
            pygame.display.set_caption(caption)
            self.caption = caption
        pygame.display.flip()

    def _status_bar(self) -> None:
        left = self.message if time.monotonic() < self.message_until and self.message else self.tool.hint
        nodes = len(self.doc.of_kind("station"))
        x, y = self.cursor
        snap = text.STATUS_ON if self.snapping else text.STATUS_OFF
        right = text.STATUS_BAR.format(title=self.doc.title, mark=text.UNSAVED_MARK if self.doc.dirty else "",
                                       stations=nodes, x=x, y=y, snap=snap,
                                       zoom=text.STATUS_ZOOM.format(zoom=self.view.zoom))
        draw_status(self.screen, self.layout.status, left, right)


def _area(points: list[Point]) -> float:
    total = 0.0
    for i in range(len(points)):
        x1, y1 = points[i]
        x2, y2 = points[(i + 1) % len(points)]
        total += x1 * y2 - x2 * y1
    return abs(total) / 2
