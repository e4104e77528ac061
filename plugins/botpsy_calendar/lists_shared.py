"""What a change to a list others share says before it runs: that they share it.

A yes to "delete the list "Family" (3 items)" is not informed when the Family list is one
the user shares (`[plugins.calendar] shared_lists`): the list goes for everyone who shares
it, and an item ticked, renamed or removed on it is ticked, renamed or removed for them too.
The list tools' previews name the list; this adds, in botpsy's words after them, that it is
shared, with whom when the settings say (`shared_lists = {Family = "Ana and Bob"}`) and
where it is kept when it lives on a server (a CalDAV account's list). Whose a list is comes
from the settings and from where it is kept, as the daemon's rings decide it
(`botpsy_calendar.ringing.Ownership`), never from its name or its items.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from urllib.parse import urlsplit

from assistant.api import Shown, one_line
from botpsy_calendar.ringing import Ownership
from botpsy_calendar.store import Task, VdirStore
from botpsy_calendar.tools import CalendarTools

Preview = Callable[[dict[str, Any]], "str | Shown"]

# What each change does to the others who share the list, by the preview it follows.
_REACHES = {
    "preview_list_delete": "deleting it deletes it, and everything on it, for them too",
    "preview_list_rename": "they see the new name too",
    "preview_task_delete": "the item goes for them too",
    "preview_task_complete": "they see it ticked off too",
    "preview_task_update": "they see the change too",
}


def tell_shared(toolbox: CalendarTools, mine: Ownership) -> None:
    """Make the previews of changes to lists, and to the items on them, say when a list is
    shared. The previews are looked up on the toolbox by name when its tools are made, so
    the wrapped ones shadow the methods on this instance only."""
    if not (mine.shared or mine.every_list_shared or mine.shared_lists):
        return  # nothing is shared: every preview stays as it is
    for name, reaches in _REACHES.items():
        original: Preview = getattr(toolbox, name)
        if name.startswith("preview_list_"):
            note = _list_note(toolbox, mine, reaches)
        else:
            note = _item_note(toolbox, mine, reaches)
        setattr(toolbox, name, _noting(original, note))


def _noting(original: Preview, note: Callable[[dict[str, Any]], str]) -> Preview:
    """The preview `original`, its text followed by `note` for the arguments it pinned."""

    def preview(arguments: dict[str, Any]) -> str | Shown:
        shown = original(arguments)
        pinned = {**arguments, **shown.pinned} if isinstance(shown, Shown) else arguments
        said = note(pinned)
        if not said:
            return shown
        if isinstance(shown, Shown):
            return Shown(f"{shown.text}; {said}", shown.pinned)
        return f"{shown}; {said}"

    return preview


def _list_note(
    toolbox: CalendarTools, mine: Ownership, reaches: str
) -> Callable[[dict[str, Any]], str]:
    """The note for a whole list, pinned by the preview as "list:NAME"."""

    def note(arguments: dict[str, Any]) -> str:
        name = str(arguments.get("list_name") or "").removeprefix("list:")
        home = next(
            (h for n, h in toolbox.store.list_stores().items() if n.casefold() == name.casefold()),
            None,
        )
        return _said(mine, name, home, reaches)

    return note


def _item_note(
    toolbox: CalendarTools, mine: Ownership, reaches: str
) -> Callable[[dict[str, Any]], str]:
    """The note for an item: where the store keeps the task the preview found."""

    def note(arguments: dict[str, Any]) -> str:
        task: Task = toolbox.find_task(str(arguments["task"]), arguments.get("list_name"))
        home, name = toolbox.store._home_of(task)  # where a change to it is written
        if home is toolbox.store:
            return _said(mine, task.list_name, None, reaches) if mine.shared else ""
        return _said(mine, name, home, reaches)

    return note


def _said(mine: Ownership, name: str, home: VdirStore | None, reaches: str) -> str:
    """'it is on a list shared with others (Ana and Bob), kept on dav.example.org: ...'; ""
    when the list is the user's alone. A list kept as items of the calendar (no collection
    of its own) is shared when the calendar is."""
    if home is None:
        if not mine.shared:
            return ""
        return f"this is on your shared calendar, which others write and read: {reaches}"
    folder = home.folder.name
    if not mine.list_shared(name, folder):
        return ""
    whom = mine.shared_with(name, folder)
    details = [f"with {whom}"] if whom else []
    server = urlsplit(str(getattr(home, "collection", ""))).hostname
    if server:
        details.append(f"kept on {one_line(server, 80)}")
    known = f" ({', '.join(details)})" if details else ""
    return f"this list is shared with others{known}: {reaches}"
