"""Filling an assisted call one argument at a time, each from the user's own values.

A single grammar for the whole call lets a weak model put the same phrase in
every parameter ("repair: Utrecht" beside "location: Utrecht") and fill
optional parameters with whatever is left. Filling slot by slot fixes both:

- parameters with the clearest evidence (a typed token, a value beside their
  mention) are filled first, and a value one parameter took is not offered to
  the next (unless the user wrote it twice);
- an optional parameter is filled only when the user clearly gave it a value
  (`Grounding.stated`), otherwise left out: the tool's default is right;
- where only one value fits, no model run is needed at all.

The model still chooses the function (among several) and which of the user's
values goes where; `complete(text, grammar)` continues the call text under a
GBNF grammar, so any backend that can do that can use this.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import Any

from assistant.assisted.grounding import Grounding
from assistant.assisted.lexicon import table, words
from assistant.assisted.selection import content_words
from assistant.formats.grammar import JSON_RULES, MAX_STRING, literal

Complete = Callable[[str, str], str]
"""Continue `text` (what follows the prompt so far) under a GBNF `grammar`; return the new text."""

_FREE = {
    "string": f"[^<\\n]{{1,{MAX_STRING}}}",
    "integer": '"-"? [0-9]{1,15}',
    "number": '"-"? [0-9]{1,15} ( "." [0-9]{1,10} )?',
    "boolean": '"true" | "false"',
}


def fill_call(tools: list[dict[str, Any]], request: str, complete: Complete) -> str:
    """The text of one call after `<tool_call>`, ending with `</tool_call>`."""
    names = [t.get("function", t)["name"] for t in tools]
    text = "\n<function="
    if len(names) == 1:
        name = names[0]
    else:
        name = complete(text, "root ::= " + " | ".join(literal(n) for n in names)).strip()
        if name not in names:
            name = names[0]
    text += name + ">\n"
    function = next(t.get("function", t) for t in tools if t.get("function", t)["name"] == name)
    for key, value in _arguments(function, request, text, complete):
        text += f"<parameter={key}>\n{value}\n</parameter>\n"
    return text + "</function>\n</tool_call>"


def unfilled(function: dict[str, Any], request: str) -> list[str]:
    """Required parameters the request gives no value for (only words describing the tool)."""
    parameters = function.get("parameters") or {}
    properties: dict[str, Any] = parameters.get("properties") or {}
    grounding = Grounding(request, parameters)
    describing = _Describing(function)
    siblings = _siblings(list(properties))
    missing = [
        key
        for key in parameters.get("required", [])
        if key in properties
        and _slot(grounding, key, properties[key], True, key in siblings, describing).evidence[0]
        >= _NO_VALUE
    ]
    if not missing:  # once the other values are taken, is one left for each?
        weakest: dict[str, int] = {}
        _arguments(function, request, "", None, weakest)
        missing = [key for key, rank in weakest.items() if rank >= _NO_VALUE]
    return missing


def fit(function: dict[str, Any], request: str) -> int:
    """How much of what the user wrote a tool's parameters take on clear evidence (a typed
    value, a value beside its mention): "add dentist Friday 3pm" fits an event's required
    start better than a task's optional due date."""
    parameters = function.get("parameters") or {}
    properties: dict[str, Any] = parameters.get("properties") or {}
    required = set(parameters.get("required", []))
    grounding = Grounding(request, parameters)
    describing = _Describing(function)
    siblings = _siblings(list(properties))
    return sum(
        1
        for key in required & set(properties)
        if _slot(grounding, key, properties[key], True, key in siblings, describing).evidence[0]
        == 0
    )


_NO_VALUE = 3  # the weakest evidence: a phrase made only of the tool's own words, or nothing


@dataclass
class _Slot:
    """One parameter to fill: its candidate values, best evidence first."""

    key: str
    required: bool
    tiers: list[list[str]]  # each tier is tried only when no earlier one has a free value
    ranks: list[int]  # how weak each tier's evidence is: 0 the user said it for this parameter
    in_order: set[int] = field(default_factory=set)  # tiers taken in the user's order
    near: list[str] = field(default_factory=list)  # written right beside its mention
    named_tier: int = -1  # the tier of names the user wrote
    own_tier: int = -1  # the tier of names saying what they are ("Harbour League" for league)

    @property
    def evidence(self) -> tuple[int, int]:
        """Weakness of its best evidence, then how many values it has to choose from."""
        return next(((r, len(t)) for t, r in zip(self.tiers, self.ranks, strict=True) if t), (9, 0))


