"""Which tools a request is about: lexical relevance for tool selection and call decisions.

A small model does better with fewer tools in its prompt (Home Assistant's
advice: fewer than ~25), and a model never trained on tools cannot decide by
itself whether to call one. Relevance here is the overlap of stemmed content
words between the request and a tool's name and description; generic words
("get", "calculate", "given") carry no signal and are ignored. A tool's name is
its strongest evidence, so a hit there counts more than one in its description.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from typing import Any

from assistant.assisted.currencies import CURRENCY_NAME, currency_code
from assistant.assisted.lexicon import table, words
from assistant.assisted.quantities import unit_words
from assistant.timeparse import MONTHS, WEEKDAYS

_STOP = words("selection", "stop")
_SPLIT = re.compile(r"[^a-z0-9]+")
_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")


_SIBILANT_ES = re.compile(r"(?:ss|x|zz|[cs]h)es$")  # "boxes", "matches"; not "sizes"


def stem(word: str) -> str:
    """A light suffix-stripping stemmer: 'calculating' and 'calculated' meet at 'calcul'."""
    for suffix in (
        "ations",
        "ation",
        "ings",
        "ing",
        "ies",
        "ied",
        "ers",
        "er",
        "es",
        "ed",
        "s",
        "ly",
    ):
        if suffix == "s" and word.endswith("ss"):
            break  # "address" and "class" are singular: "addresses" meets them
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            if suffix == "es" and not _SIBILANT_ES.search(word):
                # "times" is "time" + "s", not "tim" + "es": stripping "es" made it meet
                # the agent noun "timer" ("tim" + "er"); "boxes" and "matches" lose "es"
                suffix = "s"
            # "probabilities" and "probability", "studied" and "study" meet at "probabilit"
            word = word[: -len(suffix)] + ("i" if suffix in ("ies", "ied") else "")
            break
    if word.endswith("y") and len(word) > 3:
        return word[:-1] + "i"
    return word[:-1] if word.endswith("e") and len(word) > 4 else word


_COMPOUNDS = table("selection", "compounds")
_COMPOUND = re.compile(
    r"\b(?:" + "|".join(re.escape(c) for c in sorted(_COMPOUNDS, key=len, reverse=True)) + r")\b"
)


def _plain(text: str, things: bool = True) -> list[str]:
    """The words of a text, lower case, with compounds written as one ("to do": "todo"), and
    with `things`, "list" said as a thing written "itemlist" (`_noun`)."""
    text = _NOUN_LIST.sub(_noun, text) if things else text
    spaced = " ".join(w for w in _SPLIT.split(_CAMEL.sub(" ", text).lower()) if w)
    return _COMPOUND.sub(lambda found: str(_COMPOUNDS[found.group(0)]), spaced).split()


_BEFORE_A_VERB = words("selection", "before_a_verb")
# "list" after a word and a space; in a name (`alarm_list`, `list_name`) it is the verb
_NOUN_LIST = re.compile(r"\b([a-z']+)(\s+)lists?\b(?![_-])", re.I)


def _noun(found: re.Match[str]) -> str:
    """ "list" said as a thing, written "itemlist": "list" the verb ("list my meetings") says
    how, as "show" does, but "remove it from my list", "the shopping list" name what the
    request is about, and the tools that keep lists say so ("a named list")."""
    said = " ".join(found.group(0).lower().split())
    if found.group(1).lower() in _BEFORE_A_VERB or said in _COMPOUNDS:  # "please list"
        return found.group(0)  # "play list" is one word: "playlist"
    if re.match(r"\s+of\b", found.string[found.end() :], re.I):
        return found.group(0)  # "a list of good films" asks for things of a kind, kept nowhere
    before = {*found.string[: found.start()].lower().split()[-2:], found.group(1).lower()}
    if before & _ON_A_LIST:  # "eggs off the list", "milk to my list": an item of it
        return f"{found.group(1)}{found.group(2)}item itemlist"
    return f"{found.group(1)}{found.group(2)}itemlist"


_ON_A_LIST = frozenset({"from", "off", "on", "onto", "to", "in"})


def content_words(text: str) -> set[str]:
    """Stemmed content words of a text (identifiers split at dots, underscores and case)."""
    return {stem(w) for w in _plain(text, things=False) if w not in _STOP and not w.isdigit()}


def _content(text: str) -> set[str]:
    """`content_words`, with "list" said as a thing a word of what the text is about."""
    return {stem(w) for w in _plain(text) if w not in _STOP and not w.isdigit()}


_HEARD_AS = {
    word: anchor for anchor, said in table("selection", "heard_as").items() for word in said
}


def heard_words(request: str) -> set[str]:
    """A request's content words, each domain word as the word tools describe it by.

    Tools describe their domain in a word or two ("Weather forecast", "a radio station");
    people name it by its particulars ("is it chilly out", "tune in to the jazz fm"). The
    word lists (`heard_as`) say which particular is which domain's word; a request's word
    is read as that word, so it counts as evidence for the tool that names the domain.
    """
    said = _plain(request)
    heard = [
        w if " ".join(said[i + 1 : i + 3]) in _TO_SOMEONE else _HEARD_AS.get(w, w)
        for i, w in enumerate(said)
    ]  # "listen to me" is said to someone, not of music
    return _content(" ".join(heard))


_TO_SOMEONE = frozenset(f"to {who}" for who in ("me", "you", "us", "him", "her", "them"))


@dataclass
class ToolScore:
    """How strongly a request is about one tool."""

    name: str
    name_hits: int
    description_hits: int
    needs_name: int = 0  # name words needed (a question of knowledge asks for more evidence)

    @property
    def score(self) -> float:
        """Name hits weigh double."""
        return 2.0 * self.name_hits + self.description_hits

    @property
    def relevant(self) -> bool:
        """Evidence enough to call it: a word of its name, or two of its description.

        A request shaped as a question of knowledge needs words of the name (see
        `name_words_needed`): offering a tool to an assisted model forces a call.
        """
        if self.needs_name:
            return self.name_hits >= self.needs_name
        return self.name_hits >= 1 or self.description_hits >= 2


# Abbreviations too generic to count as evidence ("calc_x" says nothing about x).
_GENERIC_ABBREVIATIONS = words("selection", "generic_abbreviations")


def _related(a: str, b: str) -> bool:
    """One word in two forms: "discovered"/"discovery", "invented"/"invention"."""
    if a == b or min(len(a), len(b)) < 5:
        return a == b
    shared = 0
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        shared += 1
    # all of the shorter but its last letter: "complaint" is not "complete" ("compl" + "et")
    return shared >= 5 and shared >= min(len(a), len(b)) - 1


def _name_hits(
    wanted: set[str],
    name_words: set[str],
    known: frozenset[str] = frozenset(),
    own: frozenset[str] = frozenset(),
) -> int:
    """Name words the request uses, counting abbreviations: `prob` names "probability".

    A request word another tool uses as a word of its own (`known`) is that word, not an
    abbreviation's long form: "appointments" is the calendar's, not `open_app`'s "app". And a
    name word the tool's description uses as a word (`own`: "Close a cover") abbreviates
    nothing: "closest" is not `home_close`.
    """
    hits = 0
    for word in name_words:
        if word in wanted or any(_related(word, w) for w in wanted):
            hits += 1
        elif 3 <= len(word) <= 5 and word not in _GENERIC_ABBREVIATIONS and word not in own:
            hits += any(
                w.startswith(word) and len(w) >= len(word) + 2 and w not in known for w in wanted
            )
    return hits


# What a question word asks for: "When did the Old Mill Theatre open?" wants a date.
_ASKS_FOR = {k: set(v) for k, v in table("selection", "asks_for").items()}


_CLAUSE_WORDS = words("selection", "clause_words")
_AUXILIARIES = words("selection", "auxiliaries")


def _questions(request: str) -> set[str]:
    """The question words that ask: "when" asks in "when is it", not in "tell me when it is"."""
    tokens = [w for w in _SPLIT.split(request.lower()) if w]
    return {
        w
        for i, w in enumerate(tokens)
        if w not in _CLAUSE_WORDS or (i + 1 < len(tokens) and tokens[i + 1] in _AUXILIARIES)
    }


def _asked_for(request: str) -> set[str]:
    words = _questions(request)
    asked = {stem(w) for question, wants in _ASKS_FOR.items() if question in words for w in wants}
    named = len(unit_words(request)) + len({currency_code(m.group(0)) for m in
                                            CURRENCY_NAME.finditer(request)})  # fmt: skip
    if named >= 2:  # "How many cups in 3 pints?", "80 francs in krone": a conversion
        asked |= {"convert", "conversion", "exchange"}
    return asked


_LEAD = re.compile(r"^\s*(\w+) \(([\w ,/-]+)\)")


def _lead_words(description: str) -> set[str]:
    """A description that opens with its verb and that verb's synonyms ("Add (schedule, book,
    put) an event") names what the tool does as surely as its name: those words count as the
    name's."""
    found = _LEAD.match(description)
    return _content(f"{found.group(1)} {found.group(2)}") if found else set()


