"""Addresses of the public pages for long lists, built once per kind of row: ``reverse`` costs
about as much as the rest of a row's line, so a table of hundreds of players formats this instead."""
from django.urls import reverse

_ANY_ID = 987654321


def address(name: str) -> str:
    """The address of the page named ``name`` (one id argument) with ``{}`` for the id (``.format(id)``)."""
    return reverse(name, args=[_ANY_ID]).replace(str(_ANY_ID), "{}")


def player_address() -> str:
    """The player page's address with ``{}`` for the player's id (``.format(player_id)``)."""
    return address("player")
