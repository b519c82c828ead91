"""Station names are board data (docs/contracts.md §1b): the compiler reads each station's `label`, writes
its box, and the board check reports every name that collides, crowds or strays."""

from __future__ import annotations

import json

import pytest

from game.board import legibility, proportions
from game.board.label_spec import gap_for, label_box, line_sizes, parse_label, split_lines
from game.board.model import Board
from game.board.text_metrics import name_metrics
from tests.board.test_tmx_compiler import add_prop, mutated


def _board(*changes: tuple[str, str]) -> Board:
    result = mutated(*changes)
    assert result.board is not None, [str(p) for p in result.problems]
    return result.board


def test_every_station_gets_a_box_east_of_it_without_a_label_property() -> None:
    board = _board()
    stations = [n for n in board.nodes if not n.waypoint]
    assert all(n.label is not None and n.label.spec == "E" for n in stations)
    assert all(n.label is None for n in board.nodes if n.waypoint)
    alpha = board.node("Alpha")
    assert alpha.label is not None
    assert alpha.label.x > alpha.x  # east of the station…
    assert alpha.label.y < alpha.y < alpha.label.y + alpha.label.h  # …and level with it


def test_a_label_property_places_the_name_and_is_measured_with_the_name_font() -> None:
    board = _board(add_prop(2, '<property name="label" value="SW/1"/>'))
    bravo = board.node("Bravo")
    assert bravo.label is not None and bravo.label.spec == "SW/1"
    assert bravo.label.lines == ("Bravo",)  # one word: a split it cannot honour keeps one line
    assert bravo.label.x + bravo.label.w <= bravo.x and bravo.label.y >= bravo.y  # south-west
    radius = proportions.node_radii(board)[bravo.index]
    measure = name_metrics().size
    lead = bravo.label.badges * proportions.badge_advance(board.label_px)
    sizes = line_sizes(("Bravo",), lambda text: measure(text, board.label_px), lead)
    expected = label_box(bravo.x, bravo.y, radius, parse_label("SW/1"), sizes, gap_for(board.label_px))
    assert (bravo.label.x, bravo.label.y, bravo.label.w, bravo.label.h) == pytest.approx(expected, abs=0.01)


def test_badges_lead_the_name_and_widen_its_box() -> None:
    board = _board()
    alpha = board.node("Alpha")  # a railway station
    plain = board.node("Foxtrot")
    assert alpha.label is not None and plain.label is not None
    assert alpha.label.badges == 1 and plain.label.badges == 0
    width = name_metrics().width("Alpha", board.label_px)
    assert alpha.label.w == pytest.approx(width + proportions.badge_advance(board.label_px), abs=0.01)


def test_a_bad_label_is_an_error_naming_the_station() -> None:
    result = mutated(add_prop(2, '<property name="label" value="sideways"/>'))
    assert result.board is None
    error = next(p for p in result.errors if p.object_id == 2)
    assert "label" in error.message and "NE" in error.message


def test_label_px_and_titles_are_map_properties() -> None:
    anchor = '<property name="name" value="Tiny Town"/>\n'
    board = _board((anchor, anchor + '  <property name="label_px" value="24"/>\n'
                            '  <property name="name_fr" value="Petite Ville"/>\n'))
    assert board.label_px == 24
    assert board.titles == {"fr": "Petite Ville"}
    again = Board.from_json(json.loads(board.dumps()))
    assert again == board
    bad = mutated((anchor, anchor + '  <property name="label_px" value="2"/>\n'))
    assert bad.board is None and any("label_px" in str(p) for p in bad.errors)


def test_collisions_are_reported_apart_from_the_source_problems_and_point_at_the_station() -> None:
    # Bravo's name put over Charlie: a collision the board check must name, without failing the compile.
    result = mutated(add_prop(2, '<property name="label" value="@40,-10"/>'),
                     add_prop(3, '<property name="label" value="W"/>'))
    assert result.board is not None
    messages = [(p.object_id, p.message) for p in result.legibility]
    assert any(object_id == 2 and "Bravo" in message and "Charlie" in message for object_id, message in messages)
    assert all(p.severity == "legibility" for p in result.legibility)
    assert not any("overlaps" in p.message for p in result.problems)


def test_the_board_check_finds_what_it_promises() -> None:
    board = _board()
    figures = legibility.figures(board)
    assert figures.label_px == 20 and figures.min_spacing == pytest.approx(150, abs=1)
    crowded = Board.from_json({**json.loads(board.dumps()), "nodes": [
        {**node, "x": 100.0 + 10 * i, "y": 100.0} if i < 2 else node
        for i, node in enumerate(json.loads(board.dumps())["nodes"])]})
    assert any("px apart" in message for message in legibility.stations_too_close(crowded))
    assert legibility.figures(crowded).too_close >= 1


def test_names_are_checked_at_the_largest_text_size() -> None:
    board = _board()
    at_one = legibility.name_problems(board, scale=1.0)
    at_clear = legibility.name_problems(board, scale=legibility.CLEAR_SCALE)
    assert set(at_one) <= set(at_clear)  # growing names can only add problems
    assert legibility.name_problems(board) == at_clear


def test_split_lines_are_written_for_the_game() -> None:
    anchor = '<object id="3" name="Charlie"'
    board = _board(add_prop(3, '<property name="label" value="S/2"/>'),
                   (anchor, '<object id="3" name="Charlie Chaplin Road"'))
    node = board.node("Charlie Chaplin Road")
    assert node.label is not None and node.label.lines == split_lines(node.name, parse_label("S/2"))
    assert node.label.lines == ("Charlie Chaplin", "Road")