# Words that say when, not what ("time", "now", "today"): evidence for a tool only beside a
# word that says what, or for a tool about time itself (every word of its name is one of them).
# Alone they made "what time is it now" a request for the player's "now playing".
_WHEN_WORDS = words("selection", "when")
_WHEN = frozenset(stem(w) for w in _WHEN_WORDS)


# Of those, the nouns that name a time ("time", "date"): "now" or "tomorrow" beside words of
# something no tool serves only says when that thing is.
_TIME_NOUNS = frozenset(stem(w) for w in words("selection", "time_nouns"))


def _about_time(name: str) -> bool:
    """Every word of the tool's name says when (`time_now`); `timer_set` is about a timer."""
    parts = [w for w in _SPLIT.split(_CAMEL.sub(" ", name).lower()) if w]
    return bool(parts) and all(w in _WHEN_WORDS for w in parts)


def _hits(
    wanted: set[str],
    name_words: set[str],
    description_words: set[str],
    known: frozenset[str] = frozenset(),
    own: frozenset[str] = frozenset(),
) -> tuple[int, int]:
    return _name_hits(wanted, name_words, known, own), sum(
        1 for d in description_words if d in wanted or any(_related(d, w) for w in wanted)
    )


_OPENERS = tuple(sorted(words("selection", "knowledge_openers"), key=len, reverse=True))
_FILLERS = tuple(sorted(words("selection", "fillers"), key=len, reverse=True))
_KNOWLEDGE_WORDS = words("selection", "knowledge_words")


