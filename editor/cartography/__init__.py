"""Cartography: a city's network drawn as a metro map (octilinear layout) and its station names placed.

The authoring pipeline reads like LOOM's: import → schematize → place names → write TMX. Nothing here draws
(no pygame; spread/'s linear program is solved by HiGHS): it takes plain data and returns plain data, so the
importer, the editor's "Tidy layout" and "Place names" commands, the board check and the tests all call the
same functions.
"""
