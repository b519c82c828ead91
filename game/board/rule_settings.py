"""Rule settings: every ruling is data a board can override, never a constant buried in the engine.

Each ruleset (london, berlin, newyork, custom) is a set of defaults; a board's map properties
override single fields. The engine reads only a resolved `RuleSettings`.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field, fields, replace
from typing import Any

LINE_TOKENS: dict[str, int] = {
    "red": 20, "yellow": 20, "blue": 20, "purple": 20, "black": 20,
    "pink": 15, "orange": 15, "green": 15, "brown": 15, "white": 15, "grey": 15,
}

# The "score tiles": which lines each seat owns, per player count. Every seat gets the same token total.
COLOUR_SETS: dict[str, list[list[str]]] = {
    "2": [["red", "black", "orange", "green"], ["blue", "yellow", "pink", "brown"]],
    "3": [["red", "orange", "white"], ["blue", "green", "grey"], ["black", "pink", "brown"]],
    "4": [["black", "grey"], ["white", "yellow"], ["red", "orange"], ["blue", "green"]],
    "5": [["black", "grey"], ["white", "yellow"], ["red", "orange"], ["blue", "green"], ["purple", "pink"]],
}

RULESETS = ("london", "berlin", "newyork", "custom")


@dataclass(frozen=True)
class RuleSettings:
    """Everything the rules engine needs to know that a board designer may change."""

    actions_per_turn: int = 4
    # "staggered": round one gives the first seat one action fewer and the last one more (3/4/…/5).
    # "equal": everybody takes actions_per_turn (classic), usually with start_points.
    first_round: str = "staggered"
    start_points: tuple[int, ...] = ()
    face_up: int = 4
    branch_cost: int = 2
    railway_points: int = 1
    terminus_points: int = 2
    terminus_branch_tokens: int = 1
    loops: bool = False
    loop_points: int = 1
    connection_pair_points: int = 3
    connection_symbols: tuple[str, ...] = ("restaurants", "monuments", "shops", "parks")
    plus_table: tuple[int, ...] = (0, 2, 2, 4)
    landmark_types: tuple[str, ...] = ("museum", "palace", "church", "tower", "gate")
    landmark_set_points: int = 10
    landmark_majority_points: int = 3
    cluster_points: int = 1
    water_table: tuple[int, ...] = (0, 0, 3)
    # Moves the passenger makes when the display shows only one kind of card (New York: 2).
    single_kind_moves: int = 1
    # Classic rules take the passenger off the board as soon as the draw pile is empty.
    passenger_after_deck: bool = True
    line_tokens: dict[str, int] = field(default_factory=lambda: dict(LINE_TOKENS))
    colour_sets: dict[str, list[list[str]]] = field(default_factory=lambda: json.loads(json.dumps(COLOUR_SETS)))
    # A safety net against a board on which the deck can never run out.
    turn_limit: int = 400

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> RuleSettings:
        return cls().override(data)

    def override(self, values: dict[str, Any]) -> RuleSettings:
        """A copy with some fields replaced; lists become tuples where the field is a tuple."""
        known = {f.name: f for f in fields(self)}
        changes: dict[str, Any] = {}
        for name, value in values.items():
            if name not in known:
                raise ValueError(f"unknown rule setting {name!r}")
            default = getattr(self, name)
            if isinstance(default, tuple):
                value = tuple(value)
            changes[name] = value
        return replace(self, **changes)

    def seats_lines(self, players: int) -> list[list[str]]:
        try:
            return [list(lines) for lines in self.colour_sets[str(players)]]
        except KeyError:
            raise ValueError(f"this board has no colour set for {players} players") from None


FIRST_ROUNDS = ("staggered", "equal")
MAX_SETTING = 100_000
MAX_LINE_TOKENS = 1000
# Lower bounds below which the engine would stall (no actions, so a turn never ends) or hand out
# negative pieces; other whole numbers only need to stay within ±MAX_SETTING.
SETTING_MINIMUM = {"actions_per_turn": 1, "turn_limit": 1, "face_up": 0, "single_kind_moves": 0,
                   "branch_cost": 0, "terminus_branch_tokens": 0}


def check_settings(settings: RuleSettings) -> None:
    """Refuse settings the engine cannot play with (ValueError, one line).

    Board files and sources come from strangers: a wrong type or a colour set naming an unknown line
    must be refused when the board is read, not crash the game many turns later.
    """
    for spec in fields(settings):
        name, value, default = spec.name, getattr(settings, spec.name), getattr(RuleSettings(), spec.name)
        if isinstance(default, bool):
            if not isinstance(value, bool):
                raise ValueError(f"rule setting {name} must be true or false")
        elif isinstance(default, int):
            _check_whole(name, value, SETTING_MINIMUM.get(name, -MAX_SETTING), MAX_SETTING)
        elif isinstance(default, str):
            if not isinstance(value, str):
                raise ValueError(f"rule setting {name} must be text")
        elif isinstance(default, tuple):
            if not isinstance(value, tuple) or len(value) > 100:
                raise ValueError(f"rule setting {name} must be a list of at most 100 items")
            for item in value:
                if name in ("connection_symbols", "landmark_types"):
                    if not isinstance(item, str) or not item:
                        raise ValueError(f"rule setting {name} must list names")
                else:
                    _check_whole(name, item, -MAX_SETTING, MAX_SETTING)
    if settings.first_round not in FIRST_ROUNDS:
        raise ValueError(f"rule setting first_round must be one of {', '.join(FIRST_ROUNDS)}")
    for name in ("connection_symbols", "landmark_types"):
        if not getattr(settings, name):
            raise ValueError(f"rule setting {name} must name at least one kind of tile")
    _check_lines(settings.line_tokens, settings.colour_sets)


def _check_whole(name: str, value: Any, low: int, high: int) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise ValueError(f"rule setting {name} must be whole numbers from {low} to {high}")


def _check_lines(line_tokens: Any, colour_sets: Any) -> None:
    """Every line has a token count; every colour set gives each seat known lines, none twice."""
    if not isinstance(line_tokens, dict) or not line_tokens:
        raise ValueError("rule setting line_tokens must map line colours to token counts")
    for line, count in line_tokens.items():
        _check_whole(f"line_tokens[{str(line)[:20]!r}]", count, 0, MAX_LINE_TOKENS)
    if not isinstance(colour_sets, dict) or not colour_sets:
        raise ValueError("rule setting colour_sets must map player counts to the seats' lines")
    for players, seats in colour_sets.items():
        where = f"colour_sets[{str(players)[:10]!r}]"
        if players not in ("2", "3", "4", "5"):
            raise ValueError(f"rule setting {where}: player counts are 2 to 5")
        if not isinstance(seats, list) or len(seats) != int(players):
            raise ValueError(f"rule setting {where} must give {players} seats their lines")
        used: list[str] = []
        for seat in seats:
            if not isinstance(seat, list) or not seat or not all(isinstance(line, str) for line in seat):
                raise ValueError(f"rule setting {where}: each seat needs a list of line colours")
            used += seat
        unknown = sorted({line for line in used if line not in line_tokens})
        if unknown:
            raise ValueError(f"rule setting {where} names lines without tokens: {', '.join(unknown)[:60]}")
        if len(set(used)) != len(used):
            raise ValueError(f"rule setting {where} gives one line to two seats")


RULESET_DEFAULTS: dict[str, dict[str, Any]] = {
    "london": {"loops": True},
    "berlin": {},
    "newyork": {"single_kind_moves": 2},
    "custom": {"loops": True},
}

# Map properties a board may set (name → its annotation as written; `parse_setting` reads a TMX string into each).
SETTING_FIELDS: dict[str, str] = {f.name: str(f.type) for f in fields(RuleSettings)}


def settings_for(ruleset: str, overrides: dict[str, Any] | None = None) -> RuleSettings:
    """The resolved settings of a ruleset with a board's overrides applied."""
    if ruleset not in RULESET_DEFAULTS:
        raise ValueError(f"unknown ruleset {ruleset!r} (expected one of {', '.join(RULESETS)})")
    return RuleSettings().override(RULESET_DEFAULTS[ruleset]).override(overrides or {})