def _spoken(request: str) -> str:
    """The request as a spoken phrase: lower case, words only, fillers off the front."""
    text = " ".join(w for w in _SPLIT.split(request.lower()) if w)
    stripped = True
    while stripped:
        stripped = False
        for filler in _FILLERS:
            if text == filler or text.startswith(filler + " "):
                text = text[len(filler) :].lstrip()
                stripped = True
    return text


_PERSONAL = words("selection", "personal")


def _phrases(key: str) -> re.Pattern[str]:
    listed = sorted(words("selection", key), key=len, reverse=True)
    return re.compile(r"\b(?:" + "|".join(re.escape(w) for w in listed) + r")\b")


_GAMES = _phrases("games")
_LISTENING = _phrases("listening")
_PLAYING_WITH = _phrases("playing_with")
_PLAY_WITH_SOMEONE = re.compile(r"\bplay\b.*\bwith (?:me|you|us)\b")


_SELF = re.compile(r"^(?:i m|im|i ve|ive|i)\s+(\w+)(?:\s+(to)\b)?")
_ASKING_VERBS = words("selection", "asking_verbs")


def telling(request: str) -> bool:
    """Whether a request is the user telling something of themselves ("i had a long day",
    "i love this song"), not asking for anything: talk. "i need the area of my sail",
    "i want some jazz" ask (`asking_verbs`), and so do "i want to ...", "i need to ...",
    whose lead-ins `_opening` takes off."""
    found = _SELF.match(" ".join(_opening(request)))
    # "i have to ...", "i've got to ...": what the user must do is asked for, as "i need to"
    return found is not None and found.group(1) not in _ASKING_VERBS and not found.group(2)


def playing_a_game(request: str) -> bool:
    """Whether a request asks to play a game ("a round of chess", "let's play twenty
    questions"): talk, not media. "Play" alone is the player's verb; beside a game, or
    said as playing with someone, it is not, unless something to listen to is named
    ("let's play some music")."""
    spoken = _spoken(request)
    if not re.search(r"\bplay(?:ing|s)?\b", spoken) or _LISTENING.search(spoken):
        return False
    return bool(
        _GAMES.search(spoken) or _PLAYING_WITH.search(spoken) or _PLAY_WITH_SOMEONE.search(spoken)
    )


def name_words_needed(request: str) -> int:
    """How many words of a tool's name a request must use for the tool to be relevant.

    0: the usual rule (a name word, or two description words). A question of knowledge,
    maths or chit-chat ("what is ...", "how many ... in ...", "who was ...") needs one:
    its description words ("convert", "length") are the topic, not a tool's job. One
    that names knowledge itself ("a joke", "the definition of") needs two: "open" alone
    does not make a joke a file. A question about the user's own things ("how much time
    is left on my timer", "what's on my list") is not one of knowledge: the usual rule.
    """
    spoken = _spoken(request)
    if set(spoken.split()) & _KNOWLEDGE_WORDS:
        return 2
    if set(spoken.split()) & _PERSONAL:
        return 0
    if any(spoken == o or spoken.startswith(o + " ") for o in _OPENERS):
        return 1
    return 0


# -- what a request does, and what a tool does --------------------------------------------------
READS = ("list", "find", "state")  # the read actions; the others are "write" and "remove"
_ASKING = re.compile(r"^\s*(?:when|where|who|whose|what|which|how|why)\b", re.I)
_TOOL_ACTIONS = {action: frozenset(w) for action, w in table("selection", "tool_actions").items()}
_REQUEST_VERBS = {action: frozenset(w) for action, w in table("selection", "request_verbs").items()}
_LEAD_INS = tuple(sorted(words("selection", "lead_ins"), key=len, reverse=True))
_LIST_CUES = words("selection", "list_cues")
_FIND_CUES = words("selection", "find_cues")
_SPOKEN_NUMBER = "|".join(["\\d+", *words("selection", "numbers")])
_TARGET = re.compile(rf"\b(?:to|at)\s+(?:{_SPOKEN_NUMBER})\b|\d+\s*(?:percent|%)")
# "from zero to five" is a range (of an integral, a count), not a value to set something to
_RANGE = re.compile(rf"\bfrom\s+(?:{_SPOKEN_NUMBER})\s+to\s+(?:{_SPOKEN_NUMBER})\b")


