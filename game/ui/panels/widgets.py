"""Small drawn controls shared by the play and end screens: buttons, chips, the branch token icon.

They are drawn by hand (not pygame_gui) so they can sit inside panels that are laid out every frame
and be hit-tested by the same rectangles they were drawn in.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pygame

from game.ui import style, text
from game.ui.board import symbols

Point = tuple[float, float]


@dataclass(frozen=True, slots=True)
class Hotspot:
    """A clickable rectangle and what clicking it means."""

    rect: pygame.Rect
    kind: str
    value: Any = None


def hit(spots: list[Hotspot], pos: tuple[float, float] | None) -> Hotspot | None:
    if pos is None:
        return None
    for spot in reversed(spots):  # the last drawn is on top
        if spot.rect.collidepoint(pos):
            return spot
    return None


def branch_icon(surface: pygame.Surface, centre: Point, radius: float, colour: style.Colour = style.INK) -> None:
    """A branch token: a dark disc with a forking line."""
    cx, cy = centre
    symbols.disc(surface, colour, centre, radius)
    w = max(1.5, radius * 0.24)
    symbols.thick_line(surface, style.HALO, (cx, cy + radius * 0.6), (cx, cy - radius * 0.05), w)
    symbols.thick_line(surface, style.HALO, (cx, cy), (cx - radius * 0.45, cy - radius * 0.55), w)
    symbols.thick_line(surface, style.HALO, (cx, cy), (cx + radius * 0.45, cy - radius * 0.55), w)


BADGE_NUMBER = 1.25  # a seat badge's number: its size in pixels, per pixel of the badge's radius


def badge_radius(radius: float) -> float:
    """A seat badge's radius, grown where its number would be under style.TEXT_MIN_PX (11 px in the side
    panel's seats at 1280×720, too small to tell "3" from "5" from a sofa)."""
    return max(radius, style.TEXT_MIN_PX / BADGE_NUMBER)


def seat_badge(surface: pygame.Surface, centre: Point, radius: float, seat: int, *, lit: bool = False) -> None:
    """A seat's mark: its number on a neutral disc (ink, or gold for the seat to move).

    Seats are told apart by number, name and their own line chips, never by a colour of their own: every
    colour on this table already means a line.
    """
    symbols.disc(surface, style.INK if lit else style.HALO, centre, radius + max(1.0, radius * 0.12))
    symbols.disc(surface, style.GOLD if lit else style.INK, centre, radius)
    number = style.text(str(seat + 1), max(8, round(radius * BADGE_NUMBER)), "black", style.INK if lit else style.HALO)
    surface.blit(number, number.get_rect(center=(round(centre[0]), round(centre[1]) + 1)))


def track_chip(surface: pygame.Surface, centre: Point, length: float, line: str) -> None:
    """A short piece of a line's track: the log's bullet for an entry about that line."""
    half = max(2.0, length * 0.22)
    rect = pygame.Rect(0, 0, round(length), round(half * 2))
    rect.center = (round(centre[0]), round(centre[1]))
    pygame.draw.rect(surface, style.line_edge(line), rect, border_radius=round(half))
    inset = max(2, round(half * (1.0 if line in style.LIGHT_LINES else 0.6)))
    pygame.draw.rect(surface, style.line_colour(line), rect.inflate(-inset, -inset), border_radius=round(half))


KEY_GAP = 10  # pixels between a button's label and its key hint


