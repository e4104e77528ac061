"""Things to buy said with no list named: "get milk", "out of rice", "i need coffee", "do we
need eggs".

Only goods a shop sells go on the shopping list this way, known by the last word of each item
("oat milk", "bin bags", "cat food"), so "get the weather", "i need a taxi", "add a meeting" and
"i need to call jo" stay with the other intents. The goods are data: words as people say them,
singular (a plural is read back to its singular), with a few compounds whose last word alone
says too little ("cat food").
"""

from __future__ import annotations

import re
from collections.abc import Callable

from assistant.api import IntentMatch
from botpsy_calendar.intents import _title

# What a shop sells, singular. Cooked dishes one orders (pizza, curry) are left out: "get pizza"
# is a takeaway, not the shopping list.
_GOODS_WORDS = """
milk bread egg butter margarine cheese yogurt yoghurt cream coffee tea sugar flour rice pasta
spaghetti noodle cereal oat oatmeal porridge granola muesli honey jam marmalade peanut nut almond
walnut salt pepper oil vinegar ketchup mayo mayonnaise mustard sauce stock lentil bean chickpea
tomato potato onion garlic ginger carrot pea corn lettuce spinach cabbage broccoli cauliflower
cucumber mushroom celery leek courgette zucchini aubergine eggplant avocado apple banana orange
lemon lime pear grape berry strawberry blueberry raspberry melon watermelon peach plum cherry kiwi
mango pineapple fruit vegetable veggie veg salad herb basil parsley coriander chicken beef pork
lamb bacon ham sausage mince turkey fish salmon tuna cod shrimp prawn tofu meat steak biscuit
cookie cracker crisp chocolate candy sweet snack cake muffin bagel croissant bun tortilla juice
soda lemonade cola wine beer cider vodka gin whisky whiskey rum seltzer toothpaste toothbrush
shampoo conditioner soap detergent bleach sponge napkin tissue foil towel lightbulb bulb candle
razor deodorant lotion sunscreen plaster bandage paracetamol ibuprofen aspirin vitamin nappy diaper
wipe bag loo toilet kleenex cling clingfilm clothespeg peg match lighter dishwasher tablet pod
softener polish spray cleaner mop broom filter cartridge ink envelope stamp glue tape string sellotape
yeast baking cinnamon paprika cumin oregano thyme spice sprinkle syrup custard jelly gravy
mustard hummus pesto salsa olive pickle caper anchovy sardine mackerel bean sprout radish beetroot
squash pumpkin kale rocket chive mint dill sage rosemary date fig raisin sultana prune apricot
coconut cashew pistachio hazelnut seed lentil quinoa couscous barley semolina cornflake
water milkshake smoothie icecream ice popcorn pretzel cheddar mozzarella parmesan brie feta
"""
_GOODS = frozenset(_GOODS_WORDS.split())
# Goods whose last word alone is too vague: "food" may be a meal, "paper" a newspaper.
_GOODS_PHRASES = frozenset(
    """cat food|dog food|pet food|baby food|fish food|bird food|toilet paper|toilet roll|kitchen roll
    |paper towel|kitchen paper|washing powder|washing up liquid|dish soap|hand soap|bin bag
    |rubbish bag|garbage bag|trash bag|sandwich bag|freezer bag|cling film|tin foil|ice cream
    |aluminium foil|aluminum foil|baking soda|baking powder|fabric softener|light bulb|kitchen towel
    |hand wash|body wash|shower gel|bubble bath|dental floss|cotton wool|cotton bud|ear bud
    |ice cube|sparkling water|mineral water|tinned tomato|chopped tomato""".replace("\n", "")
    .replace("    ", "")
    .split("|")
)
# Words in an item that make it a sentence, not a thing to buy: "salt to the soup".
_NOT_GOODS = re.compile(
    r"\b(?:to|for|with|in|on|at|from|of|by|is|are|was|were|be|my|your|his|her|their|me|you|him"
    r"|what|which|who|how|when|where|why|if|near|today|tonight|tomorrow|later|now|please)\b",
    re.I,
)

# "i want a coffee", "i need a beer": one of something, a craving or an order, not the shopping.
_ONE_OF = re.compile(r"^(?:an?|one|two|three|another|this|that|these|those)\s", re.I)


