"""A to-do told as done in the past tense: "i've called the bank" ticks "Call the bank".

People report what they did rather than name the to-do ("i renewed the car insurance, tick it
off"). The verb is turned back into the forms a to-do's title would use, and only an open
to-do whose whole title is those words is ticked: with none, the sentence is news, not a
request. A title that merely holds the words is not enough, since others write to-dos too (a
shared list, an invitation): "i got home" is no tick of a planted "Get homework done", nor
"i've called the bank" of "Call the bank and read them the code". Small words may differ
("i renewed the permit" ticks "Renew permit") when one to-do alone fits; with no "i" said,
only a past form counts ("tidied the shed" is news, "set the table" an order).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

# Past forms that no rule turns back into the verb a to-do starts with.
_IRREGULAR = {
    "bought": "buy", "paid": "pay", "sent": "send", "made": "make", "wrote": "write",
    "written": "write", "took": "take", "taken": "take", "got": "get", "gotten": "get",
    "did": "do", "done": "do", "rang": "ring", "rung": "ring", "told": "tell", "sold": "sell",
    "found": "find", "gave": "give", "given": "give", "went": "go", "brought": "bring",
    "met": "meet", "left": "leave", "put": "put", "read": "read", "cut": "cut", "set": "set",
    "led": "lead", "fed": "feed", "swept": "sweep", "hung": "hang", "drove": "drive",
    "driven": "drive", "threw": "throw", "thrown": "throw", "spoke": "speak", "spoken": "speak",
    "built": "build", "sorted": "sort", "chose": "choose", "chosen": "choose", "ate": "eat",
    "eaten": "eat", "fixed": "fix", "won": "win", "spent": "spend", "lent": "lend",
    "sewn": "sew", "washed": "wash", "thought": "think", "caught": "catch", "taught": "teach",
}  # fmt: skip
# Words ending in -ed or -ing that are not a past or a gerund.
_NOT_FORMS = frozenset({"need", "feed", "seed", "bleed", "breed", "speed", "shed", "bed", "red",
                        "wed", "bring", "sing", "ring", "thing", "king", "wing", "spring", "sting",
                        "swing", "string", "nothing", "something", "anything", "everything"})  # fmt: skip

# "..., tick it off", "... so you can cross that off", "..., mark it done".
TICK_IT = re.compile(
    r"(?<=\S)[\s,;.]+(?:(?:so|and|please|you\s+can|can\s+you|just)\s+)*"
    r"(?:(?:tick|cross|check|strike)\s+(?:it|that|this)\s+off(?:\s+(?:my|the)\s+list)?"
    r"|mark\s+(?:it|that|this)\s+(?:as\s+)?(?:done|complete|completed|finished))(?:\s+please)?$",
    re.I,
)
_DID = re.compile(
    r"^(?:(?P<who>i|we)(?:'ve|\s+have|'d|\s+had)?\s+)?(?:just\s+|already\s+|finally\s+|now\s+|also\s+)?"
    r"(?P<verb>[a-z]+)\s+(?P<rest>.+?)(?:\s+(?:now|already|today|earlier|this\s+morning|at\s+last))?$",
    re.I,
)
# Past forms that are also the verb itself: said with no "i", they are an order ("set the
# table"), so they count only after "i" or "we".
_SAME_AS_ORDER = frozenset({"put", "read", "cut", "set", "hit", "let", "shut", "quit"})
# Words a title may leave out that a report says: "i renewed the permit" is "Renew permit".
_SMALL = frozenset({"the", "a", "an", "my", "our", "some"})


def base_forms(word: str) -> list[str]:
    """The verbs a past form or a gerund may come from, most likely first ("called" -> call,
    "baked" -> bake, "dropped" -> drop, "tidied" -> tidy); [] for a word that is neither."""
    word = word.lower()
    if word in _IRREGULAR:
        return [_IRREGULAR[word]]
    if word in _NOT_FORMS:
        return []
    for ending in ("ed", "ing"):
        if word.endswith(ending) and len(word) > len(ending) + 2:
            stem = word[: -len(ending)]
            forms = [stem]
            if len(stem) > 2 and stem[-1] == stem[-2]:
                forms.append(stem[:-1])  # "dropped", "shopping" ("called" keeps its "ll")
            forms.append(stem + "e")  # "baked", "posting" wants no "e", "baking" does
            if ending == "ed" and stem.endswith("i"):
                forms.insert(0, stem[:-1] + "y")  # "tidied", "emptied"
            return forms
    return []


def words_of(text: str) -> list[str]:
    """A title's words as compared: lower case, marks and spacing left out."""
    return re.findall(r"[^\W_]+(?:'[^\W_]+)?", text.casefold())


def done_told(text: str, open_titles: Callable[[], Iterable[str]]) -> str | None:
    """The open to-do the user says they did, its title as written, or None.

    Only a to-do whose whole title is the words said (the verb put back) counts, so "i've
    called the bank" ticks "Call the bank" and is mere news with no such to-do open."""
    said = TICK_IT.sub("", text.strip().rstrip(".!"))
    m = _DID.match(said)
    if not m:
        return None
    rest = m.group("rest")
    verb = m.group("verb").lower()
    if not m.group("who") and (
        verb in _SAME_AS_ORDER or not (verb.endswith("ed") or verb in _IRREGULAR)
    ):
        return None  # "tidy the shed" is an order; "tidied the shed" is news of it done
    if len(rest.split()) > 6 or re.search(r"\b(?:it|that|this|and|but|because)\b", rest, re.I):
        return None
    forms = [words_of(f"{verb} {rest}") for verb in base_forms(m.group("verb"))]
    if not forms:
        return None
    titles = list(open_titles())
    for wanted in forms:
        found = [t for t in titles if words_of(t) == wanted]
        if found:
            return found[0]
    for wanted in forms:  # then with the small words left out on both sides
        found = [t for t in titles if _content(words_of(t)) == _content(wanted)]
        if len(found) == 1:
            return found[0]
    return None


def _content(words: list[str]) -> list[str]:
    return [w for w in words if w not in _SMALL]
