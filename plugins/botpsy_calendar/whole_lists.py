"""Requests about whole lists, not their items: which lists exist, rename one, delete one.

Vocabulary is data (the verbs of renaming and of getting rid of a thing, the words of
asking whether something exists), and the shapes are few: VERB + LIST + "to" + NAME,
"change the name of LIST to NAME", "call LIST NAME instead", "do i have LIST", "what lists".
The list itself is named the way task_intents names it (`named`), so "my camping list",
"the list called camping" and "groceries" all work with every verb. Making a list and
deleting or emptying one are recognised where task_intents and list_shapes read those
sentences; `as_create`, `as_delete` and `as_clear` give the calls.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from assistant.api import IntentMatch
from botpsy_calendar.tools import list_label

# Verbs that remove a thing for good: with a list as their object the list goes, not its items.
DELETE_VERBS = (
    "delete remove erase scrap trash bin ditch discard dump cancel kill lose drop destroy"
    " get-rid-of throw-away throw-out do-away-with"
)
# Verbs that only empty a list ("clear my shopping list"): its items go (`list_clear`), it stays.
EMPTY_VERBS = "clear empty wipe reset purge"
_DELETE = r"(?:" + "|".join(v.replace("-", r"\s+") for v in DELETE_VERBS.split()) + r")"
_RENAME_V = r"(?:rename|re-?name|retitle|re-?title|relabel|re-?label)"
_NAME_WORDS = r"(?:[a-z][\w'-]*(?:\s+[a-z][\w'-]*){0,3})"
_DET = r"(?:(?:my|the|our|this|that|a)\s+)?"
_LIST = rf"{_DET}(?P<old>{_NAME_WORDS}?)(?:\s+list)?"
_LIST_NAMED = rf"{_DET}list\s+(?:called\s+|named\s+|titled\s+)?(?P<old2>{_NAME_WORDS})"
_NEW = rf"(?:{_DET}|just\s+)(?P<new>{_NAME_WORDS})(?:\s+list)?(?:\s+instead)?"
_RENAME = [
    # "rename groceries to weekly shop", "rename the list called camping as trip"
    re.compile(
        rf"^{_RENAME_V}\s+(?:{_LIST_NAMED}|{_LIST})\s+(?:to|as|into)\s+{_NEW}$",
        re.I,
    ),
    # "change the name of my groceries list to weekly shop", "update the camping list's name to trip"
    re.compile(
        r"^(?:change|update|switch|edit|alter|set)\s+(?:the\s+)?(?:name|title)\s+(?:of\s+)?"
        rf"(?:{_LIST_NAMED}|{_LIST})\s+(?:to|into|as)\s+{_NEW}$",
        re.I,
    ),
    re.compile(
        rf"^(?:change|update|switch|edit|alter|set)\s+(?:{_LIST_NAMED}|{_LIST})(?:'s|s)?\s+"
        rf"(?:name|title)\s+(?:to|into|as)\s+{_NEW}$",
        re.I,
    ),
    # "call the camping list weekend trip instead", "the groceries list should be called weekly shop"
    re.compile(
        rf"^(?:call|name)\s+{_DET}(?P<old>{_NAME_WORDS}?)\s+list\s+(?P<new>{_NAME_WORDS})"
        r"(?:\s+list)?\s+instead$"
        rf"|^{_DET}(?P<old3>{_NAME_WORDS}?)\s+list\s+(?:should|must|will|can)\s+be\s+"
        rf"(?:called|named|renamed(?:\s+to)?)\s+(?P<new3>{_NAME_WORDS})(?:\s+list)?(?:\s+(?:now|instead))?$",
        re.I,
    ),
]
# "do i have a camping list", "is there a list called packing", "have we got a packing list",
# "does my camping list exist", "have i made a packing list yet"
_EXISTS = re.compile(
    r"^(?:(?:do|did)\s+(?:i|we)\s+(?:still\s+|already\s+)?(?:have|keep|make|start|create)"
    r"|have\s+(?:i|we)\s+(?:already\s+)?(?:got|made|started|created|set\s+up)"
    r"|is\s+there(?:\s+still)?|(?:is|are)\s+there\s+any)\s+"
    rf"(?:an?\s+|any\s+|my\s+|the\s+)?(?:(?P<before>{_NAME_WORDS}?)\s+list"
    rf"|list\s+(?:called|named|titled|for)\s+(?P<after>{_NAME_WORDS}))"
    r"(?:\s+(?:yet|already|still|anymore|any\s+more|saved|here|on\s+(?:my\s+)?(?:phone|here)))?$"
    rf"|^(?:does|do)\s+{_DET}(?P<exists>{_NAME_WORDS}?)\s+list\s+(?:still\s+)?exist(?:\s+(?:yet|still))?$",
    re.I,
)
# "what lists do i have", "which lists are there", "show me my lists", "how many lists have i got",
# "name my lists", "my lists": the lists themselves, not what is on them.
_WHICH = re.compile(
    r"^(?:(?:can\s+you\s+)?(?:tell|show|give|read|list|name|say)\s+(?:me\s+|us\s+)?"
    r"|(?:i|we)\s+(?:wanna|want\s+to|would\s+like\s+to|need\s+to)\s+(?:see|hear|know|check)\s+)?"
    r"(?:(?:what|which)(?:\s+all)?\s+lists?\s+(?:do|have|did|are|were)\s*(?:i|we|there|you)?"
    r"(?:\s+(?:got|have|made|make|created|create|started|start|kept|keep|saved|set\s+up|available"
    r"|for\s+me|at\s+the\s+moment|right\s+now|so\s+far|now|already|still))*"
    r"|(?:what|which)\s+(?:are\s+)?(?:all\s+)?(?:of\s+)?(?:my|our|the)\s+lists(?:\s+(?:called|named))?"
    r"|what\s+(?:all\s+)?(?:my|our|the)\s+lists\s+are(?:\s+called)?"
    r"|how\s+many\s+lists(?:\s+(?:do|have|did)\s+(?:i|we)(?:\s+(?:got|have|made|make|created|kept))?"
    r"|\s+are\s+there|\s+(?:i|we)\s+have)?"
    r"|(?:all\s+(?:of\s+)?)?(?:my|our|the)\s+(?:(?:different|available|current|saved|existing)\s+)?"
    r"lists(?:\s+(?:please|(?:that\s+)?(?:i|we)\s+(?:have|made|created|started|keep|set\s+up)))?"
    r"|(?:do|have)\s+(?:i|we)\s+(?:got\s+|have\s+|made\s+|kept\s+)?any\s+lists(?:\s+(?:yet|at\s+all))?"
    r"|(?:what(?:'s|s|\s+is|\s+are)\s+)?(?:the\s+)?names?\s+of\s+(?:all\s+)?(?:my|our|the)\s+lists)"
    r"(?:\s+(?:please|now|today|here|on\s+(?:my\s+)?phone))?\??$",
    re.I,
)


_WHOM = frozenset({"me", "us", "myself", "ourselves", "you", "them", "him", "her"})


def as_create(name: str | None, items: str | None = None) -> IntentMatch:
    """The call that starts a list (its first items too when said); no name: it is asked."""
    bare = re.sub(r"^(?:for\s+)?|\s+lists?$", "", (name or "").strip().lower())
    if bare in _WHOM:
        name = None  # "make a new list for me": for whom, not what it is called
    arguments = {"list_name": name} if name else {}
    if items:
        arguments["items"] = items
    missing = {} if name else {"list_name": "What should the new list be called?"}
    return IntentMatch("list_create", arguments, "new_list", missing=missing)


def as_delete(name: str | None, said: str = "") -> IntentMatch:
    """The call that deletes a whole list (shown with its items and asked first).

    "delete that list" points back: after a turn the model (or a follow-up) knows which.
    """
    if name:
        return IntentMatch("list_delete", {"list_name": name}, "delete_list")
    missing = {"list_name": "Which list should I delete?"}
    back = re.search(r"\b(?:this|that|these|those|it)\b", said, re.I) is not None
    return IntentMatch("list_delete", {}, "delete_list", missing=missing, points_back=back)


def as_clear(name: str | None) -> IntentMatch:
    """The call that empties a list and keeps it: every item shown, removed on one yes.

    No list said ("empty the list"): which one is asked."""
    if name:
        return IntentMatch("list_clear", {"list_name": name}, "clear_list")
    missing = {"list_name": "Which list should I clear?"}
    return IntentMatch("list_clear", {}, "clear_list", missing=missing)


def deletes(text: str) -> bool:
    """Whether a request about a whole list starts with a verb that removes it for good."""
    return re.match(rf"^(?:please\s+)?{_DELETE}\b", text.strip(), re.I) is not None


def make_whole_list_matchers(
    named: Callable[[str], str | None],
) -> list[tuple[str, Callable[[str], IntentMatch | None]]]:
    """Rename a list, ask whether one exists, ask which lists there are.

    `named` turns the words said for a list ("camping", "weekly shop") into its name as the
    tools take it, or None when they name no list of ours (the to-dos, a playlist).
    """

    def rename(text: str) -> IntentMatch | None:
        said = " ".join(text.lower().strip().rstrip("?.!").split())
        for pattern in _RENAME:
            m = pattern.match(said)
            if not m:
                continue
            groups = m.groupdict()
            old = groups.get("old") or groups.get("old2") or groups.get("old3") or ""
            old = re.sub(r"(?:\s+list)?(?:'s|s')$", "", old)  # "my chores list's name"
            new = groups.get("new") or groups.get("new3") or ""
            old_name, new_name = named(old), named(new)
            if not old_name or not new_name or not list_label(new_name):
                return None
            # "list" must be said of the old name: "rename the packing notes to trip list" is a file
            new_at = m.start("new") if groups.get("new") else m.start("new3")
            if not re.search(r"\blist\b", said[:new_at]) and not re.search(
                r"\b(?:groceries|shopping|chores)\b", old
            ):
                return None  # "rename the report to draft": a file, not a list
            return IntentMatch(
                "list_rename", {"list_name": old_name, "new_name": new_name}, "rename_list"
            )
        return None

    def exists(text: str) -> IntentMatch | None:
        said = " ".join(text.lower().strip().rstrip("?.!").split())
        m = _EXISTS.match(said)
        if not m:
            return None
        words = m.group("before") or m.group("after") or m.group("exists") or ""
        if re.search(r"\s(?:on|in)\s+(?:the|my|our)\s", f" {words}"):
            return None  # "have i got foil on the party list": a thing on a list, asked
        name = named(words) if words else None
        if name is None or not list_label(name):
            return None  # "is there a to do list": the tasks; "a playlist": not ours
        return IntentMatch("list_lists", {"list_name": name}, "list_exists")

    def which(text: str) -> IntentMatch | None:
        said = " ".join(text.lower().strip().rstrip("?.!").split())
        if not _WHICH.match(said) or said in ("list", "the list", "my list"):
            return None
        return IntentMatch("list_lists", {}, "which_lists")

    return [("rename_list", rename), ("list_exists", exists), ("which_lists", which)]
