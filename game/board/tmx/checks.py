"""Whole-board checks over the drafts, and assembly of the Board when none of them found an error.

Each check reports every offender, naming the Tiled object, so a designer sees the full list at once.
"""

from __future__ import annotations

from game.board import legibility
from game.board.model import MAX_LINKS, MAX_STATIONS, MAX_WAYPOINTS, Board, Cluster, Link, Node, Point
from game.board.naming import with_name_labels
from game.board.tmx.build import Drafts, LinkDraft, NodeDraft
from game.board.tmx.problems import Reporter
from game.geometry import oriented_path, point_in_polygon

RESOLVED = tuple[LinkDraft, NodeDraft, NodeDraft]


def check_and_assemble(drafts: Drafts, report: Reporter, width: float, height: float) -> Board | None:
    """Run every board-level check; the Board only when the whole source is free of errors."""
    if not _within_size(drafts, report):
        return None  # the checks below are not run on a board the game would refuse anyway
    nodes = drafts.nodes  # sorted by object id already
    _unique_names(nodes, report)
    _one_start(nodes, report)
    links = _resolve_links(drafts, report)
    _duplicate_links(links, report)
    _connected(nodes, links, report)
    _waypoint_degrees(nodes, links, report)
    members = _cluster_members(drafts, report)
    _features(drafts, report)
    if report.has_errors:
        return None
    index = {node.obj.id: i for i, node in enumerate(nodes)}
    board_nodes = tuple(
        Node(i, node.name, node.x, node.y, waypoint=node.waypoint, **node.fields) for i, node in enumerate(nodes)
    )
    board_links = tuple(
        Link(i, index[a.obj.id], index[b.obj.id], link.spaces, _oriented_path(link.points, a, b))
        for i, (link, a, b) in enumerate(links)
    )
    clusters = tuple(
        Cluster(cluster.name, cluster.polygon, tuple(index[n.obj.id] for n in members[cluster.obj.id]))
        for cluster in drafts.clusters
    )
    board = Board(
        name=drafts.name,
        ruleset=drafts.ruleset,
        width=width,
        height=height,
        nodes=board_nodes,
        links=board_links,
        clusters=clusters,
        decorations=tuple(decoration for _, decoration in sorted(drafts.decorations, key=lambda d: d[0])),
        settings=drafts.settings,
        background=drafts.background,
        label_px=drafts.label_px,
        titles=dict(drafts.titles),
    )
    board = with_name_labels(board, {i: node.label for i, node in enumerate(nodes) if node.label is not None})
    for problem in legibility.problems(board):
        if problem.node is not None:
            link = links[problem.link][0].obj if problem.link is not None else None  # the link a name crosses
            report.hard_to_read(nodes[problem.node].obj, problem.message, link, grown=problem.grown)
        elif problem.link is not None:
            along = links[problem.along][0].obj if problem.along is not None else None  # the link it lies on
            report.hard_to_read(links[problem.link][0].obj, problem.message, along)
        else:
            report.hard_to_read("board", problem.message)
    return board


def _within_size(drafts: Drafts, report: Reporter) -> bool:
    """The board's size against what the game is built for (contracts §1, model.MAX_STATIONS): a bigger source
    is refused here, in one line, rather than compiled into a board file the game would refuse to load."""
    waypoints = sum(1 for node in drafts.nodes if node.waypoint)
    counts = ((len(drafts.nodes) - waypoints, MAX_STATIONS, "stations"), (waypoints, MAX_WAYPOINTS, "waypoints"),
              (len(drafts.links), MAX_LINKS, "links"))
    fits = True
    for count, limit, what in counts:
        if count > limit:
            report.error(None, f"the board has {count:,} {what}; a board may have at most {limit:,} "
                               "(the size the game is built for)")
            fits = False
    return fits


def _unique_names(nodes: list[NodeDraft], report: Reporter) -> None:
    first: dict[str, NodeDraft] = {}
    for node in nodes:
        if node.name in first:
            other = first[node.name]
            what = "waypoints" if node.waypoint and other.waypoint else "stations"
            report.error(node.obj, f"two {what} are called {node.name!r} (also object {other.obj.id})")
        else:
            first[node.name] = node


def _one_start(nodes: list[NodeDraft], report: Reporter) -> None:
    starts = [node for node in nodes if node.fields.get("start")]
    if not starts:
        report.error(None, "no station has start = true (the passenger's start; exactly one is needed)")
    for extra in starts[1:]:
        report.error(extra.obj, f"a second start station (the first is object {starts[0].obj.id} "
                                f"{starts[0].name!r}); exactly one is allowed")


def _resolve_links(drafts: Drafts, report: Reporter) -> list[RESOLVED]:
    by_id = {node.obj.id: node for node in drafts.nodes}
    resolved: list[RESOLVED] = []
    for link in drafts.links:
        ends = []
        for end, target in (("a", link.a), ("b", link.b)):
            if target is None:
                continue  # already reported while reading the link
            if target in by_id:
                ends.append(by_id[target])
                continue
            obj = drafts.by_id.get(target)
            if obj is None:
                report.error(link.obj, f"property {end!r} refers to object {target}, which does not exist")
            else:
                what = f"a {obj.kind}" if obj.kind else "an object without a type"
                report.error(link.obj, f"property {end!r} refers to object {target} {obj.name!r}, which is {what}, "
                                       "not a station or waypoint")
        if len(ends) != 2:
            continue
        if ends[0] is ends[1]:
            report.error(link.obj, f"the link joins {ends[0].name!r} to itself (a and b must differ)")
            continue
        resolved.append((link, ends[0], ends[1]))
    return resolved


