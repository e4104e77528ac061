"""Parsing model output and rendering prompts the way BotPsy (Qwen3.5) sees them."""

from __future__ import annotations

import pytest

from assistant.formats.grammar import call_grammar
from assistant.formats.parse import parse_output
from assistant.formats.templates import ChatTemplate, ToolStyle
from assistant.messages import Message, ToolCall
from tests.conftest import SHARED

QWEN_TEMPLATE = SHARED / "data/templates/qwen3.5-0.8b.jinja"

ONE_CALL = """<tool_call>
<function=calendar_create_event>
<parameter=title>
Dentist
</parameter>
<parameter=start>
2026-12-04T15:00
</parameter>
</function>
</tool_call>"""


def test_one_xml_call() -> None:
    parsed = parse_output(ONE_CALL)
    assert parsed.content == ""
    assert [(c.name, c.arguments) for c in parsed.tool_calls] == [
        ("calendar_create_event", {"title": "Dentist", "start": "2026-12-04T15:00"})
    ]


def test_several_calls_multiline_and_json_values_with_prose_before() -> None:
    text = (
        "Let me do both.\n\n<tool_call>\n<function=mail_send>\n<parameter=body>\nHi Bob,\n\nsee you.\n"
        '</parameter>\n<parameter=to>\n["bob@example.com"]\n</parameter>\n</function>\n</tool_call>\n'
        "<tool_call>\n<function=lights_set>\n<parameter=on>\nTrue\n</parameter>\n</function>\n</tool_call>"
    )
    parsed = parse_output(text)
    assert parsed.content == "Let me do both."
    assert parsed.tool_calls[0].arguments == {
        "body": "Hi Bob,\n\nsee you.",
        "to": '["bob@example.com"]',
    }
    assert parsed.tool_calls[1].name == "lights_set" and parsed.tool_calls[1].arguments == {
        "on": "True"
    }


def test_json_call_inside_tool_call_and_lenient_json() -> None:
    parsed = parse_output(
        '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris",}}\n</tool_call>'
    )
    assert parsed.tool_calls[0].name == "get_weather"
    assert parsed.tool_calls[0].arguments == {"city": "Paris"}
    parsed = parse_output("<tool_call>{'name': 'f', 'arguments': {'x': True}}</tool_call>")
    assert parsed.tool_calls[0].arguments == {"x": True}


def test_thinking_is_stripped_and_kept_apart() -> None:
    parsed = parse_output("<think>\nThe user wants an event.\n</think>\n\n" + ONE_CALL)
    assert parsed.reasoning == "The user wants an event."
    assert len(parsed.tool_calls) == 1 and "think" not in parsed.content
    # the prompt opened <think>, so the output only closes it
    parsed = parse_output("reasoning here\n</think>\n\nDone, it is on Friday.")
    assert parsed.content == "Done, it is on Friday." and parsed.reasoning == "reasoning here"
    # runaway reasoning cut off by the token limit is never shown as a reply
    parsed = parse_output("<think>\nhmm hmm hmm")
    assert parsed.content == "" and parsed.reasoning == "hmm hmm hmm"


def test_malformed_call_is_reported_not_raised() -> None:
    parsed = parse_output("<tool_call>\nthis is not a call\n</tool_call>")
    assert parsed.tool_calls == [] and parsed.errors and "could not read" in parsed.errors[0]
    parsed = parse_output("<tool_call>\n<function=calendar_create_event>\n<parameter=ti")
    assert parsed.tool_calls == [] and "cut off" in parsed.errors[0]


def test_a_second_call_cut_off_by_the_token_limit_is_dropped() -> None:
    parsed = parse_output(ONE_CALL + "\n<tool_call>\n<function=calendar_create_event>\n<parameter=")
    assert len(parsed.tool_calls) == 1 and parsed.errors == []


