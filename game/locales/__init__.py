"""Interface text catalogues, one JSON file per language (a package so the files install with the game)."""
