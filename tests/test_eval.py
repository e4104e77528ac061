"""The BFCL checker, grounding of argument values, and the assisted call strategy."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from assistant.assisted import NativeStrategy
from assistant.assisted.assist import AssistedStrategy
from assistant.assisted.grammar import grounded_call_grammar
from assistant.assisted.grounding import Grounding
from assistant.assisted.selection import score_tools
from assistant.evals.bfcl import Case, call_matches, calls_match, find_categories, load_cases
from assistant.evals.runner import json_schema, run_cases, score, summarize
from assistant.formats.grammar import call_grammar
from assistant.messages import Message
from assistant.models.base import GenerationOptions
from assistant.models.scripted import ScriptedModel
from tests.helpers import call

EXPECTED = {"garden.bed": {"base": [10], "height": [5], "unit": ["units", ""]}}


def test_checker_follows_bfcl_rules() -> None:
    assert call_matches("garden.bed", {"base": 10, "height": 5}, EXPECTED)
    assert call_matches("garden_bed", {"base": 10.0, "height": 5, "unit": "Units"}, EXPECTED)
    assert not call_matches("garden.bed", {"base": 10}, EXPECTED)  # a required argument missing
    assert not call_matches("garden.bed", {"base": 10, "height": 5, "colour": "red"}, EXPECTED)
    assert not call_matches("garden.bed", {"base": 11, "height": 5}, EXPECTED)
    assert not call_matches("garden.pond", {"base": 10, "height": 5}, EXPECTED)
    nested = {"f": {"budget": [{"min": [300], "max": [400, ""]}], "tags": [["a", "b"]]}}
    assert call_matches("f", {"budget": {"min": 300}, "tags": ["A", "b"]}, nested)
    assert not call_matches("f", {"budget": {"min": 300, "extra": 1}, "tags": ["a", "b"]}, nested)
    assert not call_matches("f", {"budget": {"min": 300}, "tags": ["b", "a"]}, nested)
    assert not call_matches("f", {"budget": {"min": 300}, "tags": ["a", "b"], "x": True}, nested)


def test_parallel_calls_match_in_any_order_and_exactly() -> None:
    expected = [{"play": {"artist": ["Nina Lark"]}}, {"play": {"artist": ["Harbour 5"]}}]
    calls = [("play", {"artist": "Harbour 5"}), ("play", {"artist": "nina lark"})]
    assert calls_match(calls, expected)
    assert not calls_match(calls[:1], expected)
    assert not calls_match([*calls, ("play", {"artist": "Olu Reyes"})], expected)
    assert not calls_match([calls[0], calls[0]], expected)


def test_irrelevance_is_right_only_without_calls() -> None:
    case = Case("irrelevance_0", "irrelevance", [{"role": "user", "content": "hi"}], [])
    assert score(case, []) and not score(case, [("f", {})])


def test_loads_any_directory_in_bfcl_format(tmp_path: Path) -> None:
    (tmp_path / "possible_answer").mkdir()
    turn = [{"role": "user", "content": "garden bed 10 by 5"}]
    question = {"id": "live_simple_0", "question": [turn],
                "function": [{"name": "garden.bed", "parameters": {"type": "dict", "properties": {}}}]}  # fmt: skip
    (tmp_path / "BFCL_v3_live_simple.json").write_text(json.dumps(question) + "\n")
    answer = {"id": "live_simple_0", "ground_truth": [EXPECTED]}
    (tmp_path / "possible_answer" / "BFCL_v3_live_simple.json").write_text(
        json.dumps(answer) + "\n"
    )
    files = find_categories(tmp_path)
    assert list(files) == ["live_simple"]
    (case,) = load_cases(files["live_simple"])
    assert case.expected == [EXPECTED] and case.messages[0]["content"] == "garden bed 10 by 5"
    assert json_schema({"type": "dict", "properties": {"x": {"type": "float"}, "y": {"type": "any"}}}) == {
        "type": "object", "properties": {"x": {"type": "number"}, "y": {}}}  # fmt: skip
    results = run_cases(
        [case], lambda c: [("garden.bed", {"base": 10, "height": 5})], "t", progress=False
    )
    summary = summarize(results)["live_simple"]
    assert (summary.cases, summary.accuracy) == (1, 1.0)


def test_grounding_finds_the_value_beside_each_name() -> None:
    parameters = {"properties": {"beds": {"type": "integer"}, "taps": {"type": "integer"},
                                 "area": {"type": "integer"}}}  # fmt: skip
    g = Grounding("A greenhouse with 4 beds, 2 taps and an area of 1,200 square feet.", parameters)
    assert [g.numbers_for(n, True) for n in ("beds", "taps", "area")] == [
        ["4"],
        ["2"],
        ["1200"],
    ]
    g = Grounding("a sail with base 7 and height 12", {})
    assert (g.numbers_for("base", True), g.numbers_for("height", True)) == (["7"], ["12"])
    described = {
        "properties": {"mu": {"type": "number", "description": "Mean lap time of the session"}}
    }
    assert Grounding("a session with mean 58 and spread 3", described).numbers_for("mu", False) == [
        "58"
    ]
    assert Grounding("fold a six-sided flyer twice", {}).numbers == ["6", "2"]
    assert Grounding("no numbers here", {}).numbers_for("year", True) == []
    assert Grounding("compare [7, 8, 9] with [4, 5]", {}).lists_for("integer") == [
        "[7, 8, 9]",
        "[4, 5]",
    ]
    assert Grounding("back up folder my_docs now", {}).phrases_for("folder")[0] == "my_docs"


def test_grounded_grammar_allows_only_the_users_values() -> None:
    tool = {"function": {"name": "paint_sign", "parameters": {"type": "object", "properties": {
        "base": {"type": "integer"}, "label": {"type": "string"}}, "required": ["base"]}}}  # fmt: skip
    grammar = grounded_call_grammar([tool], "base 7 in green", parallel=False)
    assert 'v0-0 ::= "7"' in grammar
    assert '"green"' in grammar and "[^<" not in grammar.split("v0-1 ::=")[1].split("\n")[0]
    free = call_grammar([tool], parallel=True)
    assert 'int-val ::= "-"? [0-9]{1,15}' in free and 'root ::= "\\n"? call (' in free


def test_relevance_scores_name_words_double() -> None:
    tools = [{"function": {"name": "calculate_sail_area", "description": "Area of a sail."}},
             {"function": {"name": "get_sleep_score", "description": "Sleep score from hours of rest."}}]  # fmt: skip
    scores = score_tools("Give me the sail area for a jib with base 10", tools)
    assert scores[0].relevant and scores[0].name_hits == 2
    assert not scores[1].relevant


SAIL = {"type": "function", "function": {"name": "sail_area", "description": "Area of a sail.",
        "parameters": {"type": "object", "properties": {"base": {"type": "integer"},
                                                         "height": {"type": "integer"}},
                       "required": ["base", "height"]}}}  # fmt: skip


def run_first_turn(
    request: str, turns: list[str], tools: list[dict[str, Any]]
) -> tuple[Any, ScriptedModel]:
    model = ScriptedModel(turns)
    turn = AssistedStrategy().first_turn(
        model, [Message("user", request)], tools, GenerationOptions()
    )
    return turn, model


def test_assisted_model_gets_no_tools_when_none_is_relevant() -> None:
    turn, model = run_first_turn("Who wrote Moby-Dick?", ["Herman Melville."], [SAIL])
    assert turn.content == "Herman Melville." and turn.tool_calls == []
    assert model.seen_tools == [[]]


def test_assisted_model_is_asked_for_numbers_the_user_did_not_give() -> None:
    turn, model = run_first_turn("I need the area of my sail.", [], [SAIL])
    assert turn.tool_calls == [] and "base and height" in turn.content
    assert model.seen == []  # the model was not even run


TRANSLATE = {"type": "function", "function": {"name": "translate_snippet", "description": "Translate a snippet.",
             "parameters": {"type": "object", "properties": {"text": {"type": "string"},
                                                              "target_language": {"type": "string"}},
                            "required": ["text", "target_language"]}}}  # fmt: skip


def test_assisted_model_is_asked_for_text_the_user_did_not_give() -> None:
    turn, model = run_first_turn("Can you translate a snippet?", [], [TRANSLATE])
    assert turn.tool_calls == [] and "text" in turn.content and "translate_snippet" in turn.content
    assert model.seen == []


def test_a_call_the_request_determines_is_made_without_running_the_model() -> None:
    turn, model = run_first_turn("Area of a sail with base 4 and height 9", [], [SAIL])
    assert [(c.name, c.arguments) for c in turn.tool_calls] == [
        ("sail_area", {"base": "4", "height": "9"})
    ]
    assert model.seen == []  # each value had one candidate: nothing for the model to choose


def test_assisted_model_chooses_where_the_request_leaves_a_choice() -> None:
    turn, model = run_first_turn("Area of a sail, sides 4 and 9",
                                 [call("sail_area", base="4", height="9")], [SAIL])  # fmt: skip
    assert [(c.name, c.arguments) for c in turn.tool_calls] == [
        ("sail_area", {"base": "4", "height": "9"})
    ]
    assert model.seen_tools == [[SAIL]]


def test_a_trained_model_decides_by_itself() -> None:
    model = ScriptedModel(["Herman Melville."])
    turn = NativeStrategy().first_turn(model, [Message("user", "Author of Moby-Dick?")], [SAIL],
                                       GenerationOptions())  # fmt: skip
    assert turn.content == "Herman Melville." and model.seen_tools == [[SAIL]]


def test_a_question_word_counts_for_what_it_asks() -> None:
    tools = [{"function": {"name": "lookup_opening_date", "description": "The date a building opened."}},
             {"function": {"name": "lookup_inventor", "description": "The person who invented a thing."}}]  # fmt: skip
    when, who = score_tools("When was the Old Mill Theatre built?", tools)
    assert when.relevant and not who.relevant
    when, who = score_tools("Who came up with the paperclip?", tools)
    assert who.relevant and not when.relevant


EVENT = {"type": "function", "function": {"name": "create_event",
         "description": "Add (schedule, book) an event or meeting on the calendar.",
         "parameters": {"type": "object", "properties": {
             "title": {"type": "string", "description": "Name of the event."},
             "start": {"type": "string", "description": "When it starts (date and time)."}},
             "required": ["title", "start"]}}}  # fmt: skip
TASK = {"type": "function", "function": {"name": "add_task", "description": "A to-do item.",
        "parameters": {"type": "object", "properties": {
            "title": {"type": "string", "description": "What to do."},
            "due": {"type": "string", "description": "When it is due (date)."}},
            "required": ["title"]}}}  # fmt: skip


def test_the_most_relevant_tool_asks_for_its_missing_date_rather_than_another_tool_guessing() -> (
    None
):
    turn, model = run_first_turn("add a meeting with Alice", [], [EVENT, TASK])
    assert turn.tool_calls == [] and "start" in turn.content and "create_event" in turn.content
    assert model.seen == []


def test_of_equally_relevant_tools_the_one_the_users_values_fill_is_offered() -> None:
    turn, model = run_first_turn("add dentist Friday 3pm", [], [EVENT, TASK])
    assert [(c.name, c.arguments) for c in turn.tool_calls] == [
        ("create_event", {"title": "Dentist", "start": "Friday 3pm"})
    ]
    assert model.seen == []  # one tool, one value each: the request decided it


def test_a_question_reads_rather_than_makes() -> None:
    adding = {"type": "function", "function": {**EVENT["function"], "name": "calendar_add"}}
    listing = {"type": "function", "function": {"name": "calendar_list",
               "description": "List (show) the events on the calendar for a day.",
               "parameters": {"type": "object", "properties": {
                   "day": {"type": "string", "description": "The day (a date)."}}}}}  # fmt: skip
    turn, _ = run_first_turn("What's on my calendar Friday?", [], [adding, listing])
    assert [(c.name, c.arguments) for c in turn.tool_calls] == [
        ("calendar_list", {"day": "Friday"})
    ]


def test_two_forms_of_a_word_are_one_word() -> None:
    tools = [{"function": {"name": "discovery_notes", "description": "Notes on a finding."}},
             {"function": {"name": "weather_now", "description": "Today's weather."}}]  # fmt: skip
    found, weather = score_tools("Who discovered the cave paintings at Lascaux?", tools)
    assert found.relevant and not weather.relevant


def test_two_units_or_currencies_ask_for_a_conversion() -> None:
    tools = [{"function": {"name": "convert", "description": "From one unit to another."}},
             {"function": {"name": "planet_weight", "description": "Weight on another planet."}}]  # fmt: skip
    convert, planet = score_tools("How many quarts are in 6 pints?", tools)
    assert convert.relevant and not planet.relevant
    convert, _ = score_tools("What are 20 Swiss francs in euros?", tools)
    assert convert.relevant
    convert, planet = score_tools("How much would 12 kg weigh on Neptune?", tools)
    assert planet.relevant and not convert.relevant
