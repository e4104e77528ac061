"""Session 13 (lead): events named in another word order, by their kind alone, and moved by a day.

Each conversation runs through `assistant.evals.scenarios.run_scenario` with a scripted model
that has no turns: every turn here must be served without a model.
"""

from __future__ import annotations

import pytest

from tests.helpers import play_scenario

NOW = "2026-11-29T18:30:00+01:00"  # a Sunday evening, Europe/Berlin


_play = play_scenario


@pytest.mark.parametrize(
    ("said", "title"),
    [
        ("move the landlord call to tuesday at 4pm", "Call with the landlord"),
        ("move the piano lessons to tuesday at 4pm", "Piano lesson with Mira"),
        ("move my mira piano lesson to tuesday at 4pm", "Piano lesson with Mira"),
    ],
)
def test_an_event_is_found_by_its_words_in_any_order(said: str, title: str) -> None:
    result = _play(
        {
            "setup": [{"title": title, "start": "2026-11-30T09:00"}],
            "turns": [said],
            "expect_events": [{"title": title, "start": "2026-12-01T16:00"}],
        }
    )
    assert result.passed, result.problems


def test_words_in_no_title_still_match_nothing() -> None:
    result = _play(
        {
            "setup": [{"title": "Call with the landlord", "start": "2026-11-30T09:00"}],
            "turns": ["move the plumber call to tuesday at 4pm"],
            "expect_events": [{"title": "Call with the landlord", "start": "2026-11-30T09:00"}],
            "expect_reply": ["no event matches"],
        }
    )
    assert result.passed, result.problems


def test_a_day_alone_moves_a_timed_event_at_its_own_hour_and_length() -> None:
    result = _play(
        {
            "setup": [
                {"title": "Tax advisor", "start": "2026-12-01T10:15", "end": "2026-12-01T11:45"}
            ],
            "turns": ["move the tax advisor to thursday"],
            "expect_events": [{"title": "Tax advisor", "start": "2026-12-03T10:15"}],
            "expect_reply": ["10:15–11:45"],
        }
    )
    assert result.passed, result.problems


@pytest.mark.parametrize(
    ("answer", "kept"),
    [("the one with ines", "Meeting with Pavel"), ("the tuesday one", "Meeting with Ines")],
)
def test_the_kind_alone_asks_which_of_several(answer: str, kept: str) -> None:
    meetings = [
        {"title": "Meeting with Pavel", "start": "2026-12-01T10:00"},
        {"title": "Meeting with Ines", "start": "2026-12-02T11:00"},
        {"title": "Gym", "start": "2026-12-02T18:00"},
    ]
    start = next(m["start"] for m in meetings if m["title"] == kept)
    result = _play(
        {
            "setup": meetings,
            "turns": ["cancel my meeting", answer],
            "expect_events": [
                {"title": kept, "start": start},
                {"title": "Gym", "start": "2026-12-02T18:00"},
            ],
        }
    )
    assert result.passed, result.problems


@pytest.mark.parametrize(
    ("said", "title"),
    [
        ("add coffee with the new neighbour", "Coffee with the new neighbour"),
        ("add drinks with my sister", "Drinks with my sister"),
        ("add tea with grandma", "Tea with grandma"),
    ],
)
def test_time_with_people_is_an_event_whose_time_is_asked(said: str, title: str) -> None:
    result = _play(
        {
            "turns": [said, "saturday at 10am"],
            "expect_events": [{"title": title, "start": "2026-12-05T10:00"}],
            "expect_tasks": [],
        }
    )
    assert result.passed, result.problems


def test_a_list_item_with_something_stays_an_item() -> None:
    result = _play(
        {
            "turns": ["put rice with saffron on the shopping list"],
            "expect_events": [],
            "expect_tasks": [{"title": "Rice with saffron", "list": "shopping"}],
        }
    )
    assert result.passed, result.problems


@pytest.mark.parametrize(
    ("said", "items"),
    [
        ("flour sugar and apricots", ["Flour", "Sugar", "Apricots"]),
        ("lemons honey and ginger", ["Lemons", "Honey", "Ginger"]),
        ("peanut butter and oat milk", ["Peanut butter", "Oat milk"]),
        ("coffee beans cherry tomatoes", ["Coffee beans", "Cherry tomatoes"]),
        ("olive oil", ["Olive oil"]),
        ("bread for the ducks", ["Bread for the ducks"]),
        ("book the van and pay rent", ["Book the van", "Pay rent"]),
    ],
)
def test_goods_said_without_commas_are_separate_items(said: str, items: list[str]) -> None:
    from botpsy_calendar.tools import split_items

    assert split_items(said) == items


def test_a_spoken_run_of_goods_lands_as_items_and_one_can_be_taken_off() -> None:
    result = _play(
        {
            "turns": ["put flour sugar and apricots on the shopping list", "take the sugar off"],
            "expect_tasks": [
                {"title": "Apricots", "list": "shopping"},
                {"title": "Flour", "list": "shopping"},
            ],
            "expect_events": [],
        }
    )
    assert result.passed, result.problems


def test_the_weekend_after_a_forecast_asks_the_forecast_again() -> None:
    result = _play(
        {
            "dry_run": True,
            "turns": ["will it be sunny on thursday", "and what about the weekend"],
            "expect_calls": [
                {"tool": "weather_forecast", "arguments": {"when": "thursday"}},
                {"tool": "weather_forecast", "arguments": {"when": "the weekend"}},
            ],
            "expect_events": [],
        }
    )
    assert result.passed, result.problems