_VERB_WORDS = frozenset(
    w for action in ("write", "remove") for w in _REQUEST_VERBS[action] if " " not in w
)  # the verbs that change something, stop words among them ("set", "make")


def _parts(name: str) -> list[str]:
    return [w for w in _SPLIT.split(_CAMEL.sub(" ", name).lower()) if w]


def _opening(request: str) -> list[str]:
    """The request's words from its verb on: fillers and lead-ins ("i want to") off the front."""
    text = _spoken(request)
    stripped = True
    while stripped:
        stripped = False
        for lead in (*_FILLERS, *_LEAD_INS):
            if text == lead or text.startswith(lead + " "):
                text = text[len(lead) :].lstrip()
                stripped = True
    return _plain(text)


def _action_of(words_: list[str], actions: dict[str, frozenset[str]]) -> str:
    """The action the first of `words_` that names one names (a pair first: "turn off")."""
    for i, word in enumerate(words_):
        pair = " ".join(words_[i : i + 2])
        for candidate in (pair, word):
            for action, named in actions.items():
                if candidate in named:
                    return action
    return ""


def tool_action(definition: dict[str, Any]) -> str:
    """What a tool does: write, remove, list, find or state; "" when neither name nor the
    description's first word says (`open_app`, `media_play`)."""
    function = definition.get("function", definition)
    parts = _parts(function["name"])
    # a name opens with its family, which may be a verb's word too: `list_create` creates
    action = _action_of(parts[1:], _TOOL_ACTIONS) or _action_of(parts[:1], _TOOL_ACTIONS)
    if not action:
        first = _parts(function.get("description", ""))[:1]
        action = _action_of(first, _TOOL_ACTIONS)
    return action


def request_action(request: str) -> str:
    """What a request asks to do: write ("set brightness to 50", "turn it up to 80"), remove
    ("cancel my alarm"), or read: list ("any meetings tomorrow", "how much is left"), find
    ("where is my lease") or state ("is the door locked"); "" when it does not say."""
    opening = _opening(request)
    if not opening:
        return ""
    # a stop word opens no request ("what", "is"), but a request verb does ("set", "make")
    verb = _action_of(opening[:2], _REQUEST_VERBS) if opening[0] not in _STOP - _VERB_WORDS else ""
    if opening[0] in _REQUEST_VERBS["read"]:
        verb = "read"
    if not verb and _TARGET.search(_RANGE.sub(" ", " ".join(opening))):
        verb = "write"  # a value to set something to: "brightness to fifty percent"
    if not verb and request.rstrip().endswith("?"):
        verb = "read"
    if verb != "read":
        return verb
    said = set(opening)
    if opening[0] in _FIND_CUES or said & _FIND_CUES:
        return "find"
    if said & _LIST_CUES or " ".join(opening[:3]) in ("what s on", "whats on"):
        return "list"
    return "state"


def _question(request: str) -> bool:
    """Whether a request is asked as a question: a question word, or an auxiliary first
    ("did bob write", "is the door locked"; "can you" and "can i" are said before a verb)."""
    opening = _opening(request)[:1]
    return bool(_ASKING.match(request)) or bool(opening and opening[0] in _AUXILIARIES - {"s"})


def _compatible(asked: str, does: str) -> bool:
    """Whether a tool that does `does` may serve a request asking `asked`."""
    if asked in READS:
        return does in (*READS, "")
    return does in (asked, "")


def _verbs(definition: dict[str, Any]) -> set[str]:
    """The verbs a tool names itself by: its name's ("turn on" for `home_turn_on`, not
    "turn"), its description's first ("Play music") and the synonyms beside it ("Cancel
    (turn off, remove)")."""
    function = definition.get("function", definition)
    description = function.get("description", "")
    parts = _parts(function["name"])
    pair = _action_phrase(parts)
    named = {pair} | (set(parts) - set(pair.split()))  # `open_app`: "open"; not "turn" alone
    opening = _parts(description)[:2]
    named.add(_action_phrase(opening[:2], anywhere=False) or " ".join(opening[:1]))
    found = _LEAD.match(description)
    if found:
        named |= {" ".join(_parts(s)) for s in found.group(2).split(",")}
    return named - {""} - _ARTICLES  # "The whole conversation ..." names no verb