def _arguments(
    function: dict[str, Any],
    request: str,
    text: str,
    complete: Complete | None,
    weakest: dict[str, int] | None = None,
) -> list[tuple[str, str]]:
    """The call's arguments in the tool's order. With no `complete`, a dry run: the first
    option everywhere, and `weakest` gets how weak each required value's evidence was."""
    parameters = function.get("parameters") or {}
    grounding = Grounding(request, parameters)
    properties: dict[str, Any] = parameters.get("properties") or {}
    required = [r for r in parameters.get("required", []) if r in properties]
    describing = _Describing(function)
    siblings = _siblings(list(properties))
    slots = [
        _slot(grounding, key, properties[key], key in required, key in siblings, describing)
        for key in [*required, *(k for k in properties if k not in required)]
    ]
    # required first, then the clearest (a typed token, a value beside its mention)
    order = sorted(range(len(slots)), key=lambda i: (not slots[i].required, slots[i].evidence, i))
    used: Counter[str] = Counter()
    chosen: list[tuple[str, str]] = []
    lowered = request.lower()
    places = any(grounding.names_a_place(s.key) for s in slots)
    # "Lyon, France" for a city and a country: each takes its part
    regions = [s for s in slots if set(re.findall(r"[a-z]+", s.key.lower())) & _REGIONS]
    several_places = bool(regions) and sum(grounding.names_a_place(s.key) for s in slots) > 1

    def numbers_pending(current: _Slot) -> bool:
        """Whether a number parameter is still to fill ("240 krone": the 240 is the amount)."""
        done = {k for k, _ in chosen}
        return any(
            s is not current and s.key not in done and _kind(properties[s.key]) in _NUMERIC
            for s in slots
        )

    makers = any(_names_a_maker(s.key) for s in slots)
    for slot in (slots[i] for i in order):
        schema = properties[slot.key]
        options: list[str] = []
        in_order = False
        rank = _NO_VALUE
        # "tubeless repair in Utrecht": a value beside another parameter's mention is its
        claimed = {v for other in slots if other is not slot and other.key not in dict(chosen)
                   for v in other.near} - set(slot.near)  # fmt: skip
        unfit: list[str] = []  # names written in the wrong place ("in Oxford" for a library)
        unfit_tier = 0
        for number, tier in enumerate(slot.tiers):
            options = [c for c in tier if _available(c, used, grounding)]
            if slot.ranks[number] > 0:
                options = [c for c in options if c not in claimed] or options
            if number > 0 and _kind(properties[slot.key]) == "string" and numbers_pending(slot):
                counted = [  # "Firefox 128" is a name, not a number left for a number parameter
                    c
                    for c in options
                    if (_NUMBER_WORD.search(c) and c not in grounding.named) or grounding.counts(c)
                ]
                options = [c for c in options if c not in counted]
                unfit = unfit or counted
            if (
                number > 0
                and number != slot.own_tier  # "in Harbour League" is still the league
                and (places or makers)
                and grounding.names_an_entity(slot.key)
            ):
                fits = _prepositions_for(slot.key, grounding)  # "the Bodleian Library in Oxford"
                fitting = [c for c in options if fits(grounding.preposition(c))]
                if not fitting and number in slot.in_order:
                    fitting = options  # "between Boulder, CO and Denver": in the user's order
                if options and not fitting and not unfit:
                    unfit, unfit_tier = options, number
                options = fitting
                later_names = any(r <= 1 for r in slot.ranks[number + 1 :])
                if not options and unfit and not later_names:
                    options, number = unfit, unfit_tier  # no name fits better: the first ones
            if several_places and grounding.names_a_place(slot.key):
                options = [c for c in options if "," not in c] or options
            if places and not grounding.names_a_place(slot.key) and number != slot.own_tier:
                # "collect rain with Slate in Cornwall": a place is for the place parameter
                options = [c for c in options if not grounding.placed(c)] or (
                    options if number == len(slot.tiers) - 1 else []
                )
            if options:
                in_order = number in slot.in_order
                rank = slot.ranks[number]
                break
        if not options and _ends(slot.key) and (until := _until(grounding, chosen)) is not None:
            options, rank = [until], 0  # "from 30th March 2027 for 4 nights": ends on 3 April
        if not options:
            if not slot.required:
                continue  # the user gave it nothing of its own: the tool's default applies
            options, rank = next((t for t in slot.tiers if t), []), _NO_VALUE
        if weakest is not None and slot.required:
            weakest[slot.key] = 0 if _is_array(schema) else rank  # a list may be put together
        head = text + "".join(f"<parameter={k}>\n{v}\n</parameter>\n" for k, v in chosen)
        head += f"<parameter={slot.key}>\n"
        if complete is None:
            value = options[0] if options else ""
        elif len(options) == 1 and not _is_array(schema):
            value = options[0]
        elif in_order and not _is_array(schema):
            # unnamed numbers, place1/place2: the user gives them in the tool's order
            value = min(options, key=lambda o: _position(lowered, grounding, o))
        else:
            grammar = _value_grammar(options, schema, grounding, slot.key, used)
            value = _distinct_items(complete(head, grammar).rstrip("\n"))
        used[_norm(value)] += 1
        if (percent := grounding.percent_of(value)) is not None:
            used[percent] += 1  # "5%" given as 0.05 is not left over as 5
        chosen.append((slot.key, value))
    position = {key: i for i, key in enumerate(properties)}
    return sorted(chosen, key=lambda kv: position[kv[0]])


