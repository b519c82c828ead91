"""Hypothesis profiles: random examples on a developer's machine (they find new cases), the same examples on
every CI run (`HYPOTHESIS_PROFILE=ci`, set by .ci/run), so a landing is never refused by a draw of luck."""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("ci", derandomize=True, print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))