def _action_phrase(words_: list[str], anywhere: bool = True) -> str:
    """The first word or pair of `words_` that names an action a tool does ("" if none)."""
    for i, word in enumerate(words_ if anywhere else words_[:1]):
        for candidate in (" ".join(words_[i : i + 2]), word):
            if any(candidate in named for named in _TOOL_ACTIONS.values()):
                return candidate
    return ""


def score_tools(request: str, definitions: list[dict[str, Any]]) -> list[ToolScore]:
    """A score for each tool, in the given order.

    A word that says when counts only beside one that says what. A tool about time itself
    (`time_now`) is the exception while no other tool shares a word of what with the
    request: "what time is it now" is the clock's, "turn on the lights now" is not; nor is
    "when is my dentist appointment next", though "when" asks for a time.

    A word most tools of a family share ("meeting" in the calendar's) counts for each of
    them; and a tool whose action is the request's (`alarm_list` for "how much is left on
    my timer") gets one more description word, beside a word of what the request is about.
    """
    asked = _asked_for(request) | _implied(request)
    said_words = heard_words(request)
    wanted = said_words | asked
    what = {w for w in wanted - _WHEN if len(w) > 1} | asked
    proper = what - _asked_for(request)  # what the request names itself, not a question word
    action = request_action(request)
    opening = _opening(request)
    said = {" ".join(opening[:2]), " ".join(opening[:1])}  # its verb: "turn on", "send"
    # what the request is about, besides its verb and the words that ask to list or find
    verb = _content(opening[0]) if opening else set()
    cues = {stem(w) for w in (_LIST_CUES | _FIND_CUES)}  # "next", "any": how, not what
    about = proper - cues - verb
    spoken = set(_plain(request))
    tools = [_tool_words(d) for d in definitions]
    families = _family_words([_tool_words(_unquoted(d)) for d in definitions])
    used = Counter(w for _, n, d in tools for w in n | d)
    counted = []
    for definition, (name, name_words, description_words) in zip(definitions, tools, strict=True):
        description_words = description_words | (families.get(_parts(name)[0], set()) - name_words)
        pair = _action_phrase(_parts(name))
        if " " in pair and not set(pair.split()) <= spoken:  # "turn the volume up": not turn_on
            name_words = name_words - {stem(w) for w in pair.split()}
        its = name_words | description_words
        known = frozenset(w for w, n in used.items() if n > (w in its))  # other tools' words
        function = definition.get("function", definition)
        words_ = frozenset(_content(function.get("description", "")))  # "Close a cover"
        does = tool_action(definition)
        counted.append(
            (
                name,
                _hits(wanted, name_words, description_words, known, words_),
                _hits(what, name_words, description_words, known, words_),
                _hits(proper, name_words, description_words, known, words_),
                any(_hits(proper - cues, name_words, description_words, known, words_)),
                _hits(said_words & _TIME_NOUNS, name_words, description_words, known, words_),
                any(_hits(about, name_words, description_words, known, words_))
                and ((action != "" and does == action) + bool(said & _verbs(definition))),
            )
        )
    others_named = any(named for name, _, _, _, named, _, _ in counted if not _about_time(name))
    needs = name_words_needed(request)
    knowledge = {stem(w) for w in _KNOWLEDGE_WORDS}
    scores = []
    for name, of_all, of_what, of_proper, _, of_time, same_doing in counted:
        if _about_time(name) and others_named:
            kept = of_proper
        elif _about_time(name) and proper and not any(of_proper):
            kept = of_time  # "when are the trains running", "craving food right now": not the
            # clock's, unless a noun of time asks for it ("the time in tokyo right now")
        elif _about_time(name):
            kept = of_all
        else:
            kept = of_all if any(of_what) else (0, 0)  # only words of when: no evidence of what
        kept = (kept[0], kept[1] + same_doing)
        # "what's the date today" says only when: a tool about time needs no more evidence
        own = 0 if _about_time(name) and not what - asked else needs
        if own == 2 and knowledge & wanted & _content(name):
            own = 1  # "tell me a joke" is a joke tool's own request
        scores.append(ToolScore(name, *kept, needs_name=own))
    return scores


_IMPLIED = {
    word: re.compile(pattern, re.I) for word, pattern in table("selection", "implied").items()
}


def _implied(request: str) -> set[str]:
    """What the request's values name: "report.pdf" a file, "bob@example.org" an email."""
    return {stem(word) for word, pattern in _IMPLIED.items() if pattern.search(request)}


def _tool_words(definition: dict[str, Any]) -> tuple[str, set[str], set[str]]:
    """A tool's name, the words that name it, and the other words of its description."""
    function = definition.get("function", definition)
    description = function.get("description", "")
    name_words = _content(function["name"]) | _lead_words(description)
    return function["name"], name_words, _content(description) - name_words


