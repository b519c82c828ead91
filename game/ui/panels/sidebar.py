"""The table beside the board: whose turn, every seat's lines, tokens and score, the buttons, the log.

Drawn every frame from the controller's shown values (text images are cached), and returns the
hotspots it drew so clicks and hovers are tested against exactly what is on screen. Every length is at
the design size and goes through `self.s`, the panel's scale: the window's and the text size's, cut
down if five seats would not fit the window's height.
"""

from __future__ import annotations

import math

import pygame

from game.ui import style, text
from game.ui.board.animation import Effect
from game.ui.panels.log_view import LOG_HEAD, LOG_HEAD_ROOM, LogView, free_spans
from game.ui.panels.routes import route_rows
from game.ui.panels.widgets import Hotspot, PanelCache, badge_radius, branch_icon, button, line_chip, seat_badge
from game.ui.table.turns import TurnController

WIDTH = 420  # the design width the numbers below were chosen at
PAD = 22
SEAT_H = 84
FIXED_H = 338  # the panel's height at scale 1 without the seats: heading, turn, buttons, a little log
LOG_GAP = 6  # between the message line and the log's heading
HELP = 34  # the "?" button's size in the heading row
KEYS_PX = 13  # the key list under the log, and its line height (at least style.TEXT_MIN_PX on screen)
KEYS_LINE = 16
SHADOW = 4  # pixels a card's shadow reaches under it (`Sidebar.cover`)
RISE = 10  # how far a seat's points float up from beside its score (`Sidebar._rise`)


def says_computer(name: str, seat: int) -> bool:
    """Whether a seat's name already says it is a computer ("Computer 2"): then no "computer" tag beside it."""
    return name == text.tr("menu.seat.computer_name", number=seat + 1)


def effect_frames(ctl: TurnController, kinds: tuple[str, ...]) -> tuple[tuple[int, int], ...]:
    """The running effects a panel draws, quantised: the panel is redrawn only while they move."""
    return tuple((id(e), round(e.progress * 40)) for e in ctl.queue.effects if e.kind in kinds and e.visible)