def _slot(
    grounding: Grounding,
    key: str,
    schema: dict[str, Any],
    required: bool,
    sibling: bool,
    describing: _Describing,
) -> _Slot:
    """Where a parameter's value may come from, most likely first."""
    kind = _kind(schema)
    stated = grounding.stated(key, schema)
    if "enum" in schema:
        every = [v if isinstance(v, str) else json.dumps(v) for v in schema["enum"]]
        return _Slot(
            key, required, [stated, every] if required else [stated], [0, 2][: 2 if required else 1]
        )
    if kind in ("integer", "number"):
        integer = kind == "integer"
        near = grounding.numbers_for(key, integer) if grounding.near_numbers(key) else []
        pairs = grounding.measured_pairs(key, integer)  # "over 4 seconds": the time
        measured = [value for _, value in pairs]
        # "capacitance of 500µF": the quantity beside its mention, in the parameter's unit
        stated = [value for raw, value in pairs if raw in stated] or stated
        # a required number may be any the user wrote; an optional one only a plain one left over
        every = grounding.numbers_for("", integer) if required else grounding.bare_for(key, integer)
        every = [n for n in every if n not in grounding.dated_numbers] or every  # not May's 1998
        foreign = grounding.foreign(key)  # "6 hours" is no length
        if not required and key not in grounding.measures:  # "for 4 nights" is no room count
            foreign |= {q.raw for q in grounding.quantities}
        every = [n for n in every if n not in foreign]
        if sibling:  # first_x/second_x: the user's values in the user's order
            pool = list(dict.fromkeys(stated + measured + near))
            return _Slot(key, required, [pool, every], [0, 2], {0, 1}, pool)
        return _Slot(key, required, [stated, measured, near, every], [0, 0, 0, 2], set(),
                     measured + near)  # fmt: skip
    if kind == "boolean":
        default = re.search(r"default(?:s| is|:| =| value is)?\s+(true|false)", str(
            schema.get("description", "")), re.IGNORECASE)  # fmt: skip
        either = [default.group(1).lower()] if default else ["true", "false"]
        return _Slot(
            key,
            required,
            [stated, either] if required else [stated],
            [0, 2][: 2 if required else 1],
        )
    if kind == "string" and not required:  # a word describing the tool is no value for it
        kept = set(describing.prune(stated)) | set(grounding.named)
        return _Slot(key, required, [[v for v in stated if v in kept]], [0])
    if kind == "array" or not required:
        return _Slot(key, required, [stated], [0])
    description = grounding.description(key)
    typed = grounding.typed_tokens(key, description)
    if _NUMBER_AS_TEXT.search(description):  # "level: a percent from 0 to 100 like '60'"
        typed = typed + [n for n in grounding.numbers_for("", True) if n not in typed]
    near = grounding.near_phrases(key)
    written = set(grounding.quoted) | set(grounding.tokens)
    named = [n if n in written else describing.strip(n) for n in grounding.named]
    named = [n for n in dict.fromkeys(named) if n]  # "Plumber Ada Lark" -> "Ada Lark"; not "GDP"
    # "Show the Rain Harvest for Cornwall": a name made of the tool's words is its topic
    named = [n for n in named if n in written or not describing.describes(n)] or named
    if _NUMBERED & set(re.findall(r"[a-z]+", key.lower())):  # a docket or parcel number
        named = [t for t in grounding.codes if t not in named] + named
        near = [n for n in near if n in grounding.codes] or near  # "parcel 99812 in Ohio"
    if describing.makes and key.lower().split("_")[-1] in _TITLES and not grounding.quoted:
        made = grounding.object_phrase  # "Schedule lunch with Bob tomorrow": "Lunch with Bob"
        if made:
            return _Slot(key, required, [typed, [made], named, grounding.phrases], [0, 0, 1, 3])
    if kind == "string" and grounding.closed(key):  # a month, a year, a language: that or none
        return _Slot(key, required, [typed], [0], near=typed)
    if _WHEN_KEYS & set(re.findall(r"[a-z]+", key.lower())) and (
        typed or _TEMPORAL.search(description)
    ):  # a date or time: no other kind will do, and none written means none given
        return _Slot(key, required, [typed], [0], near=typed)
    # "the Seagull Hostel" for hostel_name, "the Bodleian Library" for library: a name saying what it is
    own_words = content_words(key) - _GENERIC_KEY_WORDS
    whole = [n for n in grounding.named if n not in named] + named  # "Hostel Seagull" kept whole
    own = list(dict.fromkeys(c for c in whole if content_words(c) & own_words))
    if _NUMBERED & set(re.findall(r"[a-z]+", key.lower())) and grounding.tokens:
        own = []  # "order ID ab12345": an id is the code, not the words naming it
    own = [
        c for c in own if "," not in c
    ] or own  # "Hostel Seagull", not "Hostel Seagull, Galway Bay"
    near = own + near
    if _directed(key):  # "from Leeds", "to Swiss francs"
        fits = _prepositions_for(key, grounding)
        said = [c for c in named if fits(grounding.preposition(c))]
        if said:
            return _Slot(key, required, [typed, said, named, describing.prune(grounding.phrases)],
                         [0, 0, 1, 2], {2} if sibling else set(), said, named_tier=2)  # fmt: skip
    if own:
        return _Slot(key, required, [typed, own, named, describing.prune(grounding.phrases)],
                     [0, 0, 1, 2], {2} if sibling else set(), near, named_tier=2,
                     own_tier=1)  # fmt: skip
    if grounding.names_an_entity(key):
        tiers = [typed, [c for c in near if c in named], named, describing.prune(near)]
        ranks = [0, 0, 1, 1]
    else:
        tiers, ranks = [typed, describing.prune(near), named], [0, 0, 2]
    tiers += [describing.prune(grounding.phrases), grounding.phrases]
    ranks += [2, 3]
    in_order = {2} if sibling else set()  # tier 2: the names
    return _Slot(key, required, tiers, ranks, in_order, near, named_tier=2)