def test_a_station_whose_disc_the_water_reaches_is_listed() -> None:
    board = _board()
    charlie = board.node("Charlie")  # (400, 100), its disc 14.25 px; Foxtrot below it at (400, 300)
    assert legibility.stations_in_water(board) == []  # Tiny River runs clear of every disc

    def with_water(left: float) -> Board:
        data = json.loads(board.dumps())
        data["decorations"] = [{"kind": "water", "text": "",
                                "points": [[left, 0.0], [left + 30.0, 0.0], [left + 30.0, 200.0], [left, 200.0]]}]
        return Board.from_json(data)

    assert legibility.stations_in_water(with_water(charlie.x + 10.0)) == ["Charlie"]  # under its disc's edge
    assert legibility.stations_in_water(with_water(charlie.x - 15.0)) == ["Charlie"]  # through its centre
    assert legibility.stations_in_water(with_water(charlie.x + 20.0)) == []  # past its disc


def test_the_board_check_points_at_a_station_in_the_water_and_a_name_across_it() -> None:
    """The compiler's legibility lines (and the editor's Problems panel, which lists them) name the station,
    so the designer can go to it: the water under its disc, or its name on the far bank."""
    board = _board()
    charlie = board.node("Charlie")  # (400, 100), its name east of it
    assert not [p for p in legibility.problems(board) if "water" in p.message and p.node is not None]

    def with_water(left: float) -> Board:
        data = json.loads(board.dumps())
        data["decorations"] = [{"kind": "water", "text": "",
                                "points": [[left, 0.0], [left + 12.0, 0.0], [left + 12.0, 200.0], [left, 200.0]]}]
        return Board.from_json(data)

    wet = [(p.node, p.message) for p in legibility.problems(with_water(charlie.x - 6.0)) if p.node is not None]
    assert (charlie.index, "the water reaches Charlie's disc: the station looks as if it stood in the river") in wet
    across = [(p.node, p.message) for p in legibility.problems(with_water(charlie.x + 40.0))
              if p.node is not None and "water" in p.message]
    assert across == [(charlie.index, "name of Charlie is on the water or across it: a reader looks there "
                                      "for another station's name")]


def test_a_name_a_third_on_the_water_counts_as_on_it_though_its_middle_is_on_the_bank() -> None:
    """New York's Clark St sat along the East River's bank, nearly half of it on the water: it read as written
    on the river, while the way from the station to the middle of its name crossed no bank."""
    board = _board()
    charlie = board.node("Charlie")  # its name east of it
    assert charlie.label is not None
    box = charlie.label
    bottom = box.y + box.h

    def with_river_up_to(top: float) -> Board:
        data = json.loads(board.dumps())
        data["decorations"] = [{"kind": "water", "text": "", "points": [
            [box.x - 5, top], [box.x + box.w + 5, top], [box.x + box.w + 5, bottom + 10], [box.x - 5, bottom + 10]]}]
        return Board.from_json(data)

    assert "Charlie" in legibility.names_across_water(with_river_up_to(bottom - box.h * 0.4))
    assert "Charlie" not in legibility.names_across_water(with_river_up_to(bottom - box.h * 0.25))
    assert "Charlie" not in legibility.names_across_water(with_river_up_to(bottom + 2))


def test_the_figure_finds_a_link_path_through_a_name() -> None:
    """The cartography figure measures each link as its centre line: a name that line runs through breaks it
    (London classic's Hammersmith sat across the Richmond branch, and the check, finding nothing nearer than a
    width of 0, had said 0 on every board)."""
    board = _board()
    before = legibility.figure_problems(board)
    clean = next(n for n in board.nodes if not n.waypoint and not [p for p in before if f"name of {n.name} " in p])
    assert clean.label is not None
    box = clean.label
    data = json.loads(board.dumps())
    k = next(k for k, link in enumerate(data["links"]) if clean.index not in (link["a"], link["b"]))
    middle = box.x + box.w / 2
    data["links"][k]["path"] = [[middle, box.y - 40.0], [middle, box.y + box.h + 40.0]]
    crossed = Board.from_json(data)
    name = legibility.link_name(crossed, crossed.links[k])
    assert f"name of {clean.name} crosses a link ({name})" in legibility.figure_problems(crossed)


def test_a_link_drawn_along_the_water_is_a_problem_and_one_across_it_is_not() -> None:
    """A river drawn down a link's track is hidden by it: the river seems to stop and start again."""
    board = _board()
    link = next(k for k in board.links if len(k.path) == 2 and k.path[0][1] == k.path[1][1])  # a level link
    (x0, y), (x1, _) = sorted(link.path)
    name = legibility.link_name(board, link)

    def with_water(points: list[list[float]]) -> Board:
        data = json.loads(board.dumps())
        data["decorations"] = [{"kind": "water", "text": "", "points": points}]
        return Board.from_json(data)

    middle = (x0 + x1) / 2
    along = with_water([[middle - 30, y - 8], [middle + 30, y - 8], [middle + 30, y + 8], [middle - 30, y + 8]])
    across = with_water([[middle - 8, y - 60], [middle + 8, y - 60], [middle + 8, y + 60], [middle - 8, y + 60]])

    assert [m for m in legibility.links_along_water(along) if name in m]
    problem = next(p for p in legibility.problems(along) if "runs along the water" in p.message)
    assert problem.link == link.index
    assert not [m for m in legibility.links_along_water(across) if name in m]
