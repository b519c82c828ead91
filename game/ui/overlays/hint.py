"""Hints on request, over the table: H, the turn panel's Hint button or a controller's Back button asks the
normal computer player what it would do; the space it picks is lit on the board in gold with the reasons
it scores, or the Take branch token button is ringed. Enter (or the controller's Start, or a click on the
lit space) plays it, Esc or H again puts it away; any move of the game forgets it.

A layer, so the play screen only draws the button: people's tables have it, the show and the replay
(`scene.table()` is None there) never do, and a computer's turn offers nothing (`ctl.ask_hint` refuses).
The advice itself is table/hints.py's, worked out off the window's thread.
"""

from __future__ import annotations

import pygame

from game import geometry
from game.ui import style, text
from game.ui.board import symbols
from game.ui.input.intents import Intent
from game.ui.overlays.coach import panel_box
from game.ui.panels.widgets import hit
from game.ui.stage import Layer, Table, Window, table_on_screen
from game.ui.table.event_log import short_reasons
from game.ui.table.hints import Hint
from game.ui.table.turns import TurnController

PLAY_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)


def _controller(app: Window) -> tuple[Table, TurnController] | None:
    table = table_on_screen(app)
    if table is None or table.ctl is None:
        return None
    return table, table.ctl


def toggle(ctl: TurnController) -> bool:
    """Ask for a hint, or put away the one asked for."""
    if ctl.hints.status:
        ctl.hints.forget()
        return True
    return ctl.ask_hint()


