"""Tidy layout (Ctrl+T; Ctrl+Shift+T thoroughly) and Place names (Ctrl+L): the metro-map pipeline run on the
board being edited.

Both run in the background with their progress in the status bar (Esc or Cancel stops them, changing
nothing); the result comes back as one undoable step. Tidy layout gives stations, waypoints, links,
rivers, parks and clusters a schematic layout, pinned places kept where they are, and places every name;
Place names keeps the layout and only chooses where names go. Names the designer dragged are kept, but
for those a new layout leaves in trouble: the layout they were dragged for is gone. Place name (the side
panel's button on a station whose name was dragged) gives one name back to the placer, every other kept.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import replace
from itertools import pairwise

import pygame

from editor import text
from editor.actions.context import Editor
from editor.actions.registry import Action, Shortcut
from editor.cartography import metro_map
from editor.cartography.layout.checks import DRAWN_SLACK, is_octilinear
from editor.cartography.metro_map import MetroMap, place_names_only, tidy_layout
from editor.document.bus import is_bus
from editor.document.tmx import Document, Point
from editor.document.work import BackgroundWork, Progress
from editor.importing.map_request import MapInputs, map_edits, map_inputs
from editor.importing.schematic import redraw_links
from game.board.label_spec import LabelSpec, format_label


def _start(editor: Editor, title: str, run: Callable[[MapInputs, Progress], MetroMap],
           finish: Callable[[MapInputs, MetroMap], None]) -> None:
    """The common part: nothing to do without stations; else the work, applied only to the same board."""
    if editor.working:
        return
    editor.panel.commit_pending()
    editor.cancel_tool()
    doc = editor.session.doc
    if is_bus(doc):
        editor.user.status(text.STATUS_UNDERGROUND_ONLY.format(title=title))
        return
    if not doc.of_kind("station"):
        editor.user.status(text.STATUS_NO_STATIONS)
        return
    inputs = map_inputs(doc)
    revision = doc.revision

    def deliver(result: MetroMap) -> None:
        if editor.session.doc is not doc or doc.revision != revision:
            editor.user.status(text.STATUS_WORK_STALE.format(title=title))
            return
        finish(inputs, result)

    def failed(error: Exception) -> None:
        editor.user.tell(text.ERROR_TITLE, text.STATUS_WORK_FAILED.format(title=title, error=error))

    editor.start_work(BackgroundWork(title, lambda progress: run(inputs, progress), deliver, failed))


def hard_to_read(editor: Editor, hint: bool = True) -> str:
    """" · 3 places hard to read: see Problems", counted as the Problems panel counts them on the board as it
    now stands (compiled now: the panel shows them at once), with `hint` what clears more; "" for none. The
    layout's own count of names in trouble said 15 where the panel then listed 21 places (names on the
    water, names read as one, links along it), and a designer could not tell which to believe."""
    editor.watcher.refresh(force=True)
    count = len(editor.watcher.report.places_hard_to_read)
    if not count:
        return ""
    return " · " + text.plural("STATUS_PLACES_TROUBLE", count, count=count) + \
        (" · " + text.STATUS_THOROUGH_HINT if hint else "")


def tidy(editor: Editor, thorough: bool = False) -> None:
    """Lay the board out as a metro map and place its names; pinned places stay put.

    `thorough` takes the time a shipped board's build takes (`MapRequest.thorough`: stations stepped aside
    and the map climbed for its names; minutes for a hundred stations, with progress, Esc stops it)."""

    def apply(inputs: MapInputs, result: MetroMap) -> None:
        if result.layout_kept:
            edits = map_edits(inputs, result, layout=False)
            changed = editor.session.reshape({}, edits.labels, text.LABEL_UNDO["tidy"])
            said = text.plural("STATUS_TIDY_KEPT", len(changed), count=len(changed)) if changed else \
                text.STATUS_TIDY_UNCHANGED  # nothing to undo: Ctrl+Z would undo an earlier step
            editor.user.status(said + hard_to_read(editor, hint=not thorough))
            return
        edits = map_edits(inputs, result, layout=True)
        editor.session.reshape(edits.points, edits.labels, text.LABEL_UNDO["tidy"], edits.unmapped)
        places = inputs.request.network.places
        moved = sum(1 for place, object_id in zip(places, inputs.place_ids, strict=True) if not place.waypoint
                    and math.dist((place.x, place.y), edits.points[object_id][0]) >= 0.5)
        freed = sorted(places[i].name for i in result.freed)  # named: "1 name" left the designer looking for it
        editor.user.status(text.plural("STATUS_TIDIED", moved, count=moved) + hard_to_read(editor, hint=not thorough)
                           + (" · " + text.plural("STATUS_NAMES_FREED", len(freed), count=len(freed),
                                                  names=", ".join(freed)) if freed else ""))

    def run(inputs: MapInputs, progress: Progress) -> MetroMap:
        return tidy_layout(replace(inputs.request, thorough=thorough), progress, inputs.drawn, inputs.named)

    _start(editor, text.WORK_TIDY_THOROUGH if thorough else text.WORK_TIDY, run, apply)


def tidy_thoroughly(editor: Editor) -> None:
    """Tidy layout, taking minutes for clearer names (a fresh import of Berlin's centre, 117 stations: 36
    names in trouble after the quick one)."""
    tidy(editor, thorough=True)


def place_names(editor: Editor) -> None:
    """Choose where every station's name goes, the layout kept as it is."""

    def apply(inputs: MapInputs, result: MetroMap) -> None:
        edits = map_edits(inputs, result, layout=False)
        changed = editor.session.reshape({}, edits.labels, text.LABEL_UNDO["place_names"])
        said = text.STATUS_NAMES_KEPT if result.names_kept and not changed else \
            text.plural("STATUS_NAMES_PLACED", len(changed), count=len(changed))
        editor.user.status(said + hard_to_read(editor))

    _start(editor, text.WORK_NAMES,
           lambda inputs, progress: metro_map.place_names(inputs.request, inputs.drawn, inputs.named, progress),
           apply)


