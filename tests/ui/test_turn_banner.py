"""The turn's banner shows its words only on a plate that is fully there (game/ui/panels/turn_banner.py): faded
in and out together, "Anna's turn" and the turn box's "Your move, Anna" under it showed through each other."""

from __future__ import annotations

from game.ui.panels.turn_banner import banner_alphas


def test_the_words_show_only_on_a_whole_plate() -> None:
    life = [k / 1000 for k in range(1001)]
    for t in life:
        plate, words = banner_alphas(t)
        assert 0.0 <= plate <= 1.0 and 0.0 <= words <= 1.0
        assert words == 0.0 or plate == 1.0, t


def test_the_banner_comes_and_goes() -> None:
    assert banner_alphas(0.0) == (0.0, 0.0) and banner_alphas(1.0) == (0.0, 0.0)
    assert banner_alphas(0.5) == (1.0, 1.0)
    plates = [banner_alphas(k / 100)[0] for k in range(101)]
    assert plates[:10] == sorted(plates[:10]) and plates[-10:] == sorted(plates[-10:], reverse=True)
