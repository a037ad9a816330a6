"""Country codes (ISO 3166-1 alpha-2) and EMA numbers, checked against pycountry's ISO data, not a
list of our own."""
import re

import pycountry

EMA_NUMBER = re.compile(r"^\d{8}$")


def is_country(code: str) -> bool:
    """Whether ``code`` is an assigned ISO 3166-1 alpha-2 code in capitals ("DE"; not "XX", not "de")."""
    return bool(code) and len(code) == 2 and code.isascii() and code.isupper() \
        and pycountry.countries.get(alpha_2=code) is not None


def country_normalised(value: str | None) -> str:
    """A typed country code in capitals ("de" → "DE"); a non-ASCII value is left as typed, so that
    "ß" is not taken for "SS"."""
    value = (value or "").strip()
    return value.upper() if value.isascii() else value


def is_ema_number(number: str) -> bool:
    """Whether ``number`` is written as an EMA number: eight digits ("04990001")."""
    return bool(EMA_NUMBER.match(number or ""))
