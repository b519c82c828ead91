"""Every string the player can read, keyed by message id: the English source of the catalogues.

`tools/sync_locales.py` copies TEXT["en"] into game/locales/en.json; the screens read every message
through `game.i18n` (German and French live in de.json / fr.json). Adding a string: put it here, run
`python -m tools.sync_locales`, translate it in de.json and fr.json.
"""

from __future__ import annotations

from game import i18n

LANGUAGES: dict[str, str] = i18n.LANGUAGES  # code → the language's own name, in menu order

TEXT: dict[str, dict[str, str]] = {
    "en": {
        "app.title": "Underground",
        "app.subtitle": "Build the lines. Move the lazy passenger.",
        "menu.board": "City",
        "menu.variant": "Edition",
        "menu.variant.second": "2nd edition",
        "menu.variant.classic": "Classic (1st edition)",
        "menu.players": "Players",
        "menu.seat": "Seat {number}",
        "menu.seat.person": "Person",
        "menu.seat.easy": "Computer · easy",
        "menu.seat.normal": "Computer · normal",
        "menu.seat.hard": "Computer · hard",
        "menu.seat.default_name": "Player {number}",
        "menu.seat.computer_name": "Computer {number}",
        "menu.start": "Start",
        "menu.continue": "Continue",
        "menu.quit": "Quit",
        "menu.settings": "Settings",
        "settings.percent": "{percent}%",
        "menu.no_boards": "No boards are installed.",
        "menu.lines": "lines",
        "menu.stations": "{count} stations",
        "board.london": "London",
        "board.london_classic": "London (classic)",
        "board.berlin": "Berlin",
        "board.newyork": "New York",
        "play.loading": "Loading…",
        "play.turn": "{name}'s turn",
        "play.actions_left": "Actions left: {count}",
        "play.deck": "Cards in the pile: {count}",
        "play.passenger": "The passenger moves",
        "play.over": "Game over",
        "play.no_engine": "The rules engine is not available yet.",
        "play.hint": "Wheel: zoom · Drag or arrows: pan · F: fit · F11: full screen · Esc: menu",
        "play.your_turn": "Your move, {name}",
        "play.thinking": "{name} is thinking…",
        "play.actions": "Actions",
        "play.pick_line": "Pick one of your lines (1–{count}), then a lit space",
        "play.place_hint": "Click a lit space to lay {line}",
        "play.no_space": "No space for {line} now: pick another line or take a branch token",
        "play.take_branch": "Take branch token",
        "play.take_branch_key": "B",
        "play.undo": "Undo",
        "play.undo_key": "Ctrl+Z",
        "play.go": "Go",
        "play.go_key": "Enter",
        "play.faster": "Space: faster",
        "play.fast_on": "Fast ×4 (Space)",
        "play.keys": "1–4 lines · B branch token · Ctrl+Z undo · Wheel zoom · F fit · Esc menu",
        "play.not_your_line": "That line is not yours",
        "play.no_line_here": "Pick a line first (click it in the sidebar or press 1–4)",
        "play.not_a_space": "That is not a track space",
        "play.computer": "computer",
        "play.cost": "costs {count} branch tokens",
        "play.preview.points": "+{points}",
        "play.preview.nothing": "No points",
        "play.preview.tokens": "+{count} branch token",
        "play.preview.tokens_many": "+{count} branch tokens",
        "play.route.title": "The passenger moves",
        "play.route.to": "to {station}",
        "play.route.walk": "walks {count}",
        "play.route.on": "on {lines}",
        "play.route.by_foot": "on foot",
        "play.route.choose": "{name}, choose the passenger's route: click a destination or a line",
        "play.route.narrow": "{count} routes ride that line: click another of its lines or a row above",
        "play.route.pick": "Choose the passenger's route ({count} tie)",
        "play.route.single": "Next stop: {station}",
        "play.route.wait": "{name} chooses the route…",
        "play.route.option": "{number} · {station}",
        "play.route.stay": "The passenger is already at {station}",
        "play.cards": "Destinations",
        "play.deck_short": "Pile: {count}",
        "play.deck_hover": "Still in the pile: {names}",
        "play.deck_empty": "The pile is empty",
        "play.log": "What happened",
        "play.turn_banner": "{name}'s turn",
        "play.round": "Round {number}",
        "play.express": "Express",
        "play.standard": "Standard",
        "reason.railway": "railway station: {station}",
        "reason.railway.short": "railway station",
        "reason.terminus": "terminus: {station}",
        "reason.terminus.short": "terminus",
        "reason.plus": "“+” station {n}: {station}",
        "reason.plus.short": "“+” station {n}",
        "reason.water": "water crossing symbol {n}",
        "reason.cluster": "cluster {cluster}: joins {n} other clusters",
        "reason.cluster_one": "cluster {cluster}: joins 1 other cluster",
        "reason.landmark_tile": "landmark tile: {tile} at {station}",
        "reason.landmark_tile.short": "landmark tile: {tile}",
        "reason.landmark_set": "landmark set of every type",
        "reason.connection_pair": "connection pair: {symbol}",
        "reason.loop": "loop around {n} stations",
        "reason.loop_one": "loop around 1 station",
        "reason.ride": "passenger rode the {line} line",
        "reason.landmark_majority": "{n} landmark tiles of one type",
        "reason.landmark_majority_one": "1 landmark tile of one type",
        "symbol.restaurants": "restaurants",
        "symbol.monuments": "monuments",
        "symbol.shops": "shops",
        "symbol.parks": "parks",
        "landmark.museum": "museum",
        "landmark.palace": "palace",
        "landmark.church": "church",
        "landmark.tower": "tower",
        "landmark.gate": "gate",
        "line.red": "red",
        "line.yellow": "yellow",
        "line.blue": "blue",
        "line.purple": "purple",
        "line.black": "black",
        "line.pink": "pink",
        "line.orange": "orange",
        "line.green": "green",
        "line.brown": "brown",
        "line.white": "white",
        "line.grey": "grey",
        "line.red.code": "RD",
        "line.yellow.code": "YE",
        "line.blue.code": "BU",
        "line.purple.code": "VT",
        "line.black.code": "BK",
        "line.pink.code": "PK",
        "line.orange.code": "OG",
        "line.green.code": "GN",
        "line.brown.code": "BN",
        "line.white.code": "WH",
        "line.grey.code": "GY",
        "log.place": "{name} placed {line} {a}–{b}",
        "log.place_points": "{name} placed {line} {a}–{b}: +{points} ({reasons})",
        "log.paid": "paid {count} branch tokens",
        "log.tokens": "+{count} branch token",
        "log.branch": "{name} took a branch token",
        "log.ride": "Passenger {a} → {b} on {lines}",
        "log.ride_walk": "Passenger {a} → {b} on foot",
        "log.stay": "Passenger stays at {b}",
        "log.scores": "{name} +{points}",
        "log.score": "{name} +{points} ({reasons})",
        "log.refill": "New cards: {names}",
        "log.turn": "{name}'s turn",
        "log.end_triggered": "The pile is empty: last round",
        "log.passenger_removed": "The passenger leaves the board",
        "log.game_over": "Game over: {names} won",
        "log.game_over_shared": "Game over: shared victory for {names}",
        "log.and": " and ",
        "end.title": "Final scores",
        "end.winner": "{name} wins!",
        "end.shared": "Shared victory: {names}",
        "end.tiebreak": "Tied on {points} points: decided by branch tokens",
        "end.tiebreak_shared": "Tied on points and branch tokens",
        "end.points": "{points}",
        "end.tokens": "{count} branch tokens",
        "end.chart": "Score turn by turn",
        "end.turn_axis": "turns",
        "end.new_game": "New game",
        "end.menu": "Menu",
        "end.board": "{board} · {turns} turns",
        "show.title": "Show mode",
        "show.caption": "Computer players on a loop",
        "show.press": "Press any key or button to play",
        "show.menu": "Show mode",
        "menu.rules": "Rules",
        "pad.connected": "Controller connected: {name}",
        "pad.connected_plain": "Controller connected",
        "pad.disconnected": "Controller disconnected: play on with the mouse or keyboard",
        "pad.other_seat": "This controller is {name}'s",
        "pad.hint.actions": "A place · X branch token · Y line · B undo · triggers zoom",
        "pad.hint.route": "LB/RB choose a route · A go",
        "help.title": "How to play",
        "help.close": "Close",
        "help.button": "Rules (F1)",
        "help.goal.title": "The goal",
        "help.goal": (
            "Build underground lines across {city} that reach stations worth points and that the lazy passenger "
            "wants to ride. Whoever has the most points at the end wins."
        ),
        "help.goal.any": (
            "Build underground lines that reach stations worth points and that the lazy passenger wants to ride. "
            "Whoever has the most points at the end wins."
        ),
        "help.turn.title": "A turn",
        "help.turn": (
            "You have {actions} actions. Each one is either: lay one track token of one of your lines, or take "
            "one branch token. Then the passenger moves, the destination cards are topped up and the next player "
            "goes."
        ),
        "help.turn.staggered": (
            "In the first round only, the first player has one action fewer and the last player one more, to make"
            " up for the order."
        ),
        "help.turn.equal": (
            "Classic rules: everyone has {actions} actions from the very first turn, and the players start on "
            "{points} points in turn order."
        ),
        "help.place.title": "Laying track",
        "help.place.first": (
            "A line's first token may go on any empty space. Every later token must touch the line at one of its "
            "ends."
        ),
        "help.place.branch": (
            "To leave the line from a station in its middle, pay {cost} branch tokens: that makes a branch. "
            "Closing a loop back onto the line itself is free."
        ),
        "help.place.rules": (
            "A link holds at most one token of each colour, and a line always stays in one piece. When a line's "
            "tokens run out, that line is finished."
        ),
        "help.score.title": "What scores on this board",
        "help.score.intro": (
            "A line earns each bonus once per station, the moment it first connects that station (another line, "
            "even your own, can earn it again):"
        ),
        "help.score.railway": "Railway station: +{points}.",
        "help.score.terminus": "Terminus: +{points} and {tokens} branch token.",
        "help.score.connection": (
            "Connection stations come in pairs with the same symbol. A line that connects both of a pair: "
            "+{points}."
        ),
        "help.score.loop": (
            "Loops: when a line closes a loop, each station inside it scores +{points} for that line (once per "
            "line, and not the stations the line itself runs through)."
        ),
        "help.score.plus": "“+” stations: the first, second, third and fourth that a line connects score {table}.",
        "help.score.landmark": (
            "Landmark stations: a line that connects one takes one of its tiles. Five different types score "
            "+{set} at once; at the end, +{majority} for each tile of the type you hold most of."
        ),
        "help.score.cluster": (
            "Districts: when a line first reaches a district, it scores +{points} for every other district it "
            "already reaches."
        ),
        "help.score.water": (
            "Water crossings: a line scores +{points} when it connects its third water symbol. No line may end on"
            " the water when your turn ends."
        ),
        "help.passenger.title": "The passenger",
        "help.passenger.moves": (
            "After every turn the passenger travels: first to an express destination, then on to a standard one. "
            "If the cards on display are all of one kind, he makes one trip."
        ),
        "help.passenger.moves_standard": (
            "After every turn the passenger makes two trips, each to a destination on display."
        ),
        "help.passenger.route": (
            "He is lazy: he takes the route with the fewest empty spaces to walk, then the fewest lines to ride. "
            "How long it is does not matter."
        ),
        "help.passenger.choose": (
            "When several routes tie, the player whose turn it is chooses. Every line he rides scores +1 for its "
            "owner."
        ),
        "help.end.title": "The end",
        "help.end.pile": (
            "When the destination pile runs out, the round is finished so that everyone has had the same number "
            "of turns."
        ),
        "help.end.classic": (
            "Classic rules: the passenger leaves the board as soon as the pile is empty; the last turns are for "
            "building only."
        ),
        "help.end.winner": (
            "Most points wins. A tie goes to whoever has more branch tokens; if that ties too, the victory is "
            "shared."
        ),
        "help.controls.title": "Controls",
        "help.controls.mouse": (
            "Mouse and keys: click one of your lines (or press 1–4), then a lit space. B takes a branch token, "
            "Ctrl+Z undoes, Enter sends the passenger, the wheel zooms, dragging pans, F fits the board, F1 or H "
            "shows these rules, Esc goes to the menu."
        ),
        "help.controls.pad": (
            "Controller: the d-pad or left stick jumps between lit spaces, A lays track, X takes a branch token, "
            "Y or LB/RB switch line, B undoes. For the passenger, LB/RB pick a route and A or Start sends him. "
            "Right stick pans, triggers zoom, the Guide button shows these rules."
        ),
        "coach.line": "Pick one of your lines",
        "coach.line.more": (
            "Your lines are the coloured chips. Click one or press its number; the one lifted is the line you are"
            " building."
        ),
        "coach.space": "Click a lit space",
        "coach.space.more": (
            "The lit spaces are where your line may go. A number on a badge is what it costs in branch tokens."
        ),
        "coach.passenger": "The passenger moves now: choose a route",
        "coach.passenger.more": (
            "These routes tie. Click a row, a destination or a line on the map; every line he rides scores for "
            "its owner."
        ),
        "coach.done": "That was a whole turn",
        "coach.done.more": "The rules are behind this button (or F1) whenever you need them. Have fun!",
        "coach.next": "Got it",
        "coach.never": "Don't show again",
        "error.board": "Cannot open the board: {reason}",
        "seat.points": "{points} pts",
        "save.problem.corrupt": "The last saved game was damaged; it was kept as {file}.",
        "save.problem.newer": "The last saved game is from a newer version of Underground; it was kept as {file}.",
        "save.problem.unreadable": "The last saved game could not be read ({reason}); it was kept as {file}.",
        "save.problem.board": "The board of the last saved game could not be opened ({reason}); "
                              "the save was kept as {file}.",
        "save.problem.not_kept": "A saved game is damaged and could not be set aside ({reason}).",
        "save.problem.fallback": "Continue resumes the save before it.",
        "save.problem.none_left": "There is no earlier save to continue.",
        "save.problem.unsaved": "Could not save the game: {reason}",
        "save.reason.full": "disk full",
        "save.reason.read_only": "the folder is read-only",
    },
}