class Sidebar:
    """Draws the panel (through a cache); `spots` holds what the last frame made clickable."""

    def __init__(self) -> None:
        self.cache = PanelCache()
        self.log_view = LogView()  # the log ("What happened"), at a scale of its own: never under the floor
        self.k = 1.0
        self.marked = 0
        self.help_local: pygame.Rect | None = None  # where the rules' "?" goes, in the panel's own pixels
        self.turn_local: pygame.Rect | None = None  # the box saying whose turn it is, likewise
        self.message_local: pygame.Rect | None = None  # a refusal's red plate, while one is shown
        self.note_local: pygame.Rect | None = None  # the message line and the log's heading, likewise
        self.words_local: pygame.Rect | None = None  # the message line's words: a card hides them whole, likewise
        self.covers: list[pygame.Rect] = []  # the cards over the panel this frame, on screen (`cover`)
        self.log_local: pygame.Rect | None = None  # where the log is laid out, in the panel's own pixels
        self.log_heading: pygame.Rect | None = None  # on screen, the heading of the log laid out round cards
        self.relaid: list[Hotspot] | None = None  # the log's entries laid out again round this frame's cards
        # where the panel went this frame, whose it is and where the pointer was: the log's to lay out again
        self.drawn: tuple[tuple[int, int], TurnController, tuple[int, int] | None] | None = None

    def s(self, value: float) -> int:
        """A design length at the panel's scale."""
        return max(1, round(value * self.k))

    @property
    def spots(self) -> list[Hotspot]:
        if self.relaid is None:
            return self.cache.spots
        return [spot for spot in self.cache.spots if spot.kind != "log"] + self.relaid

    def help_rect(self, panel: pygame.Rect) -> pygame.Rect | None:
        """Where the rules' "?" button goes on screen (the help layer draws it), once the panel was drawn."""
        return self.help_local.move(panel.topleft) if self.help_local is not None else None

    def turn_rect(self, panel: pygame.Rect) -> pygame.Rect | None:
        """Where the box saying whose turn it is lies on screen (the turn's banner covers it), once drawn."""
        return self.turn_local.move(panel.topleft) if self.turn_local is not None else None

    def message_rect(self, panel: pygame.Rect) -> pygame.Rect | None:
        """Where a refusal's red plate lies on screen, while the last frame showed one."""
        return self.message_local.move(panel.topleft) if self.message_local is not None else None

    def note_rect(self, panel: pygame.Rect) -> pygame.Rect | None:
        """Where the message line and the log's heading lie on screen, under the buttons: a notice in the panel
        (a hovered track space's preview; over the map it hid station names) covers them whole. None until a
        panel with controls was drawn."""
        return self.note_local.move(panel.topleft) if self.note_local is not None else None

    def free_room(self, room: pygame.Rect) -> pygame.Rect:
        """What is left of `room` between the cards already over the panel this frame: one at its top pushes
        its top down, one at its bottom pulls its bottom up (a hint under a hovered space's preview, over a
        tip at the panel's foot), so no card is drawn over another."""
        top, bottom = room.top, room.bottom
        gap = self.s(8)
        for cover in sorted(self.covers, key=lambda r: r.top):
            if cover.top <= top + gap and cover.bottom > top:
                top = cover.bottom + gap
        for cover in sorted(self.covers, key=lambda r: r.bottom, reverse=True):
            if cover.bottom >= bottom - gap and cover.top < bottom:
                bottom = cover.top - gap
        return pygame.Rect(room.x, top, room.width, max(0, bottom - top))

    def cover(self, surface: pygame.Surface, box: pygame.Rect) -> pygame.Rect:
        """Clear the panel under a card about to be drawn at `box`: grown over every log entry it (or its
        shadow) reaches, whole and across the entry's full width, and over the message line's words, and
        painted in the panel's paper. Half an entry showing under a card (its last line alone), a line's
        bullet peeking out at its side or a message's first line alone (a tip at the largest text size) read
        as a broken panel. Returns the cleared rectangle, which later cards this frame keep clear of."""
        cleared = pygame.Rect(box.x, box.y, box.width, box.height + SHADOW)
        rows = [spot.rect for spot in self.spots if spot.kind == "log"]  # as last laid out (`_relay_log`)
        if self.words_local is not None and self.drawn is not None:
            rows.append(self.words_local.move(self.drawn[0]))
        grown = True
        while grown:
            grown = False
            for row in rows:
                if cleared.colliderect(row) and not cleared.contains(row):
                    cleared = cleared.union(row)
                    grown = True
        pygame.draw.rect(surface, style.PAPER_DARK, cleared)
        self.covers.append(cleared)
        self._relay_log(surface)
        return cleared

    def _relay_log(self, surface: pygame.Surface) -> None:
        """The log laid out again in the tallest stretch of it the cards leave free, so the newest entries
        show above a card at the panel's foot (a first-game tip hid the move just made) and the older ones
        give way. The rest of the log's room is left as bare paper: no entry is seen twice or in part."""
        if self.log_local is None or self.drawn is None:
            return
        at, ctl, hover = self.drawn
        log = self.log_local.move(at)
        band = pygame.Rect(log.x - self.s(6), log.y, log.width + self.s(12), log.height)
        spans = free_spans(band, self.covers)
        for top, bottom in spans:
            pygame.draw.rect(surface, style.PAPER_DARK, (band.x, top, band.width, bottom - top))
        top, bottom = max(spans, key=lambda span: (span[1] - span[0], span[0]), default=(log.y, log.y))
        room = pygame.Rect(log.x, top, log.width, bottom - top - self.s(4))
        newest = self.log_view.entry_lines(ctl.session.log[-1], True, log.width) if ctl.session.log else []
        # where the heading and the newest entry do not both fit, the entry goes without the heading
        headed = room.height >= self.log_view.s(LOG_HEAD_ROOM) + self.log_view.entry_height(newest)
        self.relaid = self.log_view.draw(surface, room, ctl.session.log, hover, headed)
        self.log_heading = pygame.Rect(log.x, top, log.width, self.log_view.s(LOG_HEAD)) if headed else None

    def draw(self, surface: pygame.Surface, panel: pygame.Rect, ctl: TurnController, title: str,
             hover: tuple[int, int] | None, show_controls: bool = True, marked: int = 0) -> list[Hotspot]:
        """The panel; `marked` is the passenger's route that Go and Enter take in a tie."""
        self.covers, self.relaid, self.log_heading = [], None, None  # a new frame: no card over the panel yet
        self.drawn = (panel.topleft, ctl, hover)
        state = ctl.state
        key = (ctl.version, tuple(ctl.points), ctl.selected, ctl.message, ctl.busy, ctl.person_may_act(),
               state.phase, len(ctl.session.log), self.cache.hovered(hover), effect_frames(ctl, ("float", "token")),
               title, show_controls, ctl.fast, id(ctl), marked, ctl.hints.status)
        self.marked = marked

        def render(local: pygame.Surface, rect: pygame.Rect, local_hover: tuple[int, int] | None) -> list[Hotspot]:
            return self._render(local, rect, ctl, title, local_hover, show_controls)

        return self.cache.draw(surface, panel, key, render, hover)

    def _render(self, surface: pygame.Surface, panel: pygame.Rect, ctl: TurnController, title: str,
                hover: tuple[int, int] | None, show_controls: bool) -> list[Hotspot]:
        spots: list[Hotspot] = []
        seats = ctl.state.player_count
        self.k = min(panel.width / WIDTH, panel.height / (FIXED_H + SEAT_H * seats))
        self.log_view.fit(self.k)
        s = self.s
        pygame.draw.rect(surface, style.PAPER_DARK, panel)
        pygame.draw.line(surface, style.mix(style.PAPER_DARK, style.INK, 0.18), panel.topleft, panel.bottomleft, 2)
        x, width = panel.x + s(PAD), panel.width - 2 * s(PAD)
        state = ctl.state
        y = panel.y + s(16)
        room = width
        self.help_local = None
        if show_controls:  # the rules' "?" sits here, on the table, never over the board
            q = s(HELP)
            self.help_local = pygame.Rect(x + width - q, y - s(1), q, q)
            room -= q + s(12)
        round_no = state.turn // max(1, state.player_count) + 1
        tag = style.text(text.tr("play.round", number=round_no), s(15), "bold", style.INK_SOFT)
        surface.blit(tag, tag.get_rect(topright=(x + room, y + s(7))))
        heading = style.fit_text(title, s(24), "black", style.INK, room - tag.get_width() - s(12))
        surface.blit(heading, (x, y))
        y += heading.get_height() + s(10)
        self.turn_local = pygame.Rect(x, y, width, s(74))
        y = self._turn_panel(surface, self.turn_local, ctl, hover, spots if show_controls else None) + s(12)
        for seat in range(state.player_count):
            rect = pygame.Rect(x, y, width, s(SEAT_H - 8))
            spots += self._seat(surface, rect, ctl, seat, hover, show_controls)
            y += s(SEAT_H)
        y += s(4)
        if ctl.route_options():
            y, more = route_rows(surface, pygame.Rect(x, y, width, 0), ctl, hover, self.s, self.marked)
            spots += more
        self.message_local = self.note_local = self.words_local = None
        if show_controls:
            y, more = self._controls(surface, x, y, width, ctl, hover)
            spots += more
        if self.note_local is not None:
            self.note_local.height = y + s(LOG_GAP) + self.log_view.s(LOG_HEAD) - self.note_local.y
        size = max(style.TEXT_MIN_PX, s(KEYS_PX))  # never under the floor: the log above gives way instead
        step = round(size * KEYS_LINE / KEYS_PX)
        keys = key_lines(text.tr("play.keys"), size, width) if show_controls else []
        footer = panel.bottom - s(10) - len(keys) * step  # the keys are for people; the show has nobody
        self.log_local = pygame.Rect(x, y + s(LOG_GAP), width, max(0, footer - y - s(12)))
        spots += self.log_view.draw(surface, self.log_local, ctl.session.log, hover)
        for k, line in enumerate(keys):
            image = style.fit_text(line, size, "regular", style.INK_SOFT, width)
            surface.blit(image, (x, footer + s(4) + k * step))
        return spots

    # ----- parts -----

    def _turn_panel(self, surface: pygame.Surface, rect: pygame.Rect, ctl: TurnController,
                    hover: tuple[int, int] | None = None, spots: list[Hotspot] | None = None) -> int:
        """Whose turn, the actions left and, for a person (never in the show), the Hint button."""
        s = self.s
        state = ctl.state
        session = ctl.session
        fill = style.INK  # neutral: the seat is its number and name, every colour here means a line
        seat: int | None = None
        if state.phase == "over":
            headline, detail = text.tr("play.over"), ""
        else:
            seat = state.current
            name = session.name(seat)
            if session.is_computer(seat):
                headline = text.tr("play.turn", name=name)
                detail = text.tr("play.thinking", name=name)
            else:
                headline = text.tr("play.your_turn", name=name)
                detail = ""
            if state.phase == "passenger" or ctl.busy:
                detail = text.tr("play.passenger")
        pygame.draw.rect(surface, style.mix(fill, style.INK, 0.25), rect.move(0, s(3)), border_radius=s(12))
        pygame.draw.rect(surface, fill, rect, border_radius=s(12))
        left = rect.x + s(16)
        if seat is not None:
            seat_badge(surface, (left + s(13), rect.y + s(9) + s(15)), badge_radius(s(13)), seat, lit=True)
            left += s(36)
        head = style.fit_text(headline, s(24), "black", style.HALO, rect.right - s(12) - left)
        surface.blit(head, (left, rect.y + s(9)))
        line_y = rect.y + s(14) + head.get_height()
        if state.phase == "actions" and not ctl.busy:
            label = style.text(text.tr("play.actions"), s(15), "bold", style.HALO)
            surface.blit(label, (rect.x + s(16), line_y))
            px = rect.x + s(26) + label.get_width()
            for k in range(state.actions_left):
                dot = (px + k * s(22) + s(7), line_y + label.get_height() // 2 + 1)
                pygame.draw.circle(surface, style.HALO, dot, s(7))
            if spots is not None:
                self._hint_button(surface, rect, line_y, ctl, hover, spots)
            if detail:
                room = rect.right - px - state.actions_left * s(22) - s(20)
                extra = style.fit_text(detail, s(14), "semibold", style.HALO, room)
                surface.blit(extra, extra.get_rect(topright=(rect.right - s(14), line_y + 1)))
        elif detail:
            image = style.fit_text(detail, s(16), "semibold", style.HALO, rect.width - s(28))
            surface.blit(image, (rect.x + s(16), line_y))
        return rect.bottom

    def _hint_button(self, surface: pygame.Surface, rect: pygame.Rect, y: int, ctl: TurnController,
                     hover: tuple[int, int] | None, spots: list[Hotspot]) -> None:
        """A small Hint button at the right of the actions row while a person plays (overlays/hint.py acts on it)."""
        if not ctl.person_may_act():
            return
        s = self.s
        status = ctl.hints.status
        label = text.tr("hint.thinking") if status == "thinking" else text.tr("hint.button")
        size = max(style.TEXT_MIN_PX, s(14))  # its label and key read from the sofa too (7 px keys did not)
        width = max(s(92), style.font(size, "bold").size(label)[0] + style.font(size, "semibold").size(
            text.tr("hint.key"))[0] + s(34))
        box = pygame.Rect(rect.right - s(12) - width, y - s(5), width, s(28))
        button(surface, box, label, text.tr("hint.key"), primary=bool(status), size=size,
               hovered=hover is not None and box.collidepoint(hover))
        spots.append(Hotspot(box, "hint"))

    def _seat(self, surface: pygame.Surface, rect: pygame.Rect, ctl: TurnController, seat: int,
              hover: tuple[int, int] | None, show_controls: bool = True) -> list[Hotspot]:
        s = self.s
        state = ctl.state
        session = ctl.session
        player = state.players[seat]
        active = seat == state.current and state.phase != "over"
        fill = style.HALO if active else style.mix(style.PAPER_DARK, style.PAPER, 0.6)
        pygame.draw.rect(surface, fill, rect, border_radius=s(10))
        if active:
            pygame.draw.rect(surface, style.INK, rect, s(3), border_radius=s(10))
        seat_badge(surface, (rect.x + s(20), rect.y + s(20)), badge_radius(s(11)), seat, lit=active)
        points = ctl.points[seat] if seat < len(ctl.points) else player.points
        score = style.text(str(points), s(30), "black", style.INK)
        surface.blit(score, score.get_rect(topright=(rect.right - s(14), rect.y + s(4))))
        tag, tag_px = None, max(style.TEXT_MIN_PX, s(12))
        if session.is_computer(seat) and show_controls and not says_computer(session.name(seat), seat):
            tag = style.text(text.tr("play.computer"), tag_px, "semibold", style.INK_SOFT)
        room = rect.width - s(168)
        if tag is not None:  # the tag, grown to the floor, stays clear of the score: a long name gives way to it
            room = min(room, rect.width - s(14) - score.get_width() - s(12) - s(44) - tag.get_width())
        name = style.fit_text(session.name(seat), s(19), "bold", style.INK, room)
        surface.blit(name, (rect.x + s(38), rect.y + s(8)))
        if tag is not None:  # on the name's baseline
            rise = style.font(s(19), "bold").get_ascent() - style.font(tag_px, "semibold").get_ascent()
            surface.blit(tag, (rect.x + s(44) + name.get_width(), rect.y + s(8) + rise))
        anchor = (rect.right - s(20) - score.get_width(), rect.y + s(10))
        clip = surface.get_clip()
        surface.set_clip(rect.clip(clip) if clip else rect)  # risen, they stay in their own seat's box
        self._floats(surface, ctl.queue.of_kind("float"), seat, anchor)
        surface.set_clip(clip)
        spots: list[Hotspot] = []
        person_turn = active and ctl.person_may_act() and state.phase == "actions"
        cx = rect.x + s(18)
        for k, line in enumerate(player.lines):
            chip = pygame.Rect(cx, rect.y + s(40), s(58), s(28))
            left = state.lines[line].tokens_left
            hovered = person_turn and hover is not None and chip.collidepoint(hover)
            line_chip(surface, chip, line, left, selected=person_turn and ctl.selected == line, hovered=hovered,
                      dim=left == 0, key=str(k + 1) if person_turn else "")
            if person_turn:
                spots.append(Hotspot(chip.inflate(s(6), s(6)), "line", line))
            cx += s(66)
        tokens = style.text(str(player.branch_tokens), s(20), "black", style.INK)
        tx = rect.right - s(14) - tokens.get_width()
        surface.blit(tokens, (tx, rect.y + s(43)))
        branch_icon(surface, (tx - s(16), rect.y + s(54)), s(11))
        tokens_won = [(f"+{e.data.get('count', 1)}", e) for e in ctl.queue.of_kind("token")
                      if e.data.get("seat") == seat]
        self._rise_row(surface, tokens_won, (tx - s(32), rect.y + s(42)), style.INK)
        return spots

    def _floats(self, surface: pygame.Surface, effects: list[Effect], seat: int, anchor: tuple[int, int]) -> None:
        won = [(f"+{e.data.get('points', 0)}", e) for e in effects if e.data.get("seat") == seat]
        self._rise_row(surface, won, anchor, style.GOLD_DARK)

    def _rise_row(self, surface: pygame.Surface, labels: list[tuple[str, Effect]], anchor: tuple[int, int],
                  colour: style.Colour) -> None:
        """Several gains for one seat at once ("+3" then "+1" while the first still rises): side by side, the
        newest nearest the score, never one over the other."""
        x = anchor[0]
        for label, effect in reversed(labels):
            x -= self._rise(surface, label, (x, anchor[1]), effect, colour) + self.s(6)

    def _rise(self, surface: pygame.Surface, label: str, anchor: tuple[int, int], effect: Effect,
              colour: style.Colour) -> int:
        """Points floating up beside a score (ending at `anchor`'s x) and fading out; the width they take. They
        rise RISE, so they end inside the seat's box: risen further, they ran under the turn's banner above the
        first seat and over the box above any other (a fresh player read one seat's "+1" as the other's)."""
        t = effect.progress
        image = style.text(label, self.s(24), "black", colour).copy()
        image.set_alpha(round(255 * (1 - max(0.0, t - 0.6) / 0.4)))
        y = anchor[1] - self.s(RISE) * math.sin(t * math.pi / 2)
        surface.blit(image, image.get_rect(topright=(anchor[0], y)))
        return image.get_width()

    def _controls(self, surface: pygame.Surface, x: int, y: int, width: int, ctl: TurnController,
                  hover: tuple[int, int] | None) -> tuple[int, list[Hotspot]]:
        s = self.s
        spots: list[Hotspot] = []
        state = ctl.state
        person = ctl.person_may_act()
        options = ctl.route_options() if person else ()
        if person and state.phase == "passenger" and options:
            go = pygame.Rect(x, y, width, s(44))
            label = text.tr("play.go") if len(options) == 1 else text.tr("play.go_route", number=self.marked + 1)
            button(surface, go, label, text.tr("play.go_key"), primary=True,
                   hovered=hover is not None and go.collidepoint(hover), size=s(17))
            spots.append(Hotspot(go, "go"))
            undo = None
        else:
            take = pygame.Rect(x, y, int(width * 0.62) - s(5), s(44))
            can_take = person and state.phase == "actions"
            button(surface, take, text.tr("play.take_branch"), text.tr("play.take_branch_key"), enabled=can_take,
                   hovered=can_take and hover is not None and take.collidepoint(hover), size=s(16))
            spots.append(Hotspot(take, "branch"))
            undo = pygame.Rect(take.right + s(10), y, width - take.width - s(10), s(44))
        if undo is not None:
            can_undo = person and ctl.session.can_undo()
            button(surface, undo, text.tr("play.undo"), text.tr("play.undo_key"), enabled=can_undo,
                   hovered=can_undo and hover is not None and undo.collidepoint(hover), size=s(16))
            spots.append(Hotspot(undo, "undo"))
        y += s(58)
        self.note_local = pygame.Rect(x, y - s(5), width, 0)  # its height once the log's heading is placed
        message, colour = self._message(ctl)
        inset = s(10) if ctl.message else 0  # why a click was refused (or a save failed): on a red plate, here
        # beside the map, where it hides none of the map's names as it did at the map's foot
        lines = style.wrap(message, s(15), "semibold", width - 2 * inset, max_lines=4) if message else [""]
        words = self.words_local = pygame.Rect(x, y - s(5), width, len(lines) * s(19) + s(9)) if message else None
        if ctl.message and words is not None:
            self.message_local = words
            pygame.draw.rect(surface, style.RAIL, words, border_radius=s(8))
        for line in lines:  # wrapped, never cut: German and French run long
            surface.blit(style.text(line, s(15), "semibold", colour), (x + inset, y))
            y += s(19)
        return y + s(3), spots

    @staticmethod
    def _message(ctl: TurnController) -> tuple[str, style.Colour]:
        if ctl.message:
            return ctl.message, style.HALO  # on its red plate
        state = ctl.state
        if not ctl.person_may_act():
            return "", style.INK_SOFT
        if state.phase == "passenger":
            options = ctl.route_options()
            if len(options) > 1:
                return text.tr("play.route.choose", name=ctl.session.name(state.current)), style.INK
            if options:
                return text.tr("play.route.single", station=ctl.session.board.nodes[options[0].destination].name), \
                    style.INK
            return "", style.INK_SOFT
        if ctl.selected is None:
            return text.tr("play.pick_line", count=len(state.players[state.current].lines)), style.INK
        line = text.line_name(ctl.selected)
        if not ctl.legal_spaces():
            return text.tr("play.no_space", line=line), style.INK_SOFT
        return text.tr("play.place_hint", line=line), style.INK


KEY_SEPARATOR = " · "
_NBSP = "\u00a0"


def key_lines(keys: str, size: int, width: int) -> list[str]:
    """The key list in lines that break only between its items ("Wheel zoom · F" over "fit · Esc menu" read
    as a key called fit), each line's items joined as the list writes them."""
    items = [item.replace(" ", _NBSP) for item in keys.split(KEY_SEPARATOR)]
    glued = " ".join(f"{item}{_NBSP}·" for item in items[:-1]) + (" " if len(items) > 1 else "") + items[-1]
    lines = style.wrap(glued, size, "regular", width, max_lines=4)
    return [line.removesuffix(f"{_NBSP}·").replace(f"{_NBSP}·", " ·").replace(_NBSP, " ") for line in lines]
