"""Clearing a list: every item on it removed on one yes, the list itself kept.

"Clear my shopping list" is one call of `list_clear`. Its preview names every item the call
will remove (its title in quotes a title cannot close, its due day, "(done)" for one ticked
off) and says how many are done; it pins each item by its UID and a digest of its title, and
the yes removes those and nothing else. An item that appears in between (one a shared list's
sync brings in, one added on the phone) is left alone and named in the reply; one removed,
renamed or moved off the list meanwhile is skipped and counted, never replaced by another.

Done items go too: "clear the list" means nothing is left on it, and the question says how
many of those it removes are done. An item someone else added to a shared list is listed and
removed like the rest, on the same yes; the question says the list is shared (the words
`botpsy_calendar.lists_shared` gives a change to an item there). "Clear my to-do list" is the
same call on the to-dos, the tasks on no list: each is listed, and none goes unasked. Deleting
the list itself is `list_delete`, another request ("delete the camping list").
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from assistant.api import Shown, ToolArgumentError, ToolError, one_line, quoted
from botpsy_calendar.removing import each_removed
from botpsy_calendar.store import Task
from botpsy_calendar.tools import describe_task, list_label

if TYPE_CHECKING:
    from botpsy_calendar.tools import CalendarTools

# At most this many items go on one yes: each is listed in the question, and a list holding
# more (a shared list flooded by someone else's client) is emptied item by item or deleted.
MOST = 50


@dataclass(frozen=True)
class Listing:
    """The list a clear empties, as the question names it, and what is on it now."""

    label: str  # the list's name as kept ("Shopping"); "" for the to-dos (tasks on no list)
    said: str  # 'the list "Shopping"', "your to-dos (the tasks on no list)"
    items: list[Task]
    exists: bool


def item_pin(task: Task) -> str:
    """The exact item: "uid:ID#DIGEST", the digest of its title as shown, so an item renamed
    after the question (by whoever shares the list) is not removed under its old name."""
    digest = hashlib.sha256(task.title.encode("utf-8")).hexdigest()[:16]
    return f"uid:{task.uid}#{digest}"


def read(toolbox: CalendarTools, list_name: str) -> Listing:
    """The list `list_name` names and its items (open ones first, then the done)."""
    if not (list_name or "").strip():
        raise ToolArgumentError('say which list to clear, e.g. "shopping"')
    tasks = toolbox.store.tasks()
    label = toolbox.known_label(list_name)
    if not label:  # "my to-do list": the tasks on no list
        items = [t for t in tasks if not list_label(t.list_name)]
        return Listing("", "your to-dos (the tasks on no list)", items, True)
    items = [t for t in tasks if t.on_list(label)]
    exists = any(i.name.casefold() == label.casefold() for i in toolbox.store.lists())
    return Listing(label, f"the list {quoted(label, 80)}", items, exists or bool(items))


def line(task: Task, listing: Listing) -> str:
    """'"Milk" (done)', '"Rope" due Friday 4 December 2026', and where else it is kept."""
    text = describe_task(task, show_list=False)
    if listing.label and task.list_name.casefold() != listing.label.casefold():
        text += f" (kept on the list {quoted(task.list_name, 60)}: it goes from there too)"
    if task.organizer:
        text += f" (assigned by {one_line(task.organizer, 80)})"
    return text


def _count(number: int, what: str = "item") -> str:
    return f"{number} {what}{'' if number == 1 else 's'}"


def _what(listing: Listing) -> str:
    return "to-do" if not listing.label else "item"


def _checked(listing: Listing) -> None:
    """Nothing to remove, or too much for one question: an error, and nothing is removed."""
    if not listing.items:
        if not listing.label:
            raise ToolError("there is nothing to clear: you have no to-dos (tasks on no list)")
        if not listing.exists:
            raise ToolError(
                f"there is nothing to clear: you have no list called {quoted(listing.label, 80)}"
            )
        raise ToolError(f"{listing.said} is already empty; nothing was removed")
    if len(listing.items) > MOST:
        also = (
            f', or delete the list itself ("delete the {one_line(listing.label, 60)} list")'
            if listing.label
            else ""
        )
        raise ToolError(
            f"{len(listing.items)} {_what(listing)}s on {listing.said}: more than the {MOST} I"
            f" remove on one yes; remove some by name{also}; nothing was removed"
        )


def _head(listing: Listing, count: int, done: int) -> str:
    """'remove all 3 items from the list "Shopping", 1 of them done (the list itself stays)'."""
    ticked = f", {done} of {'it' if count == 1 else 'them'} done" if done else ""
    if not listing.label:
        many = "your one to-do" if count == 1 else f"all {count} of your to-dos"
        return f"delete {many} (the tasks on no list){ticked}"
    many = "the one item" if count == 1 else f"all {count} items"
    return f"remove {many} from {listing.said}{ticked} (the list itself stays)"


def shared_note(toolbox: CalendarTools, items: Sequence[Task], list_name: str) -> str:
    """What is said of others sharing where these items are kept, in the words
    `lists_shared` gives a removal of one item there ("this list is shared with others (with
    Ana and Bob): ..."), once for each place the items are kept; "" when nobody shares it.

    `lists_shared.tell_shared` wraps the toolbox's item previews only when something is
    shared: the wrapped removal's words beyond the plain one's are its note."""
    told = vars(toolbox).get("preview_task_delete")
    if told is None:
        return ""
    firsts: dict[int, Task] = {}
    for task in items:
        firsts.setdefault(id(toolbox.store._home_of(task)[0]), task)
    notes: list[str] = []
    for task in firsts.values():
        arguments = {"task": f"uid:{task.uid}", "list_name": list_name}
        plain = type(toolbox).preview_task_delete(toolbox, arguments).text
        said = told(arguments)
        text = said.text if isinstance(said, Shown) else str(said)
        extra = text[len(plain) :].removeprefix("; ") if text.startswith(plain) else ""
        where = extra.rpartition(": ")[0]
        note = f"{where}: every item shown goes for them too" if where else ""
        if note and note not in notes:
            notes.append(note)
    return "; ".join(notes)


def preview(toolbox: CalendarTools, list_name: str) -> tuple[str, list[str]]:
    """What a clear will remove, in words (each item by its title, the done ones marked), and
    the pins of exactly those items: the run removes these and nothing else."""
    listing = read(toolbox, list_name)
    _checked(listing)
    done = sum(t.done for t in listing.items)
    listed = "; ".join(line(t, listing) for t in listing.items)
    text = f"{_head(listing, len(listing.items), done)}: {listed}"
    shared = shared_note(toolbox, listing.items, list_name)
    if shared:
        text += f"; {shared}"
    return text, [item_pin(t) for t in listing.items]


@dataclass
class Cleared:
    """What a clear did: for the user (`summary`), for the model (`said`, `data`: counts only,
    never a title others wrote), and the store's notes (a change left pending while offline)."""

    summary: str
    said: str
    data: dict[str, Any]
    note: str


