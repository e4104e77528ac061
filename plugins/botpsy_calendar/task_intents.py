"""Local intents for tasks, reminders and named lists ("add milk to the shopping list").

Kept apart from the calendar's event matchers; registered after them, so a request with a
day and a time that names an event is the calendar's first.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import datetime

from assistant.api import IntentMatch
from botpsy_calendar.intents import (
    _BEFORE,
    _DETERMINERS,
    _NO_TOOL,
    _REMINDER_ASK,
    _REPEAT,
    _resolves,
    _title,
    pinned,
    split_title_and_time,
)

_REMIND_TO = re.compile(
    r"^(?:please\s+)?remind\s+me\s+(?:to|that i (?:need|have) to|about)\s+(?P<rest>.+?)\.?$", re.I
)
_REMINDER_FILLER = re.compile(r"^(?:(?:i\s+(?:need|have)\s+to|i\s+must|to|that)\s+)+", re.I)
_ASK_WHAT = "What should I remind you of?"
_ADD_TASK = re.compile(
    r"^(?:add|put)\s+(?P<title>.+?)\s+(?:to|on)\s+(?:my\s+|the\s+)?"
    r"(?:to-?do(?:\s+list)?|to\s+do\s+list|todos|tasks?(?:\s+list)?)"
    r"(?:\s+(?:for\s+)?(?P<when>today|tonight|tomorrow|this\s+week|next\s+week|on\s+\w+))?$",
    re.I,
)
_LIST_TASKS = re.compile(
    r"^(?:what(?:'s| is| are)\s+(?:on\s+)?my\s+(?:to-?do(?:\s+list)?|todos|tasks?)|"
    r"(?:show|list)(?:\s+me)?\s+(?:my\s+|the\s+)?(?:open\s+)?(?:to-?do(?:\s+list)?|todos|tasks?)|"
    r"(?:my\s+)?(?:to-?do(?:\s+list)?|todos|tasks))\??$",
    re.I,
)
_DONE = re.compile(
    r"^(?:mark|tick off|check off|complete|finish|cross off)\s+(?:the\s+task\s+|my\s+task\s+)?"
    r"(?P<task>.+?)(?:\s+as\s+(?:done|complete|completed|finished))?(?:\s+(?:off\s+)?my\s+list)?$",
    re.I,
)


# A named list: "my shopping list", "the grocery list", "shopping list" (never the to-dos).
_NAMED_LIST = r"(?:my\s+|the\s+|our\s+)?(?P<list>[a-z][\w'-]*(?:\s+[a-z][\w'-]*){0,2}?)\s+list"
_NOT_A_LIST = re.compile(
    r"^(?:to-?dos?|to\s+do|tasks?|reminders?|contacts?|contact|mailing|e-?mail|address|call|"
    r"friends?|block(?:ed)?|play|reading\s+group|watch)$",
    re.I,
)
_ADD_TO_LIST = re.compile(
    r"^(?:add|put|stick|pop|write|jot down|include|throw)\s+(?P<items>.+?)\s+"
    rf"(?:to|on|onto|in|into)\s+{_NAMED_LIST}$",
    re.I,
)
_READ_LIST = re.compile(
    r"^(?:what(?:'s|s)?(?:\s+(?:is|are|items|things|else|left|still|the\s+items|next))*\s+(?:on|in)"
    r"|what\s+(?:do|did)\s+(?:i|we)\s+(?:need|have|put)\s+(?:from|on|in)"
    r"|(?:tell|show)\s+me\s+what\s+(?:(?:i|we)\s+(?:have|need|put)|the\s+items\s+(?:are\s+)?)\s*(?:on|in)"
    r"|(?:read|show|tell|give|check|open|list|display|bring\s+up|pull\s+up)(?:\s+(?:me|us|out|back))?"
    r"(?:\s+(?:what(?:'s|s| is)\s+on|the\s+items\s+(?:on|in)|everything\s+on))?)"
    rf"\s+{_NAMED_LIST}(?:\s+(?:items|to\s+me|for\s+(?:today|tomorrow|this\s+week)|today|now))?"
    r"(?:\s+(?:is|are))?\??$",
    re.I,
)
# All the lists, or "the list" with no name: the open tasks with the list each item is on.
_ALL_LISTS = re.compile(
    r"^(?:(?:what|which)\s+(?:are\s+)?(?:all\s+)?(?:my|the)\s+lists"
    r"|(?:tell\s+me\s+)?(?:what|which)\s+lists\s+(?:do\s+(?:i|we)\s+have|are\s+(?:there|available)|have\s+(?:i|we)"
    r"\s+(?:made|got|created|started)|(?:i|we)\s+have(?:\s+made)?)"
    r"|(?:(?:can\s+i\s+)?(?:show|list|display|read|check|open|give|tell|bring\s+up|pull\s+up))"
    r"(?:\s+(?:me|us))?\s+(?:all\s+)?(?:(?:my|the|available|all)\s+)?(?:available\s+)?lists?(?:\s+to\s+me)?"
    r"|(?:tell\s+me\s+)?what(?:'s|s|\s+is)\s+(?:next\s+)?on\s+(?:my|the)\s+list"
    r"|(?:tell|show)\s+me\s+what\s+(?:i|we)\s+(?:have|need|put)\s+on\s+(?:my|the|our)\s+list"
    r"|(?:all\s+)?my\s+lists)\??$",
    re.I,
)
# A new list: "start a new camping list", "create a list called packing", "make a list".
_NEW_LIST = re.compile(
    r"^(?:create|make|start|open|begin|set\s+up|new)\s+(?:me\s+)?(?:an?\s+|my\s+)?(?:new\s+)?"
    r"(?:(?P<before>[a-z][\w'-]*(?:\s+[a-z][\w'-]*)?)\s+)?list"
    r"(?:\s+(?:called|named|titled|for|of)\s+(?P<after>[a-z][\w'-]*(?:\s+[a-z][\w'-]*){0,2}))?"
    r"(?:\s+for\s+me)?(?:\s+with\s+(?P<items>[^?]{1,120}))?$",
    re.I,
)
# A whole list gone: "clear my shopping list", "delete the packing list", "empty the list".
_CLEAR_LIST = re.compile(
    r"^(?:clear|empty|delete|remove|erase|wipe|get\s+rid\s+of|throw\s+away|scrap)(?:\s+out)?\s+"
    r"(?:(?:my|the|our|a|this|that)\s+)?(?:(?:whole|entire)\s+)?"
    r"(?:(?P<before>[a-z][\w'-]*(?:\s+[a-z][\w'-]*)?)\s+)?list"
    r"(?:\s+(?:called|named|titled|of)\s+(?P<after>[a-z][\w'-]*(?:\s+[a-z][\w'-]*){0,2}))?$",
    re.I,
)
_ON_LIST = re.compile(
    r"^(?:is|are|do\s+(?:i|we)\s+have)\s+(?P<items>.+?)\s+(?:on|in)\s+"
    rf"{_NAMED_LIST}(?:\s+already)?\??$",
    re.I,
)
_REMOVE_FROM_LIST = re.compile(
    r"^(?P<verb>remove|delete|erase|drop|take|get rid of|cancel|tick|check|cross|mark)(?:\s+off)?\s+"
    r"(?P<items>.+?)(?:\s+(?:as\s+)?(?:done|bought|got))?\s+"
    rf"(?:from|off|on|in)(?:\s+of)?\s+{_NAMED_LIST}$",
    re.I,
)
_DONE_VERBS = {"tick", "check", "cross", "mark"}
# The same on "the list" with no name: "take the paint off the list".
_REMOVE_FROM_THE_LIST = re.compile(
    r"^(?P<verb>remove|delete|erase|take|cross|tick|get rid of)(?:\s+off)?\s+(?P<items>.+?)\s+"
    r"(?:from|off)(?:\s+of)?\s+(?:my|the|our)\s+list$",
    re.I,
)
_ADD_TO_THE_LIST = re.compile(
    r"^(?:add|put|stick|pop|write|jot down)\s+(?P<items>.+?)\s+(?:to|on|onto)\s+(?:(?:my|the|our)\s+)?list$",
    re.I,
)
_EVERYTHING = re.compile(
    r"^(?:everything|all(?:\s+(?:of\s+)?(?:the\s+)?(?:items|things|entries|of\s+it))?)$", re.I
)
_VAGUE_ITEM = re.compile(
    r"^(?:it|this|that|them|these|those|an?\s+item|(?:this|that)\s+(?:item|one)|something)$", re.I
)


def _list_named(m: re.Match[str], group: str = "list") -> str | None:
    """The list's name as said ("shopping list"), or None for the to-dos or another app's lists.

    The word "list" is kept as said: the tools drop it (`list_label`), a reader sees the name.
    """
    name = " ".join((m.group(group) or "").split())
    if not name or _NOT_A_LIST.match(name) or name.lower() in _DETERMINERS:
        return None
    if name.lower() in ("new", "whole", "entire", "old", "first", "last", "next", "same", "other"):
        return None
    return f"{name} list"


def _list_items(text: str) -> list[str]:
    """ "eggs, bread and milk" → three items; "some milk" → "milk"."""
    parts = re.split(r"\s*[,;]\s*(?:and\s+)?|\s+(?:and|&|plus)\s+", text.strip(), flags=re.I)
    items = [re.sub(r"^(?:some|the|an?)\s+", "", p.strip(" ."), flags=re.I) for p in parts]
    return [i for i in items if i]


def make_list_matchers() -> list[tuple[str, Callable[[str], IntentMatch | None]]]:
    """ "Add milk to my shopping list", "what's on my shopping list", "remove milk from it"."""

    def add_to_list(text: str) -> IntentMatch | None:
        m = _ADD_TO_LIST.match(text.strip())
        name = _list_named(m) if m else None
        if name is None and (bare := _ADD_TO_THE_LIST.match(text.strip())):
            items = _list_items(bare.group("items"))
            if not items or any(len(i.split()) > 6 or _VAGUE_ITEM.match(i) for i in items):
                return None
            title = _title(", ".join(items))
            question = f'Which list should "{title}" go on? (say "to-dos" for your tasks)'
            return IntentMatch(
                "task_add", {"title": title}, "add_to_list", missing={"list_name": question}
            )
        if m is None or name is None:
            return None
        items = _list_items(m.group("items"))
        if not items or any(len(i.split()) > 6 for i in items):
            return None
        title = _title(", ".join(items))
        return IntentMatch("task_add", {"title": title, "list_name": name}, "add_to_list")

    def read_list(text: str) -> IntentMatch | None:
        m = _READ_LIST.match(text.strip()) or _ON_LIST.match(text.strip())
        name = _list_named(m) if m else None
        if name is None:
            return None
        return IntentMatch("task_list", {"list_name": name}, "read_list")

    def all_lists(text: str) -> IntentMatch | None:
        if _ALL_LISTS.match(text.strip().rstrip(". ")):
            return IntentMatch("task_list", {}, "read_list")
        return None

    def new_list(text: str) -> IntentMatch | None:
        """A list exists once something is on it: ask for its name, then its first items."""
        m = _NEW_LIST.match(text.strip().rstrip(". "))
        if not m:
            return None
        name = _list_named(m, "after") or _list_named(m, "before")
        if (m.group("before") or m.group("after")) and name is None:
            return None  # "start a to-do list", "create a playlist": another thing
        arguments = {"list_name": name} if name else {}
        missing = {} if name else {"list_name": "What should the new list be called?"}
        items = _list_items(m.group("items") or "")
        if items and all(len(i.split()) <= 6 for i in items):
            arguments["title"] = _title(", ".join(items))  # "... with eggs and milk"
        elif m.group("items"):
            return None
        else:
            missing["title"] = "What should go on it first?"
        return IntentMatch("task_add", arguments, "new_list", missing=missing)

    def clear_list(text: str) -> IntentMatch | None:
        """Never a bulk delete on the intents path: items go one at a time, each confirmed."""
        m = _CLEAR_LIST.match(text.strip().rstrip(". "))
        if not m:
            return None
        name = _list_named(m, "after") or _list_named(m, "before")
        if (m.group("before") or m.group("after")) and name is None:
            return None
        return one_at_a_time(name)

    def one_at_a_time(name: str | None) -> IntentMatch:
        which = f"on the {list_label_of(name)} list" if name else "on your lists"
        question = f"I remove items one at a time, each after you confirm: which one {which}?"
        arguments = {"list_name": name} if name else {}
        return IntentMatch("task_delete", arguments, "clear_list", missing={"task": question})

    def remove_from_list(text: str) -> IntentMatch | None:
        m = _REMOVE_FROM_LIST.match(text.strip())
        name = _list_named(m) if m else None
        if name is None and (bare := _REMOVE_FROM_THE_LIST.match(text.strip())):
            items = _list_items(bare.group("items"))
            if len(items) != 1 or len(items[0].split()) > 6 or _VAGUE_ITEM.match(items[0]):
                return None
            tool = "task_complete" if bare.group("verb").lower() in _DONE_VERBS else "task_delete"
            return IntentMatch(tool, {"task": _title(items[0])}, "remove_from_list")
        if m is None or name is None:
            return None
        if _EVERYTHING.match(m.group("items").strip()):  # "remove all items from my camping list"
            return one_at_a_time(name)
        items = _list_items(m.group("items"))
        if len(items) != 1 or len(items[0].split()) > 6:
            return None  # several items at once: one call each is the model's job
        tool = "task_complete" if m.group("verb").lower() in _DONE_VERBS else "task_delete"
        return IntentMatch(tool, {"task": _title(items[0]), "list_name": name}, "remove_from_list")

    return [
        ("add_to_list", add_to_list),
        ("read_list", read_list),
        ("all_lists", all_lists),
        ("new_list", new_list),
        ("clear_list", clear_list),
        ("remove_from_list", remove_from_list),
    ]


def list_label_of(name: str) -> str:
    """ "shopping list" → "shopping": the name as a question says it."""
    return re.sub(r"\s+lists?$", "", name, flags=re.I)


def make_task_matchers(
    now: Callable[[], datetime], has_task: Callable[[str], bool] = lambda _: True
) -> list[tuple[str, Callable[[str], IntentMatch | None]]]:
    """ "Remind me to call mom tomorrow", "add milk to my todo list", "my tasks", "mark X done"."""

    def add_task(text: str) -> IntentMatch | None:
        m = _REMIND_TO.match(text.strip())
        if m:
            title, when = split_title_and_time(m.group("rest"), now())
            title = _title(title)
            if not title or len(title.split()) > 10:
                return None
            arguments = {"title": title} | ({"due": when} if when else {})
            return IntentMatch("task_add", arguments, "add_task")
        m = _REMINDER_ASK.match(text.strip())
        if m and "?" not in text and not _NO_TOOL.search(text):
            return _reminder(m.group("rest") or "")
        m = _ADD_TASK.match(text.strip())
        if m:
            title = _title(m.group("title"))
            due = {"due": m.group("when")} if m.group("when") else {}
            return IntentMatch("task_add", {"title": title} | due, "add_task") if title else None
        return None

    def _reminder(rest: str) -> IntentMatch | None:
        """A reminder from what follows the ask: a title, a time, both or neither."""
        rest = _REMINDER_FILLER.sub("", rest.strip())
        if re.search(rf"\b{_BEFORE}$", rest, re.I):
            return None  # "remind me 10 minutes before": about an event, not a task
        if _REPEAT.search(rest) or re.search(r"\bevery\b", rest, re.I):
            return None  # a repeating reminder: tasks do not repeat, the model explains
        when: str | None
        lead = re.match(r"^(?P<when>.+?)\s+(?:to|that|about)\s+(?P<what>.+)$", rest, re.I)
        if rest and _resolves(rest, now()):
            title, when = "", rest  # "remind me tomorrow at 2pm": a time, the title to ask
        elif lead and _resolves(lead.group("when"), now()):
            title, when = lead.group("what"), lead.group("when")  # "in 10 minutes to stretch"
        else:
            title, when = split_title_and_time(rest, now()) if rest else ("", None)
        title = _title(_REMINDER_FILLER.sub("", title.strip()))
        if len(title.split()) > 10:
            return None
        due = {"due": when} if when else {}
        if not title:
            due = {"due": pinned(when, now())} if when else {}
            return IntentMatch("task_add", due, "add_task", missing={"title": _ASK_WHAT})
        return IntentMatch("task_add", {"title": title} | due, "add_task")

    def list_tasks(text: str) -> IntentMatch | None:
        if _LIST_TASKS.match(text.strip()):
            return IntentMatch("task_list", {}, "list_tasks")
        return None

    def complete_task(text: str) -> IntentMatch | None:
        m = _DONE.match(text.strip())
        if not m:
            return None
        task = _title(m.group("task"))
        if not task or not has_task(task):
            return None
        return IntentMatch("task_complete", {"task": task}, "complete_task")

    return [
        *make_list_matchers(),
        ("add_task", add_task),
        ("list_tasks", list_tasks),
        ("complete_task", complete_task),
    ]
