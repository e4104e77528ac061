"""The web plugin's local intents: "look up ..." and questions whose answer changes.

A model's memory cannot say today's exchange rate, the next train or what is on
tonight; a small model asked such a thing tends to make an answer up. These
matchers send such questions straight to `web_research`, with the request (less
its politeness) as the question. The words are data (`data/live.toml`): topics
(the news, markets, places and getting around, how things stand right now), the
shapes of a question, and what makes a request someone else's (an action such as
"remind me to check the trains", the user's own things such as "what's on my
calendar", a booking). A topic is named by its words, or by a pair of words a few
apart ("the next ... train", "how long ... to drive"), optionally followed straight
by a third ("how do i get" + "to"). A request asks when it opens with a question
word or a request to be told, after a word on how the user is ("i'm starving, where
can we eat"), or is a bare noun phrase ("bus times to the coast"). Greetings and
politeness are already gone (assistant.api.plain_request). What the news is about
may name something of the user's kind ("news about the email scandal"): only the
words before it count as the user's own. "play" or "open" the news is hearing it.
The web plugin loads last, so every other plugin's intents are tried first; these
stay precise all the same, since a wrong tool is worse than none (the model then
reads the request).
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cache, lru_cache
from importlib import resources
from typing import Any

from assistant.api import IntentMatch

Matcher = Callable[[str], IntentMatch | None]

_LOOK_UP = re.compile(
    r"^(?:please\s+)?(?:look\s+up|google|research|search\s+(?:the\s+web|online|the\s+internet)\s+for|"
    r"find\s+out|find\s+online)\s+(?P<question>.+?)\s*\??$",
    re.I,
)
_WORD = r"[\w'&]+"
_TO_BOTPSY = re.compile(r"(?<!\w)(?:you|your|yours|yourself|you're|youre)(?!\w)")
# "can you find ...", "do you know ...": politeness, not a question about botpsy
_POLITE_YOU = re.compile(
    r"(?<!\w)(?:(?:can|could|would|will)\s+you|do\s+you\s+know|thank\s+you|"
    r"(?:do|did|have|would|can|could)\s+you\s+(?:recommend|suggest|have|got|heard|hear|seen|see)|"
    r"would\s+you\s+(?:go|eat|pick|choose)|are\s+you\s+able\s+to)"
    r"(?!\w)"
)


def _phrases(words: Iterable[str]) -> str:
    """Alternatives for whole phrases, longest first; an apostrophe may be left out."""
    ordered = sorted({w.lower() for w in words}, key=len, reverse=True)
    return "|".join(re.escape(w).replace(r"\ ", r"\s+").replace("'", "'?") for w in ordered)


def _whole(words: Iterable[str], at_start: bool = False) -> re.Pattern[str]:
    body = _phrases(words)
    return re.compile(rf"^(?:{body})(?!\w)" if at_start else rf"(?<![\w']{{1}})(?:{body})(?!\w)")


@dataclass(frozen=True)
class Topic:
    """What a kind of live question names, and words that make a request not one."""

    name: str
    pattern: re.Pattern[str]
    unless: re.Pattern[str] | None = None

    def named(self, text: str) -> tuple[int, int] | None:
        """Where the (normalised) request first names this topic, or None."""
        if self.unless is not None and self.unless.search(text):
            return None
        found = self.pattern.search(text)
        return found.span() if found else None


@dataclass(frozen=True)
class Vocabulary:
    """The data file, compiled."""

    leading: re.Pattern[str]
    trailing: re.Pattern[str]
    asking: re.Pattern[str]
    actions: re.Pattern[str]
    wanting: re.Pattern[str]
    own: re.Pattern[str]
    own_unless: re.Pattern[str]
    my_ok: re.Pattern[str]
    my_live: re.Pattern[str]  # one's own trip: the web's only when its live status is asked
    live_status: re.Pattern[str]
    booking: re.Pattern[str]
    booking_questions: re.Pattern[str]
    noun_openers: frozenset[str]
    not_nouns: frozenset[str]
    topics: tuple[Topic, ...]
    feeling: re.Pattern[str]
    things: frozenset[str]  # one-word nouns of the topics' lists: "bus times", "museum hours"
    when: re.Pattern[str]  # said after a noun phrase: "science news today"
    hearing: re.Pattern[str]  # after "play", "open": the news, heard ("play the headlines")
    heads: re.Pattern[str]  # said after the topic as the phrase's head: "acme stock price"


def _topic(name: str, entry: dict[str, Any], lists: dict[str, list[str]]) -> Topic:
    def words(value: str | list[str]) -> list[str]:
        return lists[value] if isinstance(value, str) else value

    alternatives = [_phrases(entry.get("words", []))] if entry.get("words") else []
    for pair in entry.get("pairs", []):
        gap = int(pair["gap"])
        start = "^" if pair.get("at_start") else ""
        alternatives.append(
            rf"{start}(?:{_phrases(words(pair['first']))})(?:\s+{_WORD}){{0,{gap}}}\s+"
            rf"(?:{_phrases(words(pair['then']))})"
            + (rf"\s+(?:{_phrases(words(pair['last']))})" if pair.get("last") else "")
        )
    pattern = re.compile(rf"(?<![\w']{{1}})(?:{'|'.join(alternatives)})(?!\w)")
    unless = _whole(entry["unless"]) if entry.get("unless") else None
    return Topic(name, pattern, unless)


@cache
def vocabulary() -> Vocabulary:
    """The words of `data/live.toml`, read once."""
    text = resources.files("botpsy_web").joinpath("data/live.toml").read_text("utf-8")
    data = tomllib.loads(text)
    request, lists = data["request"], data.get("lists", {})
    return Vocabulary(
        leading=re.compile(rf"^(?:(?:{_phrases(request['leading'])})(?:\s+|$))+"),
        trailing=re.compile(rf"(?:\s+(?:{_phrases(request['trailing'])}))+$"),
        asking=_whole(request["asking"], at_start=True),
        actions=_whole(request["actions"], at_start=True),
        wanting=_whole(request["wanting"], at_start=True),
        own=_whole(request["own"]),
        own_unless=_whole(request["own_unless"]),
        my_ok=re.compile(rf"^(?:{_phrases(request['my_ok'])})(?!\w)"),
        my_live=re.compile(rf"^(?:{_phrases(request['my_live'])})(?!\w)"),
        live_status=_whole(request["live_status"]),
        booking=_whole(request["booking"]),
        booking_questions=_whole(request["booking_questions"]),
        noun_openers=frozenset(request["noun_openers"]),
        not_nouns=frozenset(request["not_nouns"]),
        topics=tuple(_topic(name, entry, lists) for name, entry in data["topics"].items()),
        feeling=re.compile(rf"^(?:{_phrases(request['feeling'])})\s+{_WORD}\s+"),
        things=frozenset(
            w for name in ("vehicles", "places", "events") for w in lists[name] if " " not in w
        ),
        when=re.compile(rf"(?:\s+(?:{_phrases(request['when'])}))+$"),
        hearing=re.compile(
            rf"^(?:\s+{_WORD}){{0,3}}?\s+(?:{_phrases([*request['hearing'], *lists['sources']])})"
            rf"(?:\s+{_WORD}){{0,4}}$"
        ),
        heads=re.compile(rf"^(?:\s+(?:{_phrases(request['heads'])}))*$"),
    )


def normalise(text: str) -> str:
    """Lower case, curly apostrophes straight, punctuation (but apostrophes and &) as spaces."""
    text = text.lower().replace("\u2019", "'")
    return " ".join(re.sub(r"[^\w\s'&]|(?<!\w)'|'(?!\w)", " ", text).split())


def _kept(words: list[str], vocab: Vocabulary) -> tuple[int, int, int]:
    """Where the request starts and ends without politeness and fillers, and where its
    question starts after a name said first ("jarvis what's the news"): (first, end, asked)."""
    first = max(
        (
            n
            for n in range(1, min(len(words), 12))
            if vocab.leading.fullmatch(_norm(words[:n]) + " ")
        ),
        default=0,
    )
    rest, asked = _norm(words[first:]), first
    if (
        not vocab.asking.match(rest)
        and not vocab.actions.match(rest)
        and not rest.startswith(tuple(f"{w} " for w in vocab.noun_openers))
        and vocab.asking.match(_norm(words[first + 1 :]))
    ):
        asked += 1  # whoever is addressed, it is us; the word stays in the search, in case
    last = max(
        (
            n
            for n in range(1, len(words) - first)
            if vocab.trailing.fullmatch(" " + _norm(words[-n:]))
        ),
        default=0,
    )
    return first, len(words) - last, asked


def _norm(words: list[str]) -> str:
    return normalise(" ".join(words))


def _someone_elses(text: str, vocab: Vocabulary) -> bool:
    """An action, the user's own things, a booking, or a question to botpsy itself."""
    wanted = vocab.wanting.match(text)
    for start in (text, text[wanted.end() :].lstrip() if wanted else ""):
        action, asking = vocab.actions.match(start), vocab.asking.match(start)
        if action and vocab.hearing.match(start[action.end() :]) and _HEAR.match(start):
            continue  # "play the bbc headlines", "open today's news": hearing the news
        if action and (asking is None or action.end() >= asking.end()):
            return True  # "get me a taxi" does; "get me the headlines" asks
    return _mine(text, vocab) or (
        bool(vocab.booking.search(text)) and not vocab.booking_questions.search(text)
    )


