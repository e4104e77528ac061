"""Follow-ups: a request that leans on the turn before it ("make it 1pm", "remove the eggs").

The registry hands these resolvers a read-only `Recent` (the last turn's request and the
calls that ran, as their records show them). What a follow-up changes is chosen only by
the user's words and those records, never by a tool's output; the call it makes is a new
call like any other, shown with its resolved arguments and asked for when its effect asks.

Seven mechanisms, none tied to one phrasing:
- a pronoun ("it", "that", "them") stands for what the last call named: its item or its
  list, or for a thing its call names by no words (`SAID_AS`: "the newest timer", "the
  alarm at <its time>"); the request is read again with those words in its place. After a
  device or a timer was acted on, "turn it off" or "stop it" means that thing;
- a device left out ("dimmer", "make it blue" read alone as every light) is the one the
  last call acted on (`carry_thing`), unless the request names one of its own;
- a left-out list ("remove the eggs" after the shopping list was read or added to) is
  filled in from the last call, when the request then names it;
- an edit of the thing just made ("actually make it one pm", "change that to friday", and
  corrections that state the value: "it's at 7", "no, saturday", "it should be 6:30")
  becomes the call that changes it: `edit_value` (one grammar for every tool) reads the
  new value, `amended_moment` places it next to the old one, and a tool's amender says
  which call makes the change (a listing of days: the calendar's own follow-up asks which);
- another day ("what about saturday", "and friday") asks the last request again, its own
  words with the new day in place of the old one;
- a new name ("call it brunch with ines", "rename it to X", "change the title to X")
  becomes the call that renames what the last turn made: `new_name` reads the name, and
  a renamer per tool (`RENAMERS`) says which call makes the change;
- one field of the thing just made ("add the location the red lion", "remind me an hour
  before", "make it due tuesday", "put it on the shopping list instead", "her email is ...")
  becomes the call that sets that field: `field_said` reads the field (named, or fitted by
  the kind of value: a place, a length, a time before, a day) and a setter per tool
  (`SETTERS`) says which call sets it; a time goes to the amenders.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import date, datetime, timedelta
from typing import TYPE_CHECKING, Any

from assistant.choices import asks_anew
from assistant.errors import TimeParseError
from assistant.intents import DoneCall, FollowMatcher, IntentMatch, Recent, clean_request
from assistant.timeparse import NUMBER_WORDS, WEEKDAY_NAME, parse_duration, parse_moment

if TYPE_CHECKING:
    from assistant.intents import IntentRegistry

# Arguments that name the thing a call was about (its item), most telling first.
THING_ARGUMENTS = ("title", "task", "name", "text", "what", "event", "device", "alarm")
# Arguments that name where the thing is kept: a pronoun may mean it, and a request that
# leaves it out may borrow it ("remove the eggs" after reading the shopping list).
PLACE_ARGUMENTS = ("list_name",)

_PRONOUN = re.compile(r"\b(?:it|them|that|this)(?:\s+one)?\b", re.I)
# Words that open a correction: "no", "actually", "sorry i meant", "let's".
_LEADS = (
    r"no|nope|actually|sorry|oh|wait|oops|hmm|instead|i\s+mean|i\s+meant|meant|rather"
    r"|let'?s|let\s+us|can\s+we|could\s+we|better|never\s*mind|on\s+second\s+thoughts?"
)
# Words that correct what was just said or done; what follows them is the request.
_LEAD = re.compile(rf"^(?:(?:{_LEADS})[,.!]?\s+)+", re.I)
# How a correction states the right value instead of asking for a change: "it's at 7", "it's
# on saturday", "it starts at 8", "it should be 7:30", "that's wrong, it's friday", "i said 6".
_STATES = (
    r"(?:(?:it|that|this)(?:'s|\s+is|\s+was|'ll\s+be|\s+will\s+be|\s+should\s+be|\s+has\s+to\s+be"
    r"|\s+needs\s+to\s+be|\s+(?:starts|begins|is\s+starting|should\s+start))"
    r"|(?:should|needs\s+to|has\s+to)\s+be|i\s+said|i\s+meant|it\s+was\s+meant\s+to\s+be)"
    r"(?:\s+(?:actually|really|supposed\s+to\s+be|meant\s+to\s+be))?"
)
_EDIT = re.compile(
    rf"^(?:(?:{_LEADS}|make\s+that|that'?s\s+(?:wrong|not\s+right))[,.!]?\s+)*"
    r"(?:(?:make|change|move|set|put|switch|push|turn|update|reschedule|shift|bump)\s+"
    r"(?:it|that|this|the\s+time)(?:\s+back(?=\s+(?:to|for|at|on)\b))?"  # "move it back to 9"
    r"(?:\s+(?:to|for|at|until|till|on))?\s+|(?:do|go\s+(?:with|for)|try|say)\s+"
    rf"|{_STATES}\s+)?(?P<value>.+?)"
    # "it's 4.15 not 4": the wrong value said after the right one
    r"(?:\s+(?:instead|then|please)|,?\s+(?:not|rather\s+than)\s+(?:at\s+|on\s+)?[\w:.]+(?:\s+[\w:.]+)?)?"
    r"[.!?]*$",
    re.I,
)
# An edit said with no verb must start with a word that corrects ("actually 7", "no, at 9"),
# or state the right value ("it's at 7", "it starts at 8"): one grammar for every tool's time.
_CORRECTING = re.compile(
    rf"^(?:{_LEADS}|make|change|move|set|put|switch|push|turn|update|reschedule|shift|bump"
    rf"|{_STATES})\b",
    re.I,
)
_INSTEAD = re.compile(r"\binstead[.!]?$", re.I)  # "1pm instead" corrects without a lead word
_DAY_WORDS = re.compile(
    r"\b(?:today|tonight|tomorrow|yesterday|monday|tuesday|wednesday|thursday|friday|saturday|sunday"
    r"|next|this|week|weekend|\d{4}-\d\d-\d\d|\d{1,2}(?:st|nd|rd|th)|january|february|march"
    r"|april|may|june|july|august|september|october|november|december)\b",
    re.I,
)
_HAS_CLOCK = re.compile(
    r"\d|\b(?:noon|midday|midnight|one|two|three|four|five|six|seven|eight|nine|ten|eleven"
    r"|twelve|morning|afternoon|evening|night|tonight)\b",
    re.I,
)
# Words that settle which half of the day a clock is in ("9 in the morning", "ten pm").
_MERIDIEM = re.compile(
    r"\b(?:[ap]\.?m\.?|noon|midday|midnight|morning|afternoon|evening|night|tonight)\b|\d(?:[ap]m)\b",
    re.I,
)


def edit_value(text: str) -> str | None:
    """The new value an edit says ("actually make it one pm" -> "one pm"); None if no edit."""
    if not _CORRECTING.match(text) and not _INSTEAD.search(text):
        return None
    found = _EDIT.match(text.strip())
    if not found:
        return None
    value = re.sub(r"^(?:at|for|to|on)\s+", "", found.group("value").strip(), flags=re.I)
    if 1 <= NUMBER_WORDS.get(value.lower(), 0) <= 12 and value.lower() not in _ORDINAL_HOURS:
        return str(NUMBER_WORDS[value.lower()])  # "make it ten": the hour, as "make it 10"
    return value or None


# Number words that are no hour said alone: "make it the second" is a day or a place in a list.
_ORDINAL_HOURS = frozenset(
    [
        "first",
        "second",
        "third",
        "fourth",
        "fifth",
        "sixth",
        "seventh",
        "eighth",
        "ninth",
        "tenth",
        "eleventh",
        "twelfth",
    ]
)


def amended_moment(value: str, old: datetime, now: datetime) -> datetime | None:
    """Where an edit's new time or day falls, next to the old one it replaces.

    A time alone keeps the old day ("make it 1pm" on Friday's lunch: Friday 13:00),
    a day alone keeps the old time, both are read as said. A bare hour takes the
    half of the day nearest the old time (an alarm at 6:00 "made 6:30" stays in
    the morning). None when the value is no time or day, or when it is past.
    """
    if re.fullmatch(r"(?:at\s+)?\d{1,2}", value.strip()):  # "make it 5": 5:00, then the nearer half
        value = f"{value.strip().removeprefix('at').strip()}:00"
    names_day = bool(_DAY_WORDS.search(value))
    names_clock = bool(_HAS_CLOCK.search(_DAY_WORDS.sub(" ", value)))
    try:
        if names_day:
            moment = parse_moment(value, now)
        else:
            midnight = old.replace(hour=0, minute=0, second=0, microsecond=0)
            moment = parse_moment(value, midnight - timedelta(seconds=1))
    except TimeParseError:
        return None
    start = moment.start
    if moment.all_day or not names_clock:
        start = datetime.combine(start.date(), old.timetz())
    else:
        if not names_day:
            start = datetime.combine(old.date(), start.timetz())
        said = _SAID_HOUR.search(value)  # none in "half eight": a spelled hour is on the face
        if not _MERIDIEM.search(value) and (said is None or int(said.group(1)) <= 12):
            other = start - _HALF if start.hour >= 12 else start + _HALF
            if _off(other, old) < _off(start, old):  # "6:30" near a 6:00 alarm, "7" near 18:00
                start = other
    if start <= now and not names_clock and _WEEKDAY.fullmatch(value.strip()):
        start += timedelta(days=7)  # on a Sunday evening "move it to sunday" means the next one
    return start if start > now else None


_HALF = timedelta(hours=12)
_SAID_HOUR = re.compile(r"(?<![\d:])(\d{1,2})(?::\d\d)?(?![\d:])")
_WEEKDAY = re.compile(rf"(?:on\s+)?{WEEKDAY_NAME}", re.I)


def _off(moment: datetime, old: datetime) -> int:
    """Minutes between two times of day: "1" near a 12:00 lunch is 13:00, near 6:00 is 01:00."""
    return abs((moment.hour * 60 + moment.minute) - (old.hour * 60 + old.minute))


def _when(value: Any) -> datetime | None:
    try:
        return datetime.fromisoformat(str(value))
    except ValueError:
        return None


def _words(value: Any) -> set[str]:
    return set(re.findall(r"\w+", str(value).lower()))


def _place_phrase(value: str) -> str:
    value = " ".join(value.split())
    return f"the {value}" if value.lower().endswith("list") else f"the {value} list"


def _referents(call: DoneCall) -> list[tuple[str, str, tuple[str, ...]]]:
    """What a pronoun may stand for after `call`: (words to say, their value, where it lands).

    The item first, then its list: "add it to the party list" means the item, "what's
    on it" the list; the match must carry the value in the same role to count.
    """
    found: list[tuple[str, str, tuple[str, ...]]] = []
    named = SAID_AS[call.tool](call) if call.tool in SAID_AS else None
    if named:  # a thing its call does not name in words ("set a timer for 10 minutes")
        found.append((named, named.removeprefix("the "), THING_ARGUMENTS))
    for key in THING_ARGUMENTS:
        if named:
            break
        value = call.arguments.get(key)
        if isinstance(value, str) and value.strip() and not value.startswith(("uid:", "#")):
            found.append((value.strip(), value.strip(), THING_ARGUMENTS))
            break
    for key in PLACE_ARGUMENTS:
        value = call.arguments.get(key)
        if isinstance(value, str) and value.strip():
            found.append((_place_phrase(value), value.strip(), PLACE_ARGUMENTS))
    return found


def _timer_said(call: DoneCall) -> str:
    """The timer a call started, as its plugin reads it: the newest (of its label)."""
    label = call.arguments.get("label")
    named = f"{label.strip()} " if isinstance(label, str) and label.strip() else ""
    return f"the newest {named}timer"


def _alarm_said(call: DoneCall) -> str | None:
    """The alarm a call set, by its exact time (an hour alone could be either half of the day)."""
    at = _when(call.arguments.get("time"))
    return f"the alarm at {at.isoformat(timespec='minutes')}" if at is not None else None


# How "it" is said for a thing whose call names it by no words of its own: the timer just
# started is "the newest timer", the alarm just set "the alarm at <its time>".
SAID_AS: dict[str, Callable[[DoneCall], str | None]] = {
    "timer_set": _timer_said,
    "alarm_set": _alarm_said,
}


def _carries(match: IntentMatch, value: str, keys: tuple[str, ...]) -> bool:
    """Whether the match holds the words of `value` in one of these arguments."""
    wanted = _words(value)
    return bool(wanted) and any(
        wanted <= _words(match.arguments[key])
        for key in keys
        if isinstance(match.arguments.get(key), str)
    )


def _is_edit(text: str, recent: Recent) -> bool:
    """Whether the request changes a time just set ("make it 1pm"), which `amend` reads."""
    value = edit_value(text)
    if value is None or recent.now is None:
        return False
    try:
        parse_moment(value, recent.now)
    except TimeParseError:
        return False
    return True


def _same_plugin(match: IntentMatch, call: DoneCall) -> bool:
    return not call.plugin or match.intent.split(".", 1)[0] == call.plugin


def _names_a_thing(match: IntentMatch, text: str = "") -> bool:
    """Whether a match read without the last turn names its own thing, or has none to name.

    "dim it to 30 percent" read alone sets every light (it names none), or has "it" for a
    device: the pronoun went unread, so it may stand for the last call's thing, when the
    same tool then reads it. "What time is it" keeps its own reading: read with the event's
    title in place of "it" it is another tool (a search), so the pronoun was no thing.
    With the request's `text`, a thing none of whose words were said is the matcher's own
    default ("make it blue" read alone as every light), not a thing the user named.
    """
    things = [match.arguments.get(key) for key in THING_ARGUMENTS if key in match.arguments]
    return any(
        isinstance(v, str) and _words(v) - _PRONOUN_WORDS and (not text or _said(v, text))
        for v in things
    )


def _said(value: str, text: str) -> bool:
    """Whether some word of `value` (singular or plural) is in `text`."""
    said = _words(text)
    said |= {w.rstrip("s") for w in said}
    return any(w in said or w.rstrip("s") in said for w in _words(value) - _PRONOUN_WORDS)


# Verbs that act on a thing that runs or is operated (a light, a timer): after one was acted
# on, "turn it off" or "stop it" means that thing, not whatever else the words could mean.
_ACTS = re.compile(
    r"^(?:please\s+)?(?:turn|switch|stop|pause|resume|cancel|kill|end|dim|brighten|make|set|change"
    r"|put|give|add|snooze|silence|shut|lower|raise)\b",
    re.I,
)


def _operated(call: DoneCall) -> bool:
    """Whether the last call acted on a thing that runs or is operated (a device, a timer)."""
    return isinstance(call.arguments.get("device"), str) or call.tool in SAID_AS


_REMOVING = re.compile(
    r"\b(?:remove|delete|clear|cancel|drop|erase|get\s+rid\s+of|take|wipe|scrap|ditch|axe|nix"
    r"|scratch|strike|cross\s+out|knock\s+off|call\s+off|bin|trash|forget)\b",
    re.I,
)
# A call that takes a thing away, however the words said it ("axe it", "nix that"): judged by
# the tool a request reads as, so a verb the list above lacks never skips the checks below.
_REMOVAL_TOOL = re.compile(r"_(?:delete|remove|clear)(?:_|$)")


def _removes(text: str, match: IntentMatch | None) -> bool:
    """Whether the request takes something away: by its words, or by the call it reads as."""
    return bool(_REMOVING.search(text)) or (
        match is not None and bool(_REMOVAL_TOOL.search(match.tool))
    )


# "clear it", "empty it": said of a list, never of one item on it.
_EMPTY_IT = re.compile(r"^(?:clear|empty|wipe)\s+(?:it|that|this)(?:\s+(?:out|all))?\b", re.I)
# "delete that list": the list itself is named, so the pronoun may stand for it.
_THE_LIST = re.compile(r"\b(?:that|this|the\s+same)\s+list\b", re.I)
# "make it ...", "change that to ...": the thing just made, changed.
_CHANGE_IT = re.compile(
    r"^(?:(?:can|could|would|will)\s+you\s+|please\s+)?(?:make|change|switch|set|turn)\s+(?:it|that|this)\b",
    re.I,
)
_PRONOUN_WORDS = frozenset(["it", "them", "that", "this", "one", "its"])


# The tools a removal may use after a call of each kind: that kind of thing, never another
# kind of the same name.
_REMOVES = {"task_": ("task_", "list_"), "calendar_": ("calendar_",)}


def _of_its_kind(match: IntentMatch, call: DoneCall) -> bool:
    """Whether `match` acts on the kind of thing `call` named (a to-do's, an event's)."""
    for head, tools in _REMOVES.items():
        if call.tool.startswith(head):
            return match.tool.startswith(tools)
    return True


# A state alone, after a device was switched: "and off once more", "back on", "off please".
_BARE_STATE = re.compile(
    r"^(?:(?:and|now|then|ok(?:ay)?|right)[,]?\s+)*(?:back\s+)?(?P<state>on|off)"
    r"(?:\s+(?:again|now|please|then))*[.!]?$",
    re.I,
)


def refer(registry: IntentRegistry) -> FollowMatcher:
    """A pronoun read as what the last call named ("what does it hold", "add it to my list").

    A state said alone after a device was operated ("and off again") is "turn it off"."""

    def resolve(text: str, recent: Recent) -> IntentMatch | None:
        text = _LEAD.sub("", text)
        last = recent.last()
        if (bare := _BARE_STATE.match(text)) and last is not None and _operated(last):
            text = f"turn it {bare.group('state').lower()}"
        if _removes(text, None):  # "take it off again": the removal, undoing what was added
            text = re.sub(r"\s+again$", "", text, flags=re.I)
        if not _PRONOUN.search(text) or _is_edit(text, recent):
            return None
        direct = registry.match(text)
        if direct is not None and _names_a_thing(direct, text):  # "what time is it": its own
            return None
        for call in reversed(recent.calls):
            if call.effect == "delete":
                continue  # what a delete named is gone: "it" is no other thing of that name
            for words, value, keys in _referents(call):
                match = _read_with(registry, text, words, call)
                if match is None or not _carries(match, value, keys):
                    continue
                if (
                    keys == PLACE_ARGUMENTS
                    and _removes(text, match)
                    and not _THE_LIST.search(text)
                    and not _EMPTY_IT.match(text)
                ):
                    continue  # "remove it" after a list was read: an item it printed, never the list
                if _removes(text, match) and not _of_its_kind(match, call):
                    continue  # the to-do "dentist" just added is not the event "Dentist"
                if _CHANGE_IT.match(text) and match.tool in MAKERS:
                    continue  # "make it 6.3": a change of what was made (or found), never made anew
                if (
                    direct is not None
                    and match.tool != direct.tool
                    and not (
                        _ACTS.match(text)
                        and _operated(call)
                        and _same_plugin(match, call)
                        and not _same_plugin(direct, call)
                    )
                    # "take that off" right after "add leeks to my list": what was just added
                    and not (
                        _removes(text, match) and call.tool in MAKERS and _same_plugin(match, call)
                    )
                ):
                    continue  # "what time is it": the words' own reading stands
                return _with_place(match, call, registry.parameters(match.tool))
        return None

    return resolve


def _read_with(
    registry: IntentRegistry, text: str, words: str, call: DoneCall
) -> IntentMatch | None:
    """`text` read with the last call's words for its pronoun: as they were, else with "the"
    before them when that reads as the same plugin's ("where is it" after the book club was
    found: "where is the book club", the calendar's, not a place to look up on the web)."""
    first = registry.match(_PRONOUN.sub(words, text, count=1))
    if re.match(r"(?:the|my|our)\s", words, re.I) or (
        first is not None and _same_plugin(first, call)
    ):
        return first  # none read: "get rid of karaoke" may read as "get rid of the karaoke"
    asked = re.sub(r"^(?:and|so|ok(?:ay)?|then)[,]?\s+", "", text, flags=re.I)  # "so where is it"
    again = registry.match(_PRONOUN.sub(f"the {words}", asked, count=1))
    return again if again is not None and _same_plugin(again, call) else first


def _with_place(match: IntentMatch, call: DoneCall, takes: set[str]) -> IntentMatch:
    """The match, with the list the last call used when it names none and is of that plugin."""
    if _same_plugin(match, call):
        for key in PLACE_ARGUMENTS:
            if key in call.arguments and key not in match.arguments and key in takes:
                match.arguments[key] = call.arguments[key]
    return match


_PLACE_JOINS = ("to", "on", "from", "off")  # a bare thing is added; a removal says so
_DANGLING = re.compile(r"\s(?:from|off|to|onto|on|in)$", re.I)


# Words that say how much or how often, never what: "again", "a bit more" name no item.
_NO_THING = re.compile(
    r"^(?:(?:and|a|just|one|(?:a\s+)?(?:little|bit|lot))\s+)*(?:again|more|less|another"
    r"|the\s+same|same(?:\s+again)?|once\s+more|further|too|as\s+well)(?:\s+please)?[.!?]*$",
    re.I,
)


def carry_place(registry: IntentRegistry) -> FollowMatcher:
    """A request that leaves out the list the last call used ("take the butter off")."""

    def resolve(text: str, recent: Recent) -> IntentMatch | None:
        text = _LEAD.sub("", text)
        if _PRONOUN.search(text) or _is_edit(text, recent) or _NO_THING.match(text):
            return None
        if _FOR_DAY.match(text):
            return None  # "tomorrow", "on friday": when, never a thing to put on a list
        call = recent.last()
        if call is None:
            return None
        # A request complete on its own is not about the list unless it asks what it asks
        # alone: "what's the weather in porto" after a list was read is the weather's, and
        # "i've emptied the bins" stays a tick, not a removal "off the shopping list".
        alone = registry.match(text)
        alone = alone if alone is not None and not alone.missing else None
        if alone is not None and not _same_plugin(alone, call):
            return None
        for key in PLACE_ARGUMENTS:
            value = call.arguments.get(key)
            if not isinstance(value, str) or not value.strip() or value.lower() in text.lower():
                continue
            phrase = _place_phrase(value)
            tries = (
                [f"{text} {phrase}"]
                if _DANGLING.search(text)
                else [f"{text} {join} {phrase}" for join in _PLACE_JOINS]
            )
            found = [
                match
                for said in tries
                if (match := registry.match(said)) is not None
                and _carries(match, value, PLACE_ARGUMENTS)
                and _same_plugin(match, call)
            ]
            if alone is not None:
                found = [match for match in found if match.tool == alone.tool]
            # "and apples" after an add is another add: the last call's own tool comes first
            same = [match for match in found if match.tool == call.tool]
            if same or found:
                return (same or found)[0]
        return None

    return resolve


def carry_thing(registry: IntentRegistry) -> FollowMatcher:
    """A request that leaves out the device the last call acted on ("dimmer", "brighter").

    Read alone it acts on the matcher's default ("every light"); right after one device was
    acted on, with no device said, it is that device, when the same plugin reads it.
    """

    def resolve(text: str, recent: Recent) -> IntentMatch | None:
        text = _LEAD.sub("", text)
        call = recent.last()
        device = call.arguments.get("device") if call is not None else None
        if call is None or not isinstance(device, str) or not device.strip():
            return None
        if _PRONOUN.search(text) or _is_edit(text, recent):
            return None  # "it" is `refer`'s to read
        direct = registry.match(text)
        if direct is None or "device" not in direct.arguments or not _same_plugin(direct, call):
            return None
        if _names_a_thing(direct, text):  # "turn off the lights": the user's own words
            return None
        direct.arguments["device"] = device
        return direct

    return resolve


Amender = Callable[[DoneCall, str, datetime], "IntentMatch | list[IntentMatch] | None"]


def _event_edit(call: DoneCall, value: str, now: datetime) -> IntentMatch | None:
    """The event just added or moved, moved again: found by its title on its day."""
    said = call.arguments.get("start")
    old = _when(said)
    title = call.arguments.get("title") or call.arguments.get("event")
    if old is None and isinstance(title, str) and title and not title.startswith("uid:"):
        return _time_of_changed(title, call, value)
    if old is None or not isinstance(title, str) or not title or title.startswith("uid:"):
        return None
    if isinstance(said, str) and "T" not in said:  # a day alone: the event takes the whole day
        return _all_day_edit(title, old.date(), value, now)
    new = amended_moment(value, old, now)
    if new is None:
        return None
    arguments = {"event": title, "day": old.date().isoformat(), "start": new.isoformat()}
    return IntentMatch("calendar_update_event", arguments)


def _time_of_changed(title: str, call: DoneCall, value: str) -> IntentMatch | None:
    """An event whose place or notes were just set, given a time ("it's at 8"): on its own
    day, which the tool keeps (`keep_day`); a new day needs its old time, left to the model."""
    day = str(call.arguments.get("day") or "")[:10]
    if call.tool != "calendar_update_event" or not day or _DAY_WORDS.search(value):
        return None
    if _RELATIVE.search(value) or not _HAS_CLOCK.search(value):
        return None
    if re.fullmatch(r"(?:at\s+)?\d{1,2}", value.strip()):
        value = f"at {value.strip().removeprefix('at').strip()}"
    try:
        parse_moment(value, datetime.now().astimezone())
    except TimeParseError:
        return None
    arguments = {"event": title, "day": day, "start": value, "keep_day": True}
    return IntentMatch("calendar_update_event", arguments)


def _all_day_edit(title: str, day: date, value: str, now: datetime) -> IntentMatch | None:
    """An event made for a whole day, given a time ("it's at 7") or another day ("saturday").

    A time alone is read on the event's day as the clock parser reads it alone (a bare 1-7 is
    the evening, as for any event said so); the event then lasts an hour, as one made at a time.
    """
    if re.fullmatch(r"(?:at\s+)?\d{1,2}", value.strip()):  # "7": read as "at 7" is
        value = f"at {value.strip().removeprefix('at').strip()}"
    names_day = bool(_DAY_WORDS.search(value))
    names_clock = bool(_HAS_CLOCK.search(_DAY_WORDS.sub(" ", value)))
    try:
        if names_day:
            moment = parse_moment(value, now)
        else:
            base = datetime.combine(day, datetime.min.time(), now.tzinfo) - timedelta(seconds=1)
            moment = parse_moment(value, base)
    except TimeParseError:
        return None
    arguments: dict[str, Any] = {"event": title, "day": day.isoformat()}
    if moment.all_day or not names_clock:
        arguments["start"] = moment.start.date().isoformat()
    else:
        start = moment.start if names_day else datetime.combine(day, moment.start.timetz())
        arguments |= {"start": start.isoformat(), "duration_minutes": 60}
    if arguments["start"][:10] < now.date().isoformat() or arguments["start"] == day.isoformat():
        return None
    return IntentMatch("calendar_update_event", arguments)


def _task_edit(call: DoneCall, value: str, now: datetime) -> IntentMatch | None:
    """The task just added or moved, due another day or time: found by its title (and list).

    A day alone keeps a dated task dated (no time of day appears); a bare hour near a task due
    on a day reads as the half of the day nearer noon ("make it 5": 17:00).
    """
    title = call.arguments.get("title" if call.tool == "task_add" else "task")
    if not isinstance(title, str) or not title.strip() or title.startswith("uid:"):
        return None
    due = call.arguments.get("due")
    old = _when(due) if isinstance(due, str) and due else None
    if old is not None and old.tzinfo is None:  # a day alone ("2026-12-04") is the user's day
        old = old.replace(tzinfo=now.tzinfo)
    dated_only = old is None or (isinstance(due, str) and "T" not in due)
    base = old or now
    if dated_only:
        base = base.replace(hour=12, minute=0, second=0, microsecond=0)
    new = amended_moment(value, base, now)
    if new is None:
        return None
    bare_hour = re.fullmatch(r"(?:at\s+)?\d{1,2}", value.strip())
    names_clock = bare_hour or _HAS_CLOCK.search(_DAY_WORDS.sub(" ", value))
    when = new.date().isoformat() if dated_only and not names_clock else new.isoformat()
    place = {k: call.arguments[k] for k in ("list_name",) if call.arguments.get(k)}
    return IntentMatch("task_update", {"task": title, "due": when, **place})


# How the core changes a call just made, per tool; plugins add theirs as follow-up matchers.
_RELATIVE = re.compile(r"\b(?:later|earlier|back|forward|ahead|by|sooner)\b", re.I)


def _listing_edit(call: DoneCall, value: str, now: datetime) -> IntentMatch | None:
    """ "What's on friday" then "move it to 4pm": the day's one event, moved to a time said.

    Only the listing's day (the user's words) chooses: the tool takes the one event of that
    day, or asks which when there are several; nothing the listing printed is read here.
    A move by an amount ("an hour later") needs the event's own time: left to the model.
    """
    span = str(call.arguments.get("when") or "").split("/")
    first, last = (_when(part) for part in span) if len(span) == 2 else (None, None)
    if first is None or last is None or last - first != timedelta(days=1):
        return None
    if _RELATIVE.search(value) or not _HAS_CLOCK.search(_DAY_WORDS.sub(" ", value)):
        return None
    new = amended_moment(value, first.replace(hour=12), now)
    if new is None:
        return None
    arguments = {"event": "", "day": first.date().isoformat(), "start": new.isoformat()}
    return IntentMatch("calendar_update_event", arguments)


AMENDERS: dict[str, Amender] = {
    "calendar_create_event": _event_edit,
    "calendar_update_event": _event_edit,
    "calendar_list_events": _listing_edit,
    "task_add": _task_edit,
    "task_update": _task_edit,
}


# "at 2pm", "from ten to eleven" said right after an event was added for a day alone: its time.
_AT_TIME = re.compile(
    r"^(?:(?:and|oh|ok|okay)[,.]?\s+)?(?:(?:at|from|around|starting\s+at|starts\s+at)\s+)"
    r"(?P<value>.+?)[.!]*$",
    re.I,
)


_HOURS = r"(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)"
# A clock said with no "at" and nothing else: "half twelve", "12:30", "7pm", "ten thirty".
_BARE_CLOCK = re.compile(
    r"^(?:(?:and|oh|ok|okay|um|erm)[,.]?\s+)?(?P<value>"
    r"\d{1,2}(?:[:.]\d\d)?\s*(?:[ap]\.?m\.?|o'?clock)?"
    rf"|(?:half|quarter\s+(?:past|to))\s+(?:{_HOURS}|\d{{1,2}})(?:\s*[ap]\.?m\.?)?"
    rf"|noon|midday|{_HOURS}(?:\s+(?:o'?clock|oh\s+\w+|fifteen|thirty|forty[- ]five))?"
    r"(?:\s*[ap]\.?m\.?)?)"
    r"(?P<part>\s+(?:in\s+the\s+(?:morning|afternoon|evening)|at\s+night))?(?:\s+please)?[.!]*$",
    re.I,
)
# What a call made for a day with no time keeps its day in: the time said alone goes there.
_DAY_ONLY = {"calendar_create_event": "start", "task_add": "due"}


def _time_added(text: str, call: DoneCall) -> str | None:
    """The time said alone after an event (or a to-do) was added for a day with no time."""
    key = _DAY_ONLY.get(call.tool)
    said = call.arguments.get(key) if key else None
    if not isinstance(said, str) or "T" in said or re.search(r"\d:\d", said):
        return None
    found = _AT_TIME.match(text.strip())
    if found is None and (bare := _BARE_CLOCK.match(text.strip())):
        # "half twelve", "7pm", "6.45 in the morning": the answer to "what time?"
        return f"at {bare.group('value')}{bare.group('part') or ''}"
    if not found or _DAY_WORDS.search(found.group("value")):
        return None
    value = found.group("value")
    return text.strip() if _HAS_CLOCK.search(value) else None


# A day said alone: "for tomorrow", "on friday", "by next monday", "tomorrow".
_FOR_DAY = re.compile(
    r"^(?:(?:and|oh|ok|okay)[,.]?\s+)?(?:(?:for|on|by|due)\s+)?"
    rf"(?P<value>(?:today|tonight|tomorrow|(?:this|next)\s+\w+|{WEEKDAY_NAME}"
    r"|the\s+\d{1,2}(?:st|nd|rd|th)?)(?:\s+(?:morning|afternoon|evening))?)(?:\s+please)?[.!]*$",
    re.I,
)


def _due_added(text: str, call: DoneCall) -> str | None:
    """A day said alone after a to-do was added with none ("for tomorrow"): its due day."""
    if call.tool != "task_add" or call.arguments.get("due") or call.arguments.get("list_name"):
        return None
    found = _FOR_DAY.match(text.strip())
    return found.group("value") if found else None


def amend(registry: IntentRegistry) -> FollowMatcher:
    """An edit of what the last turn made ("actually make it 1pm") as the call that changes it."""

    def resolve(text: str, recent: Recent) -> IntentMatch | list[IntentMatch] | None:
        value = edit_value(text)
        call = recent.last(*AMENDERS)
        if value is None and call is not None:
            value = _time_added(text, call) or _due_added(text, call)
        if value is None or call is None or recent.now is None:
            return None
        if registry.match(_LEAD.sub("", text)) is not None:  # a request of its own ("set an alarm")
            return None
        return AMENDERS[call.tool](call, value, recent.now)

    return resolve


# "call it brunch", "rename it to X", "change the name to X", "make the title X": a new name.
_THING = r"(?:it|that|this|them|the\s+(?:event|meeting|appointment|task|reminder|to-?do|item|alarm|entry))"
_RENAME = re.compile(
    rf"^(?:(?:{_LEADS}|please|just|and)[,.!]?\s+)*(?:"
    rf"(?:call|name|title|label|retitle|rename)\s+{_THING}(?:\s+(?:to|as|into))?"
    r"|rename\s+(?:it\s+)?(?:to|as)"
    r"|(?:change|set|update|switch|turn)\s+(?:the|its|it'?s|their|that'?s)\s+(?:name|title|label)"
    r"\s+(?:to|into|as)"
    r"|make\s+(?:the|its|it'?s|their)\s+(?:name|title|label)(?:\s+(?:into|as))?"
    r"|(?:change|make|turn)\s+(?:it|that|this)\s+(?:to\s+be\s+)?(?:called|named|titled)"
    r"|(?:the|its|it'?s)\s+(?:name|title|label)\s+(?:should\s+be|is|will\s+be|to)"
    r"|(?:it|that|this)\s+should\s+be\s+(?:called|named|titled)"
    r")[:,]?\s+(?P<name>.+?)(?:\s+(?:instead|then|please))?[.!]*$",
    re.I,
)
# "let's call it a day": a way of speaking, not a name.
_NO_NAME = re.compile(
    r"^(?:a\s+day|a\s+night|quits|even|off|in|back|up|done|something|number)$"
    r"|^(?:of|for|about|from|on|at|back|up|off)\b",
    re.I,
)


def new_name(text: str) -> str | None:
    """The new name a rename says ("actually call it brunch with ines" -> "brunch with ines")."""
    found = _RENAME.match(text.strip())
    if not found:
        return None
    name = found.group("name").strip().strip("\"'“”‘’ ")
    if not name or _NO_NAME.match(name) or len(name) > 120:
        return None
    return name


def _styled(name: str, old: Any) -> str:
    """The new name written as the old one was: "Brunch with ines" after "Coffee with ines"."""
    if isinstance(old, str) and old[:1].isupper() and name[:1].islower():
        return name[0].upper() + name[1:]
    return name


Renamer = Callable[[DoneCall, str], "IntentMatch | list[IntentMatch] | None"]


def _event_rename(call: DoneCall, name: str) -> IntentMatch | None:
    """The event just added or changed, with a new title: found by its title on its day."""
    old = call.arguments.get("title") or call.arguments.get("event")
    if not isinstance(old, str) or not old.strip():
        return None
    start = _when(call.arguments.get("start"))
    day = start.date().isoformat() if start else call.arguments.get("day")
    arguments = {"event": old, "title": _styled(name, old)}
    if isinstance(day, str) and day:
        arguments["day"] = day[:10]
    if _words(arguments["title"]) == _words(old):
        return None
    return IntentMatch("calendar_update_event", arguments)


def _task_rename(call: DoneCall, name: str) -> IntentMatch | None:
    """A task (or list item) just added or changed, under a new name: its due time, notes and
    list stay as they are."""
    old = call.arguments.get("title" if call.tool == "task_add" else "task")
    if call.tool == "task_update" and isinstance(call.arguments.get("title"), str):
        old = call.arguments["title"]  # renamed already: the name it has now
    if not isinstance(old, str) or not old.strip() or old.startswith("uid:"):
        return None
    if _words(name) == _words(old):
        return None
    place = {k: call.arguments[k] for k in ("list_name",) if call.arguments.get(k)}
    return IntentMatch("task_update", {"task": old, "title": _styled(name, old), **place})


def _alarm_rename(call: DoneCall, name: str) -> list[IntentMatch] | None:
    """The alarm just set, with a new label: cancelled (asked) and set again at the same time."""
    at = _when(call.arguments.get("time"))
    if at is None or _words(name) == _words(call.arguments.get("label") or ""):
        return None
    return [
        IntentMatch("alarm_delete", {"alarm": at.isoformat()}),
        IntentMatch(
            "alarm_set",
            {"time": at.isoformat(), "label": name, **_repeats(call)},
            after_done=True,
        ),
    ]


def _repeats(call: DoneCall) -> dict[str, Any]:
    """The repeat an alarm was set with, kept when it is set again ("every weekday")."""
    repeat = call.arguments.get("repeat")
    return {"repeat": repeat} if isinstance(repeat, str) and repeat.strip() else {}


def _file_rename(call: DoneCall, name: str) -> IntentMatch | None:
    """The file just renamed, renamed again: found where the last rename put it."""
    path, old = call.arguments.get("path"), call.arguments.get("new_name")
    if not isinstance(path, str) or not isinstance(old, str) or not old or "/" in name:
        return None
    if name == old:
        return None
    if "." not in name and "." in old:  # "call it final" after draft.txt keeps the .txt
        name += old[old.rindex(".") :]
    folder = path.rsplit("/", 1)[0] if "/" in path else ""
    moved = f"{folder}/{old}" if folder else old
    return IntentMatch("files_rename", {"path": moved, "new_name": name})


def _timer_rename(call: DoneCall, name: str) -> IntentMatch | None:
    """The timer just started (or changed), with a new label: it keeps running."""
    old = call.arguments.get("label") or ""
    if _words(name) == _words(old):
        return None
    which = _timer_said(call) if call.tool == "timer_set" else call.arguments.get("alarm")
    if not isinstance(which, str) or not which.strip():
        return None
    return IntentMatch("alarm_change", {"alarm": which, "label": name})


# How the core renames a call just made, per tool (a timer keeps running: it is relabelled).
RENAMERS: dict[str, Renamer] = {
    "timer_set": _timer_rename,
    "calendar_create_event": _event_rename,
    "calendar_update_event": _event_rename,
    "task_add": _task_rename,
    "task_update": _task_rename,
    "alarm_set": _alarm_rename,
    "files_rename": _file_rename,
}


def rename(registry: IntentRegistry) -> FollowMatcher:
    """A new name for what the last turn made ("call it brunch with ines") as the call that
    renames it. The thing is the last call's record; the name is the user's own words."""

    def resolve(text: str, recent: Recent) -> IntentMatch | list[IntentMatch] | None:
        name = new_name(text)
        call = recent.last(*RENAMERS)
        if name is None and call is not None and call is recent.last():
            name = _refined(text, call)
        if name is None or call is None:
            return None
        return RENAMERS[call.tool](call, name)

    return resolve


# "actually make that rye bread", "change it to two loaves of bread": the thing said again, more
# exactly, with the word it was named by.
_REFINED = re.compile(
    rf"^(?:(?:{_LEADS}|please|just)[,.!]?\s+)*(?:make|change)\s+(?:it|that|this)(?:\s+(?:to|into))?"
    r"\s+(?:be\s+)?(?:an?\s+|some\s+)?(?P<name>[a-z][\w' -]{1,60}?)(?:\s+(?:instead|then|please))?[.!]*$",
    re.I,
)
_NAMED_BY = ("title", "task", "label")


def _refined(text: str, call: DoneCall) -> str | None:
    """The new name of "make that rye bread" after "bread" was added: kept only when it has the
    word the thing was named by (its last), so "make it friday" or "make it louder" is none."""
    said = _REFINED.match(text.strip())
    old = next((v for k in _NAMED_BY if isinstance(v := call.arguments.get(k), str) and v), "")
    if not said or not old.strip():
        return None
    name = said.group("name").strip()
    head = re.findall(r"[a-z0-9']+", old.lower())[-1:]
    words = re.findall(r"[a-z0-9']+", name.lower())
    if (
        not head
        or len(head[0]) < 3
        or head[0] not in words
        or words == re.findall(r"[a-z0-9']+", old.lower())
    ):
        return None
    return name


_ANOTHER_DAY = re.compile(
    r"^(?:(?:and\s+|or\s+|then\s+)?(?:what|how)\s+about|(?:and\s+)?(?:the\s+)?same\s+(?:for|on)|and|or|then)"
    r"\s+(?P<day>.+?)(?:\s+(?:there|then|too|as\s+well))?\??$",
    re.I,
)


def another_day(registry: IntentRegistry) -> FollowMatcher:
    """ "And on friday?" after "what's the weather tomorrow": the last request, for that day.

    The last request's own words are read again with the new day in place of the old
    one; it counts only when it asks the same tool as before.
    """
    from assistant.intents import day_phrase

    def resolve(text: str, recent: Recent) -> IntentMatch | None:
        said = _ANOTHER_DAY.match(text)
        call = recent.last()
        # a forecast is egress (its place leaves the machine) and asks the same again as a read
        if not said or call is None or call.effect not in ("read", "write", "egress"):
            return None
        day = said.group("day").strip()
        if day_phrase(day).lower() != day.lower():  # "and friday", not "and friday at the zoo"
            return None
        old = day_phrase(recent.request)
        again = recent.request.replace(old, day, 1) if old else f"{recent.request} {day}"
        tries = [again]
        lead = re.match(r"(?:on|for)\s", old)
        if lead and not re.match(r"(?:on|for|at|over|in)\s", day, re.I):
            # "sunny on thursday" + "the weekend": "sunny on the weekend" reads where
            # "sunny the weekend" may not
            tries.append(recent.request.replace(old, lead.group(0) + day, 1))
        for text in tries:
            match = registry.match(text)
            if match is not None and match.tool == call.tool and not match.missing:
                return match
        return None

    return resolve


# "that day", "the same day", "that morning": the day the last call was about.
_THAT_DAY = re.compile(
    r"\b(?:(?:on|for)\s+)?(?:that|the\s+same)\s+(?P<part>day|morning|afternoon|evening|night)\b",
    re.I,
)
# Where a call keeps the day it was about (a listing's span, an event's start, a due day).
_DAY_ARGUMENTS = ("start", "day", "when", "due", "at")


def that_day(registry: IntentRegistry) -> FollowMatcher:
    """ "What else have i got that day" after an event was added for the 14th: the request with that
    day said in full ("on 2026-12-14"), read as any request is. The day comes from the last
    call's record (one the user's words chose), never from a tool's output."""

    def resolve(text: str, recent: Recent) -> IntentMatch | None:
        said = _THAT_DAY.search(text)
        call = recent.last()
        if said is None or call is None:
            return None
        day = next(
            (
                found.group(0)
                for key in _DAY_ARGUMENTS
                if (found := re.match(r"\d{4}-\d\d-\d\d", str(call.arguments.get(key) or "")))
            ),
            None,
        )
        if day is None:
            return None
        span = str(call.arguments.get("when") or "").split("/")
        if len(span) == 2 and span[1][:10] > day and not _one_day_span(span):
            return None  # "this week" listed: which day is not said
        part = said.group("part").lower()
        when = date.fromisoformat(day)
        named = f"on {when:%A} {when.day} {when:%B}"  # as said: every reader of days reads it
        if part != "day":
            named += " at night" if part == "night" else f" in the {part}"
        match = registry.match(f"{text[: said.start()]}{named}{text[said.end() :]}".strip())
        return match if match is not None and not match.missing else None

    return resolve


def _one_day_span(span: list[str]) -> bool:
    """Whether a listing's "START/END" covers one day (ends by the next midnight)."""
    try:
        start, end = datetime.fromisoformat(span[0]), datetime.fromisoformat(span[1])
    except ValueError:
        return False
    return end - start <= timedelta(days=1)


# == One field of what was just made ("add the location the red lion", "make it due tuesday") ==
# A follow-up that names a field of the last thing done (or says a value whose kind fits one
# field: a place, a length, a time before it, a day it is due) becomes the call that changes
# that field of that thing. The field's name and value come from the user's words alone
# (`field_said`); which call changes it comes from a table per tool (`THINGS`), the same for
# events, tasks, contacts and alarms. Times and days go to the amenders, names to the renamers.
_DET = r"(?:the|a|an|its|it'?s|their|his|her|this|that|my|some)"
# Words that name a field, as people say them; the key is the field.
FIELD_WORDS: dict[str, str] = {
    "location": r"location|place|venue|address|spot|meeting\s+point",
    "notes": r"notes?|description|details?|comment|memo",
    "reminder": r"reminder|alert|notification|heads[\s-]?up|warning",
    "duration": r"duration|length|running\s+time",
    "due": r"due\s+(?:date|day|time)|deadline|due",
    "email": r"e-?mail(?:\s+address)?|mail\s+address|address",
    "phone": r"(?:phone|mobile|cell|telephone)(?:\s+number)?|number",
}
_FIELD = "|".join(f"(?P<{k}>{v})" for k, v in FIELD_WORDS.items())
_SET_VERBS = (
    r"add|set|put|give\s+it|include|change|update|make|use|attach|write|save|store|enter|fill\s+in"
    r"|with|and|plus|also\s+add|can\s+you\s+add|please\s+add"
)
_OPEN = rf"^(?:(?:{_LEADS}|please|just|and|also|oh\s+and|then)[,.!]?\s+)*"
# "add the location the red lion", "set its place to X", "a reminder an hour before", "note: X"
_NAMED_FIELD = re.compile(
    rf"{_OPEN}(?:(?P<verb>{_SET_VERBS})\s+)?(?:(?:it|that|this)\s+)?(?:(?P<det>{_DET})\s+)?(?:new\s+)?"
    rf"(?:{_FIELD})(?:\s+(?P<join>to|as|of|at|for|is|will\s+be|should\s+be|would\s+be|=|that|saying"
    r"|says|reading|which\s+says|which\s+is))?\s*(?P<colon>[:=\-])?\s+(?P<value>.+?)"
    r"(?:\s+(?:instead|then|please|too))?[.!]*$",
    re.I,
)
# Field words that name the field said bare ("location: the red lion", "note bring wine").
_BARE_FIELDS = (
    r"location|venue|notes?|reminder|deadline|duration|e-?mail(?:\s+address)?|phone(?:\s+number)?"
)
# "add the red lion as the location", "put bring wine in the notes"
_VALUE_AS_FIELD = re.compile(
    rf"{_OPEN}(?:add|put|write|include|set|use|save|make)\s+(?P<value>.+?)\s+"
    rf"(?:as|to|in|into|for|on)\s+(?:{_DET}\s+)?(?:{_FIELD})(?:\s+(?:too|please|instead))?[.!]*$",
    re.I,
)
# "it's at the community hall", "put it at marco's place", "move it to the big room", "at home"
_AT_PLACE = re.compile(
    rf"{_OPEN}(?:(?P<lead>it'?s|it\s+is|it'?ll\s+be|it\s+will\s+be|that'?s|that\s+is|it'?s\s+going\s+to\s+be"
    r"|we'?re\s+meeting|we\s+meet|we'?ll\s+meet|let'?s\s+meet|meet|make\s+it|put\s+it|have\s+it"
    r"|hold\s+it|do\s+it|set\s+it|book\s+it|host\s+it|(?:move|shift)\s+it(?:\s+(?:over\s+)?to)?"
    r"|(?:it|that)(?:'ll|\s+will)?\s+(?:be\s+held|takes?\s+place|be\s+happening|is\s+happening"
    r"|is\s+being\s+held|be|is))\s+)?"
    r"(?P<join>at|in|to)\s+(?P<value>.+?)(?:\s+(?:instead|then|please))?[.!]*$",
    re.I,
)
# "remind me an hour before", "alert me 10 minutes before it starts", "ping me the day before"
_BEFORE = re.compile(
    rf"{_OPEN}(?:(?:remind|alert|warn|notify|ping|buzz|nudge|tell)\s+me|give\s+me\s+a\s+(?:heads[\s-]?up"
    r"|reminder|nudge|shout|ping)|(?:with|and|plus|add|set|put)\s+(?:an?\s+)?(?:reminder|alert|alarm)"
    r"|(?:an?\s+)?(?:reminder|alert)|i\s+(?:want|need|'?d\s+like|would\s+like)\s+(?:an?\s+)?(?:reminder"
    r"|alert|heads[\s-]?up))"
    r"(?:\s+(?:for|of))?\s+(?P<value>.+?)\s+(?:before(?:hand)?|ahead(?:\s+of\s+time)?|earlier"
    r"|in\s+advance|prior)(?:\s+(?:it(?:\s+(?:starts|begins))?|that|then|the\s+\w+(?:\s+starts)?"
    r"|hand))?[.!]*$",
    re.I,
)
# "set a 30 minute reminder", "add a two hour alert"
_SIZED_REMINDER = re.compile(
    rf"{_OPEN}(?:(?:{_SET_VERBS}|i\s+(?:want|need|'?d\s+like))\s+)?(?:an?\s+)?(?P<value>[\w.]+(?:\s+\w+)?)"
    r"[\s-]+(?P<unit>minutes?|mins?|hours?|hrs?|days?|weeks?)\s+(?:reminder|alert|warning|heads[\s-]?up)"
    r"(?:\s+(?:before(?:hand)?|ahead))?[.!]*$",
    re.I,
)
# "add that i bring wine", "note down that it's at the red lion": what follows is the field
_THAT = re.compile(
    rf"{_OPEN}(?:add|note|mention|put\s+down|write\s+down|jot\s+down|note\s+down|also\s+note)"
    r"\s+that\s+(?P<rest>(?!to\b|on\b|in\b|for\b|as\b|into\b).+)$",
    re.I,
)
# "put in the notes that i bring wine", "add to the description: bring wine"
_INTO_FIELD = re.compile(
    rf"{_OPEN}(?:put|add|write|include|mention|say|note)\s+(?:in|to|into|on)\s+(?:{_DET}\s+)?"
    rf"(?:notes?|description|details|comments?)\s*[:,\-]?\s+(?:that\s+)?(?P<value>.+?)[.!]*$",
    re.I,
)
# "it needs to be done by tuesday", "it has to be finished by friday"
_DONE_BY = re.compile(
    rf"{_OPEN}(?:(?:it|that)\s+(?:needs?\s+to|has\s+to|must|should)\s+be\s+)?(?:done|finished|completed"
    r"|ready|sorted)\s+(?:by|before|on)\s+(?P<value>.+?)[.!]*$",
    re.I,
)
# "make it two hours long", "it lasts 90 minutes", "make it last an hour", "for two hours"
_LASTS = re.compile(
    rf"{_OPEN}(?:(?:make|have|set|keep|book|schedule)\s+it\s+(?:(?:to\s+)?last\s+|for\s+)?"
    r"|(?:it|that)(?:'ll|\s+will|\s+should)?\s+(?:lasts?|takes?|runs?|goes\s+on\s+for)\s+(?:for\s+)?"
    r"|it'?s\s+|it\s+is\s+|for\s+|(?:extend|shorten|cut|change)\s+it\s+to\s+)"
    r"(?P<value>.+?)(?:\s+long)?(?:\s+(?:instead|then|please))?[.!]*$",
    re.I,
)
# "make it due tuesday", "it's due friday at 5", "due tomorrow"
_DUE = re.compile(
    rf"{_OPEN}(?:(?:make|set|have|put|move|change|switch)\s+(?:it|that|this)\s+(?:to\s+(?:be\s+)?)?"
    r"|it'?s\s+|it\s+is\s+|(?:it|that)\s+(?:should\s+be|will\s+be|'ll\s+be)\s+)?"
    r"due\s+(?:(?:on|by|for|at|date)\s+)?(?P<value>.+?)(?:\s+(?:instead|then|please))?[.!]*$",
    re.I,
)
# "put it on the shopping list instead", "move it to my work list", "it goes on the party list"
_TO_LIST = re.compile(
    rf"{_OPEN}(?:(?P<verb>put|move|switch|change|transfer|shift|add|stick|file|place)\s+"
    r"(?:it|that|this|them)\s+(?:to|on|onto|in|into|over\s+to)"
    r"|(?:it|that|this)\s+(?:goes|belongs|should\s+go|should\s+be|is\s+for|'s\s+for)\s+(?:on|in|to)?"
    r"|it'?s\s+(?:for|on)|(?:wrong\s+list[,.]?\s+)?(?:no[,.]?\s+)?(?:on|to)?)\s*"
    r"(?:the|my|our)?\s*(?P<value>[\w'& -]+?)\s+list(?:\s+(?P<how>instead|too|also|as\s+well))?[.!]*$",
    re.I,
)
# "every weekday", "make it repeat daily", "have it go off on weekends"
_REPEAT = re.compile(
    rf"{_OPEN}(?:(?:make|have|set)\s+it\s+(?:to\s+)?(?:repeat|go\s+off|ring)?\s*|repeat\s+it\s+|it\s+should\s+repeat\s+)?"
    r"(?P<value>(?:every|each)\s+(?:day|morning|weekday|week\s*day|work\s*day|weekend|night"
    rf"|{WEEKDAY_NAME})s?|daily|(?:on\s+)?week\s*(?:days|ends))[.!]*$",
    re.I,
)
# Values that judge the field rather than give it ("the address is wrong").
_NO_VALUE = re.compile(
    r"^(?:wrong|right|fine|ok(?:ay)?|good|great|correct|missing|unknown|different|tbd|changed|empty"
    r"|blank|it|that|this|there|here|what|where|when|the\s+same|too\s+\w+|not\s+.*|a\s+mistake|all)$",
    re.I,
)
# Words that start a request of its own, never a place ("at" is no place in "in the kitchen
# turn on the lights"): a place said after "at"/"in" has none of them.
_REQUEST_WORD = re.compile(
    r"\b(?:turn|switch|play|set|add|remind|cancel|delete|remove|call|text|email|send|open|show"
    r"|tell|what|when|how|who|why|is|are|do|does|can|could|would|will|weather)\b",
    re.I,
)


def _is_time(value: str, now: datetime | None) -> bool:
    """Whether a value is a time or a day ("8", "noon", "friday at 5"): an edit's, not a place."""
    if re.fullmatch(
        r"\d{1,2}(?:[:.]\d\d)?\s*(?:[ap]\.?m\.?)?|\d{1,2}\s*o'?\s*clock", value.strip(), re.I
    ):
        return True
    try:
        parse_moment(value, now or datetime.now().astimezone())
    except TimeParseError:
        return False
    return True


def _minutes(value: str) -> int | None:
    """A length said in words as whole minutes ("two hours" -> 120), or None."""
    value = re.sub(r"^(?:for|about|around|roughly|like)\s+", "", value.strip(), flags=re.I)
    value = re.sub(r"\s+long$", "", value, flags=re.I)
    try:
        length = parse_duration(value)
    except TimeParseError:
        return None
    minutes = int(length.total_seconds() // 60)
    return minutes if 0 < minutes <= 60 * 24 * 31 else None


_BEFORE_DAY = {"day": 1440, "night": 1440, "evening": 1440, "morning": 1440, "week": 10080}


def _lead_minutes(value: str) -> int | None:
    """How long before ("an hour", "the day", "a week") as minutes, or None."""
    said = re.sub(r"^(?:the|a|one)\s+", "", value.strip().lower())
    if said in _BEFORE_DAY:
        return _BEFORE_DAY[said]
    if re.fullmatch(r"(?:at\s+the\s+start|when\s+it\s+starts|on\s+time)", value.strip(), re.I):
        return 0
    return _minutes(value)


def _text_value(value: str) -> str | None:
    """A field's text as said, or None when it judges rather than gives ("the address is wrong")."""
    value = " ".join(value.split()).strip(" .!,;:\"'“”")
    if not value or len(value) > 200 or _NO_VALUE.match(value):
        return None
    return value


def field_said(text: str, now: datetime | None = None) -> tuple[str, str] | None:
    """The field a follow-up sets and its value, read from the words alone.

    ("add the location the red lion" -> ("location", "the red lion"); "remind me an hour
    before" -> ("reminder", "60"); "make it due tuesday" -> ("due", "tuesday"); "put it on
    the shopping list instead" -> ("list", "shopping"). A value whose kind fits another
    field goes there: "it's at 8" is a time ("time"), "it's two hours" a length. None when
    the words name no field; a place must not be a time, a length must be one.
    """
    said = " ".join(text.split())
    if found := _THAT.match(said):  # "add that it's at the red lion": the rest, or a note
        rest = found.group("rest")
        return field_said(rest, now) or (("notes", kept) if (kept := _text_value(rest)) else None)
    if found := _INTO_FIELD.match(said):
        kept = _text_value(found.group("value"))
        return ("notes", kept) if kept else None
    if found := _BEFORE.match(said):
        lead = _lead_minutes(found.group("value"))
        return ("reminder", str(lead)) if lead is not None else None
    if found := _SIZED_REMINDER.match(said):
        lead = _lead_minutes(f"{found.group('value')} {found.group('unit')}")
        return ("reminder", str(lead)) if lead is not None else None
    if found := _DONE_BY.match(said):
        value = found.group("value")
        return ("time", value) if _is_time(value, now) else None
    if found := _TO_LIST.match(said):
        how, verb = (found.group("how") or "").lower(), (found.group("verb") or "").lower()
        name = found.group("value").strip()
        copies = how in ("too", "also", "as well") or (verb == "add" and how != "instead")
        if copies or not name or _REQUEST_WORD.search(name) or len(name.split()) > 4:
            return None  # "add it to the party list too": a copy, which `refer` makes
        corrects = _LEAD.match(said) or re.match(r"(?i)wrong\s+list\b", said)
        if not (
            verb or how or corrects or re.search(r"\b(?:goes|belongs|should|for)\b", said, re.I)
        ):
            return None  # "the shopping list" alone is no move ("no, the shopping list" is)
        return ("list", name)
    if found := _DUE.match(said):
        value = found.group("value")
        return ("time", value) if _is_time(value, now) else None
    if found := _REPEAT.match(said):
        return ("repeat", found.group("value"))
    for shape in (_NAMED_FIELD, _VALUE_AS_FIELD):
        if (found := shape.match(said)) and (read := _named(found, now)) is not None:
            return read
    if found := _LASTS.match(said):
        minutes = _minutes(found.group("value"))
        if minutes is not None and _LENGTH.search(found.group("value")):
            return ("duration", str(minutes))
    if found := _AT_PLACE.match(said):
        value = found.group("value")
        if _is_time(value, now) and found.group("lead") and found.group("join").lower() == "at":
            return ("time", value)  # "it's at 8": the time it starts
        if _is_time(value, now) or _LENGTH.search(value):
            return None  # "in two hours", "at 8" alone: a time, which `amend` may read
        if found.group("join").lower() == "to" and not re.match(
            r"(?i).*\b(?:move|change|switch|shift)\b", said
        ):
            return None
        if _REQUEST_WORD.search(value) or re.match(r"(?i)(?:it|that|this|them|me|you)\b", value):
            return None
        bare_in = not found.group("lead") and found.group("join").lower() == "in"
        if bare_in and not re.match(r"(?i)(?:the|a|an|my|our|his|her|their|\w+'s)\s", value):
            return None  # "in spanish": no place; "in the back room" is one
        place = _text_value(value)
        return ("location", place) if place and len(place.split()) <= 8 else None
    return None


def _named(found: re.Match[str], now: datetime | None) -> tuple[str, str] | None:
    """The field a `_NAMED_FIELD` or `_VALUE_AS_FIELD` match names, with its value checked."""
    field = next(k for k in FIELD_WORDS if found.group(k))
    value = found.group("value").strip()
    framed = any(found.groupdict().get(k) for k in ("verb", "det", "join", "colon"))
    if not framed and not re.fullmatch(_BARE_FIELDS, found.group(field), re.I):
        return None  # "place an order for pizza": a word of its own, not the field
    join = (found.groupdict().get("join") or "").lower()
    if field == "notes" and (
        join in ("to", "for", "about") or re.match(r"(?i)(?:to|about)\s", value)
    ):
        return None  # "add a note to buy milk": a task of its own
    if field == "reminder":
        value = re.sub(
            r"\s+(?:before(?:hand)?|ahead|earlier|in\s+advance)(?:\s+it(?:\s+starts)?)?$",
            "",
            value,
            flags=re.I,
        )
        lead = _lead_minutes(value)
        return ("reminder", str(lead)) if lead is not None else None
    if field == "duration":
        minutes = _minutes(value)
        return ("duration", str(minutes)) if minutes is not None else None
    if field == "due":
        return ("time", value) if _is_time(value, now) else None
    if field == "email":
        if "@" in value or re.search(r"\bat\b.+\bdot\b", value, re.I):
            return ("email", value.strip(" ."))
        if found.group("email").lower() == "address":  # "the address is 12 elm street": a place
            place = _text_value(value)
            return ("location", place) if place else None
        return None
    if field == "phone":
        digits = re.sub(r"\D", "", value)
        return ("phone", value.strip(" .")) if len(digits) >= 5 else None
    if field == "location" and (_is_time(value, now) or _REQUEST_WORD.search(value)):
        return None
    kept = _text_value(value)
    return (field, kept) if kept else None


Setter = Callable[[DoneCall, str, str, "set[str]"], "IntentMatch | list[IntentMatch] | None"]


def _event_title(call: DoneCall) -> tuple[str, str] | None:
    """The event a call made or changed: its title now, and its day ("" when unknown)."""
    title = call.arguments.get("title") or call.arguments.get("event")
    if not isinstance(title, str) or not title.strip() or title.startswith("uid:"):
        return None
    start = _when(call.arguments.get("start"))
    day = start.date().isoformat() if start else str(call.arguments.get("day") or "")[:10]
    return title, day


# Fields of an event and the parameter of calendar_update_event that holds each.
_EVENT_FIELDS = {
    "location": "location",
    "notes": "notes",
    "reminder": "reminder_minutes",
    "duration": "duration_minutes",
}
_NUMBERS = frozenset(["reminder_minutes", "duration_minutes"])


def _event_set(call: DoneCall, field: str, value: str, takes: set[str]) -> IntentMatch | None:
    """The event just made or changed, with one field set: found by its title on its day."""
    parameter = _EVENT_FIELDS.get(field)
    found = _event_title(call)
    if parameter is None or found is None or (takes and parameter not in takes):
        return None
    title, day = found
    old = call.arguments.get(parameter)
    if field == "notes" and isinstance(old, str) and old.strip() and value not in old:
        value = f"{old.strip()}; {value}"  # "add a note": the one there stays
    arguments: dict[str, Any] = {
        "event": title,
        parameter: int(value) if parameter in _NUMBERS else value,
    }
    if day:
        arguments["day"] = day
    return IntentMatch("calendar_update_event", arguments)


def _task_title(call: DoneCall) -> str | None:
    old = call.arguments.get("title" if call.tool == "task_add" else "task")
    if call.tool == "task_update" and isinstance(call.arguments.get("title"), str):
        old = call.arguments["title"]  # renamed already: the name it has now
    if not isinstance(old, str) or not old.strip() or old.startswith("uid:"):
        return None
    return old


_TASK_FIELDS = {"notes": "notes", "reminder": "reminder_minutes"}


def _task_set(
    call: DoneCall, field: str, value: str, takes: set[str]
) -> IntentMatch | list[IntentMatch] | None:
    """The task or list item just made or changed, with one field set, or moved to a list."""
    title = _task_title(call)
    if title is None:
        return None
    place = {k: call.arguments[k] for k in PLACE_ARGUMENTS if call.arguments.get(k)}
    if field == "list":
        return _task_move(call, title, value, place)
    parameter = _TASK_FIELDS.get(field)
    if parameter is None or (takes and parameter not in takes):  # only what task_update takes
        return None
    old = call.arguments.get(parameter)
    if field == "notes" and isinstance(old, str) and old.strip() and value not in old:
        value = f"{old.strip()}; {value}"
    said: Any = int(value) if parameter in _NUMBERS else value
    return IntentMatch("task_update", {"task": title, parameter: said, **place})


def _task_move(
    call: DoneCall, title: str, name: str, place: dict[str, Any]
) -> list[IntentMatch] | None:
    """The task moved to another list: taken off its own (asked), then added there as it was."""
    old = str(place.get("list_name") or "")
    if old and _words(old) - {"list"} == _words(name) - {"list"}:
        return None  # on that list already
    kept = {
        k: call.arguments[k] for k in ("due", "notes", "reminder_minutes") if call.arguments.get(k)
    }
    return [
        IntentMatch("task_delete", {"task": title, **place}),
        IntentMatch("task_add", {"title": title, "list_name": name, **kept}, after_done=True),
    ]


def _contact_set(call: DoneCall, field: str, value: str, takes: set[str]) -> IntentMatch | None:
    """The contact just saved, with an email address or a phone number added."""
    name = call.arguments.get("name")
    if field not in ("email", "phone") or not isinstance(name, str) or not name.strip():
        return None
    return IntentMatch("contacts_add", {"name": name, field: value})


def _alarm_set(call: DoneCall, field: str, value: str, takes: set[str]) -> list[IntentMatch] | None:
    """The alarm just set, repeating: cancelled (asked) and set again at its time, repeating."""
    at = _when(call.arguments.get("time"))
    if field != "repeat" or at is None:
        return None
    label = {"label": call.arguments["label"]} if call.arguments.get("label") else {}
    return [
        IntentMatch("alarm_delete", {"alarm": at.isoformat()}),
        IntentMatch(
            "alarm_set", {"time": at.isoformat(), "repeat": value, **label}, after_done=True
        ),
    ]


def _alarm_time(call: DoneCall, value: str, now: datetime) -> list[IntentMatch] | None:
    """The alarm just set, at the time said ("it's at 7"): cancelled (asked) and set again."""
    at = _when(call.arguments.get("time"))
    new = amended_moment(value, at, now) if at is not None else None
    if at is None or new is None or new == at:
        return None
    kept = {k: call.arguments[k] for k in ("label", "repeat") if call.arguments.get(k)}
    return [
        IntentMatch("alarm_delete", {"alarm": at.isoformat()}),
        IntentMatch("alarm_set", {"time": new.isoformat(), **kept}, after_done=True),
    ]


# How the core sets one field of a call just made, per tool; the update tool is asked for
# its parameters, so a field it does not take is left alone (and the request goes on).
SETTERS: dict[str, Setter] = {
    "calendar_create_event": _event_set,
    "calendar_update_event": _event_set,
    "task_add": _task_set,
    "task_update": _task_set,
    "contacts_add": _contact_set,
    "alarm_set": _alarm_set,
}
# Tools that make a new thing each time they run: asked again, they would make it twice.
MAKERS = frozenset(
    {"calendar_create_event", "task_add", "alarm_set", "timer_set", "contacts_add", "list_create"}
)
_UPDATES = {
    "calendar_create_event": "calendar_update_event",
    "calendar_update_event": "calendar_update_event",
    "task_add": "task_update",
    "task_update": "task_update",
    "contacts_add": "contacts_add",
    "alarm_set": "alarm_set",
}


def set_field(registry: IntentRegistry) -> FollowMatcher:
    """One field of what the last turn made, set: "add the location the red lion" after an
    event, "make it due tuesday" after a task. A time goes to the thing's amender, so "it's
    at 8" moves it; the thing is the last call's record, the value the user's own words."""

    def resolve(text: str, recent: Recent) -> IntentMatch | list[IntentMatch] | None:
        call = recent.last(*SETTERS)
        if call is None or call is not recent.last():
            return None  # the last thing done is no thing with fields ("what's on friday")
        said = field_said(text, recent.now)
        if said is None:
            return None
        field, value = said
        if field == "time" and call.tool == "alarm_set" and recent.now is not None:
            return _alarm_time(call, value, recent.now)
        if field == "time":
            amender = AMENDERS.get(call.tool)
            return amender(call, value, recent.now) if amender and recent.now else None
        return SETTERS[call.tool](call, field, value, registry.parameters(_UPDATES[call.tool]))

    return resolve


def core_followups(registry: IntentRegistry) -> list[tuple[str, FollowMatcher]]:
    """The core's follow-up resolvers, tried after the plugins' own."""
    from assistant.followups_again import (
        another_message,
        another_named,
        another_one,
        another_place,
        another_recipient,
        another_thing,
        once_more,
        one_more,
        place_there,
    )
    from assistant.followups_person import the_person

    return [
        ("core.rename", rename(registry)),
        ("core.set_field", set_field(registry)),
        ("core.amend", amend(registry)),
        ("core.another_day", another_day(registry)),
        ("core.that_day", that_day(registry)),
        ("core.another_place", another_place(registry)),
        ("core.place_there", place_there(registry)),
        ("core.another_recipient", another_recipient(registry)),
        ("core.the_person", the_person(registry)),
        ("core.another_thing", another_thing(registry)),
        ("core.another_message", another_message(registry)),
        ("core.once_more", once_more(registry)),
        ("core.one_more", one_more(registry)),
        ("core.another_one", another_one(registry)),
        ("core.another_named", another_named(registry)),
        ("core.refer", refer(registry)),
        ("core.carry_thing", carry_thing(registry)),
        ("core.carry_place", carry_place(registry)),
    ]


# How an answer of a time or a length starts ("for 6:30", "7 tomorrow", "next friday at 2",
# "ten minutes"); an answer starting otherwise that is a request of its own is one.
_ANSWER_START = re.compile(
    r"^(?:\d|(?:at|for|in|on|by|from|around|about|after|before|until|till|tomorrow|today|tonight"
    r"|next|this|half|quarter|noon|midday|midnight|an?|one|two|three|four|five|six|seven|eight"
    r"|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|sixty|ninety|monday|tuesday"
    r"|wednesday|thursday|friday|saturday|sunday|early|late|first)\b)",
    re.I,
)
# A length of time: the other answer an intent's own reading may change ("for ten minutes").
_LENGTH = re.compile(r"\b(?:seconds?|secs?|minutes?|mins?|hours?|hrs?|days?|weeks?)\b", re.I)


def reread(
    registry: IntentRegistry,
    pending: IntentMatch,
    name: str,
    asked: str,
    answer: str,
    timed: bool = False,
) -> IntentMatch | None:
    """An answer read as the intent that asked would read it in one sentence.

    "Set an alarm" asked when; "for 6:30 tomorrow" is read as "set an alarm for 6:30
    tomorrow" by the alarm's own matcher (6:30 in the morning), not by the clock parser
    alone (which takes a bare 1-7 as the evening). The request that asked and the answer
    are joined and handed to that same intent; it counts only when it asks the same tool
    and fills the argument asked for, or asks its own question about it ("7 in the
    morning or the evening?"). Only a time (`timed`: the argument is a date or a time)
    or a length of time is read so. The pending call comes back with what the reading added
    (its value for `name` in `arguments`, `name` still in `missing` unless it asks again);
    what earlier answers gave stays. None otherwise: the answer is then taken as said.
    """
    if not asked or not answer or not pending.intent or asks_anew(answer):
        return None  # "what's the weather tomorrow" asks anew, whatever the alarm makes of it
    if not timed and not _LENGTH.search(answer):
        return None  # a title, a name, a place: taken as said
    if not _ANSWER_START.match(answer) and registry.match(answer) is not None:
        return None  # "remind me to call mom tomorrow": a request of its own, not "when"
    matcher = next((i.matcher for i in registry.intents if i.name == pending.intent), None)
    if matcher is None:
        return None
    try:
        found = matcher(clean_request(f"{asked} {answer}"))
    except Exception:  # a plugin bug must not stop the answer: it is taken as said
        return None
    if found is None or found.tool != pending.tool:
        return None
    arguments = {**found.arguments, **pending.arguments}  # what was answered before stays
    if name in found.missing and found.options:  # its own question about the answer
        missing = {name: found.missing[name]} | {
            k: q for k, q in pending.missing.items() if k != name and k not in arguments
        }
        return IntentMatch(pending.tool, arguments, pending.intent, missing, found.options,
                           found.labels, pending.after_done, pending.setting)  # fmt: skip
    if name not in found.arguments:
        return None
    # `name` stays missing here: the caller fills it in as it fills any answer
    missing = {k: q for k, q in pending.missing.items() if k == name or k not in arguments}
    return IntentMatch(pending.tool, arguments, pending.intent, missing, [], [],
                       pending.after_done, pending.setting)  # fmt: skip


# What frames a message said for someone else: "tell her (that) ...", "say ...", "let him
# know ...". The words after it are the message; the frame is how it was handed over.
_PERSON = r"(?:him|her|them|everyone|everybody|all|the\s+team|(?:(?:my|the|our)\s+)?(?:{name}))"
_FRAME = (
    r"^(?:(?:just|please|ok(?:ay)?|and|then|um|uh)[,]?\s+)*"
    r"(?:(?:can|could|would)\s+you\s+)?"
    r"(?:(?:tell|remind|inform|warn)\s+{person}(?:\s+that)?"
    r"|(?:let|letting)\s+{person}\s+know(?:\s+that)?"
    r"|(?:say|saying|write|writing|put)(?:\s+(?:to\s+)?(?:him|her|them))?(?:\s+that)?"
    r"|(?:it|the\s+(?:e-?mail|message|reply|note|text))\s+(?:should|will|can|must)\s+say(?:\s+that)?"
    r"|(?:the\s+)?(?:e-?mail|message|reply)\s+(?:is|says)(?:\s+that)?)"
    r"[,:]?\s+(?P<said>.+)$"
)


def dictated(answer: str, to: str = "") -> str:
    """What a dictated answer asks to send: "tell her dinner is at eight" → "dinner is at eight".

    Only a frame of handing a message over is taken off: "tell him/her/them (that)",
    "let her know (that)", "say (that)", "it should say"; "tell <name>" only when the
    name is the one the message goes to (`to`). Anything else is the message as said.
    """
    said = " ".join(answer.split())
    wanted = re.sub(r"^(?:my|the)\s+", "", to.lower().strip())
    names = [re.escape(n) for n in dict.fromkeys([wanted, *wanted.split()[:1]]) if n]
    person = _PERSON.format(name="|".join(names) or "(?!)")
    m = re.match(_FRAME.format(person=person), said, re.I)
    return m.group("said").strip() if m else said


# How a request of its own starts, said where a message was asked for: a question or a command
# to the assistant ("what's the weather", "turn off the lights"), not words to send.
_OWN_REQUEST = re.compile(
    r"^(?:what|what's|whats|when|where|who|why|how|which|is|are|do|does|did|can|could|would|will"
    r"|set|turn|switch|cancel|delete|remove|play|stop|pause|add|remind|schedule|book|open|show"
    r"|check|read|find|search|start|create|put|list|email|reply|forward|call|text|order)\b",
    re.I,
)


def own_request(answer: str, dictated_answer: str) -> bool:
    """Whether a dictated answer is a request of its own rather than the message asked for.

    "what's the weather tomorrow" or "turn off the lights" asks anew; "the party is at nine"
    and "tell her the party is at nine" (a frame around a message) are what to send.
    """
    said = " ".join(answer.split())
    return said == dictated_answer and bool(_OWN_REQUEST.match(said))
