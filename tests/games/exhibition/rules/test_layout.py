"""R3 and D9: layouts as data."""

import pytest

import exhibition_lab as xl


def test_r3_base_layout():
    layout = xl.Layout.base()
    assert [(s.name, s.size) for s in layout] == [
        ("General", 6),
        ("One Era", 4),
        ("Mid Century", 1),
        ("One Continent", 3),
        ("Years Gap", 2),
    ]
    assert layout.n_spots == 16 and xl.DEPOT_SIZE == 3


def test_d9_variations_replace_their_base_showcase():
    layout = xl.Layout.base().with_variations("links", "spread_the_years", "one_decade", "antiquity")
    assert layout.keys == ("links", "spread_the_years", "mid_century", "one_decade", "antiquity")
    assert layout.sizes == xl.Layout.base().sizes
    assert xl.Layout.from_keys(list(layout.keys)) == layout


def test_d9_one_variation_per_base_showcase():
    with pytest.raises(xl.ExhibitionLabError, match="at most one"):
        xl.Layout.base().with_variations("short_era", "antiquity")
    with pytest.raises(xl.ExhibitionLabError, match="unknown variation"):
        xl.Layout.base().with_variations("chess")


def test_layout_must_hold_every_base_showcase_once():
    with pytest.raises(xl.ExhibitionLabError):
        xl.Layout.from_keys(["general", "general", "mid_century", "one_continent", "years_gap"])
    with pytest.raises(xl.ExhibitionLabError):
        xl.Layout.from_keys(["general"])


def test_spots_are_named_in_words_as_on_the_board():
    layout = xl.Layout.base()
    assert layout.spot_name(0, 0) == "General, 1st spot"
    assert layout.spot_name(0, 2) == "General, 3rd spot"
    assert layout.spot_name(1, 3) == "One Era, 4th spot"
    assert layout.spot_name(2, 0) == "Mid Century"
    assert layout.spot_name(4, 1) == "Years Gap, 2nd spot"
    assert xl.Layout.base().with_variations("links").spot_name(0, 1) == "Links, 2nd spot"
    with pytest.raises(xl.ExhibitionLabError, match="no spot 6 in showcase 0"):
        layout.spot_name(0, 6)