_HEAR = re.compile(r"^(?:play|open|start|put\s+on|turn\s+on|switch\s+on|load|launch)(?!\w)")


# What the news is about ("news about the email scandal") names no thing of the user's.
_SUBJECT = re.compile(
    r"(?<!\w)(?:news|headlines?|stories|story|updates?|latest|developments|reports?|articles?|"
    r"coverage|gossip)\s+(?:about|on|regarding|concerning|from|in|with)\s+(?!my\s|our\s).*$"
)


def _mine(text: str, vocab: Vocabulary) -> bool:
    """About the user's own things, or about botpsy ("what's on your mind")."""
    subject = _SUBJECT.sub(" ", text)
    if subject != text and vocab.own.fullmatch(text.split()[-1]):
        return True  # "the latest from the inbox": the subject is the user's own
    if vocab.own.search(vocab.own_unless.sub(" ", subject)) or _TO_BOTPSY.search(
        _POLITE_YOU.sub(" ", text)
    ):
        return True
    return any(
        not _ok_after_my(text[mine.end() :], text, vocab) and text[mine.end() :] != ""
        # "my sister's place", "my parents' town": whose, then what the user means
        for mine in re.finditer(r"(?<!\w)(?:my|our)\s+(?:[\w-]+(?:'s|s')(?:\s+|$))?", text)
    )


