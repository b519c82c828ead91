"""The editor window: builds the parts, runs one frame per `step()`, routes input and draws.

What the parts do lives elsewhere: edits in the editing session (`editor.document.session`), file life in
`editor.document.files`, the tools in `editor.tools`, every named command with its keys and button in
`editor.actions`. The window owns the widgets and hands events to whichever part they are for.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pygame
import pygame_gui
from pygame_gui import UIManager
from pygame_gui.elements import UITextEntryLine

from editor import text
from editor.actions.catalogue import make_registry
from editor.actions.map_commands import keep_links_octilinear
from editor.app.chrome import FITS, THEME, Layout, Toolbar, draw_help, draw_status, fit_toolbar
from editor.app.dialogs import Dialogs
from editor.app.mouse import CanvasMouse
from editor.app.name_prompt import NamePrompt
from editor.app.panel import PropertyPanel
from editor.app.problems_panel import ProblemsPanel, Target
from editor.app.prompts import Prompts
from editor.app.signals import SignalWatch
from editor.app.work_bar import WorkBar
from editor.canvas.render import Renderer, label_centre, reset_fonts
from editor.canvas.view import READABLE_ZOOM, View
from editor.document import autosave
from editor.document.autosave import AutoSaver
from editor.document.bus import is_bus
from editor.document.files import DocumentFiles
from editor.document.problems import ProblemWatcher
from editor.document.session import EditingSession
from editor.document.tmx import Document
from editor.document.work import BackgroundWork
from editor.tools.base import Tool
from editor.tools.toolbox import make_bus_tools, make_tools
from game.crash import CrashGuard
from game.ui.pacing import Pacer

# Ctrl keys a text field keeps for itself (select all, copy, paste, cut, its own undo; moving by words)
TEXT_EDITING_KEYS = frozenset({pygame.K_a, pygame.K_c, pygame.K_v, pygame.K_x, pygame.K_z, pygame.K_y, pygame.K_LEFT,
                               pygame.K_RIGHT, pygame.K_BACKSPACE, pygame.K_DELETE, pygame.K_HOME, pygame.K_END})
BACKDROP = (43, 47, 58)


class EditorApp:
    """One editor window. `step()` runs one frame, so tests can drive it with posted events."""

    def __init__(self, path: Path | None = None, size: tuple[int, int] = (1600, 900)) -> None:
        pygame.init()
        reset_fonts()
        self.screen = pygame.display.set_mode(size)
        self.actions = make_registry()
        # the roomier toolbox decides the bar's layout, so switching boards never moves the canvas
        fit = max((fit_toolbar(size[0], self.actions, list(names)) for names in (text.TOOL_NAMES, text.BUS_TOOL_NAMES)),
                  key=FITS.index)
        self.toolbar_fit = fit
        self.layout = Layout(size, fit.height)
        self.ui = UIManager(size, THEME, starting_language=text.localize())  # pygame_gui's own words too
        self.session = EditingSession(Document.new(text.NEW_BOARD_NAME))
        self.session.after_station_drag = keep_links_octilinear
        self.view = View(self.layout.canvas)
        self.renderer = Renderer()
        self.dialogs = Dialogs(self.ui, size)
        self.names = NamePrompt(self.ui, self.view)
        self.user = Prompts(self.dialogs, self.names)
        self.files = DocumentFiles(self.session, self.user, self.show, self.commit_typing)
        self.tools = make_tools(self.session, self.view, self.user)
        self.tool: Tool = self.tools["select"]
        self.toolbar = Toolbar(self.ui, size[0], self.actions, list(self.tools), fit)
        self.panel = PropertyPanel(self.session, self.user, self.ui, self.layout.panel, self.set_tool,
                                   self.run_action)
        self.problems = ProblemsPanel(self.ui, self.layout.problems)
        self.pointed: tuple[frozenset[int], frozenset[int]] = (frozenset(), frozenset())  # selection, its links
        self.watcher = ProblemWatcher(self.session.doc)
        self.autosaver = AutoSaver()
        self.mouse = CanvasMouse(self.view, self.names)
        self.work: BackgroundWork[Any] | None = None  # one background job at a time (Tidy layout, Place names)
        self.work_bar = WorkBar(self.ui, self.layout.status)
        self.help_visible = False
        self.running = True
        self.clock = pygame.time.Clock()
        self.caption = ""
        self.game_process: subprocess.Popen[bytes] | None = None
        self.crash_guard = CrashGuard("editor")
        self.exit_code = 0
        self.pacer = Pacer()  # idle means idle: frames only while something changes (game/ui/pacing.py)
        self.pending: list[pygame.event.Event] = []  # events the idle wait took off the queue
        self.shown: tuple[object, ...] = ()  # what the last frame showed, to tell whether a timer changed it
        self.toolbar.show_tool("select")
        self.toolbar.show_snap(self.session.snapping)
        self.fit()
        self.files.start(Path(path) if path is not None else None)

    @property
    def doc(self) -> Document:
        """The open document (the session's), for scripts and tests that drive the window."""
        return self.session.doc

    @property
    def selection(self) -> set[int]:
        return self.session.selection

    # ----- what the parts ask of the window -----

    def show(self, doc: Document) -> None:
        """Edit another document: tools, panel, problems, backups and view start over on it."""
        self.tool.cancel()
        self.session.load(doc)
        self.pointed = (frozenset(), frozenset())
        self._toolbox(is_bus(doc))
        self.watcher.watch(doc)
        self.autosaver.reset()
        self.panel.refresh(force=True)
        self.fit()

    def _toolbox(self, bus: bool) -> None:
        """The bus tour's tools on a bus-tour board, the Underground's on any other: the bar is rebuilt to match."""
        if bus == ("place" in self.tools):
            return
        self.tool.cancel()
        self.tools = (make_bus_tools if bus else make_tools)(self.session, self.view, self.user)
        self.tool = self.tools["select"]
        self.toolbar.panel.kill()
        self.toolbar = Toolbar(self.ui, self.screen.get_width(), self.actions, list(self.tools), self.toolbar_fit)
        self.toolbar.show_tool("select")
        self.toolbar.show_snap(self.session.snapping)

    def commit_typing(self) -> None:
        self.panel.commit_pending()

    def set_tool(self, name: str) -> None:
        self.tool.cancel()
        self.names.finish(cancel=False)
        self.tool = self.tools[name]
        self.toolbar.show_tool(name)

    def run_action(self, name: str) -> None:
        """Run a named command (a widget's button outside the tool bar asks for one)."""
        self.actions.run(name, self)

    def cancel_tool(self) -> None:
        self.tool.cancel()

    def fit(self) -> None:
        self.view.fit(*self.session.doc.size)

    def quit(self) -> None:
        self.cancel_work()
        self.files.guard(self._stop)

    # ----- background work -----

    @property
    def working(self) -> bool:
        return self.work is not None

    def start_work(self, work: BackgroundWork[Any]) -> None:
        """Run `work` off this thread, its progress in the status bar; edits wait until it ends."""
        if self.work is not None:
            return
        self.work = work
        self.work_bar.show()
        work.start()

    def cancel_work(self) -> None:
        """Esc or Cancel: the work stops at its next progress report and nothing changes."""
        work, self.work = self.work, None
        if work is None:
            return
        work.cancel()
        self.work_bar.hide()
        self.user.status(text.STATUS_WORK_CANCELLED.format(title=work.title))

    def _finish_work(self) -> None:
        """Apply the work's result on this thread once it has ended."""
        work = self.work
        if work is None or not work.done:
            return
        self.work = None
        self.work_bar.hide()
        work.deliver()

    def _stop(self) -> None:
        self.files.close()
        self.running = False

    # ----- the frame -----

    def step(self, draw: bool = True) -> None:
        """One frame: handle queued events (an edit clears an older status message), recompile when due, autosave
        when due, draw.

        With `draw=False` (the idle loop's heartbeat) it draws only if that changed what the window shows:
        a new problems report, a status message come or gone.
        """
        events, self.pending = self.pending + pygame.event.get(), []
        doc, revision, posted = self.session.doc, self.session.doc.revision, self.user.posted
        for event in events:
            self.handle(event)
        self._finish_work()
        dt = self.clock.tick(60) / 1000 if os.environ.get("SDL_VIDEODRIVER") != "dummy" else 1 / 60
        self.pacer.saw(len(events), self.pacer.elapsed(1.0))  # real time, whatever the driver
        self.ui.update(dt)
        self.dialogs.update()
        self.panel.update()
        self.panel.refresh()
        if self.session.doc is not doc or self.session.doc.revision != revision:
            self.user.board_changed(posted)  # no stale "Opened …" under the first edit
        self.watcher.refresh()
        self.problems.show(self.watcher)
        if self.autosaver.tick(self.session.doc) and not self.user.current_status() and not self.tool.guiding:
            self.user.status(text.STATUS_AUTOSAVED)  # written in any case; said only over nothing else (it had
            # replaced a name drag's guidance mid-drag)
        if draw or self._showing() != self.shown:
            self.draw()

    def _showing(self) -> tuple[object, ...]:
        """What the window shows that can change without input: the board, its problems, the status line."""
        return (self.session.doc.revision, self.watcher.compiled_revision, self.user.current_status(),
                frozenset(self.session.selection), self.help_visible, self.running,
                self.work.fraction if self.work is not None else None)

    def wants_frame(self) -> bool:
        """Input a moment ago, typing (the caret blinks), or a change not yet drawn (game/ui/pacing.py)."""
        return self.pacer.wants_frame(self._typing() or self.names.open or self.work is not None)

    def run(self) -> int:
        """Frames until the window closes: the process's exit status (1 when repeated unexpected errors or
        a failed keep on SIGTERM closed it).

        Idle means idle: while nobody touches it the window waits for input instead of drawing 60 frames
        a second, and still recompiles, autosaves and expires status messages on a heartbeat. Told to close
        by the system (SIGTERM, SIGHUP), it keeps the unsaved work between two frames and closes unasked.
        """
        with SignalWatch() as signals:
            while self.running:
                if signals.received is not None:
                    self.exit_code = self.close_on_signal(signals.received.name)
                    break
                if self.wants_frame():
                    self.guarded_step()
                    continue
                self.pending += self.pacer.wait()
                self.guarded_step(draw=bool(self.pending))
        pygame.quit()
        return self.exit_code

    # ----- the crash boundary -----

    def guarded_step(self, draw: bool = True) -> None:
        """One frame, and an exception escaping it survived: the traceback logged, the document backed up at
        once through its autosave (offered back on the next open), the designer told in the status bar, and
        editing goes on with the tool reset. A second crash soon after closes the window cleanly, the
        document backed up first. (Tests call `step` itself, so a bug fails them loudly.)"""
        try:
            self.step(draw)
        except Exception as error:  # the boundary: whatever it is, the board must not be lost
            self._recover(error)

    def _recover(self, error: Exception) -> None:
        backup = self._emergency_backup()
        if not self.crash_guard.crashed(error, f"tool {type(self.tool).__name__}"):
            print(f"{self.crash_guard.farewell()}; the board is kept in {backup}", file=sys.stderr)
            self.running = False
            self.exit_code = 1
            return
        try:
            self.tool.cancel()
            self.user.status(text.STATUS_CRASH.format(backup=backup, log=self.crash_guard.path))
        except Exception as again:  # even that failed: stop, the board is backed up
            self.crash_guard.crashed(again, "recovering")
            print(f"{self.crash_guard.farewell()}; the board is kept in {backup}", file=sys.stderr)
            self.running = False
            self.exit_code = 1

    def _emergency_backup(self) -> Path | None:
        """The document as it is now, through the autosave (`FILE.tmx.autosave`); where it is, or None."""
        doc = self.session.doc
        try:
            written = self.autosaver.write(doc)
        except Exception:  # a document too broken to write: what is on disk stays
            return None
        if written is not None:
            return written
        return autosave.backup_path(doc.path) if doc.dirty else doc.path

    def close_on_signal(self, name: str) -> int:
        """Told to close by the system: keep the unsaved work for the next open, say where, close unasked."""
        self.commit_typing()
        try:
            kept = self.autosaver.keep(self.session.doc)
        except OSError as error:
            print(text.SIGNAL_FAILED.format(signal=name, error=error.strerror or error), file=sys.stderr)
            return 1
        if kept is None:
            self.files.close()
            print(text.SIGNAL_CLEAN.format(signal=name), file=sys.stderr)
        else:
            print(text.SIGNAL_KEPT.format(signal=name, path=kept), file=sys.stderr)
        self.running = False
        return 0

    # ----- input -----

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.quit()
            return
        if self.help_visible:
            if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
                self.help_visible = False
            return
        consumed = self.ui.process_events(event)
        if self.work is not None:
            self._while_working(event)
            return
        if self._ui_event(event):
            return
        if event.type == pygame.KEYDOWN:
            self._key(event)
            return
        if self._problem_event(event):
            return
        if consumed or self.dialogs.open:
            return
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION, pygame.MOUSEWHEEL):
            self.mouse.handle(event, self.tool)

    def _while_working(self, event: pygame.event.Event) -> None:
        """While work runs only Esc and the Cancel button do anything (the window still redraws)."""
        cancel = self.work_bar.cancel
        pressed = event.type == pygame_gui.UI_BUTTON_PRESSED and getattr(event, "ui_element", None) is cancel
        if pressed or (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
            self.cancel_work()

    def _problem_event(self, event: pygame.event.Event) -> bool:
        """The mouse over the problems list: hover, and a click on any row of a problem goes to it."""
        if event.type not in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            return False
        if self.dialogs.open:
            self.problems.hovered = self.problems.pressed = None
            return False
        chosen = self.problems.handle(event)
        if chosen is not None:
            self.goto_problem(chosen)
            return True
        return False

    def _ui_event(self, event: pygame.event.Event) -> bool:
        """Widget events: dialogs, the name entry, the panel, a tool-bar button."""
        if event.type < pygame.USEREVENT:
            return False
        if self.dialogs.handle(event):
            return True
        element = getattr(event, "ui_element", None)
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and element is self.names.entry and element is not None:
            self.names.finish(cancel=False)
            return True
        if self.panel.handle(event):
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            pressed = self.toolbar.action_of(element)
            if pressed is not None:
                kind, name = pressed
                if kind == "tool":
                    self.set_tool(name)
                else:
                    self.actions.run(name, self)
                return True
        return False

    def _typing(self) -> bool:
        return any(isinstance(e, UITextEntryLine) and e.is_focused for e in self.ui.get_focus_set() or ())

    def _key(self, event: pygame.event.Event) -> None:
        """Esc leaves the name entry; else, unless typing, Ctrl shortcuts, then the tool, then plain keys."""
        if self.names.open and event.key == pygame.K_ESCAPE:
            self.names.finish(cancel=True)
            return
        if self.dialogs.open:
            if event.key == pygame.K_ESCAPE:
                self.dialogs.dismiss()
            return
        ctrl = bool(event.mod & pygame.KMOD_CTRL)
        shift = bool(event.mod & pygame.KMOD_SHIFT)
        if self._typing():
            if not ctrl or event.key in TEXT_EDITING_KEYS:
                return
            # Ctrl+S (or any Ctrl shortcut) while a field has the focus: what was typed is applied first, then
            # the shortcut runs (it did nothing, and the board stayed unsaved with no word why)
            self.commit_typing()
            for element in self.ui.get_focus_set() or ():
                if isinstance(element, UITextEntryLine):
                    element.unfocus()
        if not ctrl and self.tool.key(event):
            return
        action = self.actions.for_key(event.key, getattr(event, "unicode", ""), ctrl, shift)
        if action is not None:
            action.run(self)

    def goto_problem(self, target: Target) -> None:
        """Select a problem's object and centre the view on it, zoomed in to where names read; its line goes to
        the status bar. A link the problem is about as well (the one a name crosses or a link lies on) is marked
        as a problem's object is, while the selection stays the one the problem made."""
        self.user.status(target.line)
        obj = self.session.doc.get(target.object_id) if target.object_id is not None else None
        self.pointed = (frozenset(), frozenset())
        if obj is not None:
            self.session.select({obj.id})
            self.view.show(label_centre(obj), READABLE_ZOOM)  # at 55% a name the problem is about is a smudge
            if target.link_id is not None:
                self.pointed = (frozenset({obj.id}), frozenset({target.link_id}))

    def marked(self) -> set[int]:
        """The objects drawn as a problem's: those with errors, and a link a chosen problem points at while the
        selection is the one it made and the board check still finds that problem (a fixed name's link stayed
        red, as if it were not fixed)."""
        chosen, links = self.pointed
        if chosen != self.session.selection or not any(
                p.object_id in chosen and getattr(p, "link_id", None) in links for p in self.watcher.report.problems):
            return self.watcher.object_ids
        return self.watcher.object_ids | set(links)

    # ----- drawing -----

    def draw(self) -> None:
        doc = self.session.doc
        self.screen.fill(BACKDROP)
        self.renderer.draw(self.screen, doc, self.view, selection=self.session.selection,
                           problems=self.marked(), grid=self.session.grid, snapping=self.session.snapping)
        self.screen.set_clip(pygame.Rect(self.view.canvas))
        self.tool.draw(self.screen)
        self.screen.set_clip(None)
        self.toolbar.show_snap(self.session.snapping)
        if self.work is not None:
            self.work_bar.draw(self.screen, self.work)  # under the widgets: its Cancel button sits on it
        self.ui.draw_ui(self.screen)
        self.problems.draw_hover(self.screen)
        self._status_bar()
        if self.help_visible:
            draw_help(self.screen, self.actions.help_rows())
        caption = f"{text.UNSAVED_MARK if doc.dirty else ''}{doc.title} — {text.APP}"
        if caption != self.caption:
            pygame.display.set_caption(caption)
            self.caption = caption
        pygame.display.flip()
        self.shown = self._showing()
        self.pacer.drew()

    def _status_bar(self) -> None:
        if self.work is not None:
            return  # the work bar is drawn instead
        doc = self.session.doc
        left = self.user.current_status() or self.tool.hint
        x, y = self.mouse.cursor
        snap = text.STATUS_ON if self.session.snapping else text.STATUS_OFF
        stations = len(doc.of_kind("station"))
        if "place" in self.tools:  # a bus-tour board counts its places
            places = len(doc.of_kind("place"))
            right = text.plural("STATUS_BAR_BUS", places, title=doc.title, mark=text.UNSAVED_MARK if doc.dirty else "",
                                places=places, x=x, y=y, snap=snap, zoom=text.STATUS_ZOOM.format(zoom=self.view.zoom))
            draw_status(self.screen, self.layout.status, left, right)
            return
        right = text.plural("STATUS_BAR", stations, title=doc.title, mark=text.UNSAVED_MARK if doc.dirty else "",
                            stations=stations, x=x, y=y, snap=snap, zoom=text.STATUS_ZOOM.format(zoom=self.view.zoom))
        draw_status(self.screen, self.layout.status, left, right)