def _singular(word: str) -> str:
    """ "berries" → "berry", "tomatoes" → "tomato", "eggs" → "egg"."""
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith("oes") or word.endswith("ches") or word.endswith("shes"):
        return word[:-2]
    if word.endswith("s") and not word.endswith("ss") and len(word) > 3:
        return word[:-1]
    return word


# How much of it: "two litres of milk", "a bag of rice", "a dozen eggs".
_AMOUNT = re.compile(
    r"^(?:(?:an?|one|two|three|four|five|six|eight|ten|twelve|\d+|half\s+a|a\s+couple\s+of|a\s+few"
    r"|some|more)\s+)?(?:(?:dozen|litres?|liters?|pints?|gallons?|kilos?|kg|pounds?|lbs?|grams?"
    r"|packs?|packets?|bags?|boxes?|bottles?|cans?|tins?|jars?|cartons?|loaf|loaves|bunch(?:es)?"
    r"|rolls?|tubs?|tubes?|sacks?)(?:\s+of)?\s+)(?=\S)",
    re.I,
)


def is_goods(item: str) -> bool:
    """Whether the item is something a shop sells: its last word, or the whole of it, is goods."""
    item = _AMOUNT.sub("", item.strip())
    words = item.lower().split()
    if not words or len(words) > 3 or _NOT_GOODS.search(item) or _ONE_OF.match(item):
        return False
    singular = " ".join([*words[:-1], _singular(words[-1])])
    if singular in _GOODS_PHRASES or " ".join(words[-2:]) in _GOODS_PHRASES:
        return True
    if len(words) >= 2 and " ".join([*words[-2:-1], _singular(words[-1])]) in _GOODS_PHRASES:
        return True
    return _singular(words[-1]) in _GOODS or words[-1] in _GOODS


def all_goods(items: list[str]) -> bool:
    """Every item something a shop sells (and at least one)."""
    return bool(items) and all(is_goods(i) for i in items)


_ITEMS = r"(?P<items>[a-z][\w' ,&-]*?)"
_SOME = r"(?:(?:some|more|a\s+few|a\s+bit\s+of|a\s+little|extra|fresh|new|the)\s+)?"
_WHERE = (
    r"(?:\s+(?:from|at)\s+the\s+(?:shops?|store|supermarket|market|grocery\s+store|grocer'?s"
    r"|corner\s+shop|chemist'?s|pharmacy))?"
)
_DAY = (
    r"(?:\s+(?:on\s+(?:the|my|our)\s+way\s+(?:home|back)|after\s+work|after\s+school|later))?"
    r"(?:\s+(?P<when>today|tonight|tomorrow|this\s+week|later\s+today))?"
)
_AGAIN = r"(?:\s+(?:again|too|as\s+well|please|for\s+me))*"
# "buy milk", "get some coffee", "pick up eggs and bread", "remember to get rice",
# "i have to grab shampoo", "don't forget to buy lemons": goods to fetch.
_FETCH = re.compile(
    r"^(?:(?:please|ok|okay|so|and|also|oh)\s+)*"
    r"(?:(?:remember|(?:don't|dont|do\s+not)\s+forget)\s+(?:to\s+)?"
    r"|(?:i|we)\s+(?:still\s+|also\s+)?(?:need|have|must|should|ought|got|gotta)\s+(?:to\s+)?"
    r"|(?:i|we)(?:'ve|\s+have)\s+got\s+to\s+|(?:i|we)\s+(?:must|should)\s+)?"
    r"(?:buy|get|pick\s+up|grab|purchase|fetch|stock\s+up\s+on|restock|replenish)\s+"
    rf"{_SOME}{_ITEMS}{_WHERE}{_DAY}{_AGAIN}$",
    re.I,
)
# Said with no one saying it: "out of milk", "need more rice", "running low on coffee",
# "no more eggs", "more bread please": only goods.
_SHORT = re.compile(
    r"^(?:(?:oh|ah|hey|damn|oops|whoops|ugh|so|and|also)\s*,?\s+)*"
    r"(?:(?:(?:all|completely|almost|nearly)\s+)?out\s+of|(?:running|getting)\s+(?:low\s+on|out\s+of)"
    r"|low\s+on|short\s+(?:of|on)|need(?:s)?\s+(?:some\s+)?more|no\s+more|more|need|needs"
    r"|(?:we're|we\s+are|i'm|i\s+am)\s+(?:out|low)\s+(?:of|on)\s+(?:some\s+)?more"
    r"|(?:the\s+)?(?:fridge|freezer|cupboard|pantry|kitchen|house|bathroom)\s+needs(?:\s+(?:some|more))?"
    r"|(?:i|we)\s+(?:still\s+|also\s+|really\s+)?need(?:\s+(?:some|more|extra|fresh|new))?)\s+"
    rf"(?:(?:the|our|my|any)\s+)?{_ITEMS}(?:\s+(?:left|again|now|at\s+home|in\s+the\s+(?:house"
    rf"|fridge|kitchen|cupboard|freezer|bathroom)))*{_WHERE}{_AGAIN}$",
    re.I,
)
# "do we need milk", "do i still need eggs": whether goods are on the shopping list.
_STILL_NEED = re.compile(
    r"^(?:do|did)\s+(?:i|we)\s+(?:still\s+|already\s+)?(?:need|have\s+to\s+(?:buy|get))\s+"
    rf"(?:any\s+|some\s+|more\s+)?{_ITEMS}(?:\s+(?:still|again|too|already))?$",
    re.I,
)

