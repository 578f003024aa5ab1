"""Numbers as the app writes them: the true minus sign, signed values, and each language's
separators (``1,234.5`` in English, ``1.234,5`` in Spanish, ``1,234.5`` in Japanese).

One convention for every language: thousands are always grouped, from four digits on
(``6,300`` points, ``−9.900`` puntos, ``3,635``点), as players write scores; a year is a
name, never a number to group, so it is written as it is (``1950``). In English every function
gives what Python's format specification gives, grouped; in another language Babel formats the
number with that language's symbols (CLDR) and the true minus sign. Spanish CLDR data would
leave four digits ungrouped (minimum grouping digits 2); the Argentine usage the lessons follow
groups them, so the explicit pattern below always does.
"""

from __future__ import annotations

import importlib.util
import re

from .i18n import DEFAULT_LANGUAGE, language

#: A hyphen used as a minus sign: before a number, not inside a word or a range (1972-73).
_HYPHEN_MINUS = re.compile(r"(?<![\w)\]])-(?=\d)")
#: A number in a tick label: digits with the separators between them (``1,000.5``), not the dot
#: of an ordinal (``2.º``, ``1.er``) nor a comma after a word.
_NUMBER = re.compile(r"\d+(?:[.,]\d+)*")
#: The format specifications the words use: sign, grouping, precision, type.
_SPEC = re.compile(r"(?P<sign>\+?)(?P<group>,?)(?:\.(?P<digits>\d+))?(?P<kind>[fg%]?)")


def decimal_sign() -> str:
    """The decimal sign of the reader's language: ``.`` in English and Japanese, ``,`` in Spanish.

    >>> decimal_sign()
    '.'
    """
    current = language()
    if current == DEFAULT_LANGUAGE:
        return "."
    from babel.numbers import get_decimal_symbol

    return get_decimal_symbol(current)


def tick_label(text: str) -> str:
    """A chart's tick label as matplotlib wrote it (``0.25``, ``1,000``) with the reader's
    decimal and grouping signs: ``0,25`` and ``1.000`` in Spanish.

    >>> tick_label("0.25")
    '0.25'
    >>> tick_label("take 1910AF → Years Gap, 1st spot")
    'take 1910AF → Years Gap, 1st spot'
    """
    sign = decimal_sign()
    if sign == ".":
        return text
    swap = {",": "." if sign == "," else ",", ".": sign}
    # only the signs inside a number change: a label of words ("Brecha de Años, 1.er espacio")
    # keeps its comma and its ordinal's dot
    return _NUMBER.sub(lambda found: "".join(swap.get(c, c) for c in found[0]), text)


def minus(text: str) -> str:
    """``text`` with each hyphen used as a minus sign written as the true minus sign “−”.

    >>> minus("-8700, 1972-73")
    '−8700, 1972-73'
    """
    return _HYPHEN_MINUS.sub("−", text)


def number(value: float, spec: str = "") -> str:
    """``value`` written for the reader: ``spec`` is a format specification of the kind the
    words use (``"+,.0f"``, ``".1f"``, ``"g"``, ``".0%"``). English gives ``format(value, spec)``;
    other languages get their own decimal and grouping symbols and “−”. The shortest forms
    (``"g"`` and no type) always group thousands: a score is written ``−6,300`` wherever it
    appears.

    >>> number(1234.5, ",.1f")
    '1,234.5'
    >>> number(-6300, "g"), number(12.5, "g")
    ('-6,300', '12.5')
    >>> number(-0.04, ".1f")  # what rounds to zero is written without a sign
    '0.0'
    """
    value = _unsigned_zero(value, spec)
    spec = _grouped_shortest(spec)
    current = language()
    if current == DEFAULT_LANGUAGE:
        return format(value, spec)
    return _localised(value, spec, current)


def _grouped_shortest(spec: str) -> str:
    """``spec`` with thousands grouping when it asks for the shortest form (``g`` or no type):
    ``"g"`` → ``",g"``, ``"+g"`` → ``"+,g"``."""
    match = _SPEC.fullmatch(spec)
    if match is None or match["group"] or match["kind"] not in ("g", "") or match["digits"] is not None:
        return spec
    return f"{match['sign']},{match['kind']}"


def _localised(value: float, spec: str, locale: str) -> str:
    from babel import Locale
    from babel.numbers import format_decimal, format_percent, get_decimal_symbol, get_group_symbol

    match = _SPEC.fullmatch(spec)
    if match is None:
        raise ValueError(f"no localised form for the format specification {spec!r}")
    digits = match["digits"]
    kind = match["kind"]
    if kind == "g" or (kind == "" and digits is None):
        # the shortest form, as Python's "g" writes it, with the language's own signs
        shortest = format(value, (",g" if match["group"] else "g") if kind == "g" else ("," if match["group"] else ""))
        signs = {",": get_group_symbol(locale), ".": get_decimal_symbol(locale)}
        text = "".join(signs.get(c, c) for c in shortest)
    else:
        places = int(digits or 0)
        fraction = "." + "0" * places if places else ""
        integer = "#,##0" if match["group"] else "0"
        if kind == "%":
            # the language's own percent pattern ("#,##0 %" in Spanish), with the decimals asked for
            pattern = Locale.parse(locale).percent_formats[None].pattern
            last = pattern.rfind("0")
            text = format_percent(value, pattern[: last + 1] + fraction + pattern[last + 1 :], locale=locale)
        else:
            text = format_decimal(value, integer + fraction, locale=locale, decimal_quantization=True)
    if match["sign"] and not text.startswith("-"):
        text = "+" + text
    return text.replace("-", "−")


def signed(value: float, digits: int) -> str:
    """``+1.5``, ``−800``: a value with its sign and thousands separators.

    >>> signed(-1234.5, 0)
    '−1,234'
    """
    value = _unsigned_zero(value, f".{digits}f")
    if language() == DEFAULT_LANGUAGE:
        return f"{value:+,.{digits}f}".replace("-", "−")
    return number(value, f"+,.{digits}f")


def _unsigned_zero(value: float, spec: str) -> float:
    """``0.0`` for a value that the format rounds to zero: "−0.0" reads as a loss where there is none."""
    match = _SPEC.fullmatch(spec)
    if match is None or match["kind"] == "g" or (match["kind"] == "" and match["digits"] is None):
        return 0.0 if value == 0 else value
    places = int(match["digits"] or 0) + (2 if match["kind"] == "%" else 0)
    return 0.0 if round(value, places) == 0 else value


def _table_number(value: float) -> str:
    return number(value, ",.6g")


def tables_follow(code: str) -> None:
    """pandas tables, which a lesson shows as they are, write their decimals in the reader's
    language (``0,25`` in Spanish); English leaves pandas its own format. Without pandas
    nothing happens. The package hands it to :func:`.i18n.when_language_changes` once, in its
    ``__init__``."""
    if importlib.util.find_spec("pandas") is None:
        return
    import pandas as pd

    if code != DEFAULT_LANGUAGE:
        pd.set_option("display.float_format", _table_number)
    elif pd.get_option("display.float_format") is _table_number:
        pd.set_option("display.float_format", None)