class HintLayer(Layer):
    """Keys, the Hint button's click and the drawing of the hint on show."""

    def event(self, app: Window, event: pygame.event.Event) -> bool:
        found = _controller(app)
        if found is None or event.type != pygame.KEYDOWN:
            return False
        _, ctl = found
        if event.key == pygame.K_h and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META):
            toggle(ctl)
            return True  # at a people's table H is the hint's, never the rules' (F1 and "?" open those)
        if event.key in PLAY_KEYS and ctl.hint is not None:
            return ctl.play_hint()
        return False

    def intent(self, app: Window, intent: Intent) -> bool:
        found = _controller(app)
        if found is None:
            return False
        table, ctl = found
        if intent.kind == "select" and intent.pos is not None:
            spot = hit(table.hotspots(), intent.pos)
            if spot is not None and spot.kind == "hint":
                app.audio.play("click")
                toggle(ctl)
                return True
            return spot is None and self._on_hinted_space(table, ctl, intent.pos) and ctl.play_hint()
        if intent.kind == "pad_back":
            return toggle(ctl)
        if intent.kind == "pad_start" and ctl.hint is not None:
            return ctl.play_hint()
        if intent.kind == "back" and ctl.hints.status:
            ctl.hints.forget()  # Esc puts the hint away before it leaves the table
            return True
        return False

    @staticmethod
    def _on_hinted_space(table: Table, ctl: TurnController, pos: tuple[float, float]) -> bool:
        """A click on the lit space plays the hint, whichever line is selected."""
        hint = ctl.hint
        area = pygame.Rect(*(round(v) for v in table.board_rect()))
        if hint is None or hint.link is None or table.overlay is None or not area.collidepoint(pos):
            return False
        return table.overlay.pick_link(pos, (hint.link,), fallback=False) == hint.link

    def animating(self, app: Window) -> bool:
        """Frames while the advice is being worked out, so it appears as soon as it is ready."""
        found = _controller(app)
        return found is not None and found[1].hints.thinking

    def draw(self, app: Window, surface: pygame.Surface) -> None:
        found = _controller(app)
        if found is None:
            return
        table, ctl = found
        hint = ctl.hint
        if hint is None or not ctl.person_may_act() or table.overlay is None:
            return
        area = pygame.Rect(*(round(v) for v in table.board_rect()))
        previous = surface.get_clip()
        surface.set_clip(area)
        target = self._space(surface, table, ctl, hint) if hint.link is not None else None
        surface.set_clip(previous)
        if hint.link is None:  # take a branch token: ring the button, the card beside it at the board's edge
            branch = next((s for s in table.hotspots() if s.kind == "branch"), None)
            target = pygame.Rect(area.right, area.centery, 0, 0)
            if branch is not None:
                ring = branch.rect.inflate(style.ui(12), style.ui(12))
                pygame.draw.rect(surface, style.INK, ring.inflate(4, 4), 3, border_radius=14)
                pygame.draw.rect(surface, style.GOLD, ring, 4, border_radius=12)
                target = pygame.Rect(area.right, branch.rect.bottom, 0, 0)
        self._card(surface, table, hint, target if target is not None else pygame.Rect(area.center, (0, 0)), area)

    @staticmethod
    def _space(surface: pygame.Surface, table: Table, ctl: TurnController, hint: Hint) -> pygame.Rect | None:
        """The suggested space: the track it would become, in a wide gold-and-ink band that no lit space has."""
        overlay = table.overlay
        assert overlay is not None and hint.link is not None and hint.line is not None
        tracks = ctl.shown.tracks
        slot = len(tracks[hint.link]) if hint.link < len(tracks) else 0
        path = overlay.slot_screen(hint.link, slot)
        if len(path) < 2:
            return None
        half = max(4.0, overlay._half())
        symbols.polygon(surface, style.INK, geometry.band(path, half * 3.1, -half * 3.1))
        symbols.polygon(surface, style.GOLD, geometry.band(path, half * 2.6, -half * 2.6))
        symbols.polygon(surface, style.HALO, geometry.band(path, half * 1.5, -half * 1.5))
        symbols.polygon(surface, style.line_edge(hint.line), geometry.band(path, half * 1.1, -half * 1.1))
        symbols.polygon(surface, style.line_colour(hint.line), geometry.band(path, half * 0.8, -half * 0.8))
        return pygame.Rect(geometry.bounding_rect(path)).inflate(int(half * 6), int(half * 6))

    @staticmethod
    def _card(surface: pygame.Surface, table: Table, hint: Hint, target: pygame.Rect, area: pygame.Rect) -> None:
        """What the hint says: the move, its points and reasons, and how to play or ignore it; in the side
        panel under its message line, where a hovered space's preview goes (over the map, beside the space,
        it hid station names: the band on the space is what points at it)."""
        overlay = table.overlay
        assert overlay is not None
        board = overlay.view.board
        room = table.panel_room()
        width = room.width if room is not None else min(area.width - 32, style.ui(420))
        inner = width - style.ui(28)
        rows: list[tuple[str, int, str, tuple[int, int, int]]] = []
        if hint.link is not None and hint.line is not None:
            link = board.links[hint.link]
            title = text.tr("hint.place", line=text.line_name(hint.line))
            rows.append((f"{board.nodes[link.a].name} – {board.nodes[link.b].name}", style.ui(14), "semibold",
                         style.INK_SOFT))
            points = text.ntr("hint.points", hint.points, count=hint.points) if hint.points else \
                text.tr("play.preview.nothing")
            rows.append((points, style.ui(20), "black", style.GOLD_DARK if hint.points else style.INK_SOFT))
            rows += [(said, style.ui(15), "regular", style.INK)
                     for said in short_reasons(hint.reasons, board, (link.a, link.b))]
            if hint.tokens:
                rows.append((text.ntr("play.preview.tokens", hint.tokens, count=hint.tokens), style.ui(15), "bold",
                             style.INK))
        else:
            title = text.tr("hint.branch")
        rows.append((text.tr("hint.how"), style.ui(13), "semibold", style.INK_SOFT))
        heads = [style.fit_text(line, style.ui(18), "black", style.INK, inner)
                 for line in style.wrap(title, style.ui(18), "black", inner, max_lines=3)]
        lines = [style.fit_text(line, size, weight, colour, inner)
                 for words, size, weight, colour in rows for line in style.wrap(words, size, weight, inner, 4)]
        height = sum(h.get_height() for h in heads) + sum(r.get_height() + 2 for r in lines) + style.ui(22)
        if room is not None:
            placed = panel_box(room, width, height)
            if placed is None:  # under a hovered space's preview there is no room: the band on the map stays
                return
            box = placed
            table.cover_panel(surface, box)  # the log's entries it reaches are hidden whole, none cut through
        else:  # no panel drawn yet: the map's top right corner
            box = pygame.Rect(area.right - 16 - width, area.top + 16, width, height)
        pygame.draw.rect(surface, style.mix(style.INK, style.PAPER, 0.55), box.move(0, 3), border_radius=12)
        pygame.draw.rect(surface, style.HALO, box, border_radius=12)
        pygame.draw.rect(surface, style.GOLD, box, 4, border_radius=12)
        x, y = box.x + style.ui(14), box.y + style.ui(10)
        for head in heads:
            surface.blit(head, (x, y))
            y += head.get_height()
        for row in lines:
            surface.blit(row, (x, y + 2))
            y += row.get_height() + 2