def clear(toolbox: CalendarTools, list_name: str, pinned: Sequence[str] | None) -> Cleared:
    """Remove the items a preview pinned (`pinned`), those still on the list as shown; with
    no pins (a call no preview resolved), the list's items as the preview would list them."""
    listing = read(toolbox, list_name)
    if pinned is None:
        _checked(listing)
        chosen, gone, new = listing.items, 0, []
    else:
        wanted = list(dict.fromkeys(str(p) for p in pinned))
        if len(wanted) > MOST:
            raise ToolError(f"more than the {MOST} items I remove on one yes; nothing was removed")
        here = {item_pin(t): t for t in listing.items}
        chosen = [here[p] for p in wanted if p in here]
        gone = len(wanted) - len(chosen)
        new = [t for t in listing.items if item_pin(t) not in set(wanted)]
    if not chosen:
        raise ToolError(f"none of the items shown is still on {listing.said}; nothing was removed")
    removed, failed, notes = each_removed(
        chosen,
        lambda task: toolbox.store.remove_task(task.uid),
        lambda task: line(task, listing),
    )
    if not removed:
        raise ToolError("nothing was removed: " + "; ".join(failed))
    what = _what(listing)
    done = sum(t.done for t in removed)
    listed = "; ".join(line(t, listing) for t in removed)
    if listing.label:
        head = "the one item" if len(removed) == 1 else _count(len(removed))
        summary = f"Removed {head} from {listing.said} (the list stays): {listed}."
        said = f"Removed {_count(len(removed))} from the list; the list itself stays."
    else:
        summary = f"Deleted {_count(len(removed), 'to-do')}: {listed}."
        said = f"Deleted {_count(len(removed), 'to-do')}."
    if new:
        summary += (
            f" Left alone, as you were not shown {'it' if len(new) == 1 else 'them'}: "
            f"{'; '.join(line(t, listing) for t in new)}."
        )
        verb = "was" if len(new) == 1 else "were"
        said += f" {_count(len(new), what)} added since the question {verb} left alone."
    if gone:
        verb = "was" if gone == 1 else "were"
        summary += f" {_count(gone, what)} of those shown {verb} no longer there as shown."
        said += f" {_count(gone, what)} shown {verb} already gone or changed."
    if failed:
        summary += f" Could not remove: {'; '.join(failed)}."
        said += f" {_count(len(failed), what)} could not be removed."
    data: dict[str, Any] = {"removed": len(removed), "done_removed": done}
    if listing.label:
        data["list_kept"] = True
    if new:
        data["left_alone"] = len(new)
    if gone:
        data["already_gone"] = gone
    if failed:
        data["failed"] = len(failed)
    return Cleared(summary, said, data, " ".join(notes))