def button(surface: pygame.Surface, rect: pygame.Rect, label: str, key: str = "", *, enabled: bool = True,
           hovered: bool = False, primary: bool = False, size: int = 17) -> None:
    """A rounded button with an optional key hint beside its label (or under it, where the label is long)."""
    if not enabled:
        fill, edge = style.mix(style.PAPER_DARK, style.INK, 0.06), None
        ink = style.mix(style.INK_SOFT, style.PAPER, 0.45)
    elif primary:
        fill = style.mix(style.GOLD, style.HALO, 0.25) if hovered else style.GOLD
        ink, edge = style.INK, style.GOLD_DARK
    else:
        fill = style.mix(style.INK, style.HALO, 0.12) if hovered else style.INK
        ink, edge = style.HALO, style.GOLD if hovered else None
    shadow = rect.move(0, 2)
    if enabled:
        pygame.draw.rect(surface, style.mix(style.PAPER_DARK, style.INK, 0.25), shadow, border_radius=9)
    pygame.draw.rect(surface, fill, rect, border_radius=9)
    if edge is not None:
        pygame.draw.rect(surface, edge, rect, 2, border_radius=9)
    room = rect.width - 2 * max(6, size // 2)
    if key:
        hint = style.text(key, min(size, max(style.TEXT_MIN_PX, size - 4)), "semibold", style.mix(ink, fill, 0.4))
        if _with_key(surface, rect, label, hint, size, ink, room):
            return
    # no key, or truly no room for it (a German label kept it off the button, so its key went unseen)
    if style.font(size - 2, "bold").size(label)[0] > room and _two_lines(surface, rect, label, size - 2, ink, room):
        return  # too long for one line even a little smaller: two lines rather than a cut
    label_image = style.fit_text(label, size, "bold", ink, room)
    surface.blit(label_image, label_image.get_rect(center=rect.center))


def _with_key(surface: pygame.Surface, rect: pygame.Rect, label: str, hint: pygame.Surface, size: int,
              ink: style.Colour, room: int) -> bool:
    """The label and its key hint, laid out the first way they both fit whole: side by side, the label up to
    two sizes smaller (never under style.TEXT_MIN_PX); the label on two lines with the key beside them; the
    key under the label. False where none fits (the caller draws the label alone)."""
    sizes = range(size, max(size - 2, min(size, style.TEXT_MIN_PX)) - 1, -1)
    beside = room - KEY_GAP - hint.get_width()
    for px in sizes:
        image = style.text(label, px, "bold", ink)
        if image.get_width() <= beside:
            _blit_beside(surface, rect, [image], hint)
            return True
    words = label.split(" ")
    for px in sizes if len(words) > 1 else ():
        measure = style.font(px, "bold").size
        halves = min(((" ".join(words[:k]), " ".join(words[k:])) for k in range(1, len(words))),
                     key=lambda pair: max(measure(pair[0])[0], measure(pair[1])[0]))
        images = [style.text(half, px, "bold", ink) for half in halves]
        if max(image.get_width() for image in images) <= beside and _tall(images) <= rect.height:
            _blit_beside(surface, rect, images, hint)
            return True
    for px in sizes:
        images = [style.text(label, px, "bold", ink), hint]
        if max(image.get_width() for image in images) <= room and _tall(images) <= rect.height:
            _blit_lines(surface, rect.centerx, rect.centery + 1, images)
            return True
    return False


def _tall(images: list[pygame.Surface]) -> int:
    """The height of lines stacked a little tighter than their fonts' own line height."""
    return sum(image.get_height() for image in images) - 2 * (len(images) - 1)


def _blit_lines(surface: pygame.Surface, centre_x: int, centre_y: int, images: list[pygame.Surface]) -> None:
    """Lines stacked, each centred on `centre_x`, the block centred on `centre_y`."""
    y = centre_y - _tall(images) // 2
    for image in images:
        surface.blit(image, image.get_rect(midtop=(centre_x, y)))
        y += image.get_height() - 2


def _blit_beside(surface: pygame.Surface, rect: pygame.Rect, lines: list[pygame.Surface],
                 hint: pygame.Surface) -> None:
    """The label's lines as one block, the key hint at its right, the two centred together in the button."""
    width = max(line.get_width() for line in lines)
    x = rect.centerx - (width + KEY_GAP + hint.get_width()) // 2
    _blit_lines(surface, x + width // 2, rect.centery + (len(lines) > 1), lines)  # two: a pixel lower, as they look
    surface.blit(hint, hint.get_rect(midleft=(x + width + KEY_GAP, rect.centery + 1)))


def _two_lines(surface: pygame.Surface, rect: pygame.Rect, label: str, size: int, ink: style.Colour,
               room: int) -> bool:
    """A button's label on two centred lines, if it fits that way (False: the caller shrinks and cuts it)."""
    words = label.split(" ")
    if len(words) < 2:
        return False
    for step in (0, 1, 2):
        measure = style.font(size - step, "bold").size
        splits = [(" ".join(words[:k]), " ".join(words[k:])) for k in range(1, len(words))]
        lines = min(splits, key=lambda pair: max(measure(pair[0])[0], measure(pair[1])[0]))
        images = [style.text(line, size - step, "bold", ink) for line in lines]
        if _tall(images) <= rect.height and all(image.get_width() <= room for image in images):
            _blit_lines(surface, rect.centerx, rect.centery, images)
            return True
    return False


def line_chip(surface: pygame.Surface, rect: pygame.Rect, line: str, count: int, *, selected: bool = False,
              hovered: bool = False, dim: bool = False, key: str = "", plain: bool = False) -> None:
    """A line's colour with the tokens it has left; the selected one is lifted and outlined.

    In colour-blind mode the chip also names its line with the line's code (RD, BU, …), so nobody has to
    tell red from green to know which line is theirs. `plain` chips show only that (a key, a sample).
    """
    colour = style.line_colour(line)
    if dim:
        colour = style.mix(colour, style.PAPER_DARK, 0.55)
    lift = max(2, rect.height // 9)
    body = rect.move(0, -lift) if selected else rect
    if selected:
        pygame.draw.rect(surface, style.INK, body.inflate(lift * 3, lift * 3), border_radius=9)
        pygame.draw.rect(surface, style.GOLD, body.inflate(lift + 1, lift + 1), border_radius=8)
    elif hovered:
        pygame.draw.rect(surface, style.GOLD, body.inflate(lift + 1, lift + 1), border_radius=8)
    pygame.draw.rect(surface, style.line_edge(line), body, border_radius=7)
    pygame.draw.rect(surface, colour, body.inflate(-4, -4), border_radius=6)
    ink = style.INK if sum(colour) > 450 else style.HALO
    if plain:
        image = style.text(text.line_code(line), max(8, round(body.height * 0.5)), "black", ink)
        surface.blit(image, image.get_rect(center=body.center))
        return
    number = style.text(str(count), max(9, round(body.height * 0.57)), "black", ink)
    if style.colour_blind():  # the code on the left, the count on the right, the key on a corner badge
        code = style.text(text.line_code(line), max(8, round(body.height * 0.45)), "black", ink)
        inset = max(4, body.width // 10)
        surface.blit(code, code.get_rect(midleft=(body.x + inset, body.centery)))
        surface.blit(number, number.get_rect(midright=(body.right - inset, body.centery)))
        if key:
            radius = max(6, round(body.height * 0.3))
            centre = (body.x + 1, body.y + 1)
            pygame.draw.circle(surface, style.INK, centre, radius)
            # kept inside its disc, under the floor: code, count and a 12 px key do not fit a chip at 1280×720
            hint = style.text(key, max(8, round(radius * 1.4)), "black", style.HALO)
            surface.blit(hint, hint.get_rect(center=centre))
        return
    if not key:
        surface.blit(number, number.get_rect(center=body.center))
        return
    cap = _key_cap(surface, body, key)
    surface.blit(number, number.get_rect(center=((cap.right + body.right) // 2 + 1, body.centery)))


def _key_cap(surface: pygame.Surface, body: pygame.Rect, key: str) -> pygame.Rect:
    """A chip's key ("1" to "4") on a little light key cap at its left end; the rectangle it took. Drawn as a
    superscript in the chip's own colours it was 9 px at 1280×720; at the text floor it is nearly as big as the
    count beside it and would pass for part of the number ("1 18" as "118"): a key cap says "press this"."""
    hint = style.text(key, max(style.TEXT_MIN_PX, round(body.height * 0.4)), "black", style.INK)
    cap = pygame.Rect(0, 0, max(hint.get_width() + 6, round(hint.get_height() * 1.2)), body.height - 8)
    cap.midleft = (body.x + 4, body.centery)
    pygame.draw.rect(surface, style.HALO, cap, border_radius=3)
    pygame.draw.rect(surface, style.INK, cap, max(1, body.height // 24), border_radius=3)
    surface.blit(hint, hint.get_rect(center=(cap.centerx, cap.centery + 1)))
    return cap


class PanelCache:
    """A panel drawn into its own surface and reused while nothing it shows has changed.

    Rounded rectangles and text are the slow part of a frame; most frames show the same panel.
    """

    def __init__(self) -> None:
        self.key: object = None
        self.surface: pygame.Surface | None = None
        self.spots: list[Hotspot] = []
        self.renders = 0

    def hovered(self, hover: tuple[int, int] | None) -> int:
        """Which of the last frame's hotspots the mouse is on (-1 for none): part of every panel's key."""
        spot = hit(self.spots, hover)
        return -1 if spot is None else self.spots.index(spot)

    def draw(self, target: pygame.Surface, rect: pygame.Rect, key: object,
             render: Callable[[pygame.Surface, pygame.Rect, tuple[int, int] | None], list[Hotspot]],
             hover: tuple[int, int] | None) -> list[Hotspot]:
        key = (key, style.look_key(), text.language())  # a new scale, text size or language redraws it too
        if self.surface is None or key != self.key or self.surface.get_size() != rect.size:
            local = pygame.Surface(rect.size)
            local_hover = (hover[0] - rect.x, hover[1] - rect.y) if hover is not None else None
            spots = render(local, local.get_rect(), local_hover)
            self.spots = [Hotspot(s.rect.move(rect.topleft), s.kind, s.value) for s in spots]
            self.surface = local
            self.key = key
            self.renders += 1
        target.blit(self.surface, rect.topleft)
        return self.spots
