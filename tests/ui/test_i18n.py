"""The package in Spanish and Japanese: complete catalogs whose translations keep every
``{field}`` and plural form, the choice of language (set_language, the environment, the
locale), numbers per language, the deck's translated subjects, the translated rules
reference (same ids, same anchors) and Japanese in the charts."""

from __future__ import annotations

import io
import os
import re
import string
import subprocess
import sys
import warnings
import zipfile
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

import exhibition_lab as xl
from exhibition_lab.core.errors import ArgumentError, DeckError
from exhibition_lab.core.words import DEFAULT_LANGUAGE, LANGUAGES
from exhibition_lab.ui.text import i18n
from exhibition_lab.ui.text.i18n import _, ngettext, pgettext
from exhibition_lab.ui.text.names import card_title, continent_name, spot_name, vehicle_name
from exhibition_lab.ui.text.numbers import number, signed

ROOT = Path(__file__).resolve().parents[2]
OTHER_LANGUAGES = tuple(code for code in LANGUAGES if code != DEFAULT_LANGUAGE)
#: The plural forms each catalog must declare: Spanish singular and plural, Japanese one form.
PLURAL_FORMS = {"es": 2, "ja": 1}
#: The keywords make i18n extracts (Babel's spec: argument positions, c for a context).
KEYWORDS = {"_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2), "N_": None}


def message_ids() -> set[tuple[str | None, str | tuple[str, ...]]]:
    """Every message id of the package's source, as ``make i18n`` extracts it: (context, id)."""
    found = set()
    for _name, _line, message, _comments, context in extract_from_dir(
        str(ROOT / "exhibition_lab"), method_map=[("**.py", "python")], keywords=KEYWORDS
    ):
        found.add((context, message))
    return found


def catalog(language: str):
    with open(i18n.catalog_path(language), "rb") as handle:
        return read_po(handle)


def fields(text: str) -> list[tuple[str, str, str]]:
    """The ``{name!conversion:spec}`` fields of a str.format template, sorted."""
    return sorted(
        (name, conversion or "", spec or "") for _lit, name, spec, conversion in string.Formatter().parse(text) if name
    )


# ---------------------------------------------------------------- catalogs
@pytest.mark.parametrize("language", OTHER_LANGUAGES)
def test_every_message_id_of_the_package_is_translated(language):
    entries = {(m.context, m.id): m for m in catalog(language) if m.id}
    missing = []
    for key in message_ids():
        entry = entries.get(key)
        strings = () if entry is None else (entry.string if isinstance(entry.string, tuple) else (entry.string,))
        if entry is None or entry.fuzzy or not strings or not all(strings):
            missing.append(key)
    assert not missing, f"{language}: untranslated (run make i18n, then translate): {sorted(map(str, missing))[:10]}"


def test_the_template_holds_what_the_source_says():
    with open(ROOT / "exhibition_lab" / "ui" / "locale" / "exhibition_lab.pot", "rb") as handle:
        template = {(m.context, m.id) for m in read_po(handle) if m.id}
    assert template == message_ids(), "the template is out of date: run make i18n"


@pytest.mark.parametrize("language", OTHER_LANGUAGES)
def test_translations_keep_every_field_and_the_plural_forms(language):
    translations = catalog(language)
    assert translations.num_plurals == PLURAL_FORMS[language]
    broken = []
    for message in translations:
        if not message.id:
            continue
        if isinstance(message.id, tuple):
            forms = message.string
            english = [message.id[0], message.id[1]] if len(forms) == 2 else [message.id[1]]
            if len(forms) != PLURAL_FORMS[language]:
                broken.append((message.id, "plural forms"))
                continue
            pairs = list(zip(english, forms))
        else:
            pairs = [(message.id, message.string)]
        broken += [(message.id, said) for source, said in pairs if fields(source) != fields(said)]
    assert not broken, f"{language}: fields dropped or renamed: {broken[:5]}"


def test_a_translation_that_renames_a_field_is_caught():
    assert fields("{card} fits nowhere in your hall.") != fields("{carta} no entra en ningún sitio de tu sala.")
    assert fields("{kept:.1f}% of games") != fields("{kept}% de las partidas")


# ---------------------------------------------------------------- choosing the language
def test_english_is_the_default_and_needs_no_catalog():
    assert xl.language() == "en"
    assert _("Undo") == "Undo" and ngettext("{n} spot", "{n} spots", 2, n=2) == "2 spots"


def test_set_language_round_trips_and_speaks(speak):
    assert speak("es") == "es" and xl.language() == "es"
    assert _("Undo") == "Deshacer"
    assert speak("ja_JP.UTF-8") == "ja" and _("Undo") == "元に戻す"
    assert speak(None) == "en" and _("Undo") == "Undo"


def test_an_unknown_language_is_refused_naming_the_ones_there_are():
    with pytest.raises(ArgumentError, match="en, es, ja"):
        xl.set_language("fr")


def test_the_environment_variable_and_then_the_locale_choose(monkeypatch):
    monkeypatch.setenv("EXHIBITION_LAB_LANGUAGE", "es")
    assert xl.language() == "es"
    monkeypatch.delenv("EXHIBITION_LAB_LANGUAGE")
    for variable in i18n.LOCALE_VARIABLES:
        monkeypatch.delenv(variable, raising=False)
    assert xl.language() == "en"
    monkeypatch.setenv("LANG", "ja_JP.UTF-8")
    assert xl.language() == "ja"
    monkeypatch.setenv("LANGUAGE", "fr:es")  # preferences: the first the package speaks
    assert xl.language() == "es"
    monkeypatch.setenv("LC_ALL", "C")
    monkeypatch.delenv("LANGUAGE")
    assert xl.language() == "en"  # LC_ALL wins over LANG, and C means English
    xl.set_language("ja")
    assert xl.language() == "ja"  # set_language wins over the environment


def test_the_language_is_a_choice_of_this_process(speak):
    speak("es")
    code = "import exhibition_lab as xl; print(xl.language())"
    child = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert child.stdout.strip() == "en"  # the environment's choice, not this process's


def test_a_stale_compiled_catalog_gives_way_to_the_po(tmp_path, monkeypatch):
    """``make i18n`` builds .mo files; one older than its .po is not read."""
    from babel.messages.mofile import write_mo

    po = tmp_path / "es" / "LC_MESSAGES" / "exhibition_lab.po"
    po.parent.mkdir(parents=True)
    po.write_bytes(i18n.catalog_path("es").read_bytes())
    stale = catalog("es")
    stale.get("Undo").string = "Deshacer (viejo)"
    with open(po.with_suffix(".mo"), "wb") as handle:
        write_mo(handle, stale)
    monkeypatch.setattr(
        i18n,
        "catalog_path",
        lambda name, suffix=".po": tmp_path / name / "LC_MESSAGES" / po.name.replace(".po", suffix),
    )
    i18n._translations.cache_clear()
    try:
        os.utime(po.with_suffix(".mo"), (1, 1))
        assert i18n._translations("es").gettext("Undo") == "Deshacer"
        i18n._translations.cache_clear()
        os.utime(po.with_suffix(".mo"), None)
        os.utime(po, (1, 1))
        assert i18n._translations("es").gettext("Undo") == "Deshacer (viejo)"
    finally:
        i18n._translations.cache_clear()


def test_context_separates_advice_from_what_was_done(speak):
    speak("es")
    assert _("put it in the Depot") == "ponela en el Depósito"
    assert pgettext("done", "put it in the Depot") == "la puso en el Depósito"
    speak("en")
    assert pgettext("done", "put it in the Depot") == "put it in the Depot"


def test_plural_forms_follow_each_language(speak):
    speak("es")
    assert [ngettext("{n} spot", "{n} spots", n, n=n) for n in (1, 2)] == ["1 espacio", "2 espacios"]
    speak("ja")
    assert [ngettext("{n} spot", "{n} spots", n, n=n) for n in (1, 2)] == ["1か所", "2か所"]


# ---------------------------------------------------------------- names and numbers
def test_names_of_the_game_come_from_the_players_documents(speak):
    layout = xl.Layout.base()
    speak("es")
    assert (continent_name(xl.Continent.SA), vehicle_name(4)) == ("Sudamérica", "Transbordador espacial")
    assert spot_name(layout, 3, 1) == "Un Solo Continente, 2.º espacio"
    assert spot_name(layout, 2, 0) == "Vitrina 1950"
    speak("ja")
    assert (continent_name(xl.Continent.NA), vehicle_name(0)) == ("北アメリカ", "ツェッペリン")
    assert spot_name(layout, 4, 0) == "イヤーズ・ギャップの1番目のスポット"
    speak("en")
    assert spot_name(layout, 0, 2) == layout.spot_name(0, 2) == "General, 3rd spot"


def test_numbers_and_signs_per_language(speak):
    assert (number(1234.5, ",.1f"), number(0.95, ".0%"), signed(-1234.5, 0)) == ("1,234.5", "95%", "−1,234")
    speak("es")
    assert (number(1234.5, ",.1f"), number(0.873, ".1%"), signed(-1234.5, 0)) == ("1.234,5", "87,3\xa0%", "−1.234")
    assert number(0.98, "g") == "0,98" and number(2, "+g") == "+2"
    speak("ja")
    assert (number(1234.5, ",.1f"), number(0.95, ".0%"), signed(-3, 1)) == ("1,234.5", "95%", "−3.0")


def test_a_score_groups_its_thousands_in_every_language_and_a_year_never(speak):
    # one convention: four digits and more are grouped ("3.635" in the Spanish prose, as
    # Argentine players write it), though Spanish CLDR data would leave four digits alone
    empty_solo_hall = xl.Game.new(["Ann"], seed=3).score()["Ann"]
    for language, term, total in (
        ("en", "−9,900", "−11,400"),
        ("es", "−9.900", "−11.400"),
        ("ja", "−9,900", "−11,400"),
    ):
        speak(language)
        said = empty_solo_hall.explain()
        assert term in said and total in said and "1950" in said  # S6, D11: the year stays a name
        assert "9900" not in said and "11400" not in said
    assert number(-6300, "g") == "−6,300" and number(12.5, "g") == "12.5"  # ja, as English but "−"


# ---------------------------------------------------------------- the deck
def test_every_subject_of_the_deck_is_translated_within_a_card_line():
    for card in xl.standard_deck():
        titles = dict(card.titles)
        assert set(titles) == {"es", "ja"}, card
        for language, title in titles.items():
            assert 0 < len(title) <= 120 and title != card.title, (card, language)
    einstein = xl.Card.parse("EIN")
    assert "Einstein" in einstein.title_in("es") and "アインシュタイン" in einstein.title_in("ja")


def test_a_card_title_follows_the_language(speak):
    card = xl.Card.parse("1969NA")
    assert card_title(card) == card.title
    speak("es")
    assert card_title(card) == "El Apolo 11 se posa en la Luna"
    speak("ja")
    assert card_title(xl.EINSTEIN) == "アルバート・アインシュタイン"
    rebuilt = xl.Card(1969, xl.Continent.NA, card.title)  # a card read back from a save: the deck's subject
    assert card_title(rebuilt) == card.title_in("ja") != card.title


def _deck_csv(header: str, first: str, rest: str = "") -> io.StringIO:
    """A deck file of 18 cards (the tile needs 18, R5): ``first``, then 16 plain cards, then
    Einstein; ``rest`` fills the extra columns of the plain cards."""
    lines = [header, first] + [f"{1902 + k},OC,Card {k}{rest}" for k in range(16)] + [",W,Einstein" + rest]
    return io.StringIO("\n".join(lines) + "\n")


def test_translated_title_columns_are_optional_and_checked(tmp_path):
    plain = _deck_csv("year,continent,title", "1901,OC,A")
    assert all(card.titles == () for card in xl.load_deck(plain))
    deck = xl.load_deck(_deck_csv("year,continent,title,title_es", "1901,OC,A,Una", rest=","))
    first, einstein = deck[0], deck[-1]
    assert first.title_in("es") == "Una" and einstein.title_in("es") == "Einstein"  # empty cell: English
    with pytest.raises(DeckError, match="header"):
        xl.load_deck(_deck_csv("year,continent,title,colour", "1901,OC,A,red", rest=",red"))
    with pytest.raises(DeckError, match="120"):
        xl.load_deck(_deck_csv("year,continent,title,title_ja", f"1901,OC,A,{'長' * 121}", rest=","))


# ---------------------------------------------------------------- the rules reference
def rule_ids(text: str) -> tuple[set[str], set[str]]:
    """The entries (``**R12 ·``) and the anchors of a rules reference."""
    entries = set(re.findall(r"\*\*([RVSDT][1-9]\d?[a-c]?) ·", text))
    anchors = set(re.findall(r'<a id="([a-z0-9-]+)"></a>', text))
    return entries, anchors


@pytest.mark.parametrize("language", OTHER_LANGUAGES)
def test_the_translated_rules_have_every_id_and_anchor_and_no_other(language):
    english = rule_ids(xl.rules_path().read_text(encoding="utf-8"))
    path = xl.rules_path(language)
    assert path.name == f"rules.{language}.md"
    text = path.read_text(encoding="utf-8")
    assert rule_ids(text) == english
    links = set(re.findall(r"\]\(#([a-z0-9-]+)\)", text))
    assert links <= english[1], "every link inside the page has its anchor"


def test_rules_path_refuses_a_language_it_does_not_have():
    with pytest.raises(ArgumentError, match="es, ja"):
        xl.rules_path("de")


def test_the_glossary_has_a_terminology_table_per_language():
    glossary = (ROOT / "docs" / "glossary.md").read_text(encoding="utf-8")
    for anchor, term in (("terms-es", "| Brecha de Años | Years Gap |"), ("terms-ja", "| デポ | Depot |")):
        assert f'<a id="{anchor}"></a>' in glossary and term in glossary


# ---------------------------------------------------------------- pictures
def test_a_japanese_chart_title_draws_without_missing_glyphs(speak):
    from exhibition_lab.ui.render.fonts import cjk_family
    from exhibition_lab.ui.render.plots import Chart

    speak("ja")
    assert cjk_family() is not None, "no font with Japanese glyphs: pip install matplotlib-fontja"
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        figure = Chart(figsize=(4, 2), layout="constrained")
        axes = figure.add_subplot()
        axes.set_title(_("Expected {goal} fame, every pair").format(goal=_("Years Gap")))
        axes.set_xlabel(_("right card"))
        png = figure._repr_png_()
    assert png.startswith(b"\x89PNG")
    missing = [str(w.message) for w in caught if "missing from font" in str(w.message)]
    assert not missing, missing[:3]


def test_english_charts_keep_their_latin_font():
    import matplotlib

    from exhibition_lab.ui.render.plots import Chart

    Chart()
    families = matplotlib.rcParams["font.family"]
    assert families[0] == "sans-serif" and families[-1] != "sans-serif"  # the CJK family only as a fallback


# ---------------------------------------------------------------- the wheel
@pytest.mark.slow
def test_the_wheel_speaks_spanish_and_japanese_without_a_build_step(tmp_path):
    built = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--no-build-isolation",
            "-q",
            "-w",
            str(tmp_path),
            str(ROOT),
        ],
        capture_output=True,
        text=True,
    )
    assert built.returncode == 0, built.stdout + built.stderr
    wheel = next(tmp_path.glob("exhibition_lab-*.whl"))
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        archive.extractall(tmp_path / "site")
    for language in OTHER_LANGUAGES:
        assert f"exhibition_lab/ui/locale/{language}/LC_MESSAGES/exhibition_lab.po" in names
        assert f"exhibition_lab/docs/rules.{language}.md" in names
    assert not any(name.endswith(".mo") for name in names)  # the .po is read as it is
    code = (
        "import exhibition_lab as xl; from exhibition_lab.ui.text.i18n import _; "
        "xl.set_language('ja'); print(_('Undo'), xl.rules_path('es').is_file())"
    )
    out = subprocess.run(
        [sys.executable, "-I", "-c", f"import sys; sys.path.insert(0, {str(tmp_path / 'site')!r}); {code}"],
        capture_output=True,
        text=True,
        check=True,
        cwd=tmp_path,
    )
    assert out.stdout.split() == ["元に戻す", "True"]


@pytest.mark.parametrize("language", OTHER_LANGUAGES)
def test_the_score_sheet_speaks_the_language(speak, language):
    from exhibition_lab.ui.render.sheets import score_sheet_html

    speak(language)
    html = score_sheet_html(xl.load_example("ron").score())
    visible = re.sub(r"<style>.*?</style>|<[^>]+>", " ", html, flags=re.DOTALL)
    titles = " ".join(re.findall(r'title="([^"]*)"', html))
    # "Total" is Spanish too, so only Japanese must not show it
    english_words = ("Winner", "Goal", "fame points", "hover", "Depot card") + (("Total",) if language == "ja" else ())
    for english in english_words:
        assert english not in visible and english not in titles, f"{language}: {english!r} left in the score sheet"