# A text parameter that holds a number ("a percent", "from 0 to 100", "like \"30\""): the user's
# whole numbers are its values, as they would be for an integer parameter.
_NUMBER_AS_TEXT = re.compile(
    r"\b(?:a\s+percent(?:age)?|a\s+number|from\s+-?\d+\s+to\s+\d+)\b|like\s+[\"']\d+[\"']", re.I
)


def _position(text: str, grounding: Grounding, value: str) -> int:
    """Where the user first wrote a value (numbers by their order among the user's numbers)."""
    numbers = grounding.numbers_for("", integer=False)
    if value in numbers:
        return numbers.index(value)
    found = re.search(rf"(?<!\w){re.escape(value.lower())}(?!\w)", text)
    return found.start() if found else len(text)


_IDENTIFIER = re.compile(
    r"^\S*(?:[a-z]_[a-z0-9]|[a-z][A-Z]|[/@\\])\S*$"  # my_data, camelCase, a/path, an@address
    r"|^(?=\S*[A-Z])(?=\S*\d\d)[A-Z\d/-]+$"  # GLA2026031401, A2207
)


class _Describing:
    """The words a tool uses to describe itself: the question, rarely the answer.

    "Show the busiest mail thread that mentions invoices" for `busiest_thread(topic)`:
    "busiest mail thread" describes the tool, "invoices" is the topic. A phrase using a word
    of the tool's name, or only words of its description and parameter names, is not offered
    as a value when another phrase is.
    """

    def __init__(self, function: dict[str, Any]) -> None:
        properties = (function.get("parameters") or {}).get("properties") or {}
        self.name_words = content_words(function["name"])
        self.makes = makes(function)  # "Add (schedule) an event": the request names what it makes
        self.vocabulary = self.name_words | content_words(
            " ".join([_without_examples(function.get("description", "")), *properties])
        )

    def strip(self, name: str) -> str:
        """A name without the tool's own words before it: "Plumber Ada Lark" -> "Ada Lark"."""
        words = name.split()
        while words and content_words(words[0]) and content_words(words[0]) <= self.name_words:
            words = words[1:]
        return " ".join(words)

    def describes(self, phrase: str) -> bool:
        """Whether a phrase is made only of the tool's own words."""
        words = content_words(phrase)
        return bool(words) and words <= self.vocabulary

    def prune(self, phrases: list[str]) -> list[str]:
        identifiers = [p for p in phrases if _IDENTIFIER.search(p)]
        if identifiers:  # "my_docs", "C:/notes/trips.csv": written as values, not as words
            return identifiers
        kept = []
        for phrase in phrases:
            words = content_words(phrase)
            if not words or words & self.name_words or words <= self.vocabulary:
                continue
            kept.append(phrase)
        return kept


