"""Explain lines of a hand value (scoring/handvalue) in the user's language.

A hand value explains itself as structured items (``scoring.handvalue.rules``: the rule's id, its
English name, marked for translation where its table defines it, what it counted for, and its value);
:func:`translate_explain` writes each item as a line in the active language,
``Rule name (meld): 20 points, 1 double`` (or ``…: 1 fan``, ``…: 0.5 limit``, ``…: limit hand``),
keeping the meld as written. A riichi hand value names its yaku instead (``"yaku"``, the ``mahjong``
library's names, mostly Japanese): :data:`RIICHI_YAKU` marks each for translation, so that the
descriptive parts read in the user's language ("Yakuhai (seat wind east)"). An MCR hand value also
names its scoring elements (``"elements"``), translated by their catalogue's English names.
"""

from django.utils.translation import gettext, gettext_noop, ngettext

from scoring.handvalue.rules import parts

RIICHI_YAKU = frozenset((
    # The names of mahjong 2.1.0's yaku (mahjong/hand_calculating/yaku_list), as the answer gives them.
    gettext_noop("Riichi"),
    gettext_noop("Double Riichi"),
    gettext_noop("Open Riichi"),
    gettext_noop("Double Open Riichi"),
    gettext_noop("Ippatsu"),
    gettext_noop("Menzen Tsumo"),
    gettext_noop("Pinfu"),
    gettext_noop("Tanyao"),
    gettext_noop("Iipeiko"),
    gettext_noop("Ryanpeikou"),
    gettext_noop("Chiitoitsu"),
    gettext_noop("Chantai"),
    gettext_noop("Junchan"),
    gettext_noop("Ittsu"),
    gettext_noop("Sanshoku Doujun"),
    gettext_noop("Sanshoku Doukou"),
    gettext_noop("Toitoi"),
    gettext_noop("San Ankou"),
    gettext_noop("San Kantsu"),
    gettext_noop("Honitsu"),
    gettext_noop("Chinitsu"),
    gettext_noop("Honroutou"),
    gettext_noop("Shou Sangen"),
    gettext_noop("Haitei Raoyue"),
    gettext_noop("Houtei Raoyui"),
    gettext_noop("Rinshan Kaihou"),
    gettext_noop("Chankan"),
    gettext_noop("Nagashi Mangan"),
    gettext_noop("Renhou"),
    gettext_noop("Dora"),
    gettext_noop("Ura Dora"),
    gettext_noop("Aka Dora"),
    gettext_noop("Yakuhai (haku)"),
    gettext_noop("Yakuhai (hatsu)"),
    gettext_noop("Yakuhai (chun)"),
    gettext_noop("Yakuhai (seat wind east)"),
    gettext_noop("Yakuhai (seat wind south)"),
    gettext_noop("Yakuhai (seat wind west)"),
    gettext_noop("Yakuhai (seat wind north)"),
    gettext_noop("Yakuhai (round wind east)"),
    gettext_noop("Yakuhai (round wind south)"),
    gettext_noop("Yakuhai (round wind west)"),
    gettext_noop("Yakuhai (round wind north)"),
    # yakuman
    gettext_noop("Tenhou"),
    gettext_noop("Chiihou"),
    gettext_noop("Renhou (yakuman)"),
    gettext_noop("Kokushi Musou"),
    gettext_noop("Kokushi Musou Juusanmen Matchi"),
    gettext_noop("Suu Ankou"),
    gettext_noop("Suu Ankou Tanki"),
    gettext_noop("Daisangen"),
    gettext_noop("Shousuushii"),
    gettext_noop("Dai Suushii"),
    gettext_noop("Tsuu Iisou"),
    gettext_noop("Chinroutou"),
    gettext_noop("Ryuuiisou"),
    gettext_noop("Chuuren Poutou"),
    gettext_noop("Daburu Chuuren Poutou"),
    gettext_noop("Suu Kantsu"),
    gettext_noop("Daisharin"),
    gettext_noop("Daichisei"),
    gettext_noop("Paarenchan"),
    gettext_noop("Sashikomi"),
))


def _part(unit: str, amount) -> str:
    if unit == "limit hand":
        return gettext("limit hand")
    if unit == "limit":
        return gettext("%(n)s limit") % {"n": f"{amount:g}"}
    if unit == "points":
        return ngettext("%(n)s point", "%(n)s points", amount) % {"n": amount}
    if unit == "doubles":
        return ngettext("%(n)s double", "%(n)s doubles", amount) % {"n": amount}
    return ngettext("%(n)s fan", "%(n)s fan", amount) % {"n": amount}


def translate_item(item: dict) -> str:
    """One explanation item as a line in the active language."""
    name = gettext(item["name"])
    label = f"{name} ({item['what']})" if item.get("what") else name
    return f"{label}: {', '.join(_part(unit, amount) for unit, amount in parts(item))}"


def translate_yaku(name: str) -> str:
    """A riichi yaku's name in the active language (a name it does not know stays as it is)."""
    return gettext(name) if name in RIICHI_YAKU else name


def translate_explain(answer: dict) -> dict:
    """The answer of one hand value with its explain lines and items' names (and a riichi answer's
    yaku) in the active language."""
    if not isinstance(answer, dict):
        return answer
    if isinstance(answer.get("items"), list):
        answer = {**answer, "explain": [translate_item(item) for item in answer["items"]],
                  "items": [{**item, "name": gettext(item["name"])} for item in answer["items"]]}
    if isinstance(answer.get("elements"), list):
        # MCR's scoring elements (scoring/handvalue/mcr.py's catalogue, marked there).
        answer = {**answer, "elements": [{**e, "name": gettext(e["name"])} if isinstance(e, dict) else e
                                         for e in answer["elements"]]}
    if isinstance(answer.get("yaku"), list):
        answer = {**answer, "yaku": [translate_yaku(y) if isinstance(y, str) else y for y in answer["yaku"]]}
    return answer