def test_repair_of_bare_calls() -> None:
    bare = ONE_CALL.replace("<tool_call>\n", "").replace("</tool_call>", "")
    assert parse_output(bare).tool_calls[0].name == "calendar_create_event"
    call = '{"name": "get_weather", "arguments": {"city": "Oslo"}}'
    assert parse_output(call).tool_calls == []  # unknown names are left as prose
    parsed = parse_output(call, tool_names=["get_weather"])
    assert parsed.tool_calls[0].arguments == {"city": "Oslo"} and parsed.content == ""
    text = f"Sure! {call} there you go"  # JSON inside prose (a quoted mail) stays text
    assert parse_output(text, tool_names=["get_weather"]).tool_calls == []


def test_plain_reply() -> None:
    parsed = parse_output("It is 15 degrees in Paris.")
    assert parsed.content == "It is 15 degrees in Paris." and parsed.tool_calls == []


@pytest.fixture
def qwen() -> ChatTemplate:
    if not QWEN_TEMPLATE.is_file():
        pytest.fail(f"the Qwen3.5 template is missing at {QWEN_TEMPLATE}")
    return ChatTemplate(QWEN_TEMPLATE.read_text(encoding="utf-8"))


TOOL = {
    "type": "function",
    "function": {
        "name": "calendar_create_event",
        "description": "Add an event.",
        "parameters": {
            "type": "object",
            "properties": {"title": {"type": "string"}},
            "required": ["title"],
        },
    },
}


def test_qwen_template_renders_tools_calls_and_results(qwen: ChatTemplate) -> None:
    assert qwen.style is ToolStyle.QWEN_XML
    call = ToolCall("calendar_create_event", {"title": "Dentist", "minutes": 30}, "call_1")
    messages = [
        Message("system", "You are botpsy."),
        Message("user", "add dentist Friday 3pm"),
        Message("assistant", "", [call]),
        Message("tool", '{"id": "e1"}', tool_call_id="call_1"),
    ]
    prompt = qwen.render(messages, [TOOL])
    assert prompt.startswith(
        "<|im_start|>system\n# Tools\n\nYou have access to the following functions:"
    )
    assert '{"type": "function", "function": {"name": "calendar_create_event"' in prompt
    assert "</IMPORTANT>\n\nYou are botpsy.<|im_end|>" in prompt
    assert (
        "<tool_call>\n<function=calendar_create_event>\n<parameter=title>\nDentist\n</parameter>\n"
        "<parameter=minutes>\n30\n</parameter>\n</function>\n</tool_call>"
    ) in prompt
    assert '<|im_start|>user\n<tool_response>\n{"id": "e1"}\n</tool_response><|im_end|>' in prompt
    assert prompt.endswith("<|im_start|>assistant\n<think>\n\n</think>\n\n")  # thinking off


def test_qwen_template_thinking_on_and_refusals(qwen: ChatTemplate) -> None:
    prompt = qwen.render([Message("user", "hi")], [], thinking=True)
    assert prompt.endswith("<|im_start|>assistant\n<think>\n")
    from assistant.errors import ModelError

    with pytest.raises(ModelError, match="No user query"):
        qwen.render([Message("system", "s")], [])


def test_text_style_template_gets_the_tool_block_and_text_calls() -> None:
    chatml = ChatTemplate(
        "{% for m in messages %}<|im_start|>{{ m.role }}\n{{ m.content }}<|im_end|>\n{% endfor %}"
        "{% if add_generation_prompt %}<|im_start|>assistant\n{% endif %}"
    )
    assert chatml.style is ToolStyle.TEXT
    call = ToolCall("calendar_create_event", {"title": "Dentist"}, "call_1")
    prompt = chatml.render(
        [
            Message("system", "Be brief."),
            Message("user", "add dentist"),
            Message("assistant", "", [call]),
            Message("tool", "ok", tool_call_id="call_1"),
        ],
        [TOOL],
    )
    assert prompt.startswith("<|im_start|>system\n# Tools") and "Be brief.<|im_end|>" in prompt
    assert "<|im_start|>assistant\n<tool_call>\n<function=calendar_create_event>" in prompt
    assert "<|im_start|>user\n<tool_response>\nok\n</tool_response><|im_end|>" in prompt


def test_call_grammar_names_only_offered_tools_and_required_parameters() -> None:
    grammar = call_grammar([TOOL])
    assert '"calendar_create_event>\\n"' in grammar
    assert '"<parameter=title>\\n" str-val' in grammar
    assert "root ::=" in grammar