def _family_words(tools: list[tuple[str, set[str], set[str]]]) -> dict[str, set[str]]:
    """The words most tools of a family (three or more sharing a name's first word) use.

    "meeting" is in four of the calendar's five descriptions: it is the family's word, and
    `calendar_list_events` lists meetings too. Give them without their quoted examples: the
    words of an example are a request's ("called camping"), not what the family is about.
    """
    families: dict[str, list[set[str]]] = {}
    for name, name_words, description_words in tools:
        families.setdefault(_parts(name)[0], []).append(name_words | description_words)
    shared = {}
    for family, members in families.items():
        if len(members) < 3:
            continue
        counts: dict[str, int] = {}
        for member in members:
            for word in member:
                counts[word] = counts.get(word, 0) + 1
        shared[family] = {w for w, n in counts.items() if 2 * n >= len(members)}
    return shared


def select_tools(
    request: str,
    definitions: list[dict[str, Any]],
    limit: int = 8,
    only_relevant: bool = False,
    margin: float | None = None,
) -> list[dict[str, Any]]:
    """The most relevant tools (at most `limit`), in their original order.

    With a `margin`, only tools scoring within it of the best one are kept: a model that
    cannot weigh tools itself should not be offered one that the request clearly is not about
    ("search my calendar" names the calendar: the file search is not offered beside it).
    Such a model is also not offered a tool whose action is not the request's when one
    whose action is stands beside it, nor anything for a request too vague to choose by
    (`preferred`).
    """
    scores = score_tools(request, definitions)
    ranked = sorted(range(len(definitions)), key=lambda i: -scores[i].score)
    chosen = [i for i in ranked if not only_relevant or scores[i].relevant][:limit]
    if margin is not None and chosen:
        chosen = preferred(request, definitions, scores, chosen)
    if margin is not None and chosen:
        best = max(scores[i].score for i in chosen)
        chosen = [i for i in chosen if scores[i].score >= best - margin]
    return [definitions[i] for i in sorted(chosen)]


def preferred(
    request: str, definitions: list[dict[str, Any]], scores: list[ToolScore], chosen: list[int]
) -> list[int]:
    """Of the chosen tools (indexes), those a model that cannot weigh them should be offered.

    - The request's action: "set brightness to 50" writes, so `brightness_get` goes when
      `brightness_set` is there; a question ("is the door locked") reads, so `home_lock` goes.
    - The request's verb, when tools name themselves by it: "turn on" is `home_turn_on`'s,
      not `home_turn_off`'s; "send" is `mail_send`'s, not `mail_reply`'s.
    - A request too vague to choose by ("status": the battery's, the network's or a
      device's) gets none: tools of several families tie on one word of it.
    """
    asked = request_action(request)
    if asked:
        fitting = [i for i in chosen if _compatible(asked, tool_action(definitions[i]))]
        if any(tool_action(definitions[i]) for i in fitting):
            chosen = fitting
        elif asked in READS and _question(request):
            # "when are the trains running", "did bob post anything": a question changes
            # nothing, so no tool that would (`alarm_set`, `mail_mark`) is offered for it,
            # even with no reading tool beside it.
            chosen = [i for i in chosen if tool_action(definitions[i]) in (*READS, "")]
            if not chosen:
                return []
        if asked in READS and _question(request):
            # A tool whose action its words do not say (`media_play`, `mail_thread`) is
            # offered for a question only when the question names it: "do you hear songs"
            # shares the player's words, not its name
            chosen = [i for i in chosen if tool_action(definitions[i]) or scores[i].name_hits]
            if not chosen:
                return []
    opening = _opening(request)
    for phrase in (" ".join(opening[:2]), " ".join(opening[:1])):
        named = [i for i in chosen if phrase and phrase in _verbs(definitions[i])]
        if named:
            chosen = named
            break
    best = max(scores[i].score for i in chosen)
    top = [i for i in chosen if scores[i].score == best]
    families = {_parts(definitions[i].get("function", definitions[i])["name"])[0] for i in top}
    if len(top) > 1 and len([w for w in opening if w not in _ARTICLES]) <= 1:
        return []  # "volume": to read it, set it or mute it?
    if not asked and len({tool_action(definitions[i]) for i in top} - {""}) > 1:
        # tools that read and tools that change tie, and no verb of ours says which is asked
        # ("calendar events", "get the milk off my list": add or remove?): a change would be a
        # guess, a reading costs the user nothing
        chosen = [i for i in chosen if tool_action(definitions[i]) in (*READS, "")]
        if not chosen:
            return []
    # (a write, "add dentist friday 3pm", has values the tools take: those choose, `slots.fit`)
    if len(top) > 1 and len(families) > 1 and asked in ("", *READS):
        evidence = set().union(*(_evidence(request, definitions[i]) for i in top))
        if len(evidence) <= 1:
            return []
    return chosen


