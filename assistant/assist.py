"""How the first model turn of a request is produced: the model's own decision, or an assisted one.

A model trained for tool calling (its template renders tools) decides by itself
whether to call; a grammar keeps its call well formed once it opens one. A
model that was not (like the starter model) cannot make that decision, so it is
assisted: if no offered tool is relevant to the request it gets no tools and
answers in words; otherwise it must call one of the relevant tools, under the
grammar, and a call whose required text arguments appear nowhere in the
request is not made: the user is asked for them instead of the model inventing
them.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import replace
from enum import StrEnum
from typing import Any

from assistant.errors import ToolArgumentError
from assistant.formats.parse import parse_output
from assistant.formats.slots import fill_call, fit, makes, unfilled
from assistant.grounding import Grounding
from assistant.messages import Message
from assistant.models.base import GenerationOptions, Model, ModelEvent, ModelTurn, TextDelta
from assistant.schema import coerce_arguments
from assistant.selection import score_tools, select_tools, ungrounded


class CallStrategy(StrEnum):
    """Who decides whether to call a tool."""

    AUTO = "auto"  # the model if it was trained for tools, else assisted
    MODEL = "model"
    ASSISTED = "assisted"


def resolve_strategy(strategy: str, model: Model) -> CallStrategy:
    """AUTO becomes MODEL or ASSISTED by what the model is."""
    chosen = CallStrategy(strategy)
    if chosen is CallStrategy.AUTO:
        return CallStrategy.MODEL if model.trained_for_tools else CallStrategy.ASSISTED
    return chosen


def first_turn(
    model: Model,
    messages: list[Message],
    definitions: list[dict[str, Any]],
    options: GenerationOptions,
    strategy: CallStrategy,
    max_tools: int = 8,
    on_text: Callable[[str], None] = lambda _: None,
    request: str | None = None,
) -> ModelTurn:
    """The first turn of a request under a strategy.

    `request` is what the user's values are read from, when it is more than the last
    message (an answer to the harness's question, read with the request it completes).
    """
    if request is None:
        request = next((m.content for m in reversed(messages) if m.role == "user"), "")
    if strategy is CallStrategy.MODEL:
        offered = (
            select_tools(request, definitions, max_tools)
            if len(definitions) > max_tools
            else definitions
        )
        return drain(model.respond(messages, offered, options), on_text)
    relevant, unfillable = assisted_tools(request, definitions, max_tools)
    if not relevant and unfillable:  # the user has not given the values these tools need
        name, params = unfillable[0]
        return ModelTurn(f"What {' and '.join(p.replace('_', ' ') for p in params)} should I use for "
                         f"{name}?", asks=name)  # fmt: skip
    if not relevant or options.tool_choice == "none":
        return drain(model.respond(messages, [], replace(options, tool_choice="none")), on_text)
    forced = replace(  # greedy: choosing among the user's values is extraction, not writing
        options,
        tool_choice="required",
        parallel_calls=False,
        grounded_values=request,
        temperature=0.0,
    )
    # every value has one candidate in the user's words: no model run (nor load) is needed
    determined = _determined_call(relevant, request) if options.constrain_calls else None
    turn = determined or drain(model.respond(messages, relevant, forced), on_text)
    schemas = {d["function"]["name"]: d["function"].get("parameters", {}) for d in relevant}
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
    selected = select_tools(request, definitions, max_tools, only_relevant=True, margin=1.0)
    relevant, unfillable = _fillable(request, selected)
    if unfillable and _best(request, selected) in {name for name, _ in unfillable}:
        relevant = []
    if _QUESTION.search(request):  # "What's on my calendar Friday?" reads, it makes nothing
        relevant = [d for d in relevant if not makes(d["function"])] or relevant
    if len(relevant) > 1:  # equally relevant: the one that takes more of what the user wrote
        scores = {s.name: s.score for s in score_tools(request, relevant)}
        standing = {
            d["function"]["name"]: (scores[d["function"]["name"]], fit(d["function"], request))
            for d in relevant
        }
        ranked = sorted(relevant, key=lambda d: standing[d["function"]["name"]], reverse=True)
        if standing[ranked[0]["function"]["name"]] > standing[ranked[1]["function"]["name"]]:
            relevant = ranked[:1]
    return relevant, unfillable


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


def drain(events: Iterator[ModelEvent], on_text: Callable[[str], None]) -> ModelTurn:
    final: ModelTurn | None = None
    for event in events:
        if isinstance(event, TextDelta):
            on_text(event.text)
        else:
            final = event
    assert final is not None, "a model must end its stream with a ModelTurn"
    return final
