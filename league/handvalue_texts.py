"""Explain lines of a hand value (scoring/handvalue) in the user's language.

The scoring package writes each line in English, ``Rule name (meld): 20 points, 1 double`` (or
``…: 1 fan``, ``…: 0.5 limit``, ``…: limit hand``). :data:`RULE_NAMES` lists every rule of every
table, marked for translation; :func:`translate_explain` translates the name and the value words
and keeps the meld as written. A riichi hand value names its yaku instead (``"yaku"``, the
``mahjong`` library's names, mostly Japanese): :data:`RIICHI_YAKU` marks each for translation, so
that the descriptive parts read in the user's language ("Yakuhai (seat wind east)").
"""

import re

from django.utils.translation import gettext, gettext_noop, ngettext

RULE_NAMES = (
    # dmjl-classical, Kajongg's table
    gettext_noop("Standard Mah Jongg"),
    gettext_noop("Nine Gates"),
    gettext_noop("Thirteen Orphans"),
    gettext_noop("Squirming Snake"),
    gettext_noop("Pung/Kong of Dragons"),
    gettext_noop("Pung/Kong of Own Wind"),
    gettext_noop("Pung/Kong of Round Wind"),
    gettext_noop("Exposed Kong"),
    gettext_noop("Exposed Kong of Terminals"),
    gettext_noop("Exposed Kong of Honors"),
    gettext_noop("Exposed Pung"),
    gettext_noop("Exposed Pung of Terminals"),
    gettext_noop("Exposed Pung of Honors"),
    gettext_noop("Concealed Kong"),
    gettext_noop("Concealed Kong of Terminals"),
    gettext_noop("Concealed Kong of Honors"),
    gettext_noop("Concealed Pung"),
    gettext_noop("Concealed Pung of Terminals"),
    gettext_noop("Concealed Pung of Honors"),
    gettext_noop("Pair of Own Wind"),
    gettext_noop("Pair of Round Wind"),
    gettext_noop("Pair of Dragons"),
    gettext_noop("Flower"),
    gettext_noop("Season"),
    gettext_noop("Own Flower and Own Season"),
    gettext_noop("All Flowers"),
    gettext_noop("All Seasons"),
    gettext_noop("Three Concealed Pongs"),
    gettext_noop("Little Three Dragons"),
    gettext_noop("Big Three Dragons"),
    gettext_noop("Little Four Joys"),
    gettext_noop("Big Four Joys"),
    gettext_noop("Last Tile Completes Pair of 2..8"),
    gettext_noop("Last Tile Completes Pair of Terminals or Honors"),
    gettext_noop("Last Tile is Only Possible Tile"),
    gettext_noop("Won with Last Tile Taken from Wall"),
    gettext_noop("Zero Point Hand"),
    gettext_noop("No Chow"),
    gettext_noop("Only Concealed Melds"),
    gettext_noop("False Color Game"),
    gettext_noop("True Color Game"),
    gettext_noop("Only Terminals and Honors"),
    gettext_noop("Last Tile Taken from Dead Wall"),
    gettext_noop("Last Tile is Last Tile of Wall"),
    gettext_noop("Last Tile is Last Tile of Wall Discarded"),
    gettext_noop("Robbing the Kong"),
    gettext_noop("Mah Jongg with Original Call"),
    gettext_noop("Concealed True Color Game"),
    gettext_noop("Only Honors"),
    gettext_noop("Hidden Treasure"),
    gettext_noop("Heads and Tails"),
    gettext_noop("Fourfold Plenty"),
    gettext_noop("Three Great Scholars"),
    gettext_noop("Four Blessings Hovering over the Door"),
    gettext_noop("Imperial Jade"),
    gettext_noop("Gathering the Plum Blossom from the Roof"),
    gettext_noop("Plucking the Moon from the Bottom of the Sea"),
    gettext_noop("Scratching a Carrying Pole"),
    gettext_noop("Twofold Fortune"),
    gettext_noop("Blessing of Heaven"),
    gettext_noop("Blessing of Earth"),
    gettext_noop("Long Hand"),
    # dmjl-classical, the Chemnitz table
    gettext_noop("Mah Jongg"),
    gettext_noop("Thirteen Wonders"),
    gettext_noop("Pung of Dragons"),
    gettext_noop("Kong of Dragons"),
    gettext_noop("Kong of a Suit"),
    gettext_noop("Pung of a Foreign Wind"),
    gettext_noop("Kong of a Foreign Wind"),
    gettext_noop("Pung of Own or Prevailing Wind"),
    gettext_noop("Kong of Own or Prevailing Wind"),
    gettext_noop("Pung of Own and Prevailing Wind"),
    gettext_noop("Kong of Own and Prevailing Wind"),
    gettext_noop("Own Flower"),
    gettext_noop("Own Season"),
    gettext_noop("All Four Flowers"),
    gettext_noop("All Four Seasons"),
    gettext_noop("Mah Jongg without Calls"),
    gettext_noop("Only the 14th Tile Called"),
    gettext_noop("Four Chows"),
    gettext_noop("Four Kongs"),
    gettext_noop("Last Discard"),
    gettext_noop("Last Tile of the Wall"),
    gettext_noop("Only Possible Tile"),
    gettext_noop("Colour Game, Two Suit Figures"),
    gettext_noop("Colour Game, Three Suit Figures"),
    gettext_noop("Colour Game, Four Suit Figures"),
    gettext_noop("Pure Colour Game"),
    gettext_noop("Winding Snake"),
    gettext_noop("Green Hand"),
    gettext_noop("Heavenly Win"),
    gettext_noop("Earthly Win"),
    gettext_noop("Flush"),
    gettext_noop("Royal Flush"),
    gettext_noop("Nine Lanterns"),
    gettext_noop("Nine Lanterns, Completed"),
    # dmjl-hke
    gettext_noop("No Flowers nor Seasons"),
    gettext_noop("Seat Flower"),
    gettext_noop("Seat Season"),
    gettext_noop("All Chows"),
    gettext_noop("Pung (Kong) of Dragons"),
    gettext_noop("Pung (Kong) of Seat Wind"),
    gettext_noop("Pung (Kong) of Prevalent Wind"),
    gettext_noop("Self-Draw"),
    gettext_noop("Last Tile Draw"),
    gettext_noop("Last Tile Claim"),
    gettext_noop("Out with Replacement Tile"),
    gettext_noop("All Pungs"),
    gettext_noop("Half Flush"),
    gettext_noop("Seven Pairs"),
    gettext_noop("Full Flush"),
    gettext_noop("Fully Concealed Four Concealed Pungs"),
    gettext_noop("Little Four Winds"),
    gettext_noop("Big Four Winds"),
    gettext_noop("All Honours"),
    gettext_noop("All Terminals"),
    gettext_noop("All Kongs"),
    gettext_noop("Jade Dragon"),
    gettext_noop("Ruby Dragon"),
    gettext_noop("Pearl Dragon"),
    # japanese-classic
    gettext_noop("Winning"),
    gettext_noop("Concealed Hand Won on a Discard"),
    gettext_noop("Seven Pairs, Flat Points"),
    gettext_noop("Open Pung of Simples"),
    gettext_noop("Open Pung of Terminals or Honours"),
    gettext_noop("Concealed Pung of Simples"),
    gettext_noop("Concealed Pung of Terminals or Honours"),
    gettext_noop("Open Kong of Simples"),
    gettext_noop("Open Kong of Terminals or Honours"),
    gettext_noop("Concealed Kong of Simples"),
    gettext_noop("Concealed Kong of Terminals or Honours"),
    gettext_noop("Flower or Season"),
    gettext_noop("Two-sided Wait, Self-drawn"),
    gettext_noop("Closed Wait on a Discard"),
    gettext_noop("Closed Wait, Self-drawn"),
    gettext_noop("Edge Wait on a Discard"),
    gettext_noop("Edge Wait, Self-drawn"),
    gettext_noop("Pair Wait on a Discard"),
    gettext_noop("Pair Wait, Self-drawn"),
    gettext_noop("Pung Wait of Simples on a Discard"),
    gettext_noop("Pung Wait of Simples, Self-drawn"),
    gettext_noop("Pung Wait of Terminals or Honours on a Discard"),
    gettext_noop("Pung Wait of Terminals or Honours, Self-drawn"),
    gettext_noop("Concealed Self-drawn Hand"),
    gettext_noop("No-points Hand"),
    gettext_noop("Riichi"),
    gettext_noop("All Simples"),
    gettext_noop("Terminal or Honour in Each Set"),
    gettext_noop("Three Similar Sequences"),
    gettext_noop("Lucky Set of Dragons"),
    gettext_noop("Lucky Set of Own Wind"),
    gettext_noop("Lucky Set of Round Wind"),
    gettext_noop("Bonus Tile"),
    gettext_noop("Win on the Last Tile of the Wall"),
    gettext_noop("Win on the Last Discard"),
    gettext_noop("Terminal in Each Set"),
    gettext_noop("Four Triplets"),
    gettext_noop("Three Concealed Triplets"),
    gettext_noop("One Suit with Honours"),
    gettext_noop("Three Consecutive Sequences"),
    gettext_noop("Three Consecutive Sequences, Open"),
    gettext_noop("Double Riichi"),
    gettext_noop("All Terminals and Honours"),
    gettext_noop("One Suit Only"),
    gettext_noop("Heavenly Hand"),
    gettext_noop("Earthly Hand"),
    gettext_noop("Four Concealed Triplets"),
    gettext_noop("All Green"),
)
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
# Longest first: "Concealed Pung of Terminals" before "Concealed Pung".
_BY_LENGTH = sorted(RULE_NAMES, key=len, reverse=True)
_PART = re.compile(r"^(?P<n>\d+(?:\.\d+)?) (?P<unit>points?|doubles?|fan|limit)$")


