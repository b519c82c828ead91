"""The interface text: gettext sources (`{code}.po`) and the compiled catalogues the game reads (`{code}.mo`).

A package so the files install with the game; `tools/locales.py` compiles and checks them.
"""
