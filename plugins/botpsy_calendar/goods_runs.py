"""Goods said one after another with no comma between: "eggs milk and butter" is three things.

Speech arrives without commas, so a list item may hold several goods. A run of goods is cut
between two words unless they read as one compound: an English compound's modifier is singular
and its head is a product made of it ("peanut butter", "orange juice", "olive oil"), while
items in a list are often plural ("eggs milk") or cannot head a compound ("milk eggs").
"""

from __future__ import annotations

from itertools import pairwise

from botpsy_calendar.shopping import _GOODS, _GOODS_PHRASES, _singular

# Products named after what they are made of or taste of: the second word of a compound.
_HEADS = frozenset(
    """milk juice sauce oil butter paste stock cream cake bread tea salad noodle jam soup pie
    syrup vinegar powder flake chip crisp bar biscuit cookie yogurt yoghurt cheese water wine
    beer drink mix spread bean bag pod oat mince cracker tortilla tablet capsule wrap""".split()  # noqa: SIM905
)
# Compounds whose head is goods on its own: "cherry tomatoes" is one thing, not two.
_COMPOUNDS = frozenset(
    {"cherry tomato", "sweet potato", "spring onion", "sweet corn", "corn flake", "pop corn"}
)


def _goods(word: str) -> bool:
    return word in _GOODS or _singular(word) in _GOODS


def split_run(item: str) -> list[str]:
    """ "eggs milk" → ["eggs", "milk"]; "peanut butter" and "ham" stay whole.

    Only an item wholly made of goods words is cut, so "call mum" or "bread for the ducks"
    are never touched.
    """
    words = item.split()
    if len(words) < 2 or not all(_goods(w.lower()) for w in words):
        return [item]
    pieces: list[list[str]] = [[words[0]]]
    for before, word in pairwise(words):
        pair = f"{before.lower()} {_singular(word.lower())}"
        plural = _singular(before.lower()) != before.lower()
        joined = (
            pair in _GOODS_PHRASES
            or pair in _COMPOUNDS
            or (not plural and _singular(word.lower()) in _HEADS and len(pieces[-1]) == 1)
        )
        if joined:
            pieces[-1].append(word)
        else:
            pieces.append([word])
    return [" ".join(piece) for piece in pieces]
