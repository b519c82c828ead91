"""Huge hostile inputs, generated on the fly rather than committed: built in chunks so they stay fast."""

from __future__ import annotations

from pathlib import Path

MB = 1024 * 1024
HEADER = (b'<?xml version="1.0" encoding="UTF-8"?>\n<map version="1.8" orientation="orthogonal" width="20" '
          b'height="15" tilewidth="32" tileheight="32">\n <objectgroup id="1" name="Objects">\n')
FOOTER = b" </objectgroup>\n</map>\n"


def many_objects_tmx(count: int = 100_000) -> bytes:
    """`count` stations with ids, names and points (about 8 MB for 100,000): under the byte limit, over the
    object limit."""
    body = b"".join(
        b'  <object id="%d" name="S%d" type="station" x="%d" y="%d"><point/></object>\n' % (i, i, i % 640, i % 480)
        for i in range(1, count + 1)
    )
    return HEADER + body + FOOTER


def write_big_tmx(path: Path, size: int = 50 * MB) -> Path:
    """A well-formed-looking source of `size` bytes, written in 1 MB chunks of objects."""
    line = b'  <object id="1" name="Padding" type="label" x="1" y="1" width="1" height="1"/>\n'
    chunk = line * (MB // len(line))
    with path.open("wb") as out:
        out.write(HEADER)
        written = len(HEADER)
        while written + len(chunk) < size:
            out.write(chunk)
            written += len(chunk)
        out.write(FOOTER)
    return path


def write_big_json(path: Path, size: int = 50 * MB) -> Path:
    """A board-shaped JSON file of `size` bytes: a valid header and an enormous list of nodes."""
    node = b'{"name": "N", "x": 1.0, "y": 1.0},\n'
    chunk = node * (MB // len(node))
    with path.open("wb") as out:
        out.write(b'{"schema": 1, "name": "Big", "ruleset": "custom", "width": 1.0, "height": 1.0, "nodes": [\n')
        written = 0
        while written + len(chunk) < size:
            out.write(chunk)
            written += len(chunk)
        out.write(b'{"name": "Last", "x": 1.0, "y": 1.0}], "links": []}\n')
    return path


def deep_json(depth: int = 100_000) -> bytes:
    """A board whose name is nested `depth` lists deep: the JSON parser's recursion limit, not ours."""
    return b'{"schema": 1, "name": ' + b"[" * depth + b"]" * depth + b', "ruleset": "custom"}'


def deep_xml(depth: int = 100_000) -> bytes:
    """Elements nested `depth` deep inside an object group (layer groups are bounded separately)."""
    return HEADER + b"<a>" * depth + b"</a>" * depth + FOOTER


def deep_groups_tmx(depth: int = 200) -> bytes:
    """Layer groups nested `depth` deep, each one level further offset."""
    opening = b'<group id="9" name="g" offsetx="1">' * depth
    return HEADER.replace(b' <objectgroup id="1" name="Objects">\n', opening) + b"</group>" * depth + b"</map>\n"


def many_points_tmx(points: int = 200_000) -> bytes:
    """One link drawn with far more polyline points than any board needs."""
    text = b" ".join(b"%d,%d" % (i % 1000, i % 700) for i in range(points))
    return HEADER + b'  <object id="1" type="link" x="0" y="0"><polyline points="' + text + b'"/></object>\n' + FOOTER