def _part(text: str) -> str:
    if text == "limit hand":
        return gettext("limit hand")
    match = _PART.match(text)
    if not match:
        return text
    n, unit = match["n"], match["unit"]
    if unit == "limit":
        return gettext("%(n)s limit") % {"n": n}
    count = int(n)
    if unit.startswith("point"):
        return ngettext("%(n)s point", "%(n)s points", count) % {"n": count}
    if unit.startswith("double"):
        return ngettext("%(n)s double", "%(n)s doubles", count) % {"n": count}
    return ngettext("%(n)s fan", "%(n)s fan", count) % {"n": count}


def translate_line(line: str) -> str:
    """One explain line in the active language (a line it does not know stays as it is)."""
    name = next((n for n in _BY_LENGTH if line.startswith(n + ":") or line.startswith(n + " (")), None)
    if name is None:
        return line
    rest = line[len(name):]
    what, _, parts = rest.rpartition(": ")
    translated = ", ".join(_part(p) for p in parts.split(", "))
    return f"{gettext(name)}{what}: {translated}"


def translate_yaku(name: str) -> str:
    """A riichi yaku's name in the active language (a name it does not know stays as it is)."""
    return gettext(name) if name in RIICHI_YAKU else name


def translate_explain(answer: dict) -> dict:
    """The answer of one hand value with its explain lines (and a riichi answer's yaku) translated."""
    if not isinstance(answer, dict):
        return answer
    if isinstance(answer.get("explain"), list):
        answer = {**answer, "explain": [translate_line(line) for line in answer["explain"]]}
    if isinstance(answer.get("yaku"), list):
        answer = {**answer, "yaku": [translate_yaku(y) if isinstance(y, str) else y for y in answer["yaku"]]}
    return answer
