"""The `label` property: its text round-trips, and a spec puts the name's box where a cartographer would."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.board.label_spec import (
    SIDES,
    LabelSpec,
    format_label,
    gap_for,
    label_anchor_box,
    label_box,
    line_align,
    line_boxes,
    name_breaks,
    parse_label,
    split_lines,
)

X, Y, R, GAP = 500.0, 300.0, 12.0, 3.0
ONE_LINE = ((80.0, 20.0),)
TWO_LINES = ((50.0, 20.0), (70.0, 20.0))


def nearest_distance(box: tuple[float, float, float, float], px: float, py: float) -> float:
    x, y, w, h = box
    return math.hypot(max(x - px, 0.0, px - x - w), max(y - py, 0.0, py - y - h))


def contains(outer: tuple[float, float, float, float], inner: tuple[float, float, float, float]) -> bool:
    eps = 1e-9
    return (outer[0] - eps <= inner[0] and outer[1] - eps <= inner[1]
            and inner[0] + inner[2] <= outer[0] + outer[2] + eps and inner[1] + inner[3] <= outer[1] + outer[3] + eps)


@pytest.mark.parametrize(("text", "spec"), [
    ("E", LabelSpec("E")),
    ("ne", LabelSpec("NE")),
    ("wsw", LabelSpec("WSW")),
    ("NE+6", LabelSpec("NE", away=6.0)),
    ("SW/2", LabelSpec("SW", split=2)),
    (" n + 4.5 / 1 ", LabelSpec("N", away=4.5, split=1)),
    ("@12,-30", LabelSpec(side=None, offset=(12.0, -30.0))),
    ("@ -7.25 , 3 /1", LabelSpec(side=None, offset=(-7.25, 3.0), split=1)),
])
def test_parse_reads_what_designers_write(text: str, spec: LabelSpec) -> None:
    assert parse_label(text) == spec


@pytest.mark.parametrize(("spec", "text"), [
    (LabelSpec("E"), "E"),
    (LabelSpec("NE", away=6.0, split=2), "NE+6/2"),
    (LabelSpec(side=None, offset=(12.0, -30.0)), "@12,-30"),
    (LabelSpec(side=None, offset=(-0.0, 2.5), split=1), "@0,2.5/1"),
])
def test_format_writes_the_short_form(spec: LabelSpec, text: str) -> None:
    assert format_label(spec) == text


finite = st.floats(min_value=-1e6, max_value=1e6, allow_nan=False, allow_infinity=False)
specs = st.one_of(
    st.builds(LabelSpec, side=st.sampled_from(SIDES), away=st.floats(0, 1e4, allow_nan=False),
              split=st.integers(0, 5)),
    st.builds(lambda dx, dy, split: LabelSpec(side=None, offset=(dx, dy), split=split), finite, finite,
              st.integers(0, 5)),
)


@given(specs)
def test_every_spec_round_trips_through_its_text(spec: LabelSpec) -> None:
    text = format_label(spec)
    assert parse_label(text) == spec
    assert format_label(parse_label(text)) == text


@pytest.mark.parametrize(("text", "message"), [
    ("", "leave the property out"),
    ("   ", "leave the property out"),
    ("Q", "write a side (N NNE NE ENE E ESE SE SSE S SSW SW WSW W WNW NW NNW)"),
    ("NNNE", "write a side"),
    ("NEE", "write a side"),
    ("NE+", "write a side"),
    ("NE/0", "after '/' give how many words go on line one"),
    ("E/two", "after '/' give how many words go on line one"),
    ("NE+-3", "the distance after '+' must be 0 or more"),
    ("@12", "an offset is written @dx,dy"),
    ("@a,b", "an offset is written @dx,dy"),
    ("@1e400,0", "finite coordinates"),
])
def test_bad_text_is_refused_saying_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(ValueError, match="label") as refused:
        parse_label(text)
    assert message in str(refused.value)


def test_a_spec_is_a_side_or_an_offset_never_both() -> None:
    with pytest.raises(ValueError):
        LabelSpec("E", offset=(1.0, 2.0))
    with pytest.raises(ValueError):
        LabelSpec(side=None)
    with pytest.raises(ValueError):
        LabelSpec("X")


def test_each_side_puts_the_box_on_that_side_touching_ring_plus_gap() -> None:
    reach = R + GAP
    w, h = ONE_LINE[0]
    diagonal = reach / math.sqrt(2)
    expected = {
        "E": (X + reach, Y - h / 2),
        "W": (X - reach - w, Y - h / 2),
        "N": (X - w / 2, Y - reach - h),
        "S": (X - w / 2, Y + reach),
        "NE": (X + diagonal, Y - diagonal - h),
        "SE": (X + diagonal, Y + diagonal),
        "SW": (X - diagonal - w, Y + diagonal),
        "NW": (X - diagonal - w, Y - diagonal - h),
        "NNE": (X, Y - reach - h),
        "NNW": (X - w, Y - reach - h),
        "ENE": (X + reach, Y - h),
        "ESE": (X + reach, Y),
        "SSE": (X, Y + reach),
        "SSW": (X - w, Y + reach),
        "WSW": (X - reach - w, Y),
        "WNW": (X - reach - w, Y - h),
    }
    assert set(expected) == set(SIDES)
    for side, (left, top) in expected.items():
        box = label_box(X, Y, R, LabelSpec(side), ONE_LINE, GAP)
        assert box == pytest.approx((left, top, w, h)), side
        assert nearest_distance(box, X, Y) == pytest.approx(reach), side


def test_further_out_moves_the_box_along_its_direction() -> None:
    near = label_box(X, Y, R, LabelSpec("NE"), ONE_LINE, GAP)
    far = label_box(X, Y, R, LabelSpec("NE", away=6.0), ONE_LINE, GAP)
    assert nearest_distance(far, X, Y) == pytest.approx(R + GAP + 6.0)
    assert far[0] - near[0] == pytest.approx(6.0 / math.sqrt(2))
    assert far[1] - near[1] == pytest.approx(-6.0 / math.sqrt(2))


def test_two_lines_stack_inside_one_box_aligned_towards_the_station() -> None:
    box = label_box(X, Y, R, LabelSpec("W", split=1), TWO_LINES, GAP)
    assert box[2:] == (70.0, 40.0)
    assert box[1] == pytest.approx(Y - 20.0)  # vertically centred on the station
    lines = line_boxes(X, Y, R, LabelSpec("W", split=1), TWO_LINES, GAP)
    assert [line[2:] for line in lines] == [(50.0, 20.0), (70.0, 20.0)]
    assert all(contains(box, line) for line in lines)
    assert lines[0][0] + lines[0][2] == pytest.approx(box[0] + box[2])  # right-aligned on the west
    assert lines[1][1] == pytest.approx(lines[0][1] + 20.0)
    assert line_align(LabelSpec("E")) == "left"
    assert line_align(LabelSpec("S")) == "centre"
    assert line_align(LabelSpec("NW")) == "right"
    assert line_align(LabelSpec("NNE")) == "left"
    assert line_align(LabelSpec("SSW")) == "right"


def test_an_offset_box_sits_where_it_was_dragged() -> None:
    spec = parse_label("@-40,16")
    box = label_box(X, Y, R, spec, ONE_LINE, GAP)
    assert box == (X - 40.0, Y + 16.0, 80.0, 20.0)
    assert line_align(spec, ONE_LINE) == "centre"
    assert line_align(parse_label("@5,0"), ONE_LINE) == "left"
    assert line_align(parse_label("@-90,0"), ONE_LINE) == "right"


def test_split_lines_takes_the_first_words_on_line_one() -> None:
    assert split_lines("Tottenham Court Road", LabelSpec("E", split=2)) == ("Tottenham Court", "Road")
    assert split_lines("Tottenham Court Road", LabelSpec("E", split=1)) == ("Tottenham", "Court Road")
    assert split_lines("Tottenham Court Road", LabelSpec("E")) == ("Tottenham Court Road",)
    assert split_lines("Bank", LabelSpec("E", split=1)) == ("Bank",)  # renamed to one word: stays on one line
    assert split_lines("Bank", LabelSpec("E", split=3)) == ("Bank",)


def test_a_hyphenated_or_dashed_word_breaks_after_its_mark() -> None:
    """Berlin's and New York's long names break where a printed map breaks them, the mark ending line one."""
    assert name_breaks("Rosa-Luxemburg-Platz") == [5, 15]
    assert split_lines("Rosa-Luxemburg-Platz", LabelSpec("E", split=2)) == ("Rosa-Luxemburg-", "Platz")
    assert split_lines("Kochstraße/Checkpoint Charlie", LabelSpec("E", split=1)) == ("Kochstraße/",
                                                                                    "Checkpoint Charlie")
    assert split_lines("116 St–Columbia University", LabelSpec("E", split=1)) == ("116 St–", "Columbia University")
    assert name_breaks("Elephant & Castle") == [9, 11]  # a free-standing mark is a word, not a join
    assert name_breaks("Olympia-") == name_breaks("-Stadion") == []  # nothing to put on line two


def test_a_short_name_and_a_list_of_services_stay_whole() -> None:
    """A fresh designer found "18 / St" and "14 St (1 / 2 3 F L M)" on an imported New York board."""
    assert name_breaks("18 St") == name_breaks("York St") == []
    assert name_breaks("Mile End") == [5]
    assert split_lines("96 St (1 2 3)", LabelSpec("E", split=1)) == ("96 St", "(1 2 3)")  # never "96 / St"
    assert name_breaks("14 St (1 2 3 F L M)") == [6]
    assert split_lines("14 St (1 2 3 F L M)", LabelSpec("E", split=1)) == ("14 St", "(1 2 3 F L M)")
    assert split_lines("14 St (1 2 3 F L M)", LabelSpec("E", split=2)) == ("14 St (1 2 3 F L M)",)


@given(st.text(alphabet="ab -/–", max_size=12), st.integers(1, 6))
def test_two_lines_always_spell_the_name(name: str, split: int) -> None:
    lines = split_lines(name, LabelSpec("E", split=split))
    if len(lines) == 2:
        assert all(line.strip() == line and line for line in lines)
        rejoined = lines[0] + lines[1]
        assert name.replace(" ", "") == rejoined.replace(" ", "")
    else:
        assert lines == (name,)


def test_growing_text_keeps_the_anchor_and_grows_away_from_the_station() -> None:
    for side in SIDES:
        spec = LabelSpec(side)
        small = label_box(X, Y, R, spec, TWO_LINES, GAP)
        large = label_box(X, Y, R, spec, TWO_LINES, GAP, scale=1.5)
        assert large[2:] == pytest.approx((105.0, 60.0))
        assert contains(large, small), side
        assert nearest_distance(large, X, Y) == pytest.approx(nearest_distance(small, X, Y)), side


sizes = st.lists(st.tuples(st.floats(1, 400), st.floats(1, 60)), min_size=1, max_size=2).map(tuple)


@given(specs, sizes, st.floats(0, 30), st.floats(0.5, 3), st.floats(0.5, 3))
def test_a_box_at_a_smaller_scale_lies_inside_the_box_at_a_larger_one(
        spec: LabelSpec, line_sizes: tuple[tuple[float, float], ...], radius: float, s1: float, s2: float) -> None:
    small, large = sorted((s1, s2))
    inner = label_box(X, Y, radius, spec, line_sizes, GAP, small)
    outer = label_box(X, Y, radius, spec, line_sizes, GAP, large)
    assert contains(outer, inner)
    _, anchor = label_anchor_box(X, Y, radius, spec, line_sizes, GAP)
    assert nearest_distance(outer, *anchor) == pytest.approx(0.0, abs=1e-6)


def test_the_gap_follows_the_label_size() -> None:
    assert gap_for(20.0) == pytest.approx(4.0)
