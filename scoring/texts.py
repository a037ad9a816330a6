"""A marker for words the league translates: ``gettext_noop("Flush")`` returns its text unchanged.

The scoring package imports no Django; Django's ``makemessages`` finds these calls by their name (it
collects ``gettext_noop``) and the league translates the text where it shows it (``gettext(text)``).
"""


def gettext_noop(message: str) -> str:
    return message
