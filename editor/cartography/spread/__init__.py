"""Room for names in two dimensions: a finished metro map moved by one linear program, so names keep the rules.

The layout's own room-making (metro/room.py, metro/compact.py) moves the map along one axis at a time, where
a vertical or 45° link is rigid: in a dense centre every station is tied to its neighbours by such links, so
an avenue of long names one pitch apart cannot be stretched however empty the suburbs are. Here x and y move
together, as in Nöllenburg and Wolff's octilinear layout (IEEE TVCG 2011), with each link's direction kept
(so the program needs no integers and an open solver, HiGHS, takes it in a fraction of a second):

- `drawing.py`: the layout as things drawn (station discs, link segments, name boxes riding on their
  stations), where each lies along the four octilinear axes, and what the links tie together;
- `program.py`: the linear program, handed to HiGHS;
- `layout.py`: `spread`, the layout moved to give wished names their room;
- `pairs.py`: the rows that keep every pair of things near each other apart, most of them worked out as arrays;
- `gauge.py`: how much room a name's place would be short of, to choose where a name should get it;
- `letter.py`: rounds of wishes for the names that break the cartography figure, kept while they help.
"""