_ARTICLES = frozenset({"a", "an", "the", "my", "your", "our", "this", "that"})


# -- whether a tool explains what a request is about ---------------------------------------------
_NAMED_DAYS = [*WEEKDAYS, *MONTHS]  # "friday", "june": when, as "tomorrow" is
_NOT_ABOUT = frozenset(
    stem(w)
    for w in [*words("selection", "not_about"), *_NAMED_DAYS]
    if not any(o != w and o.startswith(w) for o in _NAMED_DAYS)  # "sat", "mar": words too
)
_CLOCK_TIME = re.compile(r"\d+(?:am|pm|st|nd|rd|th)")  # "3pm", "21st"


def about_words(request: str) -> set[str]:
    """What a request is about: its content words but its verb, words of when, the cues of
    listing or finding and the words that only pick one thing ("the first")."""
    asked_for = _asked_for(request)
    wanted = heard_words(request) | asked_for | _implied(request)
    proper = {w for w in wanted - _WHEN if len(w) > 1} - asked_for | _implied(request)
    opening = _opening(request)
    verb = _content(opening[0]) if opening else set()
    cues = {stem(w) for w in (_LIST_CUES | _FIND_CUES)}
    return {w for w in proper - cues - verb - _NOT_ABOUT if not _CLOCK_TIME.fullmatch(w)}


def explains(
    request: str,
    definition: dict[str, Any],
    definitions: list[dict[str, Any]],
    takes_values: bool = False,
) -> bool:
    """Whether a tool serves what the request is about, not only its verb or when
    (`explanation`: by which evidence)."""
    return bool(explanation(request, definition, definitions, takes_values))


def explanation(
    request: str,
    definition: dict[str, Any],
    definitions: list[dict[str, Any]],
    takes_values: bool = False,
) -> str:
    """How a tool serves what the request is about ("" when it does not): "time" (a tool
    about time, for words of when), "nothing" (the request is about nothing but its verb),
    "about" (a word of what it is about is the tool's) or "verb" (only the request's verb).

    An assisted model must call what it is offered, so a tool that shares only the request's
    verb is a wrong call: "add this song to my playlist" is not `task_add`'s, "save the song's
    genre" not `contacts_add`'s, "delete the contacts" not `files_delete`'s. A tool explains a
    request when a word of what it is about is the tool's (its name, description, or a word
    its family shares), or, when none is any tool's, when the request's verb is one only this
    tool's family names itself by ("remind me to water the plants": the rest are its values),
    or names it and the tool `takes_values` of the request on clear evidence (`slots.fit`).
    """
    name, name_words, description_words = _tool_words(definition)
    if _about_time(name):  # a tool about time is about the words of when ("time in tokyo")
        timely = bool(_content(request) & _WHEN or _asked_for(request))
        return (
            "time" if timely and not _beside_time(request, name_words | description_words) else ""
        )
    about = about_words(request)
    if not about:
        return "nothing"  # "add that to my list", "sound up": nothing else to explain
    tools = [_tool_words(d) for d in definitions]
    shared = _family_words([_tool_words(_unquoted(d)) for d in definitions])

    def covered(name: str, name_words: set[str], description_words: set[str]) -> set[str]:
        description_words = description_words | shared.get(_parts(name)[0], set())
        return {w for w in about if any(_hits({w}, name_words, description_words))}

    def explained(name: str, name_words: set[str], description_words: set[str]) -> bool:
        return bool(covered(name, name_words, description_words))

    mine = covered(name, name_words, description_words)
    if mine and not _said_as_verb(request, definition):
        # "calculate a close integral", "move that off the list": a word of the tool's verb
        # ("close", "turn off") said as it is, but not as the request's verb, says nothing
        # of its job ("a reminder" is a thing the task tool keeps, "remind" its verb)
        mine -= {stem(w) for w in set(_plain(request)) & _verb_forms(definition)}
        if not mine:
            return ""
    if mine and _question(request) and request_action(request) == "state":
        # a question of how things are, mostly about what no word of the tool names: "are
        # rice cakes gluten free" shares "free" with the free disk space, not disks
        # (the verbs of tools are how, not what: "did i save a contact for bob")
        doings = set().union(*(_verb_words(d) for d in definitions))
        things = {w for w in about if w not in doings}
        if 2 * len(mine & things) < len(things):
            return ""
    if mine:
        return "about"
    family = _parts(name)[0]
    # another tool's things (its words but its verbs: "start" is no thing of a switch's)
    others = [
        (tool, names - verbs, words_ - verbs)
        for d in definitions
        for tool, names, words_ in [_tool_words(_unquoted(d))]
        for verbs in [_verb_words(d)]
        if _parts(tool)[0] != family
    ]
    if any(explained(*other) for other in others):
        return ""  # what the request is about is another tool's
    opening = _opening(request)
    said = {" ".join(opening[:2]), " ".join(opening[:1])} - {""}
    if not said & _verbs(definition):
        return ""  # neither what nor how: a word by chance
    naming = {_parts(t[0])[0] for d, t in zip(definitions, tools, strict=True) if said & _verbs(d)}
    # "add", "cancel", "save": a verb many families share says which tool only with values
    # the tool takes on clear evidence ("add dentist friday 3pm": a start for an event)
    return "verb" if naming == {family} or takes_values else ""