def _duplicate_links(links: list[RESOLVED], report: Reporter) -> None:
    seen: dict[frozenset[int], LinkDraft] = {}
    for link, a, b in links:
        key = frozenset((a.obj.id, b.obj.id))
        if key in seen:
            report.error(link.obj, f"a second link between {a.name!r} and {b.name!r} (also object "
                                   f"{seen[key].obj.id}); use one link with more spaces")
        else:
            seen[key] = link


def _connected(nodes: list[NodeDraft], links: list[RESOLVED], report: Reporter) -> None:
    """Every part of the network must be reachable: report each part cut off from the largest one."""
    if not nodes:
        report.error(None, "the map has no stations (objects of type 'station')")
        return
    neighbours: dict[int, list[int]] = {node.obj.id: [] for node in nodes}
    for _, a, b in links:
        neighbours[a.obj.id].append(b.obj.id)
        neighbours[b.obj.id].append(a.obj.id)
    parts: list[list[int]] = []
    seen: set[int] = set()
    for node in nodes:
        if node.obj.id in seen:
            continue
        part, stack = [], [node.obj.id]
        seen.add(node.obj.id)
        while stack:
            current = stack.pop()
            part.append(current)
            for other in neighbours[current]:
                if other not in seen:
                    seen.add(other)
                    stack.append(other)
        parts.append(sorted(part))
    if len(parts) == 1:
        return
    main = max(parts, key=len)
    by_id = {node.obj.id: node for node in nodes}
    for part in parts:
        if part is main:
            continue
        names = ", ".join(repr(by_id[i].name) for i in part[:5]) + (", …" if len(part) > 5 else "")
        report.error(by_id[part[0]].obj, f"not connected to the rest of the network (cut-off part: {names})")


def _waypoint_degrees(nodes: list[NodeDraft], links: list[RESOLVED], report: Reporter) -> None:
    degree = {node.obj.id: 0 for node in nodes}
    for _, a, b in links:
        degree[a.obj.id] += 1
        degree[b.obj.id] += 1
    for node in nodes:
        if not node.waypoint or degree[node.obj.id] >= 2:
            continue
        message = f"the waypoint has {degree[node.obj.id]} link(s); a crossing needs two or more"
        if node.fields.get("water", True):
            report.error(node.obj, message)
        else:
            report.warn(node.obj, message)


def _cluster_members(drafts: Drafts, report: Reporter) -> dict[int, list[NodeDraft]]:
    members: dict[int, list[NodeDraft]] = {}
    owner: dict[int, int] = {}
    by_cluster = {cluster.obj.id: cluster for cluster in drafts.clusters}
    for cluster in drafts.clusters:
        found = [n for n in drafts.nodes if not n.waypoint and point_in_polygon((n.x, n.y), cluster.polygon)]
        members[cluster.obj.id] = found
        if not found:
            report.error(cluster.obj, "the cluster contains no station (stations inside its polygon belong to it)")
        for node in found:
            if node.obj.id in owner:
                first = by_cluster[owner[node.obj.id]]
                report.error(node.obj, f"the station lies in two clusters: object {first.obj.id} {first.name!r} "
                                       f"and object {cluster.obj.id} {cluster.name!r}")
            else:
                owner[node.obj.id] = cluster.obj.id
    return members


def _features(drafts: Drafts, report: Reporter) -> None:
    stations = [node for node in drafts.nodes if not node.waypoint]
    connections = [node for node in stations if node.fields.get("connection")]
    if len(connections) % 2:
        report.error(connections[-1].obj, f"{len(connections)} connection stations; they pair up, so the "
                                          "number must be even")
    cards = sum(node.fields.get("cards", 0) for node in stations)
    if cards == 0:
        report.error(None, "no station is a destination; set destination = standard or express on some")
    elif cards < drafts.settings.face_up:
        report.warn(None, f"only {cards} destination card(s); {drafts.settings.face_up} are face up at a time")
    ruleset = drafts.ruleset
    if ruleset == "custom":
        return  # a custom board may use any mix and any counts
    express = [node for node in stations if node.fields.get("destination") == "express"]
    if ruleset == "newyork" and express:
        report.warn(express[0].obj, f"{len(express)} express destination(s) on a newyork board, which has "
                                    "standard cards only")
    if ruleset == "berlin" and not any(node.fields.get("landmarks") for node in stations):
        report.warn(None, "a berlin board without landmark stations: give some stations Landmarks 1 to 3 in "
                          "the side panel (the printed board has five of 3, ten of 2, five of 1)")
    if ruleset == "berlin" and not any(node.fields.get("plus") for node in stations):
        report.warn(None, "a berlin board without '+' stations: tick the \"+\" station box of some stations in "
                          "the side panel (plus = true)")
    if ruleset == "newyork" and not drafts.clusters:
        report.warn(None, "a newyork board without clusters: draw some round groups of stations with the "
                          "Cluster tool (C); a line scores for each other cluster it already reaches")
    if ruleset == "london":
        expected = 2 * len(drafts.settings.connection_symbols)
        if len(connections) != expected:
            report.warn(None, f"{len(connections)} connection stations; the london rules deal {expected} tiles "
                              f"({len(drafts.settings.connection_symbols)} symbols × 2): tick 'Connection tile' "
                              f"on {expected} stations in the side panel")


def _oriented_path(points: tuple[Point, ...], a: NodeDraft, b: NodeDraft) -> tuple[Point, ...]:
    return oriented_path(points, (a.x, a.y), (b.x, b.y))
