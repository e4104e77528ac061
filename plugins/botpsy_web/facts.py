"""Questions of fact about the world, and requests to find something on the web.

"How many people live in <city>", "who wrote <novel>", "find me a recipe for <dish>":
a small model answers these from memory and invents the number, the author or a
recipe that loops. They go to `web_research` with the user's own words as the
question (less politeness), so the answer comes with sources. The shapes are
general: a question of fact opens with a question word or a request to be told
("who", "how tall", "tell me about", "define"); a request to find opens with a
search verb ("search for", "google"), a wish for a thing found on the web ("find me a
recipe"), or a how-to ("how do i ..."). What decides against the web is data too
(`data/facts.toml`): the user's own things and botpsy's tools, chit-chat and
opinions, the time and the date, the weather and sums, which other tools answer or
which are nobody's to look up. Every other plugin's intents are tried first.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from functools import cache, lru_cache
from importlib import resources

from botpsy_web.intents import (
    Matcher,
    Vocabulary,
    kept_words,
    normalise,
    phrases,
    researching,
    vocabulary,
)

_NUMBER = re.compile(r"\d")


def _any(words: list[str]) -> re.Pattern[str]:
    """Any of the phrases, as whole words, anywhere."""
    return re.compile(rf"(?<![\w']{{1}})(?:{phrases(words)})(?![\w'])")


def _opening(words: list[str]) -> re.Pattern[str]:
    """One of the phrases at the start, as whole words."""
    return re.compile(rf"^(?:{phrases(words)})(?![\w'])")


@dataclass(frozen=True)
class Shapes:
    """The data file, compiled."""

    openers: re.Pattern[str]
    searching: re.Pattern[str]
    finding: re.Pattern[str]
    how_to: re.Pattern[str]
    found_things: re.Pattern[str]
    not_how_to: re.Pattern[str]
    mine: re.Pattern[str]
    chit_chat: re.Pattern[str]
    opinion: re.Pattern[str]
    time_words: re.Pattern[str]
    weather_words: re.Pattern[str]
    maths_words: re.Pattern[str]
    maths_always: re.Pattern[str]
    numbers: re.Pattern[str]
    recipe: re.Pattern[str]
    min_words: int
    one_word: re.Pattern[str]
    not_after: re.Pattern[str]


@cache
def shapes() -> Shapes:
    """The words of `data/facts.toml`, read once."""
    text = resources.files("botpsy_web").joinpath("data/facts.toml").read_text("utf-8")
    data = tomllib.loads(text)
    return Shapes(
        openers=_opening(data["openers"]),
        searching=_opening(data["searching"]),
        finding=_opening(data["finding"]),
        how_to=_opening(data["how_to"]),
        # a thing found on the web, at most two words on ("a quick recipe for flapjacks")
        found_things=re.compile(
            rf"^(?:[\w'-]+\s+){{0,2}}(?:{phrases(data['found_things'])})(?!\w)"
        ),
        not_how_to=_opening(data["not_how_to"]),
        mine=_any(data["mine"]),
        chit_chat=_any(data["chit_chat"]),
        opinion=_any(data["opinion"]),
        time_words=_any(data["time_words"]),
        weather_words=_any(data["weather_words"]),
        maths_words=re.compile(
            rf"(?<![\w']{{1}})(?:{phrases(data['maths_words'])})(?![\w'])|[+*/=]"
        ),
        maths_always=_any(data["maths_always"]),
        numbers=_any(data["numbers"]),
        recipe=_any(["recipe", "recipes"]),
        min_words=int(data["min_words"]),
        one_word=_opening(data["one_word"]),
        not_after=_opening(data["not_after"]),
    )


def _country(text: str) -> str:
    """ "the us" is a country, not the user and others."""
    return re.sub(r"(?<!\w)the\s+(?:us|u\s+s)(?!\w)", "the usa", text)


def _elsewhere(text: str, found: Shapes) -> bool:
    """Chit-chat, the time, the weather or a sum: other tools', or nobody's to look up."""
    if found.chit_chat.search(text) or found.time_words.search(text):
        return True
    if found.weather_words.search(text) or found.maths_always.search(text):
        return True
    has_number = bool(_NUMBER.search(text) or found.numbers.search(text))
    return has_number and bool(found.maths_words.search(text))


def _rest(pattern: re.Pattern[str], text: str) -> str | None:
    match = pattern.match(text)
    return text[match.end() :].strip() if match else None


def _is_fact(text: str, found: Shapes) -> bool:
    rest = _rest(found.openers, text)
    if rest is None or found.mine.search(_country(rest)) or found.opinion.search(rest):
        return False
    if found.not_after.match(rest):
        return False  # "what's on the party list", "what is in the cupboard"
    fewest = 1 if found.one_word.match(text) else found.min_words
    return len(rest.split()) >= fewest


def _is_finding(text: str, found: Shapes, vocab: Vocabulary) -> bool:
    searched = _rest(found.searching, text)
    if searched and not found.mine.search(searched):
        return True  # "search for walking routes by the river"
    how = _rest(found.how_to, text)
    if how and len(how.split()) >= 2 and not found.not_how_to.match(how):
        return not found.mine.search(how)  # "how do i descale a kettle"
    wanted = _rest(found.finding, text)
    if wanted and found.found_things.match(wanted):
        return not found.mine.search(wanted)  # "find me a recipe for flapjacks"
    # "a good flapjack recipe", "pancake recipes without eggs" (not "email ana the recipe")
    return bool(
        found.recipe.search(text)
        and not found.mine.search(text)
        and not vocab.actions.match(text)
        and len(text.split()) >= 2
    )


@lru_cache(maxsize=64)
def fact_request(text: str) -> tuple[str, str] | None:
    """("facts" or "find", the question in the user's words) for a request the web answers."""
    vocab, found = vocabulary(), shapes()
    words = text.strip().rstrip("?.! ").split()
    first, end, _ = kept_words(words, vocab)
    question = " ".join(words[first:end])
    plain = normalise(question)
    if not plain or _elsewhere(plain, found):
        return None
    if _is_fact(plain, found):
        return "facts", question
    if _is_finding(plain, found, vocab):
        return "find", question
    return None


def asking_for(kind: str) -> Matcher:
    """A matcher for one kind of request ("facts" or "find")."""
    return researching(fact_request, kind)