@pytest.mark.parametrize(
    ("said", "shown", "hidden"),
    [
        ("anything on the weekend", "Climbing", "Brunch"),  # on a Sunday: the one ahead
        ("what's on this weekend", "Brunch", "Climbing"),  # this one, still running
    ],
)
def test_the_weekend_said_on_a_sunday_is_the_one_ahead(said: str, shown: str, hidden: str) -> None:
    setup = [
        {"title": "Brunch", "start": "2026-11-28T11:00"},
        {"title": "Climbing", "start": "2026-12-05T10:00"},
    ]
    result = _play(
        {
            "setup": setup,
            "turns": [said],
            "expect_reply": [shown],
            "expect_events": [
                {"title": "Brunch", "start": "2026-11-28T11:00"},
                {"title": "Climbing", "start": "2026-12-05T10:00"},
            ],
        }
    )
    assert result.passed, result.problems
    assert hidden not in result.reply


GRETA = [{"name": "Greta Lind", "emails": ["greta@lind.example"]}]


@pytest.mark.parametrize(
    "answer",
    ["flat.owner@rent.example", "it's flat.owner@rent.example", "use flat.owner@rent.example"],
)
def test_a_person_without_an_address_is_asked_for_one(answer: str) -> None:
    result = _play(
        {
            "dry_run": True,
            "contacts": GRETA,
            "turns": ["email the landlord that the boiler is leaking", answer],
            "expect_calls": [
                {"tool": "mail_send", "outcome": "question"},
                {
                    "tool": "mail_send",
                    "arguments": {"body": "boiler is leaking"},
                    "resolved": {"to": "flat.owner@rent.example"},
                },
            ],
            "expect_events": [],
        }
    )
    assert result.passed, result.problems


def test_the_address_question_can_be_dropped() -> None:
    result = _play(
        {
            "dry_run": True,
            "contacts": GRETA,
            "turns": ["email the landlord that the boiler is leaking", "never mind"],
            "expect_calls": [{"tool": "mail_send", "outcome": "question"}],
            "expect_reply": ["nothing was changed"],
            "expect_events": [],
        }
    )
    assert result.passed, result.problems


THERMOSTAT = [{"id": "climate.flat", "name": "Thermostat", "area": "Hall", "state": "heat"}]


def test_a_bare_number_after_an_event_moves_it_even_with_a_thermostat_at_home() -> None:
    result = _play(
        {
            "home": THERMOSTAT,
            "turns": ["add the vet on thursday at 11", "actually make it 12"],
            "expect_events": [{"title": "Vet", "start": "2026-12-03T12:00"}],
            "expect_home_calls": [],
        }
    )
    assert result.passed, result.problems


@pytest.mark.parametrize(
    ("turns", "temperature"),
    [(["set the heating to 19", "make it 21"], 21), (["make it 23 degrees"], 23)],
)
def test_a_number_for_the_heating_still_sets_it(turns: list[str], temperature: int) -> None:
    result = _play(
        {
            "dry_run": True,
            "home": THERMOSTAT,
            "turns": turns,
            "expect_calls": [{"tool": "home_climate_set"}] * (len(turns) - 1)
            + [{"tool": "home_climate_set", "arguments": {"temperature": temperature}}],
            "expect_events": [],
        }
    )
    assert result.passed, result.problems


def test_where_an_event_is_answers_with_its_place() -> None:
    result = _play(
        {
            "setup": [
                {"title": "Quiz final", "start": "2026-12-03T20:00", "location": "The Anchor"}
            ],
            "turns": ["where is the quiz final"],
            "expect_reply": ["The Anchor"],
            "expect_events": [{"title": "Quiz final", "start": "2026-12-03T20:00"}],
        }
    )
    assert result.passed, result.problems


def test_a_request_naming_a_file_reads_the_file_not_the_list() -> None:
    result = _play(
        {
            "files": [{"path": "gift-list.txt", "text": "Scarf for Ana, tea for Luis"}],
            "tasks": [{"title": "Candles", "list": "Gift"}],
            "turns": ["open my gift list file"],
            "expect_reply": ["Scarf"],
            "expect_files": ["gift-list.txt"],
            "expect_events": [],
        }
    )
    assert result.passed, result.problems


@pytest.mark.parametrize(
    ("said", "title", "start"),
    [
        ("book group tuesday at 8pm", "Book group", "2026-12-01T20:00"),
        ("add book fair on saturday at 10am", "Book fair", "2026-12-05T10:00"),
        ("book the physio for tuesday at 8am", "Physio", "2026-12-01T08:00"),
    ],
)
def test_book_is_a_verb_only_when_no_name_is_made_with_it(
    said: str, title: str, start: str
) -> None:
    result = _play({"turns": [said], "expect_events": [{"title": title, "start": start}]})
    assert result.passed, result.problems


@pytest.mark.parametrize(
    ("shift", "at"),
    [
        ("make it half an hour later", "2026-11-30T06:30"),
        ("push it back 10 minutes", "2026-11-30T06:10"),
        ("actually an hour earlier", "2026-11-30T05:00"),
        ("make it 6:45", "2026-11-30T06:45"),
    ],
)
def test_the_alarm_just_set_moves_by_a_length_said(shift: str, at: str) -> None:
    result = _play(
        {
            "turns": ["wake me up at 6 tomorrow", shift],
            "expect_alarms": [{"at": at}],
            "expect_events": [],
        }
    )
    assert result.passed, result.problems
