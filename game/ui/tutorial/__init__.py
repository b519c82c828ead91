"""The guided first game: a small board, a script of steps, and cards that teach a turn by doing it."""