def parse_setting(name: str, text: str) -> Any:
    """Read a map property string (as Tiled stores it) into the setting's type.

    Lists are comma separated ("0,2,2,4"); dictionaries (colour sets, line tokens) are JSON.
    """
    default = getattr(RuleSettings(), name)
    if isinstance(default, bool):
        if text.lower() in ("true", "1", "yes"):
            return True
        if text.lower() in ("false", "0", "no"):
            return False
        raise ValueError(f"rule setting {name!r} must be true or false, not {text!r}")
    if isinstance(default, int):
        return _whole(text)
    if isinstance(default, str):
        return text
    if isinstance(default, tuple):
        items = [item.strip() for item in text.split(",") if item.strip()]
        if default and isinstance(default[0], str):
            return tuple(items)
        return tuple(_whole(item) for item in items)
    if isinstance(default, dict):
        value = json.loads(text)
        if not isinstance(value, dict):
            raise ValueError(f"rule setting {name!r} must be a JSON object")
        return value
    raise ValueError(f"rule setting {name!r} cannot be set from a board")


def _whole(text: str) -> int:
    """A whole number as a designer types it; a ValueError that says so in words otherwise (Python's own,
    "invalid literal for int() with base 10", reached the editor's status line)."""
    try:
        return int(text)
    except ValueError:
        raise ValueError(f"{text.strip()!r} is not a whole number") from None
