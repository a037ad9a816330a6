"""Validators for the names people read: players', clubs', sign-ups', teams' and usernames.

A name may not carry characters nobody sees or that turn the text around: controls, format
characters (bidi overrides and isolates U+202A–U+202E and U+2066–U+2069, zero-width spaces and
joiners, the soft hyphen), private-use and unassigned code points, line and paragraph separators,
and the blank "letters" (Hangul fillers, the blank Braille pattern) that render as nothing. With
them a last name shows as another player's. Usernames are also NFKC-normalised (Django's forms and
user manager do it; here it is checked) and may not mix scripts (``confusable-homoglyphs``, the
library django-registration uses): "аdmin" with a Cyrillic "а" is refused.

And the one bound on ids a form or request may name (``LARGEST_ID``).
"""
import unicodedata

from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

# The largest id or count a form field or request body may name: beyond it a database column would
# overflow (an integer key on PostgreSQL; SQLite refuses Python ints past 2**63).
LARGEST_ID = 2**31 - 1

HIDDEN_CATEGORIES = frozenset({"Cc", "Cf", "Co", "Cs", "Cn", "Zl", "Zp"})
BLANK_LETTERS = frozenset("\u034f\u115f\u1160\u17b4\u17b5\u2800\u3164\uffa0")


def hidden_characters(text: str) -> list[str]:
    """The invisible or direction-changing characters in ``text``, as ``U+XXXX``, each once."""
    found = []
    for character in text or "":
        if unicodedata.category(character) in HIDDEN_CATEGORIES or character in BLANK_LETTERS:
            code = f"U+{ord(character):04X}"
            if code not in found:
                found.append(code)
    return found


def hidden_characters_message(text: str) -> str | None:
    """What is wrong with a name, for a person; None when nothing is."""
    found = hidden_characters(text)
    if not found:
        return None
    return str(_("Names may not contain invisible or direction-changing characters (%(characters)s).")
               % {"characters": ", ".join(found)})


def validate_visible_name(value: str) -> None:
    message = hidden_characters_message(value)
    if message:
        raise ValidationError(message, code="hidden_characters")


def validate_username(value: str) -> None:
    validate_visible_name(value)
    if unicodedata.normalize("NFKC", value) != value:
        raise ValidationError(_("Write the username in its plain form (Unicode NFKC)."), code="not_normalised")
    # Imported here: its tables take a started process a tenth of a second and only usernames need it.
    from confusable_homoglyphs import confusables

    if confusables.is_mixed_script(value):
        raise ValidationError(_("A username may not mix letters of different scripts (such as Latin and "
                                "Cyrillic): it would look like someone else's."), code="mixed_scripts")