def _without_examples(description: str) -> str:
    """A description without its examples: "such as 'remind me to call mom'" shows a request,
    its words are the user's, not the tool's."""
    text = re.sub(r"\"[^\"]*\"|'[^']*'|“[^”]*”", " ", description)
    return re.sub(r"\b(?:e\.g\.|for example|such as)[^.;()]*", " ", text)


_ORDINALS = table("slots", "ordinals")


def _siblings(names: list[str]) -> set[str]:
    """Parameters that differ only by an order word (place1/place2, start_x/end_x)."""
    groups: dict[str, list[str]] = {}
    for name in names:
        words = re.findall(r"[a-z]+|\d+", re.sub(r"(?<=[a-z])(?=[A-Z])", "_", name).lower())
        if any(w in _ORDINALS for w in words):
            base = " ".join(w for w in words if w not in _ORDINALS)
            groups.setdefault(base, []).append(name)
    return {n for group in groups.values() if len(group) > 1 for n in group}


def _kind(schema: dict[str, Any]) -> str:
    kind = str(schema.get("type", "string"))
    return {"float": "number", "tuple": "array", "dict": "object"}.get(kind, kind)


def _is_array(schema: dict[str, Any]) -> bool:
    return _kind(schema) == "array" and "enum" not in schema


def _norm(value: str) -> str:
    return " ".join(re.sub(r"[^\w.@/~'*^+-]+", " ", value.lower()).split())


def _available(candidate: str, used: Counter[str], grounding: Grounding) -> bool:
    """Not already given to another parameter (nor inside a value that was)."""
    norm = _norm(candidate)
    if norm in ("true", "false"):
        return True
    if used[norm] and used[norm] >= grounding.number_count(candidate):
        return False
    # nor a part of one ("Boulder" of "Boulder, CO"), nor a phrase spanning one ("green and
    # gold"), nor one sharing a name with one ("the Harriers in the 2024-2025 season")
    words = set(norm.split())
    spaced = f" {norm.replace('/', ' ')} "
    return not any(
        u != norm
        and not re.search(r"[*^+]", u)  # a formula's numbers are not values ("x**4", then 4)
        and (
            spaced in f" {u.replace('/', ' ')} "  # "QX7781" of "2031/QX7781"
            or f" {u} " in f" {norm} "
            or _shares_a_name(words, u)
        )
        for u in used
    )


_NUMERIC = ("integer", "number")
_NUMBER_WORD = re.compile(r"(?<![\w.])-?\d+(?:\.\d+)?(?![\w.])")
_NUMBERED = words("slots", "numbered")
_WHEN_KEYS = words("slots", "when_keys")
_MAKERS = words("slots", "makers")
_BY = words("slots", "by")
_TEMPORAL = re.compile(r"\b(?:date|time|when|day|datetime|iso 8601)\b", re.IGNORECASE)


def makes(function: dict[str, Any]) -> bool:
    """Whether a tool makes something ("Add (schedule) an event"), by its description's verb."""
    return (function.get("description") or "").split(" ", 1)[0].lower() in _MAKES


