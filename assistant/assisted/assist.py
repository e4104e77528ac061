"""The assisted strategy: the harness decides on calls for a model that cannot.

A model trained for tool calling (its template renders tools) decides by itself
whether to call (`NativeStrategy`). A model that was not (like the starter
model) cannot make that decision, so it is assisted: if no offered tool is
relevant to the request, or none explains what the request is about rather than
only sharing its verb (`selection.explains`: a wrong call is worse than none),
it gets no tools and answers in words; otherwise it
must call one of the relevant tools, filled one argument at a time from the
user's own values (`assistant.assisted.slots`), and a call whose required text
arguments appear nowhere in the request is not made: the user is asked for
them instead of the model inventing them.

Each step of the filling is one backend run under a ready grammar, continuing
a forced call prefix (`GenerationOptions.grammar`, `.call_prefix`); a backend
that cannot follow a grammar (a remote server, a scripted model) answers a step
with a whole call of its own, which is then taken as its turn.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from assistant.assisted.grounding import Grounding
from assistant.assisted.selection import (
    READS,
    explanation,
    names_its_thing,
    playing_a_game,
    request_action,
    score_tools,
    select_tools,
    telling,
    tool_action,
    ungrounded,
)
from assistant.assisted.slots import fill_call, fit, makes, unfilled
from assistant.assisted.strategy import CallStrategy, Definitions, Offer, OnText, drain
from assistant.errors import ToolArgumentError
from assistant.formats.parse import parse_output
from assistant.messages import Message
from assistant.models.base import GenerationOptions, Model, ModelTurn, TurnStats
from assistant.schema import coerce_arguments
from assistant.spoken import plain_request

CALL_OPEN = "<tool_call>"
STEP_TOKENS = 160  # one argument's value (or the function's name), never a whole reply


class AssistedStrategy(CallStrategy):
    """The harness chooses the tools and reads the values from the request; the model picks."""

    name = "assisted"
    reads_results = False  # an assisted model cannot read results: the tools' summaries answer

    def offer(self, request: str, definitions: Definitions, max_tools: int) -> Offer:
        relevant, unfillable = assisted_tools(request, definitions, max_tools)
        if not relevant and unfillable:  # the user has not given the values these tools need
            name, params = unfillable[0]
            wanted = " and ".join(p.replace("_", " ") for p in params)
            return Offer([], f"What {wanted} should I use for {name}?", asks=name)
        return Offer(relevant)

    def constrain(
        self, request: str, offer: Offer, options: GenerationOptions
    ) -> GenerationOptions:
        if not offer.tools or options.tool_choice == "none":
            return replace(options, tool_choice="none")
        # greedy: choosing among the user's values is extraction, not writing
        return replace(options, tool_choice="required", parallel_calls=False, temperature=0.0)

    def generate(
        self,
        model: Model,
        messages: list[Message],
        request: str,
        offer: Offer,
        options: GenerationOptions,
        on_text: OnText,
    ) -> ModelTurn:
        if options.tool_choice == "none":
            return drain(model.respond(messages, [], options), on_text)
        if not options.constrain_calls:
            return drain(model.respond(messages, offer.tools, options), on_text)
        # every value has one candidate in the user's words: no model run (nor load) is needed
        return _determined_call(offer.tools, request) or _filled_call(
            model, messages, offer.tools, request, options, on_text
        )

    def review(self, turn: ModelTurn, request: str, offer: Offer) -> ModelTurn:
        """Calls with values the user never wrote are not made: the user is asked for them."""
        schemas = {d["function"]["name"]: d["function"].get("parameters", {}) for d in offer.tools}
        kept = []
        invented: list[str] = []
        for call in turn.tool_calls:
            parameters = schemas.get(call.name)
            if parameters is None:
                continue
            try:
                coerce_arguments(call.arguments, parameters)
            except ToolArgumentError:
                kept.append(call)  # the agent reports the error to the user; nothing is invented
                continue
            missing = ungrounded(call.arguments, parameters, request)
            if missing:
                invented.extend(f"{name} for {call.name}" for name in missing)
            else:
                kept.append(call)
        if not kept and invented:
            question = "I need more detail: what " + " and ".join(invented) + " should I use?"
            asked_tool = invented[0].rsplit(" for ", 1)[-1]
            return replace(turn, content=question, tool_calls=[], asks=asked_tool)
        return replace(turn, tool_calls=kept)


class _GrammarIgnored(Exception):
    """The backend answered a step with text no grammar-following backend could write."""

    def __init__(self, turn: ModelTurn) -> None:
        super().__init__("the backend does not follow grammars")
        self.turn = turn


def _filled_call(
    model: Model,
    messages: list[Message],
    tools: Definitions,
    request: str,
    options: GenerationOptions,
    on_text: OnText,
) -> ModelTurn:
    """One call, filled argument by argument; each choice one short constrained backend run."""
    stats = TurnStats()

    def complete(so_far: str, grammar: str) -> str:
        step = replace(options, grammar=grammar, call_prefix=so_far, max_tokens=STEP_TOKENS)
        turn = drain(model.respond(messages, tools, step), _silent)
        _add(stats, turn.stats)
        continuation = _continuation(turn.raw, so_far)
        if continuation is None:
            raise _GrammarIgnored(turn)
        return continuation

    try:
        text = CALL_OPEN + fill_call(tools, request, complete)
    except _GrammarIgnored as ignored:  # the backend wrote its own turn: that is its answer
        if ignored.turn.content:
            on_text(ignored.turn.content)
        return replace(ignored.turn, stats=stats)
    parsed = parse_output(text, [t["function"]["name"] for t in tools])
    return ModelTurn(
        parsed.content, parsed.tool_calls, parsed.reasoning, parsed.errors, text, stats
    )


def _continuation(raw: str, so_far: str) -> str | None:
    """What the backend added after the forced prefix, if it followed a step's grammar.

    A step's grammar ends at one value and its newline (or at a function's name), so
    a longer answer, or one not continuing the prefix, is a whole turn of the backend's own.
    """
    head = CALL_OPEN + so_far
    if not raw.startswith(head):
        return None
    added = raw[len(head) :]
    if "\n" in added.rstrip("\n") or added.endswith("\n\n"):
        return None
    return added


def _add(total: TurnStats, part: TurnStats) -> None:
    for name in ("load_seconds", "prompt_seconds", "generation_seconds"):
        setattr(total, name, getattr(total, name) + getattr(part, name))
    total.prompt_tokens += part.prompt_tokens
    total.cached_tokens += part.cached_tokens
    total.generated_tokens += part.generated_tokens
    total.prefix_cache = total.prefix_cache or part.prefix_cache


def _silent(_: str) -> None:
    return None


_QUESTION = re.compile(r"\?\s*$|^\s*(?:what|which|who|when|where|how|is|are|do|does)\b", re.I)


class _ModelNeeded(Exception):
    """A choice only the model can make: several tools, or several values for one argument."""


def _determined_call(tools: list[dict[str, Any]], request: str) -> ModelTurn | None:
    """The call when the request leaves nothing to choose, else None (the model chooses)."""

    def choose(text: str, grammar: str) -> str:
        raise _ModelNeeded

    try:
        text = "<tool_call>" + fill_call(tools, request, choose)
    except _ModelNeeded:
        return None
    parsed = parse_output(text, [t["function"]["name"] for t in tools])
    if parsed.errors or not parsed.tool_calls:
        return None
    return ModelTurn("", parsed.tool_calls, raw=text)


def assisted_tools(
    request: str, definitions: list[dict[str, Any]], max_tools: int = 8
) -> tuple[list[dict[str, Any]], list[tuple[str, list[str]]]]:
    """The tools an assisted model may call for a request, and those that lack values.

    Only tools the request is clearly about are offered, and only those whose required
    values the request gives; if the tool it is most about lacks some, none is offered
    ("add a meeting with Alice": ask when, rather than add a task instead).
    """
    if playing_a_game(request) or telling(request):  # "let's play chess", "i had a long day"
        return [], []
    selected = select_tools(request, definitions, max_tools, only_relevant=True, margin=1.0)
    # a tool that shares only the request's verb, or words of when, is a wrong call: none is
    # better (the model answers in words), and no question is asked for it either
    plain = plain_request(request) or request  # "hey juno remind me ...": the verb is "remind"
    said = request_action(plain)
    why = {
        d["function"]["name"]: explanation(plain, d, definitions, fit(d["function"], request) > 0)
        for d in selected
    }
    selected = [d for d in selected if _evident(said, d, why[d["function"]["name"]])]
    relevant, unfillable = _fillable(request, selected)
    best = _best(request, selected)
    if unfillable and best in {name for name, _ in unfillable}:
        relevant = []
        unfillable.sort(key=lambda lacking: lacking[0] != best)  # the question is for the best
    if not said:  # "alarm clock", "books": no change, nor a question for one, unasked
        unasked = {d["function"]["name"] for d in selected if _unasked_change(plain, d, why)}
        relevant = [d for d in relevant if d["function"]["name"] not in unasked]
        # the question was for the best tool: none is asked for the next in its place
        unfillable = [] if best in unasked else [u for u in unfillable if u[0] not in unasked]
    if _QUESTION.search(request):  # "What's on my calendar Friday?" reads, it makes nothing
        relevant = [d for d in relevant if not makes(d["function"])] or relevant
    if len(relevant) > 1:  # equally relevant: the one that takes more of what the user wrote
        scores = {s.name: s.score for s in score_tools(request, relevant)}
        standing = {
            d["function"]["name"]: (scores[d["function"]["name"]], fit(d["function"], request))
            for d in relevant
        }
        ranked = sorted(relevant, key=lambda d: standing[d["function"]["name"]], reverse=True)
        # a model left to choose among equals takes the first it is shown: show the best first
        first, second = (standing[d["function"]["name"]] for d in ranked[:2])
        relevant = ranked[:1] if first > second else ranked
    return relevant, unfillable


def _evident(said: str, definition: dict[str, Any], why: str) -> bool:
    """Whether a tool explained `why` (`selection.explanation`) may be offered for a
    request that asks `said` (`selection.request_action`).

    A tool shared only by the request's first word is evidence of nothing unless that word
    is said as a verb of ours ("remind me to water the plants": the task tool's verb), or the
    tool has no action of its own to mistake it for (`media_play` for "play ...").
    """
    if not why:
        return False
    return why != "verb" or bool(said) or not tool_action(definition)


def _unasked_change(request: str, definition: dict[str, Any], why: dict[str, str]) -> bool:
    """Whether a tool would change something for a request that says no action of ours.

    With no verb of change ("set", "add", "cancel") nor a value to set something to, a
    request that names no thing of the tool, only its verb ("bookings", "reminders") or
    words of when, asks for no change: a call, or a question for its values, would act on,
    or ask approval of, what the user never asked. A request about what the tool changes
    ("the hall lights purple", `selection.explanation` "about"), or naming the thing it
    makes ("timer": how long?), may still say a change without our verb for it.
    """
    changes = tool_action(definition) not in (*READS, "")
    named = why[definition["function"]["name"]] == "about" or names_its_thing(request, definition)
    return changes and not named


def _best(request: str, tools: list[dict[str, Any]]) -> str | None:
    """The name of the tool the request is most clearly about (the first of equals: none)."""
    scores = sorted(score_tools(request, tools), key=lambda s: -s.score)
    if not scores or (len(scores) > 1 and scores[1].score == scores[0].score):
        return None
    return scores[0].name


def _fillable(
    request: str, tools: list[dict[str, Any]]
) -> tuple[list[dict[str, Any]], list[tuple[str, list[str]]]]:
    """Tools whose required numbers the request can supply, and the others with what they lack."""
    fillable: list[dict[str, Any]] = []
    lacking: list[tuple[str, list[str]]] = []
    for definition in tools:
        function = definition["function"]
        parameters = function.get("parameters") or {}
        properties = parameters.get("properties") or {}
        grounding = Grounding(request, parameters)
        missing = [
            name
            for name in parameters.get("required", [])
            if properties.get(name, {}).get("type") in ("integer", "number")
            and "enum" not in properties[name]
            and not grounding.numbers_for(name, integer=properties[name]["type"] == "integer")
        ]
        missing += [name for name in unfilled(function, request) if name not in missing]
        if missing:
            lacking.append((function["name"], missing))
        else:
            fillable.append(definition)
    return fillable, lacking
