"""The bus tour's table beside the map: every player's public counts, the face-up cards with the deck and
the ticket pile, and — only while its player is at the screen — the hand and the tickets. Drawn by hand,
and every control is a `Hotspot` in the rectangle it was drawn in."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

import pygame

from game.bus.board import COLOURS
from game.bus.rules.actions import DrawBlind, DrawFaceUp, DrawTickets
from game.bus.rules.scoring import Network
from game.bus.rules.state import BusState
from game.ui import style, text
from game.ui.bus.look import PLAYER_COLOURS, card
from game.ui.panels.sidebar import says_computer
from game.ui.panels.widgets import Hotspot, button

HAND_ORDER = (*COLOURS, "wild")
NOTE_H = 44  # the room a passing notice covers (a line or two), at the design size


@dataclass
class TableView:
    """What the panel shows now: whose hand is open (None: nobody's), the cards a claim would spend."""

    names: list[str]
    computer: list[bool]
    open_hand: int | None = None
    spending: tuple[str, ...] = ()
    message: str = ""
    hover: tuple[int, int] | None = None
    scores: list[int] | None = None  # while the end is revealed: the totals so far, not the final ones
    title: str = ""  # the game's title as the menu names it ("London bus tour"); the board's own if empty


def draw_panel(surface: pygame.Surface, rect: pygame.Rect, state: BusState, view: TableView,
               log: list[str]) -> tuple[list[Hotspot], pygame.Rect]:
    """The whole panel; returns its hotspots and where a passing notice may go (the message line and the log,
    under the cards and the hand: over the map it covered places and routes)."""
    k = style.ui_scale()
    spots: list[Hotspot] = []
    pygame.draw.rect(surface, style.PAPER_DARK, rect)
    pygame.draw.line(surface, style.mix(style.INK, style.PAPER, 0.7), rect.topleft, rect.bottomleft, 2)
    x, y, w = rect.x + round(16 * k), rect.y + round(12 * k), rect.width - round(32 * k)
    heading = view.title or state.board.title(text.language())
    title = style.fit_text(heading, round(26 * k), "bold", style.INK, w - round(50 * k))
    surface.blit(title, (x, y))
    help_rect = pygame.Rect(rect.right - round(46 * k), y, round(32 * k), round(32 * k))
    button(surface, help_rect, "?", hovered=_over(view, help_rect), size=round(18 * k))
    spots.append(Hotspot(help_rect, "help"))
    y += round(44 * k)
    for seat in range(len(state.players)):
        y = _seat(surface, pygame.Rect(x, y, w, round(52 * k)), state, view, seat) + round(6 * k)
    y += round(6 * k)
    y = _display(surface, x, y, w, state, view, spots) + round(10 * k)
    if view.open_hand is not None:
        y = _hand(surface, x, y, w, state, view, view.open_hand) + round(8 * k)
    note = pygame.Rect(x - round(8 * k), min(y, rect.bottom - round((NOTE_H + 12) * k)), w + round(16 * k),
                       round(NOTE_H * k))  # kept inside the panel when a tall hand leaves no room below it
    if view.message:
        for line in style.wrap(view.message, round(17 * k), "semibold", w, 3):
            surface.blit(style.text(line, round(17 * k), "semibold", style.INK), (x, y))
            y += round(22 * k)
        y += round(6 * k)
    for line in log[-4:]:
        if y > rect.bottom - round(24 * k):
            break
        surface.blit(style.fit_text(line, round(14 * k), "regular", style.INK_SOFT, w), (x, y))
        y += round(19 * k)
    return spots, note


def _over(view: TableView, rect: pygame.Rect) -> bool:
    return view.hover is not None and rect.collidepoint(view.hover)


def _seat(surface: pygame.Surface, row: pygame.Rect, state: BusState, view: TableView, seat: int) -> int:
    k = style.ui_scale()
    player = state.players[seat]
    active = seat == state.current and state.phase != "over"
    fill = style.HALO if active else style.mix(style.PAPER, style.PAPER_DARK, 0.5)
    pygame.draw.rect(surface, fill, row, border_radius=round(8 * k))
    if active:
        pygame.draw.rect(surface, style.INK, row, width=2, border_radius=round(8 * k))
    chip = pygame.Rect(row.x + round(8 * k), row.y + round(10 * k), round(32 * k), round(32 * k))
    pygame.draw.rect(surface, PLAYER_COLOURS[seat], chip, border_radius=round(6 * k))
    pygame.draw.rect(surface, style.INK, chip, width=2, border_radius=round(6 * k))
    tagged = view.computer[seat] and not says_computer(view.names[seat], seat)  # "Computer 2" says it already
    name = view.names[seat] + (f" · {text.tr('bus.computer')}" if tagged else "")
    surface.blit(style.fit_text(name, round(18 * k), "semibold", style.INK, row.width - round(120 * k)),
                 (chip.right + round(10 * k), row.y + round(4 * k)))
    cards, tickets = sum(player.hand.values()), len(player.tickets)
    counts = " · ".join((text.ntr("bus.count.buses", player.buses, count=player.buses),
                         text.ntr("bus.count.cards", cards, count=cards),
                         text.ntr("bus.count.tickets", tickets, count=tickets)))
    surface.blit(style.fit_text(counts, round(14 * k), "regular", style.INK_SOFT, row.width - round(120 * k)),
                 (chip.right + round(10 * k), row.y + round(28 * k)))
    shown = view.scores if view.scores is not None else state.scores()
    score = style.text(str(shown[seat]), round(26 * k), "bold", style.INK)
    surface.blit(score, score.get_rect(midright=(row.right - round(12 * k), row.centery)))
    return row.bottom


def _display(surface: pygame.Surface, x: int, y: int, w: int, state: BusState, view: TableView,
             spots: list[Hotspot]) -> int:
    """The five face-up cards, the deck and the ticket pile: what a draw can take."""
    k = style.ui_scale()
    surface.blit(style.text(text.tr("bus.display"), round(15 * k), "semibold", style.INK_SOFT), (x, y))
    y += round(22 * k)
    gap = round(6 * k)
    cw = (w - 6 * gap) // 7
    ch = round(cw * 1.45)
    choosing = state.phase in ("turn", "second_card") and view.open_hand == state.current
    legal = set(state.legal_actions()) if choosing else set()
    for slot, colour in enumerate(state.cards.display):
        rect = pygame.Rect(x + slot * (cw + gap), y, cw, ch)
        if colour is None:
            pygame.draw.rect(surface, style.mix(style.PAPER_DARK, style.INK, 0.1), rect, 1, border_radius=4)
            continue
        can = DrawFaceUp(slot) in legal
        card(surface, rect, colour, lit=can and _over(view, rect), dim=choosing and not can)
        spots.append(Hotspot(rect, "face_up", slot))
    deck = pygame.Rect(x + 5 * (cw + gap), y, cw, ch)
    _pile(surface, deck, str(len(state.cards.deck)), text.tr("bus.deck"), DrawBlind() in legal, _over(view, deck))
    spots.append(Hotspot(deck, "deck"))
    pile = pygame.Rect(x + 6 * (cw + gap), y, cw, ch)
    _pile(surface, pile, str(len(state.ticket_pile)), text.tr("bus.tickets_pile"), DrawTickets() in legal,
          _over(view, pile), ticket=True)
    spots.append(Hotspot(pile, "draw_tickets"))
    return y + ch


def _pile(surface: pygame.Surface, rect: pygame.Rect, count: str, caption: str, can: bool, hovered: bool,
          ticket: bool = False) -> None:
    k = style.ui_scale()
    fill = style.mix(style.GOLD, style.HALO, 0.5) if ticket else style.INK
    pygame.draw.rect(surface, fill, rect, border_radius=6)
    pygame.draw.rect(surface, style.GOLD if hovered and can else style.INK, rect, 3 if hovered and can else 2,
                     border_radius=6)
    ink = style.INK if ticket else style.HALO
    number = style.text(count, round(20 * k), "bold", ink)
    surface.blit(number, number.get_rect(center=(rect.centerx, rect.centery - round(6 * k))))
    word = style.fit_text(caption, round(11 * k), "semibold", ink, rect.width - 4)
    surface.blit(word, word.get_rect(midbottom=(rect.centerx, rect.bottom - round(4 * k))))


def _hand(surface: pygame.Surface, x: int, y: int, w: int, state: BusState, view: TableView, seat: int) -> int:
    """The open hand (cards a previewed claim would spend raised) and the tickets, done ones ticked."""
    k = style.ui_scale()
    player = state.players[seat]
    head = text.tr("bus.your_hand", name=view.names[seat])
    surface.blit(style.fit_text(head, round(15 * k), "semibold", style.INK_SOFT, w), (x, y))
    y += round(22 * k)
    spend = Counter(view.spending)
    cw = (w - 6 * round(5 * k)) // 7
    ch = round(cw * 1.3)
    for n, colour in enumerate(HAND_ORDER):
        rect = pygame.Rect(x + n * (cw + round(5 * k)), y + round(8 * k), cw, ch)
        held = player.hand[colour]
        if spend[colour]:
            rect = rect.move(0, -round(8 * k))
        card(surface, rect, colour, lit=bool(spend[colour]), dim=held == 0)
        label = f"{held}" if not spend[colour] else f"{held}−{spend[colour]}"
        tag = style.text(label, round(15 * k), "bold", style.INK)
        plate = tag.get_rect(midtop=(rect.centerx, rect.bottom + round(2 * k))).inflate(round(8 * k), 0)
        pygame.draw.rect(surface, style.HALO, plate, border_radius=4)
        surface.blit(tag, tag.get_rect(center=plate.center))
    y += ch + round(34 * k)
    network = Network(state.board, player.routes)
    for t in player.tickets:
        ticket = state.board.tickets[t]
        done = network.joined(ticket.a, ticket.b)
        a, b = state.board.places[ticket.a].name, state.board.places[ticket.b].name
        line = text.tr("bus.ticket", a=a, b=b, value=ticket.value)
        ink = style.mix(style.OPTION, style.INK, 0.35) if done else style.INK
        mark = "✓ " if done else "· "
        surface.blit(style.fit_text(mark + line, round(15 * k), "semibold" if done else "regular", ink, w), (x, y))
        y += round(20 * k)
    return y