_TITLES = words("slots", "titles")
_MAKES = words("slots", "makes")
_REGIONS = words("slots", "regions")
_GENERIC_KEY_WORDS = words("slots", "generic_key_words")
_FROM = words("slots", "from")
_TO = words("slots", "to")
_AT = {"in", "near", "around", "across", "within", "inside"} | _FROM | _TO
_STARTS = words("slots", "starts")
_ENDS = words("slots", "ends")


def _distinct_items(value: str) -> str:
    """A list a weak model wrote with an item repeated ("[\"a\", \"a\", ...]") keeps it once."""
    if not value.startswith("["):
        return value
    try:
        items = json.loads(value)
    except ValueError:
        return value
    if not isinstance(items, list):
        return value
    kept = []
    for item in items:  # numbers may repeat ([3, 4, 3]); names in a list do not
        if item not in kept or not isinstance(item, str):
            kept.append(item)
    return json.dumps(kept, ensure_ascii=False)


def _ends(key: str) -> bool:
    words = set(re.findall(r"[a-z]+", re.sub(r"(?<=[a-z])(?=[A-Z])", "_", key).lower()))
    return bool(words & {"end", "until", "checkout", "out", "return", "to"}) and bool(
        words & {"date", "day"}
    )


def _until(grounding: Grounding, chosen: list[tuple[str, str]]) -> str | None:
    """The end of a stay the user gave as a start and a length ("for 4 nights")."""
    start = next((v for _, v in chosen if re.fullmatch(r"\d{4}-\d{2}-\d{2}", v)), None)
    days = [q.value for q in grounding.quantities if q.unit in ("day", "night")]
    if start is None or len(days) != 1 or not days[0].is_integer():
        return None
    return (date.fromisoformat(start) + timedelta(days=int(days[0]))).isoformat()


def _directed(key: str) -> bool:
    words = set(re.findall(r"[a-z]+", re.sub(r"(?<=[a-z])(?=[A-Z])", "_", key).lower()))
    return bool(words & (_STARTS | _ENDS))


def _names_a_maker(key: str) -> bool:
    words = set(re.findall(r"[a-z]+", re.sub(r"(?<=[a-z])(?=[A-Z])", "_", key).lower()))
    return bool(words & _MAKERS)


def _prepositions_for(key: str, grounding: Grounding) -> Callable[[str], bool]:
    """Which word before a name fits a parameter: "from" a start, "to" an end, "in" a place,
    "by" or "from" a maker (author, brand, manufacturer)."""
    words = set(re.findall(r"[a-z]+", re.sub(r"(?<=[a-z])(?=[A-Z])", "_", key).lower()))
    if words & _MAKERS:
        return lambda word: word in _BY
    if words & _STARTS:
        return lambda word: word in _FROM
    if words & _ENDS:
        return lambda word: word in _TO
    if grounding.names_a_place(key):
        return lambda word: word in _AT
    return lambda word: word not in _AT and word not in _BY


def _shares_a_name(words: set[str], used: str) -> bool:
    shared = words & set(used.split())
    return any(len(w) >= 3 and not w.isdigit() and w not in _COMMON for w in shared)


_COMMON = words("slots", "common")


def _value_grammar(
    options: list[str], schema: dict[str, Any], grounding: Grounding, key: str, used: Counter[str]
) -> str:
    """A grammar for one value followed by a newline: one of `options`, or a free value."""
    kind = _kind(schema)
    rules: list[str] = []
    if kind == "array" and not options:
        item = str((schema.get("items") or {}).get("type", "string"))
        if item == "string":
            items = [p for p in grounding.phrases_for(key) if _available(p, used, grounding)]
            values = [literal(json.dumps(p)) for p in items]
        elif item in ("integer", "number", "float"):
            values = [literal(n) for n in grounding.numbers_for(key, integer=item == "integer")]
        else:
            values = []
        if values:
            one = "( " + " | ".join(values) + " )"
            rules.append(f'value ::= "[" {one} ( ", " {one} ){{0,15}} "]"')
        else:
            rules.append("value ::= json-array")
    elif options:
        rules.append("value ::= " + " | ".join(literal(o) for o in options))
    elif kind in _FREE:
        rules.append(f"value ::= {_FREE[kind]}")
    else:
        rules.append("value ::= json-value")
    return "\n".join(['root ::= value "\\n"', *rules]) + JSON_RULES