def set_language(code: str | None) -> str:
    """Switch the interface language (unknown codes fall back to English); returns the code in use."""
    return i18n.set_language(code or i18n.FALLBACK)


def language() -> str:
    return i18n.language()


def tr(key: str, **values: object) -> str:
    """The message `key` in the current language, formatted.

    The catalogues answer; a key only this file knows yet (added, sync tool not run) shows its English
    source rather than the bare key, so a screen is never left with an id on it.
    """
    if i18n.has(key) or key not in TEXT["en"]:
        return i18n.tr(key, **values)
    message = TEXT["en"][key]
    try:
        return message.format(**values) if values else message
    except (KeyError, IndexError, ValueError):
        return message


def known(key: str) -> bool:
    return i18n.has(key) or key in TEXT["en"]


def line_name(line: str) -> str:
    """A line colour's name in the interface language (the engine uses English ids)."""
    return tr(f"line.{line}") if known(f"line.{line}") else line


def line_code(line: str) -> str:
    """A line's short code (RD, BU, …) for colour-blind mode: letters that tell lines apart without colour."""
    key = f"line.{line}.code"
    return tr(key) if known(key) else line[:2].upper()


def joined(names: list[str]) -> str:
    """Names as a readable list: "A", "A and B", "A, B and C"."""
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + tr("log.and") + names[-1]


def board_title(name: str) -> str:
    """A readable name for a built-in board id (`newyork` → New York)."""
    key = f"board.{name}"
    if known(key):
        return tr(key)
    return name.replace("_", " ").replace("-", " ").title()
