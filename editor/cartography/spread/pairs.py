"""The rows that keep things apart (layout.py's notes say which room each pair asks, and how).

A map of 110 stations has some 450 things and 13,000 pairs near enough to meet; one by one, their rows took
most of a program's making. Most pairs ask nothing of a wished name and have the room they ask now: each
keeps the axis that parts them most, a row of two points that the arrays here work out for all of them at
once. The others (a wished name's, a pair short of room, a slanted segment's) are worked out one by one.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

import numpy as np

from editor.cartography.layout.checks import CLEARANCE, MIN_SPACING
from editor.cartography.metro.river import DISC_ROOM, HALF_WIDTH
from editor.cartography.spread.drawing import AXES, BOX, DISC, RIVER, SEGMENT, Drawing, Extent, Parting, Thing, Wish
from editor.cartography.spread.program import Program

REACH = 90.0  # px a point may move in one program
CLOSING = 2 * math.sqrt(2) * REACH  # the most two things can close in along any axis, each point moving REACH
SEGMENT_ROOM = 6.0  # px kept between two links' beds that share no point (or what they have)
NAME_ROOM = 1.0  # px between a name and anything else
ROUNDING = 1.5  # px two stations may come nearer once a board file holds them in whole pixels (√2, and a bit)
LAZY_ROOM = 20.0  # px: a pair this much further apart than it asks is a lazy row (`Program`): few of them bind
RIVER_ROOM = HALF_WIDTH + DISC_ROOM  # pitches between a river's middle and a station's centre (river.py)


def keep_apart(program: Program, drawing: Drawing, wished: Mapping[int, Wish], pitch: float,
               shorts: dict[int, list[int]]) -> None:
    """A row (or a few) for every pair of things that could come nearer than they ask; each wished name's
    columns of px short noted in `shorts`."""
    things = drawing.things
    most = max(MIN_SPACING + ROUNDING, CLEARANCE * pitch, RIVER_ROOM * pitch, SEGMENT_ROOM,
               max((wish.reach for wish in wished.values()), default=0.0) + NAME_ROOM)  # the most room asked
    ks, ms = drawing.pairs_within(most + CLOSING)
    need, priced = _plain_rooms(things, ks, ms, wished, pitch)
    rooms = _rooms(drawing, ks, ms)
    best = rooms.max(axis=1)
    asked = ~np.isnan(need)
    near = asked & (best < need + CLOSING)  # the others are too far apart to meet
    simple = near & ~priced & (best >= need) & _upright(things, ks, ms)
    _rows_at_once(program, drawing, ks[simple], ms[simple], rooms[simple].argmax(axis=1), best[simple],
                  need[simple])
    one_by_one = (near & ~simple) | (asked & priced)
    for k, m in zip(ks[one_by_one].tolist(), ms[one_by_one].tolist(), strict=True):
        _pair(program, drawing, wished, pitch, shorts, k, m)


def _pair(program: Program, drawing: Drawing, wished: Mapping[int, Wish], pitch: float,
          shorts: dict[int, list[int]], k: int, m: int) -> None:
    """The rows for one pair, worked out on its own."""
    thing, other = drawing.things[k], drawing.things[m]
    need, price = room_asked(thing, other, wished, pitch)
    if need is None:
        return
    first, second = drawing.extents[k], drawing.extents[m]
    best = drawing.parting(first, second, range(4))
    if best.room >= need + CLOSING:
        return  # too far apart to meet
    if (thing.slanted or other.slanted) and best.room < need:
        hold(program, drawing.points, thing.points[0], other.points[0])  # no axis is a slanted one's normal
        return
    noted = [shorts.setdefault(t.owner, []) for t in (thing, other) if t.kind == BOX and t.owner in wished]
    _part(program, drawing, first, second, best, need, price, noted)


def room_asked(one: Thing, other: Thing, wished: Mapping[int, Wish], pitch: float) -> tuple[float | None, float]:
    """The room two things ask between their intervals (None: none asked) and the price per px short where a
    wished name asks it (0: they keep what they have, up to the room asked)."""
    if one.kind > other.kind:
        one, other = other, one
    if other.kind == RIVER:  # a station keeps its bank, and the river's room
        return (RIVER_ROOM * pitch - one.size, 0.0) if one.kind == DISC else (None, 0.0)
    shared = bool(set(one.points) & set(other.points))
    if one.kind == DISC and other.kind == DISC:  # with room for the file's whole pixels
        return MIN_SPACING + ROUNDING - one.size - other.size, 0.0
    if one.kind == DISC and other.kind == SEGMENT:  # the link keeps CLEARANCE pitches from the station's centre
        return (None, 0.0) if shared else (CLEARANCE * pitch - one.size - other.size, 0.0)
    if one.kind == SEGMENT and other.kind == SEGMENT:
        return (None, 0.0) if shared else (SEGMENT_ROOM, 0.0)
    if one.kind == DISC:  # and a box: another station's ring further from the box than its own station's
        if other.owner == one.owner:
            return None, 0.0
        wish = wished.get(other.owner)
        return (wish.reach + NAME_ROOM, wish.price) if wish is not None else (NAME_ROOM, 0.0)
    if one.kind == SEGMENT:  # and a box
        wish = wished.get(other.owner)
        return NAME_ROOM, wish.price if wish is not None else 0.0
    prices = [wish.price for wish in (wished.get(one.owner), wished.get(other.owner)) if wish is not None]
    return NAME_ROOM, max(prices, default=0.0)


def _plain_rooms(things: Sequence[Thing], ks: np.ndarray, ms: np.ndarray, wished: Mapping[int, Wish],
                 pitch: float) -> tuple[np.ndarray, np.ndarray]:
    """`room_asked` for each pair as an array (NaN where a pair asks none), as a pair that asks nothing for a
    wished name asks it; and which pairs have a wished name (`room_asked` says what those ask)."""
    kinds = np.array([thing.kind for thing in things])
    sizes = np.array([thing.size for thing in things])
    owners = np.array([thing.owner for thing in things])
    points = np.array([(*thing.points, -1)[:2] for thing in things])  # each thing's one or two points
    for_wish = np.array([thing.kind == BOX and thing.owner in wished for thing in things])
    one = np.where(kinds[ks] <= kinds[ms], ks, ms)
    other = np.where(kinds[ks] <= kinds[ms], ms, ks)
    low, high = kinds[one], kinds[other]
    shared = ((points[one][:, :, None] == points[other][:, None, :]) & (points[one][:, :, None] >= 0)).any(axis=(1, 2))
    need = np.full(len(ks), NAME_ROOM)  # a name and anything else
    need[(low == DISC) & (high == DISC)] = (MIN_SPACING + ROUNDING - sizes[one] - sizes[other])[
        (low == DISC) & (high == DISC)]
    disc_link = (low == DISC) & (high == SEGMENT)
    need[disc_link] = (CLEARANCE * pitch - sizes[one] - sizes[other])[disc_link]
    need[(low == SEGMENT) & (high == SEGMENT)] = SEGMENT_ROOM
    river = high == RIVER
    need[river] = (RIVER_ROOM * pitch - sizes[one])[river]
    none = (river & (low != DISC)) | (shared & (disc_link | ((low == SEGMENT) & (high == SEGMENT))))
    none |= (low == DISC) & (high == BOX) & (owners[one] == owners[other])
    need[none] = np.nan
    return need, for_wish[ks] | for_wish[ms]


def _rooms(drawing: Drawing, ks: np.ndarray, ms: np.ndarray) -> np.ndarray:
    """For each pair, the room along each axis either way round: the second after the first, then before,
    axis by axis (so the first of equals is the one `Drawing.parting` picks)."""
    lows, highs = drawing.span_arrays()
    after = lows[ms] - highs[ks]
    before = lows[ks] - highs[ms]
    return np.stack((after, before), axis=2).reshape(len(ks), 2 * len(AXES))


def _upright(things: Sequence[Thing], ks: np.ndarray, ms: np.ndarray) -> np.ndarray:
    """Pairs of which neither is a slanted segment."""
    slanted = np.array([thing.slanted for thing in things])
    return ~(slanted[ks] | slanted[ms])


def _rows_at_once(program: Program, drawing: Drawing, ks: np.ndarray, ms: np.ndarray, picks: np.ndarray,
                  rooms: np.ndarray, needs: np.ndarray) -> None:
    """The rows of pairs with the room they ask (see `_row`), as arrays: `picks` is each pair's axis and way
    round (as `_rooms` orders them)."""
    axes, turned = picks // 2, picks % 2
    before = np.where(turned == 1, ms, ks)
    after = np.where(turned == 1, ks, ms)
    ends = drawing.end_arrays()  # per thing and axis: low point, low offset, high point, high offset
    before_point = ends[before, axes, 2].astype(np.int64)
    before_offset = ends[before, axes, 3]
    after_point = ends[after, axes, 0].astype(np.int64)
    after_offset = ends[after, axes, 1]
    unit = np.array(AXES)[axes]
    columns = np.stack((2 * after_point, 2 * after_point + 1, 2 * before_point, 2 * before_point + 1), axis=1)
    values = np.concatenate((unit, -unit), axis=1)
    values[after_point == before_point] = 0.0  # the two ends on one point: the row says nothing
    lower = np.minimum(rooms, needs) - after_offset + before_offset
    program.rows(columns, values, lower, lazy=rooms >= needs + LAZY_ROOM)


def _part(program: Program, drawing: Drawing, first: Extent, second: Extent, best: Parting, need: float,
          price: float, shorts: Sequence[list[int]]) -> None:
    """Keep two things apart as the notes say (`best`: their parting now); a wish short of room asks for it,
    priced, its column of px short noted in each of `shorts` (the wished names')."""
    free = drawing.free(first, second) if price > 0 and best.room < need else {}
    if price > 0 and best.room < need and free:
        short = _row(program, drawing.parting(first, second, free, free), need, price)
        for noted in shorts:
            noted.append(short)
    elif best.room >= need:
        _row(program, best, need, 0.0, lazy=best.room >= need + LAZY_ROOM)
    elif best.room >= 0:
        for axis in range(4):
            parting = drawing.parting(first, second, (axis,))
            if parting.room >= 0:
                _row(program, parting, parting.room, 0.0)
    # else: over each other now (links crossing, a name on a link): not this program's to part


def _row(program: Program, parting: Parting, need: float, price: float, lazy: bool = False) -> int:
    """The row keeping two things `need` px apart along the parting's axis; with a `price`, a column for the px
    short (its index returned, else -1). A pair that is not asked more than it has keeps what it has (so the
    layout as it is fits)."""
    ax, ay = AXES[parting.axis]
    (before, before_offset), (after, after_offset) = parting.before, parting.after
    terms: dict[int, float] = {}
    for point, sign in ((after, 1.0), (before, -1.0)):
        terms[2 * point] = terms.get(2 * point, 0.0) + sign * ax
        terms[2 * point + 1] = terms.get(2 * point + 1, 0.0) + sign * ay
    if price <= 0:
        program.row(terms, min(parting.room, need) - after_offset + before_offset, lazy=lazy)
        return -1
    short = program.column(0.0, math.inf, price)
    terms[short] = 1.0
    program.row(terms, need - after_offset + before_offset)
    return short


def hold(program: Program, points: Sequence[tuple[float, float]], a: int, b: int) -> None:
    """Points a and b keep where they are from each other."""
    if a == b:
        return
    for axis in (0, 1):
        value = points[b][axis] - points[a][axis]
        program.row({2 * b + axis: 1.0, 2 * a + axis: -1.0}, value, value)
