"""The call strategies behind the agent's seam: what each offers, what the backend is asked
to generate under, and what is kept.

`GrammarFollower` stands in for a backend that follows grammars (llama.cpp does; the
inference tests at the end run the real starter model through the same steps), so
that the steps the assisted strategy asks for can be read exactly.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from assistant.assisted import NativeStrategy, resolve_strategy
from assistant.assisted.assist import STEP_TOKENS, AssistedStrategy
from assistant.formats.parse import parse_output
from assistant.messages import Message
from assistant.models.base import GenerationOptions, Model, ModelEvent, ModelTurn, TurnStats
from assistant.models.scripted import ScriptedModel
from tests.helpers import call, starter_model


def tool(name: str, description: str, required: list[str], **properties: Any) -> dict[str, Any]:
    return {"type": "function", "function": {"name": name, "description": description,
            "parameters": {"type": "object", "properties": properties, "required": required}}}  # fmt: skip


POSTER = tool(
    "print_poster",
    "Print a poster on the home printer.",
    ["width", "height"],
    width={"type": "integer", "description": "Width in cm."},
    height={"type": "integer", "description": "Height in cm."},
)
EVENT = tool(
    "calendar_create_event",
    "Add (schedule) an event on the calendar.",
    ["title", "start"],
    title={"type": "string", "description": "Name of the event."},
    start={"type": "string", "description": "When it starts (date and time)."},
)
CHOICE = "print a poster, sides 50 and 70"  # two numbers, two sides: the model picks


class GrammarFollower(Model):
    """Continues the forced call prefix with the first alternative its grammar allows."""

    def __init__(self, trained: bool = False) -> None:
        self.steps: list[GenerationOptions] = []
        self.trained = trained

    @property
    def trained_for_tools(self) -> bool:
        return self.trained

    def respond(
        self, messages: list[Message], tools: list[dict[str, Any]], options: GenerationOptions
    ) -> Iterator[ModelEvent]:
        self.steps.append(options)
        assert options.grammar is not None
        rules = options.grammar.splitlines()
        line = next((r for r in rules if r.startswith("value ::=")), rules[0])
        choices = [c for c in re.findall(r'"((?:[^"\\]|\\.)*)"', line.split("::=", 1)[1])]
        chosen = next(c for c in choices if c != "\\n").replace('\\"', '"')
        newline = "\n" if '"\\n"' in options.grammar.split("\n")[0] else ""
        raw = "<tool_call>" + options.call_prefix + chosen + newline
        parsed = parse_output(raw, [t["function"]["name"] for t in tools])
        yield ModelTurn(
            parsed.content, parsed.tool_calls, raw=raw, stats=TurnStats(generated_tokens=2)
        )


def test_auto_is_native_for_a_model_trained_for_tools_and_assisted_otherwise() -> None:
    assert isinstance(resolve_strategy("auto", GrammarFollower(trained=True)), NativeStrategy)
    assisted = resolve_strategy("auto", GrammarFollower(trained=False))
    assert isinstance(assisted, AssistedStrategy) and str(assisted) == "assisted"
    assert isinstance(resolve_strategy("model", GrammarFollower()), NativeStrategy)
    assert NativeStrategy.reads_results and not AssistedStrategy.reads_results
    with pytest.raises(ValueError, match="not a call strategy"):
        resolve_strategy("clever", GrammarFollower())


def test_the_native_strategy_leaves_the_choice_and_the_options_to_the_model() -> None:
    model = ScriptedModel([call("print_poster", width=50, height=70)])
    options = GenerationOptions(max_tokens=99)
    turn = NativeStrategy().first_turn(model, [Message("user", CHOICE)], [POSTER, EVENT], options)
    assert [c.name for c in turn.tool_calls] == ["print_poster"]
    assert model.seen_tools == [[POSTER, EVENT]]  # every tool, no grounding
    many = [tool(f"tool_{i}", f"Tool number {i}.", []) for i in range(12)] + [POSTER]
    offer = NativeStrategy().offer(CHOICE, many, max_tools=4)
    assert len(offer.tools) == 4 and POSTER in offer.tools and not offer.question


def test_an_assisted_call_is_filled_in_steps_each_under_its_own_grammar() -> None:
    model = GrammarFollower()
    turn = AssistedStrategy().first_turn(model, [Message("user", CHOICE)], [POSTER, EVENT],
                                         GenerationOptions(max_tokens=384, temperature=0.7))  # fmt: skip
    assert [(c.name, c.arguments) for c in turn.tool_calls] == [
        ("print_poster", {"width": "50", "height": "70"})
    ]
    assert model.steps, "the request leaves a choice: the model makes it"
    first = model.steps[0]
    assert first.tool_choice == "required" and first.temperature == 0.0
    assert first.max_tokens == STEP_TOKENS and not first.parallel_calls
    assert first.call_prefix.startswith("\n<function=print_poster>\n<parameter=")
    grammar = first.grammar or ""
    assert '"50"' in grammar and '"70"' in grammar  # only the user's numbers
    assert "[0-9]" not in grammar.split("value ::=", 1)[1].split("\n")[0]
    assert turn.raw.startswith("<tool_call>\n<function=print_poster>")
    assert turn.stats.generated_tokens == 2 * len(model.steps)


def test_a_call_the_request_settles_needs_no_backend_at_all() -> None:
    model = GrammarFollower()
    turn = AssistedStrategy().first_turn(
        model, [Message("user", "add dentist friday 3pm")], [EVENT], GenerationOptions()
    )
    assert [(c.name, c.arguments) for c in turn.tool_calls] == [
        ("calendar_create_event", {"title": "Dentist", "start": "friday 3pm"})
    ]
    assert model.steps == []


def test_a_backend_that_ignores_grammars_has_its_own_whole_turn_taken() -> None:
    """A remote server or a scripted model writes the whole call when asked for one value."""
    model = ScriptedModel([call("print_poster", width=70, height=50)])
    turn = AssistedStrategy().first_turn(
        model, [Message("user", CHOICE)], [POSTER], GenerationOptions()
    )
    assert [(c.name, c.arguments) for c in turn.tool_calls] == [
        ("print_poster", {"width": "70", "height": "50"})
    ]
    assert len(model.seen) == 1  # one run, not one per argument
    streamed: list[str] = []
    worded = ScriptedModel(["Which printer should I use?"])
    turn = AssistedStrategy().first_turn(worded, [Message("user", CHOICE)], [POSTER],
                                         GenerationOptions(), on_text=streamed.append)  # fmt: skip
    assert (
        turn.tool_calls == [] and "".join(streamed) == turn.content == "Which printer should I use?"
    )


def test_a_value_the_user_never_wrote_is_asked_for_not_made() -> None:
    """Without the grammar (`--no-grammar`) the model writes freely; what it invents is dropped."""
    model = ScriptedModel([call("calendar_create_event", title="Standup", start="Monday 9am")])
    turn = AssistedStrategy().first_turn(
        model, [Message("user", "add dentist friday 3pm")], [EVENT],
        GenerationOptions(constrain_calls=False),
    )  # fmt: skip
    assert len(model.seen) == 1 and turn.tool_calls == []
    assert turn.asks == "calendar_create_event" and "title" in turn.content
    unasked = AssistedStrategy().first_turn(
        ScriptedModel([]), [Message("user", "add a standup to my calendar")], [EVENT],
        GenerationOptions(),
    )  # fmt: skip
    assert unasked.tool_calls == [] and "start" in unasked.content  # asked before any model run


# -- the real backend ------------------------------------------------------------------------


@pytest.fixture(scope="module")
def starter() -> Iterator[Model]:
    yield from starter_model()


@pytest.mark.inference
def test_the_backend_continues_a_forced_prefix_under_a_ready_grammar(starter: Model) -> None:
    prefix = "\n<function=calendar_create_event>\n<parameter=title>\n"
    options = GenerationOptions(max_tokens=16, temperature=0.0, tool_choice="required",
                                grammar='root ::= ( "Dentist" | "Lunch with Sam" ) "\\n"',
                                call_prefix=prefix)  # fmt: skip
    messages = [Message("user", "add lunch with Sam on saturday")]
    turn = next(e for e in starter.respond(messages, [EVENT], options) if isinstance(e, ModelTurn))
    assert turn.raw.startswith("<tool_call>" + prefix)
    assert turn.raw[len("<tool_call>" + prefix) :] in ("Dentist\n", "Lunch with Sam\n")


@pytest.mark.inference
def test_the_starter_model_fills_an_assisted_call_step_by_step(starter: Model) -> None:
    turn = AssistedStrategy().first_turn(
        starter, [Message("user", CHOICE)], [POSTER], GenerationOptions()
    )
    assert turn.stats.generated_tokens > 0  # the model chose
    [made] = turn.tool_calls
    assert made.name == "print_poster"
    assert sorted([made.arguments["width"], made.arguments["height"]]) == ["50", "70"]
