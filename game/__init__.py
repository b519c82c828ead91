"""Underground: a digital On the Underground for couch play, with a board editor and a show mode."""

import os

# The headless commands print nothing but JSON on stdout: keep pygame's greeting out of it.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
