"""How large the table draws a bus-tour board, in board px: one set of figures so the compiler's board check,
the placing of names and district badges, and the screen agree on where a route or a place really is."""

from __future__ import annotations

PLACE_RADIUS = 15.0  # a place's disc
ROUTE_WIDTH = 20.0  # a route's row of spaces
ROUTE_HALF = ROUTE_WIDTH / 2
TWIN_SHIFT = ROUTE_WIDTH * 0.62  # each row of a double route is drawn this far off the line between its places
TWIN_REACH = ROUTE_HALF + TWIN_SHIFT  # a double route's two rows side by side, from that line
PLACE_CLEAR = PLACE_RADIUS * 1.25  # the part of a route inside its places' discs carries no space
BADGE_RADIUS = 20.0  # a district's value badge