def _ok_after_my(after: str, text: str, vocab: Vocabulary) -> bool:
    """Whether what follows "my" is asked of the world: "my area", or "my flight" asked live
    ("is my flight delayed"); "when is my train" is the user's calendar's."""
    if vocab.my_ok.match(after):
        return True
    return bool(vocab.my_live.match(after) and vocab.live_status.search(text))


def _asks(text: str, at: int, end: int, vocab: Vocabulary) -> bool:
    """A question, a request to be told, or a noun phrase: "the next bus", "acme shares"."""
    heard = _HEAR.match(text)
    if vocab.asking.match(text) or (heard and vocab.hearing.match(text[heard.end() :])):
        return True  # a question, or "play the harbour gazette headlines"
    words = text.split()
    if at == 0 or (
        (words[0] in vocab.noun_openers or words[0] in vocab.things) and len(text[:at].split()) <= 3
    ):
        return True
    said = vocab.when.sub("", text)  # "science news today": the phrase ends with its topic
    ends = end >= len(said) or bool(vocab.heads.match(said[end:]))  # "... stock price"
    return ends and len(said.split()) <= 4 and words[0] not in vocab.not_nouns


@lru_cache(maxsize=64)
def live_question(text: str) -> tuple[str, str] | None:
    """(topic, question) when `text` asks about something live, else None."""
    vocab = vocabulary()
    words = text.strip().rstrip("?.! ").split()
    first, end, asked = _kept(words, vocab)
    question = " ".join(words[first:end])
    # the first word may be a name said first ("jarvis what's the news") or the request's own
    # ("stock price of acme", where "price of" also starts questions): both are tried
    for start in dict.fromkeys((asked, first)):
        plain = normalise(" ".join(words[start:end]))
        feeling = vocab.feeling.match(plain)
        if feeling and vocab.asking.match(plain[feeling.end() :]):
            plain = plain[feeling.end() :]  # "i'm starving where can we eat": the question
        if not plain or _someone_elses(plain, vocab):
            return None
        for topic in vocab.topics:
            span = topic.named(plain)
            if span is not None and _asks(plain, *span, vocab):
                return topic.name, question
    return None


def look_up(text: str) -> IntentMatch | None:
    """ "look up the opening hours of the museum": research, with citations."""
    m = _LOOK_UP.match(text.strip())
    if not m or len(m.group("question").split()) < 2 or _mine(normalise(text), vocabulary()):
        return None  # "look up my emails from ana" is the mail's
    return IntentMatch("web_research", {"question": m.group("question")})


def researching(classify: Callable[[str], tuple[str, str] | None], kind: str) -> Matcher:
    """A matcher that researches the requests `classify` files under `kind`, in their words."""

    def ask_the_web(text: str) -> IntentMatch | None:
        found = classify(text)
        if found is None or found[0] != kind:
            return None
        return IntentMatch("web_research", {"question": found[1]})

    return ask_the_web


def asking_about(topic: str) -> Matcher:
    """A matcher for one topic of live questions."""
    return researching(live_question, topic)


# For botpsy_web.facts, which shares the request's vocabulary.
phrases = _phrases
kept_words = _kept
