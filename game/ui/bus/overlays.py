"""What the bus tour draws over its table: the hand-over curtain between people, the ticket choice, the
claim's confirmation bar, and the end with its tickets revealed one by one beside a score chart."""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.bus.rules.scoring import FinalScore
from game.bus.rules.state import BusState
from game.ui import style, text
from game.ui.bus.look import PLAYER_COLOURS, card
from game.ui.panels.widgets import Hotspot, button


def _veil(surface: pygame.Surface, alpha: int = 235) -> None:
    veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    veil.fill((*style.INK, alpha))
    surface.blit(veil, (0, 0))


def curtain(surface: pygame.Surface, name: str, seat: int, can_undo: bool, hover: tuple[int, int] | None,
            undo_name: str = "") -> list[Hotspot]:
    """Hands hidden: "Pass to NAME" and a button only that person should press."""
    k = style.ui_scale()
    _veil(surface, 255)  # nothing of the table shows through: hands are secret
    w, h = surface.get_size()
    chip = pygame.Rect(0, 0, round(64 * k), round(64 * k))
    chip.center = (w // 2, h // 2 - round(120 * k))
    pygame.draw.rect(surface, PLAYER_COLOURS[seat], chip, border_radius=round(12 * k))
    pygame.draw.rect(surface, style.HALO, chip, 3, border_radius=round(12 * k))
    head = style.fit_text(text.tr("bus.curtain.pass", name=name), round(48 * k), "bold", style.HALO, w - 80)
    surface.blit(head, head.get_rect(center=(w // 2, h // 2 - round(30 * k))))
    note = style.fit_text(text.tr("bus.curtain.note"), round(20 * k), "regular", style.mix(style.HALO, style.INK, 0.3),
                          w - 80)
    surface.blit(note, note.get_rect(center=(w // 2, h // 2 + round(20 * k))))
    ready = pygame.Rect(0, 0, round(340 * k), round(60 * k))
    ready.center = (w // 2, h // 2 + round(100 * k))
    button(surface, ready, text.tr("bus.curtain.ready", name=name), "Enter", primary=True,
           hovered=hover is not None and ready.collidepoint(hover), size=round(20 * k))
    spots = [Hotspot(ready, "ready")]
    if can_undo:
        undo = pygame.Rect(0, 0, round(340 * k), round(44 * k))
        undo.center = (w // 2, ready.bottom + round(44 * k))
        button(surface, undo, text.tr("bus.curtain.undo", name=undo_name), "Ctrl+Z",
               hovered=hover is not None and undo.collidepoint(hover), size=round(16 * k))
        spots.append(Hotspot(undo, "undo"))
    return spots


def ticket_strip_height(offered: int) -> int:
    """The height the ticket choice takes at the foot of the map area (the map fits above it)."""
    del offered  # the tickets sit side by side: as tall for two as for three
    k = style.ui_scale()
    return round(182 * k)


def ticket_choice(surface: pygame.Surface, area: pygame.Rect, state: BusState, chosen: set[int],
                  hover: tuple[int, int] | None) -> list[Hotspot]:
    """The tickets on offer as cards side by side to tick, and Keep (at least one), in a strip at the foot of
    the map area: the map stays in view above it with the offered places lit (a dialog over the middle of
    the map hid where the places were while a player chose)."""
    k = style.ui_scale()
    band = pygame.Rect(area.x, area.bottom - ticket_strip_height(len(state.offer)), area.width,
                       ticket_strip_height(len(state.offer)))
    pygame.draw.rect(surface, style.PAPER, band)
    box = band.inflate(-round(16 * k), -round(12 * k))
    pygame.draw.rect(surface, style.HALO, box, border_radius=round(14 * k))
    pygame.draw.rect(surface, style.INK, box, 3, border_radius=round(14 * k))
    pad, gap = round(14 * k), round(10 * k)
    keep = pygame.Rect(box.right - pad - round(200 * k), box.y + round(10 * k), round(200 * k), round(44 * k))
    head = style.fit_text(text.tr("bus.tickets.choose"), round(22 * k), "bold", style.INK,
                          keep.x - box.x - 2 * pad)
    surface.blit(head, head.get_rect(midleft=(box.x + pad, keep.centery)))
    spots = []
    n = max(1, len(state.offer))
    top = keep.bottom + round(10 * k)
    cw = (box.width - 2 * pad - (n - 1) * gap) // n
    ch = box.bottom - pad - top
    for i, t in enumerate(state.offer):
        ticket = state.board.tickets[t]
        row = pygame.Rect(box.x + pad + i * (cw + gap), top, cw, ch)
        on = i in chosen
        lit = on or (hover is not None and row.collidepoint(hover))
        pygame.draw.rect(surface, style.mix(style.GOLD, style.HALO, 0.55) if on else style.PAPER, row,
                         border_radius=round(10 * k))
        pygame.draw.rect(surface, style.INK if lit else style.mix(style.INK, style.PAPER, 0.6), row, 2,
                         border_radius=round(10 * k))
        tick = pygame.Rect(row.x + round(10 * k), row.y + round(12 * k), round(26 * k), round(26 * k))
        pygame.draw.rect(surface, style.HALO, tick, border_radius=4)
        pygame.draw.rect(surface, style.INK, tick, 2, border_radius=4)
        if on:
            points = [(tick.x + 5, tick.centery), (tick.centerx - 2, tick.bottom - 6), (tick.right - 4, tick.y + 5)]
            pygame.draw.lines(surface, style.INK, False, points, 4)
        value = style.text(str(ticket.value), round(30 * k), "bold", style.INK)
        room = row.width - (tick.right - row.x) - round(22 * k) - value.get_width()
        x = tick.right + round(10 * k)
        a, b = state.board.places[ticket.a].name, state.board.places[ticket.b].name
        surface.blit(style.fit_text(f"{a} –", round(18 * k), "semibold", style.INK, room), (x, row.y + round(8 * k)))
        surface.blit(style.fit_text(b, round(18 * k), "semibold", style.INK, room), (x, row.y + round(32 * k)))
        surface.blit(style.fit_text(text.ntr("bus.points", ticket.value, count=ticket.value), round(14 * k),
                                    "regular", style.INK_SOFT, room), (x, row.y + round(58 * k)))
        surface.blit(value, value.get_rect(topright=(row.right - round(10 * k), row.y + round(8 * k))))
        spots.append(Hotspot(row, "ticket", i))
    button(surface, keep, text.ntr("bus.tickets.keep", len(chosen), count=len(chosen)), "Enter", enabled=bool(chosen),
           primary=True, hovered=hover is not None and keep.collidepoint(hover), size=round(18 * k))
    spots.append(Hotspot(keep, "keep"))
    return spots


def claim_bar(surface: pygame.Surface, area: pygame.Rect, route_name: str, cards: tuple[str, ...], options: int,
              hover: tuple[int, int] | None) -> list[Hotspot]:
    """Claiming a route: the cards it will spend, Claim, another way to pay (when there is one), Cancel."""
    k = style.ui_scale()
    bar = pygame.Rect(area.x + round(16 * k), area.bottom - round(96 * k), area.width - round(32 * k), round(80 * k))
    pygame.draw.rect(surface, style.HALO, bar, border_radius=round(12 * k))
    pygame.draw.rect(surface, style.INK, bar, 2, border_radius=round(12 * k))
    surface.blit(style.fit_text(route_name, round(18 * k), "semibold", style.INK, bar.width // 3),
                 (bar.x + round(16 * k), bar.y + round(10 * k)))
    cw = round(30 * k)
    for n, colour in enumerate(cards):
        where = pygame.Rect(bar.x + round(16 * k) + n * (cw + 4), bar.y + round(36 * k), cw, round(36 * k))
        card(surface, where, colour)
    spots = []
    x = bar.right - round(16 * k)
    choices = [("claim", text.tr("bus.claim.go"), "Enter", True), ("cancel", text.tr("bus.claim.cancel"), "Esc", False)]
    if options > 1:
        choices.append(("other_cards", text.tr("bus.claim.other"), "Tab", False))
    for kind, label, key, primary in choices:
        w = round(170 * k)
        rect = pygame.Rect(x - w, bar.y + round(16 * k), w, round(48 * k))
        button(surface, rect, label, key, primary=primary, hovered=hover is not None and rect.collidepoint(hover),
               size=round(16 * k))
        spots.append(Hotspot(rect, kind))
        x = rect.x - round(10 * k)
    return spots


@dataclass
class Finale:
    """The end, revealed a ticket at a time: `shown` tickets so far of the list, in seat order."""

    results: list[FinalScore]
    items: list[tuple[int, int]] = field(default_factory=list)  # (seat, ticket) in reveal order
    shown: int = 0
    clock: float = 0.0

    def __post_init__(self) -> None:
        self.items = [(seat, t) for seat, r in enumerate(self.results)
                      for t in sorted((*r.tickets_done, *r.tickets_failed))]

    def update(self, dt: float) -> None:
        self.clock += dt
        self.shown = min(len(self.items), int(self.clock / 0.7))

    @property
    def finished(self) -> bool:
        return self.shown >= len(self.items)

    def partial(self, state: BusState) -> list[int]:
        """Each seat's total so far: routes and districts, and the tickets revealed."""
        totals = [r.route_points + (r.district_points if self.finished else 0) for r in self.results]
        for seat, t in self.items[: self.shown]:
            value = state.board.tickets[t].value
            totals[seat] += value if t in self.results[seat].tickets_done else -value
        return totals


def finale(surface: pygame.Surface, area: pygame.Rect, state: BusState, end: Finale, names: list[str],
           hover: tuple[int, int] | None, buttons: bool = True) -> list[Hotspot]:
    """The score chart growing as tickets are revealed, then the winners and the way on."""
    k = style.ui_scale()
    _veil(surface, 200)
    box = area.inflate(-round(80 * k), -round(80 * k))
    pygame.draw.rect(surface, style.HALO, box, border_radius=round(16 * k))
    totals = end.partial(state)
    top = max(1, max(abs(t) for t in totals))
    head = text.tr("bus.end.title") if not end.finished else text.tr(
        "bus.end.winner", names=" & ".join(names[s] for s in state.winners()))
    surface.blit(style.fit_text(head, round(34 * k), "bold", style.INK, box.width - 40), (box.x + round(30 * k),
                                                                                         box.y + round(24 * k)))
    row_h = round(64 * k)
    y = box.y + round(90 * k)
    for seat, total in enumerate(totals):
        label = style.fit_text(names[seat], round(20 * k), "semibold", style.INK, round(200 * k))
        surface.blit(label, (box.x + round(30 * k), y + round(16 * k)))
        bar_x = box.x + round(250 * k)
        length = round((box.width - round(380 * k)) * max(0, total) / top)
        if length >= 12:  # a bar; nothing or less than nothing is a thin line at zero (a short rounded bar smudges)
            bar = pygame.Rect(bar_x, y + round(8 * k), length, round(40 * k))
            pygame.draw.rect(surface, PLAYER_COLOURS[seat], bar, border_radius=6)
            pygame.draw.rect(surface, style.INK, bar, 2, border_radius=6)
        else:
            length = 2
            pygame.draw.line(surface, style.INK, (bar_x, y + round(8 * k)), (bar_x, y + round(47 * k)), 2)
        surface.blit(style.text(str(total), round(24 * k), "bold", style.INK), (bar_x + length + 10, y + round(14 * k)))
        if end.finished:
            result = end.results[seat]
            done = sum(state.board.tickets[t].value for t in result.tickets_done)
            failed = sum(state.board.tickets[t].value for t in result.tickets_failed)
            words = text.tr("bus.end.breakdown", routes=result.route_points, done=done, failed=failed,
                            districts=result.district_points)
            surface.blit(style.fit_text(words, round(14 * k), "regular", style.INK_SOFT, box.width - round(300 * k)),
                         (bar_x, y + round(50 * k)))
            y += round(18 * k)
        y += row_h
    y += round(10 * k)
    if end.shown:
        seat, t = end.items[end.shown - 1]
        ticket = state.board.tickets[t]
        done = t in end.results[seat].tickets_done
        words = text.tr("bus.end.ticket_done" if done else "bus.end.ticket_failed", name=names[seat],
                        a=state.board.places[ticket.a].name, b=state.board.places[ticket.b].name, value=ticket.value)
        surface.blit(style.fit_text(words, round(20 * k), "semibold", style.INK if done else style.RAIL,
                                    box.width - 60), (box.x + round(30 * k), y))
    spots = []
    if end.finished and buttons:
        again = pygame.Rect(box.right - round(440 * k), box.bottom - round(76 * k), round(200 * k), round(52 * k))
        menu = pygame.Rect(box.right - round(226 * k), box.bottom - round(76 * k), round(200 * k), round(52 * k))
        button(surface, again, text.tr("bus.end.again"), primary=True,
               hovered=hover is not None and again.collidepoint(hover), size=round(18 * k))
        button(surface, menu, text.tr("bus.end.menu"), hovered=hover is not None and menu.collidepoint(hover),
               size=round(18 * k))
        spots = [Hotspot(again, "again"), Hotspot(menu, "menu")]
    return spots