def names_its_thing(request: str, definition: dict[str, Any]) -> bool:
    """Whether the request names a thing of the tool's name, not only one of its verbs:
    "timer" names `timer_set`'s thing; "bookings" only its verb "book" (`_verb_words`)."""
    _, name_words, _ = _tool_words(definition)
    things = name_words - _verb_words(definition)
    return any(_hits({w}, things, set())[0] for w in heard_words(request) - _WHEN)


def _said_as_verb(request: str, definition: dict[str, Any]) -> bool:
    """Whether the request's verb is one the tool names itself by, its particle maybe later
    ("turn it off" says `turn off`); a word before it may be a name ("juno remind me")."""
    opening = _opening(request)
    said = {
        phrase
        for start in range(min(2, len(opening)))
        for phrase in (
            opening[start],
            *(f"{opening[start]} {w}" for w in opening[start + 1 :]),
        )
    }
    return bool(said & _verbs(definition))


_PLACE_TAIL = re.compile(r"\b(?:in|at)\s+(.+)$")


def _beside_time(request: str, own: set[str]) -> set[str]:
    """What a request is about besides the time, its place and the time tool's own words.

    "what time is it in lisbon" and "when is christmas" ask the clock; "what time should
    i go to bed" or "when is the next parade" ask about bed and a parade, which the clock
    cannot answer: a call of it would be a wrong call, where an answer in words is not.
    """
    spoken = _spoken(request)
    place = _PLACE_TAIL.search(spoken)
    placed = _content(place.group(1)) if place else set()
    about = about_words(spoken) - placed - own - _WHEN - _OF_A_DAY
    return {w for w in about if not any(_related(w, o) for o in own)}


_OF_A_DAY = frozenset(stem(w) for w in words("selection", "of_a_day"))


_ACTION_WORDS = frozenset().union(*_TOOL_ACTIONS.values(), *_REQUEST_VERBS.values())


def _verb_words(definition: dict[str, Any]) -> set[str]:
    """The words of a tool's verbs: its action words and the synonyms its description leads
    with ("Turn on (switch on, start)"), not the nouns of its name."""
    function = definition.get("function", definition)
    verbs = _verbs(definition) & _ACTION_WORDS  # each alone: "delete list" is no noun list
    return set().union(*(_content(v) for v in verbs)) | _lead_words(function.get("description", ""))


def _verb_forms(definition: dict[str, Any]) -> set[str]:
    """The words of a tool's verbs as they are said ("turn", "off", "remind"), unstemmed."""
    function = definition.get("function", definition)
    found = _LEAD.match(function.get("description", ""))
    lead = f"{found.group(1)} {found.group(2)}" if found else ""
    return {w for v in (_verbs(definition) & _ACTION_WORDS) | {lead} for w in _parts(v)}


_QUOTED = re.compile(r"\"[^\"]*\"")


def _unquoted(definition: dict[str, Any]) -> dict[str, Any]:
    """The definition without the examples its description quotes: "remind me to call mom"
    shows the task tool's values; a call is not a task's thing."""
    function = definition.get("function", definition)
    description = _QUOTED.sub(" ", function.get("description", ""))
    return {"function": {**function, "description": description}}


def _evidence(request: str, definition: dict[str, Any]) -> set[str]:
    """The request's words that are evidence for one tool."""
    _, name_words, description_words = _tool_words(definition)
    return {
        w for w in heard_words(request) - _WHEN if any(_hits({w}, name_words, description_words))
    }


def ungrounded(arguments: dict[str, Any], parameters: dict[str, Any], request: str) -> list[str]:
    """Required string arguments whose words appear nowhere in the request: likely invented.

    Numbers, booleans, enums and structured values are not checked: the model may
    convert ("twenty" -> 20) or choose them legitimately.
    """
    wanted = _content(request)
    text = request.lower()
    properties = parameters.get("properties", {})
    missing = []
    for key in parameters.get("required", []):
        schema = properties.get(key, {})
        value = arguments.get(key)
        if not isinstance(value, str) or schema.get("type") != "string" or "enum" in schema:
            continue
        words = _content(value)
        if value.lower().strip() in text or not words or words & wanted:
            continue
        missing.append(key)
    return missing
