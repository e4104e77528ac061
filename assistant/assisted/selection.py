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
from dataclasses import dataclass
from typing import Any

from assistant.assisted.currencies import CURRENCY_NAME, currency_code
from assistant.assisted.lexicon import table, words
from assistant.assisted.quantities import unit_words

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


def content_words(text: str) -> set[str]:
    """Stemmed content words of a text (identifiers split at dots, underscores and case)."""
    spaced = _CAMEL.sub(" ", text).lower()
    return {stem(w) for w in _SPLIT.split(spaced) if w and w not in _STOP and not w.isdigit()}


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
    return shared >= 5 and shared >= min(len(a), len(b)) - 2


def _name_hits(wanted: set[str], name_words: set[str]) -> int:
    """Name words the request uses, counting abbreviations: `prob` names "probability"."""
    hits = 0
    for word in name_words:
        if word in wanted or any(_related(word, w) for w in wanted):
            hits += 1
        elif 3 <= len(word) <= 5 and word not in _GENERIC_ABBREVIATIONS:
            hits += any(w.startswith(word) and len(w) >= len(word) + 2 for w in wanted)
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
    return content_words(f"{found.group(1)} {found.group(2)}") if found else set()


# Words that say when, not what ("time", "now", "today"): evidence for a tool only beside a
# word that says what, or for a tool about time itself (every word of its name is one of them).
# Alone they made "what time is it now" a request for the player's "now playing".
_WHEN_WORDS = words("selection", "when")
_WHEN = frozenset(stem(w) for w in _WHEN_WORDS)


def _about_time(name: str) -> bool:
    """Every word of the tool's name says when (`time_now`); `timer_set` is about a timer."""
    parts = [w for w in _SPLIT.split(_CAMEL.sub(" ", name).lower()) if w]
    return bool(parts) and all(w in _WHEN_WORDS for w in parts)


def _hits(wanted: set[str], name_words: set[str], description_words: set[str]) -> tuple[int, int]:
    return _name_hits(wanted, name_words), sum(
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


def name_words_needed(request: str) -> int:
    """How many words of a tool's name a request must use for the tool to be relevant.

    0: the usual rule (a name word, or two description words). A question of knowledge,
    maths or chit-chat ("what is ...", "how many ... in ...", "who was ...") needs one:
    its description words ("convert", "length") are the topic, not a tool's job. One
    that names knowledge itself ("a joke", "the definition of") needs two: "open" alone
    does not make a joke a file.
    """
    spoken = _spoken(request)
    if set(spoken.split()) & _KNOWLEDGE_WORDS:
        return 2
    if any(spoken == o or spoken.startswith(o + " ") for o in _OPENERS):
        return 1
    return 0


def score_tools(request: str, definitions: list[dict[str, Any]]) -> list[ToolScore]:
    """A score for each tool, in the given order.

    A word that says when counts only beside one that says what. A tool about time itself
    (`time_now`) is the exception while no other tool shares a word of what with the
    request: "what time is it now" is the clock's, "turn on the lights now" is not.
    """
    asked = _asked_for(request)  # "when did it open" asks for a date: that is its what
    wanted = content_words(request) | asked
    what = {w for w in wanted - _WHEN if len(w) > 1} | asked
    counted = []
    for definition in definitions:
        function = definition.get("function", definition)
        description = function.get("description", "")
        name_words = content_words(function["name"]) | _lead_words(description)
        description_words = content_words(description) - name_words
        counted.append(
            (
                function["name"],
                _hits(wanted, name_words, description_words),
                _hits(what, name_words, description_words),
            )
        )
    others_named = any(any(of_what) for name, _, of_what in counted if not _about_time(name))
    needs = name_words_needed(request)
    knowledge = {stem(w) for w in _KNOWLEDGE_WORDS}
    scores = []
    for name, of_all, of_what in counted:
        if _about_time(name):
            kept = of_what if others_named else of_all
        else:
            kept = of_all if any(of_what) else (0, 0)  # only words of when: no evidence of what
        # "what's the date today" says only when: a tool about time needs no more evidence
        own = 0 if _about_time(name) and not what - asked else needs
        if own == 2 and knowledge & wanted & content_words(name):
            own = 1  # "tell me a joke" is a joke tool's own request
        scores.append(ToolScore(name, *kept, needs_name=own))
    return scores


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
    """
    scores = score_tools(request, definitions)
    ranked = sorted(range(len(definitions)), key=lambda i: -scores[i].score)
    chosen = [i for i in ranked if not only_relevant or scores[i].relevant][:limit]
    if margin is not None and chosen:
        best = max(scores[i].score for i in chosen)
        chosen = [i for i in chosen if scores[i].score >= best - margin]
    return [definitions[i] for i in sorted(chosen)]


def ungrounded(arguments: dict[str, Any], parameters: dict[str, Any], request: str) -> list[str]:
    """Required string arguments whose words appear nowhere in the request: likely invented.

    Numbers, booleans, enums and structured values are not checked: the model may
    convert ("twenty" -> 20) or choose them legitimately.
    """
    wanted = content_words(request)
    text = request.lower()
    properties = parameters.get("properties", {})
    missing = []
    for key in parameters.get("required", []):
        schema = properties.get(key, {})
        value = arguments.get(key)
        if not isinstance(value, str) or schema.get("type") != "string" or "enum" in schema:
            continue
        words = content_words(value)
        if value.lower().strip() in text or not words or words & wanted:
            continue
        missing.append(key)
    return missing