def place_name(editor: Editor) -> None:
    """The selected station's name, dragged by hand, placed where it reads best with every other name kept
    where it is: the designer sees at once where it goes, and one undo gives the dragged place back."""
    doc = editor.session.doc
    chosen = [obj for obj in (doc.get(i) for i in editor.session.selection) if obj is not None]
    if len(chosen) != 1 or chosen[0].kind != "station":
        editor.user.status(text.STATUS_PLACE_NAME_WHICH)
        return
    station = chosen[0]

    def run(inputs: MapInputs, progress: Progress) -> MetroMap:
        index = inputs.place_ids.index(station.id)
        kept = {i: inputs.named.get(i, LabelSpec()) for i, place in enumerate(inputs.request.network.places)
                if not place.waypoint and i != index}  # as drawn: a station without a label has its name east
        return place_names_only(replace(inputs.request, labels=kept), inputs.drawn, progress=progress)

    def apply(inputs: MapInputs, result: MetroMap) -> None:
        placed = result.names.get(inputs.place_ids.index(station.id))
        spec = placed.spec if placed is not None else LabelSpec()  # no place found: the default side
        editor.session.reshape({}, {station.id: format_label(spec)}, text.LABEL_UNDO["place_name"])
        editor.user.status(text.STATUS_NAME_PLACED.format(name=station.name or "?"))

    _start(editor, text.WORK_NAME, run, apply)


def actions() -> list[Action]:
    return [
        Action("tidy", tidy, (Shortcut(pygame.K_t, ctrl=True, shift=False),), button="board",
               help=lambda: (text.HELP_TIDY_KEYS, text.HELP_TIDY)),
        Action("tidy_thoroughly", tidy_thoroughly, (Shortcut(pygame.K_t, ctrl=True, shift=True),),
               help=lambda: (text.HELP_TIDY_THOROUGH_KEYS, text.HELP_TIDY_THOROUGH)),
        Action("place_names", place_names, (Shortcut(pygame.K_l, ctrl=True),), button="board",
               help=lambda: (text.HELP_NAMES_KEYS, text.HELP_NAMES)),
        Action("place_name", place_name),  # the side panel's button, on the station selected
    ]


def keep_links_octilinear(doc: Document, station_id: int, links_before: list[list[Point]]) -> bool | None:
    """A station dragged on a metro map (each of its links ran straight or at 45° before the drag): its links
    drawn again so from where it was dropped (`schematic.redraw_links`); False where they cannot be; None on a
    board whose links run at other angles (a geographic import), where they follow it as drawn."""
    if not links_before or not all(is_octilinear(p, q, DRAWN_SLACK) for points in links_before
                                   for p, q in pairwise(points)):
        return None
    return redraw_links(doc, station_id)