# "anything else we need at the market", "did i still need anything from the corner shop":
# the shopping list, asked with a shop named.
_ANYTHING_NEEDED = re.compile(
    r"^(?:(?:do|did)\s+(?:i|we)\s+(?:still\s+)?need(?:\s+to\s+(?:buy|get|pick\s+up))?"
    r"|(?:is\s+there\s+)?anything\s+(?:else\s+)?(?:i|we)\s+(?:still\s+)?need(?:\s+to\s+(?:buy|get|pick\s+up))?)"
    r"\s+(?:anything(?:\s+else)?\s+)?(?:from|at)\s+the\s+(?:shops?|store|supermarket|market"
    r"|grocery\s+store|grocer'?s|corner\s+shop)(?:\s+(?:today|tonight|tomorrow|later))?$",
    re.I,
)


def make_shopping_matchers(
    split: Callable[[str], list[str]],
) -> list[tuple[str, Callable[[str], IntentMatch | None]]]:
    """Goods fetched, run short of or asked about: the shopping list, unsaid.

    Goods given up or got with no list said ("remove apples", "we've got milk now") are
    task_intents' `drop_known_item` and `complete_task`: changed only when a list holds them.

    "add milk" alone is left out: "add milk and a torch to my camping list" would be read as
    two requests, its first half a complete one."""

    def goods(said: str) -> list[str] | None:
        if _ONE_OF.match(_AMOUNT.sub("", said.strip())):
            return None  # "a coffee" is one to drink; "a bag of coffee" is goods
        items = split(said)
        return items if all_goods(items) else None

    def added(m: re.Match[str] | None) -> IntentMatch | None:
        items = goods(m.group("items")) if m else None
        if m is None or items is None:
            return None
        when = m.groupdict().get("when")
        arguments = {"title": _title(", ".join(items)), "list_name": "shopping list"}
        return IntentMatch("task_add", arguments | ({"due": when} if when else {}), "add_goods")

    def fetch(text: str) -> IntentMatch | None:
        return added(_FETCH.match(_plain(text)))

    def short(text: str) -> IntentMatch | None:
        return added(_SHORT.match(_plain(text)))

    def still_need(text: str) -> IntentMatch | None:
        m = _STILL_NEED.match(_plain(text))
        if m is None or goods(m.group("items")) is None:
            return None
        return IntentMatch("task_list", {"list_name": "shopping list"}, "need_goods")

    def anything_needed(text: str) -> IntentMatch | None:
        if not _ANYTHING_NEEDED.match(_plain(text)):
            return None
        return IntentMatch("task_list", {"list_name": "shopping list"}, "need_goods")

    return [
        ("goods_anything_needed", anything_needed),
        ("goods_still_need", still_need),
        ("goods_fetch", fetch),
        ("goods_short", short),
    ]


def _plain(text: str) -> str:
    """Lower case, one space, no end punctuation or "please"."""
    said = " ".join(text.lower().strip().rstrip("?.!").split())
    return re.sub(r"(?:\s*,?\s+please)+$", "", said)
