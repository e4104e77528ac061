"""One request, several calls: items ticked or taken off a list together, reminders said together.

"take eggs and milk off the shopping list", "cross off eggs, rice and tea", "the rope and the
torch are packed": each item is its own call (a delete is shown and approved item by item).
"remind me to water the plants and to call grandma", "add call the bank and book the vet to my
to-dos": two tasks; "take milk and tea off it" after a list was read: that list. The single-item
matchers do the reading: the items are put back one at a time into the sentence as said, so
every shape they know works with several items, and an item that is not on a list is never
ticked by guesswork."""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import datetime

from assistant.api import WEEKDAY_NAME, IntentMatch, Recent
from botpsy_calendar.list_shapes import DOING, opened_list

Matchers = list[tuple[str, Callable[[str], IntentMatch | None]]]
Several = list[tuple[str, Callable[[str], list[IntentMatch] | None]]]
Following = list[tuple[str, Callable[[str, Recent], list[IntentMatch] | None]]]
# The list just read or changed, pointed back at: "take milk and tea off it".
_IT = re.compile(r"\b(off|from|out\s+of|on)\s+(?:it|that|this|there|the\s+list|that\s+list)$", re.I)
# Stands for the items while the sentence is read; no one says it.
_HOLDER = "qqitemqq"
# Where items are joined: "eggs, milk and rice", "eggs & milk", "eggs plus milk".
_JOIN = re.compile(r"\s*,\s*(?:and\s+)?|\s+(?:and|&|plus|as\s+well\s+as)\s+", re.I)
# A request that may tick or remove: worth the reading item by item.
_CUE = re.compile(
    r"\b(?:off|from|out|remove|delete|erase|drop|done|finished|complete|completed|bought|packed"
    r"|sorted|got|purchased|picked|tick|cross|strike|scratch|mark|rid|need|longer|more)\b",
    re.I,
)
_MANY_TOOLS = ("task_delete", "task_complete")
# The to-dos named: worth reading the things to do one by one.
_TODO_CUE = re.compile(r"\b(?:to[\s-]?dos?|todos?|tasks?|chores?)\b", re.I)
# The readings tried at most: a request is read in milliseconds, however long.
_MAX_SPANS = 40
# Words that are the sentence's, not an item's: "bread on the grocery list" is no item.
_NOT_AN_ITEM = re.compile(r"\b(?:lists?|on|off|from|onto|into|to|out|as)\b", re.I)
_NOT_A_TITLE = re.compile(
    r"\b(?:lists?|tasks?|to[\s-]?dos?|todos?|reminders?|off|from|onto|into)\b", re.I
)
# Where a second thing to be reminded of starts: "... and to call", "... and also", "..., then".
_NEXT_THING = re.compile(
    r"\s*,?\s+and\s+(?:(?:also|then)\s+)?(?:to\s+|remind\s+me\s+to\s+)"
    r"|\s*,?\s+and\s+(?:also|then)\s+|\s*,\s*(?:and\s+)?(?:then|also)\s+"
    # "... and call grandma": only with a verb of doing (below) that has an object
    r"|\s+and\s+(?=(?P<verb>[a-z]+)\s+\S)",
    re.I,
)
_ASK_AGAIN = "remind me to "
_MAX_WORDS = 24


def _spans(words: list[str]) -> list[tuple[int, int]]:
    """Runs of words with a join inside and none at either end, longest first."""
    joins = {i for i, w in enumerate(words) if w.lower() in ("and", "&", "plus") or w.endswith(",")}
    spans = []
    for start in range(len(words)):
        for end in range(start + 3, min(len(words), start + 12) + 1):
            inside = [i for i in joins if start <= i < end - 1]
            first, last = words[start].lower(), words[end - 1]
            if not inside or first in ("and", "&", "plus") or last.endswith(","):
                continue
            if words[end - 1].lower() in ("and", "&", "plus"):
                continue
            spans.append((start, end))
    return sorted(spans, key=lambda s: (s[0] - s[1], s[0]))


def _items(said: str) -> list[str]:
    """ "the eggs, milk and rice" → the three, each as said."""
    parts = [p.strip(" .") for p in _JOIN.split(said)]
    return [re.sub(r"^(?:some|the|an?|my|our)\s+", "", p, flags=re.I) for p in parts if p]


def make_several_matchers(
    now: Callable[[], datetime],
    has_task: Callable[[str], bool],
    build: Callable[[Callable[[], datetime], Callable[[str], bool]], Matchers],
) -> tuple[Several, Following]:
    """The several-call matchers, and those that follow a turn on a list ("... off it"),
    reading with the single-item matchers `build` makes."""
    loose = build(now, lambda words: _HOLDER in words.lower() or has_task(words))
    strict = build(now, has_task)

    def first(matchers: Matchers, text: str) -> IntentMatch | None:
        return next((found for _, m in matchers if (found := m(text)) is not None), None)

    def each(text: str, tools: tuple[str, ...], key: str) -> list[IntentMatch] | None:
        """The request read with its joined items as one, then item by item: a call each."""
        words = text.split()
        if len(words) > _MAX_WORDS or not _JOIN.search(text):
            return None
        for start, end in _spans(words)[:_MAX_SPANS]:
            items = _items(" ".join(words[start:end]).rstrip(","))
            if len(items) < 2 or any(len(i.split()) > 5 for i in items):
                continue
            if key == "task" and any(_NOT_AN_ITEM.search(i) for i in items):
                continue
            if key == "title" and any(
                _NOT_A_TITLE.search(i) or i.split()[0].lower() not in DOING for i in items
            ):
                continue  # "add buy salt and pepper to my to-dos": one thing to do
            shape = first(loose, " ".join([*words[:start], _HOLDER, *words[end:]]))
            if shape is None or shape.tool not in tools or shape.missing:
                continue
            if str(shape.arguments.get(key, "")).lower() != _HOLDER:
                continue
            if key == "title" and "list_name" in shape.arguments:
                continue  # items on a named list: the tool puts each on it
            calls = []
            for item in items:
                one = first(strict, " ".join([*words[:start], item, *words[end:]]))
                if one is None or one.tool != shape.tool or one.missing:
                    break  # an item this reading does not take: another reading may
                calls.append(IntentMatch(shape.tool, shape.arguments | {key: one.arguments[key]}))
            else:
                return calls
        return None

    def items_off(text: str) -> list[IntentMatch] | None:
        """Two or more items ticked or taken off, one call each."""
        return each(text, _MANY_TOOLS, "task") if _CUE.search(text) else None

    def todos_added(text: str) -> list[IntentMatch] | None:
        """ "add call the bank and book the vet to my to-dos": two things to do, a task each."""
        return each(text, ("task_add",), "title") if _TODO_CUE.search(text) else None

    def reminders(text: str) -> list[IntentMatch] | None:
        """ "remind me to water the plants and to call grandma": a task each, a time said once
        lent to the other."""
        if len(text.split()) > _MAX_WORDS or not re.search(r",|\band\b", text, re.I):
            return None
        for cut in _NEXT_THING.finditer(text):
            verb = (cut.group("verb") or "").lower()
            rest = text[cut.end() :]
            said_to = re.search(r"\b(?:to|remind\s+me\s+to)\s+$", cut.group(0), re.I)
            if not said_to and rest.split()[0].lower() not in DOING:
                continue  # "... and then play some music": asked of the assistant, not a reminder
            left = first(strict, text[: cut.start()])
            once = first(strict, _ASK_AGAIN + rest)
            right = reminders(_ASK_AGAIN + rest) or ([once] if once is not None else [])
            if left is None or not _a_task(left) or not right or not all(map(_a_task, right)):
                continue
            said = str(left.arguments["title"]).split()[0].lower()
            if verb and said not in DOING:
                continue  # "remind me about the dentist and call jo": read by the model
            calls = [left, *right]
            _lend_due(calls, text, str(left.arguments["title"]))
            return calls
        return None

    def items_off_it(text: str, recent: Recent) -> list[IntentMatch] | None:
        """ "take milk and tea off it", "cross bread off it" after a list was read or changed:
        that list."""
        tools = ("task_list", "task_add", "task_delete", "task_complete")
        named = [c for c in recent.calls if c.tool in tools and c.arguments.get("list_name")]
        name = str(named[-1].arguments["list_name"]) if named else ""
        if not name or not _IT.search(text):
            return None
        label = re.sub(r"\s+list$", "", name, flags=re.I)
        said = _IT.sub(lambda m: f"{m.group(1)} the {label} list", text)
        if several := items_off(said):
            return several
        one = first(strict, said)  # "take the oat milk off it": one item, read as said of that list
        if one is None or one.missing or one.tool not in _MANY_TOOLS:
            return None
        return [one]

    def opened_then(text: str) -> list[IntentMatch] | None:
        """ "open the grocery list and remove butter": the change made on that list (read as
        one, so it keeps the list's name), then the list read as it now is."""
        ref = opened_list(text)
        if ref is None:
            return None
        shown, change = first(strict, f"read {ref}"), first(strict, text)
        if shown is None or change is None or shown.tool != "task_list" or change.missing:
            return None
        if change.tool not in ("task_add", "task_delete", "task_complete"):
            return None
        return [change, shown]

    return [
        ("items_off", items_off),
        ("reminders", reminders),
        ("todos_added", todos_added),
        ("opened_then", opened_then),
    ], [("items_off_it", items_off_it)]


def _a_task(found: IntentMatch | None) -> bool:
    """A plain to-do with a title, on no list, nothing left to ask."""
    return (
        found is not None
        and found.tool == "task_add"
        and not found.missing
        and bool(found.arguments.get("title"))
        and "list_name" not in found.arguments
        and not _ASKED.match(str(found.arguments["title"]))
    )


# A second part that asks the assistant something is no thing to be reminded of:
# "remind me to call mum and then tell me the weather".
_ASKED = re.compile(
    r"^(?:what|what's|whats|who|how|where|when|why|which|is|are|can|could|will|do|does)\b"
    r"|^\w+\s+(?:me|us)\b",
    re.I,
)


# A day alone, with no clock time: said after the last thing, it is when all of them are due.
_DAY_ONLY = re.compile(
    r"^(?:on\s+|by\s+|for\s+)?(?:today|tonight|tomorrow|(?:this|next)\s+(?:week|weekend|month)"
    rf"|(?:(?:this|next)\s+)?{WEEKDAY_NAME})$",
    re.I,
)


def _lend_due(calls: list[IntentMatch], text: str, first_title: str) -> None:
    """A time said once for all: before the first thing ("remind me tomorrow to A and B"), or a
    day after the last ("... A and B on friday"); a clock time inside one part stays its own."""
    dues = [str(c.arguments["due"]) for c in calls if "due" in c.arguments]
    if len(dues) != 1:
        return
    due, at = dues[0], text.lower().find(dues[0].lower())
    starts = text.lower().find(first_title.split()[0].lower())
    before = 0 <= at < starts
    last = "due" in calls[-1].arguments and bool(_DAY_ONLY.match(due))
    if before or last:
        for call in calls:
            call.arguments.setdefault("due", due)
