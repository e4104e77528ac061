"""Filling an assisted call slot by slot: each value from the user, none given twice, no
optional parameter invented.

The model is replaced by a recorder that answers with the first value its grammar allows:
these tests are about which values the harness offers and where, not about a model's
choice (tests/test_inference.py runs the real starter model through the same path).
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from assistant.assisted.grounding import Grounding
from assistant.assisted.slots import fill_call, unfilled
from assistant.formats.parse import parse_output
from assistant.schema import coerce_arguments


class FirstChoice:
    """A stand-in model: picks the first alternative of each grammar and records the offers."""

    def __init__(self) -> None:
        self.offers: list[list[str]] = []

    def __call__(self, text: str, grammar: str) -> str:
        rules = grammar.splitlines()
        line = next((r for r in rules if r.startswith("value ::=")), rules[0])
        options = re.findall(r'"((?:[^"\\]|\\.)*)"', line.split("::=", 1)[1])
        options = [o for o in options if o != "\\n"]
        self.offers.append(options)
        return options[0].replace('\\"', '"') + "\n" if options else "x\n"


def tool(name: str, required: list[str], **properties: dict[str, Any]) -> dict[str, Any]:
    return {
        "type": "function",
        "function": {
            "name": name,
            "description": f"{name.replace('_', ' ')}.",
            "parameters": {"type": "object", "properties": properties, "required": required},
        },
    }


def call(tools: list[dict[str, Any]], request: str, model: Any = None) -> dict[str, Any]:
    text = "<tool_call>" + fill_call(tools, request, model or FirstChoice())
    parsed = parse_output(text, [t["function"]["name"] for t in tools])
    assert not parsed.errors, parsed.errors
    [made] = parsed.tool_calls
    schema = next(t for t in tools if t["function"]["name"] == made.name)["function"]
    return {"name": made.name, **coerce_arguments(made.arguments, schema["parameters"])}


def test_a_value_one_parameter_took_is_not_offered_to_the_next() -> None:
    shops = tool(
        "bike_shop_search",
        ["location", "repair"],
        location={"type": "string", "description": "The city."},
        repair={"type": "string", "description": "Kind of fix needed."},
    )
    made = call([shops], "Look for bike shops that do tubeless repair in Utrecht.")
    assert made["location"] == "Utrecht"
    assert made["repair"] == "tubeless"


def test_a_number_written_twice_may_fill_two_parameters() -> None:
    poster = tool(
        "print_poster",
        ["width", "height"],
        width={"type": "integer", "description": "Width."},
        height={"type": "integer", "description": "Height."},
    )
    assert call([poster], "print a poster with width 5 and height 5") == {
        "name": "print_poster",
        "width": 5,
        "height": 5,
    }
    made = call([poster], "print a poster with width 5 and height 7")
    assert (made["width"], made["height"]) == (5, 7)


def test_an_optional_parameter_is_left_out_unless_the_user_gave_it() -> None:
    headlines = tool(
        "web_headlines",
        ["topic"],
        topic={"type": "string", "description": "The subject."},
        quantity={"type": "integer", "description": "Number of articles."},
        detail={"type": "boolean", "description": "Full text."},
    )
    plain = call([headlines], "headlines about Wimbledon")
    assert plain == {"name": "web_headlines", "topic": "Wimbledon"}
    stated = call([headlines], "get 5 headlines about Wimbledon in detail")
    assert stated["quantity"] == 5 and stated["detail"] is True and stated["topic"] == "Wimbledon"


def test_a_percentage_given_as_a_fraction_is_not_left_over_as_a_number() -> None:
    savings = tool(
        "savings_plan",
        ["monthly_deposit", "interest_rate"],
        monthly_deposit={"type": "integer", "description": "The amount put in each month."},
        interest_rate={"type": "float", "description": "The interest rate."},
        goal={"type": "integer", "description": "The sum the plan aims for."},
    )
    made = call([savings], "a savings plan with a monthly deposit of $250 at interest rate 3%")
    assert made == {"name": "savings_plan", "monthly_deposit": 250, "interest_rate": 0.03}


def test_numbered_parameters_take_the_users_values_in_order() -> None:
    ferry = tool(
        "ferry_crossing",
        ["place1", "place2"],
        place1={"type": "string", "description": "First port."},
        place2={"type": "string", "description": "Second port."},
    )
    made = call([ferry], "How long is the ferry crossing between Le Havre and Portsmouth?")
    assert (made["place1"], made["place2"]) == ("Le Havre", "Portsmouth")


def test_a_time_parameter_gets_the_whole_time_phrase() -> None:
    event = tool(
        "create_event",
        ["title", "start"],
        title={"type": "string", "description": "What the event is."},
        start={"type": "string", "description": "When it starts, as the user said it."},
        duration_minutes={"type": "integer", "description": "How long."},
    )
    made = call([event], "Schedule a meeting with Alice on Friday at 3pm")
    assert made["start"] == "Friday at 3pm"
    assert "duration_minutes" not in made  # the 3 of 3pm is not a duration


def test_the_model_chooses_among_several_tools_by_name() -> None:
    model = FirstChoice()
    tools = [
        tool("weather_now", ["city"], city={"type": "string", "description": "City."}),
        tool("time_now", ["city"], city={"type": "string", "description": "City."}),
    ]
    made = call(tools, "weather in Paris", model)
    assert model.offers[0] == ["weather_now", "time_now"]
    assert made == {"name": "weather_now", "city": "Paris"}


def test_grounding_reads_lists_people_write() -> None:
    prose = Grounding("a packing list, since I like hiking, camping, wild swimming and cycling")
    assert '["hiking", "camping", "wild swimming", "cycling"]' in prose.lists_for("string")
    nested = Grounding("a seating plan [ [4, 6], [5, 7] ]")
    assert "[[4, 6], [5, 7]]" in nested.lists_for("array")
    runs = Grounding("zone_north with the values 8, 16, 32 and zone_south with 5, 10, 20.")
    assert {"[8, 16, 32]", "[5, 10, 20]"} <= set(runs.lists_for("integer"))
    dated = Grounding("Which mails did she send on May 9, 1998?")
    assert "1998-05-09" in dated.tokens


def test_names_go_where_the_words_around_them_say() -> None:
    library = tool(
        "library_hours",
        ["title", "location"],
        title={"type": "string", "description": "The name of the library."},
        location={"type": "string", "description": "The city of the library."},
    )
    made = call([library], "When does the Bodleian Library in Oxford open?")
    assert (made["title"], made["location"]) == ("Bodleian Library", "Oxford")
    hostel = tool(
        "book_hostel",
        ["hostel_name", "location", "start_date"],
        hostel_name={"type": "string", "description": "The hostel."},
        location={"type": "string", "description": "Where."},
        start_date={"type": "string", "description": "The first night."},
    )
    made = call(
        [hostel], "Book me two nights at the Seagull Hostel in Galway from 14th March 2026."
    )
    assert made == {
        "name": "book_hostel",
        "hostel_name": "Seagull Hostel",
        "location": "Galway",
        "start_date": "2026-03-14",
    }
    currency = tool(
        "convert",
        ["amount", "from_currency", "to_currency"],
        amount={"type": "integer", "description": "How much."},
        from_currency={"type": "string", "description": "The currency to convert."},
        to_currency={"type": "string", "description": "The currency wanted."},
    )
    made = call([currency], "Convert 240 Norwegian krone to Swiss francs.")
    assert (made["from_currency"], made["to_currency"]) == ("NOK", "CHF")  # as ISO codes
    appliance = tool(
        "kitchen_gadget",
        ["gadget", "manufacturer"],
        gadget={"type": "string", "description": "Which gadget."},
        manufacturer={"type": "string", "description": "Who makes it."},
    )
    assert call([appliance], "the usual price of kettles from Bosch")["manufacturer"] == "Bosch"


def test_codes_addresses_and_dates_are_taken_whole() -> None:
    readings = tool(
        "meter_readings",
        ["address", "meter_number", "county"],
        address={"type": "string", "description": "Address of the home."},
        meter_number={"type": "string", "description": "Serial number of the meter."},
        county={"type": "string", "description": "County where the home is located."},
    )
    made = call(
        [readings],
        "the meter readings of my flat at 42 willow road, with meter number 5550071234 "
        "in Wessex Vale county.",
    )
    assert made == {
        "name": "meter_readings",
        "address": "42 willow road",
        "meter_number": "5550071234",
        "county": "Wessex Vale",
    }
    grounding = Grounding("ticket 2031/QX7781, born 03-04-1991, seen 2029/11/05")
    assert {"2031/QX7781", "03-04-1991", "2029/11/05"} <= set(grounding.tokens)
    stay = Grounding("a tent pitch in Bergen from 2026 June 2nd to June 6th")
    assert {"2026-06-02", "2026-06-06"} <= set(stay.tokens)
    assert stay.bare_numbers == []  # the numbers of dates are not quantities


def test_a_unit_parameter_takes_the_unit_asked_for_not_a_quantitys() -> None:
    speed = tool(
        "sprint_speed",
        ["distance", "time"],
        distance={"type": "integer", "description": "The distance run."},
        time={"type": "integer", "description": "The time taken."},
        to_unit={"type": "string", "description": "The unit for the speed."},
    )
    asked = call([speed], "my speed in km/h for a dash where I ran 300 meters in 48 seconds")
    assert asked == {"name": "sprint_speed", "distance": 300, "time": 48, "to_unit": "km/h"}
    plain = call([speed], "my speed for a dash where I ran 300 meters in 48 seconds")
    assert "to_unit" not in plain


def test_quantities_go_where_their_units_fit_converted_to_the_tools_unit() -> None:
    motion = tool(
        "treadmill_interval",
        ["start_speed", "acceleration", "duration"],
        start_speed={"type": "integer", "description": "Initial speed in meters/second."},
        acceleration={"type": "integer", "description": "Acceleration in m/s^2."},
        duration={"type": "integer", "description": "How long, in seconds."},
    )
    made = call(
        [motion], "a treadmill interval that speeds up by 1 m/s^2 over 2 minutes from 3 m/s"
    )
    assert made == {
        "name": "treadmill_interval",
        "start_speed": 3,
        "acceleration": 1,
        "duration": 120,
    }
    oven = tool(
        "oven_program",
        ["temperature", "duration"],
        temperature={"type": "integer", "description": "Oven temperature in degrees Celsius."},
        duration={"type": "integer", "description": "How long, in seconds."},
    )
    made = call([oven], "preheat the oven to 392°F for 25 minutes")
    assert made == {"name": "oven_program", "temperature": 200, "duration": 1500}
    filter_ = tool(
        "radio_filter",
        ["inductance", "capacitance"],
        inductance={"type": "float", "description": "The inductance (L) in henries (H)."},
        capacitance={"type": "float", "description": "The capacitance (C) in farads (F)."},
    )
    made = call([filter_], "tune my radio filter: 220nF of capacitance and 10mH inductance")
    assert made == {"name": "radio_filter", "inductance": 0.01, "capacitance": 2.2e-7}
    rider = tool(
        "bike_fit",
        ["height", "weight"],
        height={"type": "integer", "description": "Height in inches."},
        weight={"type": "integer", "description": "Weight in kg."},
    )
    made = call([rider], "fit my bike: I am 6ft 2in and weigh 80 kg")
    assert (made["height"], made["weight"]) == (74, 80)


def test_a_word_that_counts_the_values_is_not_one_of_them() -> None:
    scores = tool(
        "sum_scores",
        ["a_value", "b_value"],
        a_value={"type": "integer", "description": "First number."},
        b_value={"type": "integer", "description": "Second number."},
        scale={"type": "integer", "description": "Optional multiplier."},
    )
    made = call([scores], "add up the quiz scores of two rounds, 8 and 14")
    assert made == {"name": "sum_scores", "a_value": 8, "b_value": 14}


def test_values_assigned_by_name_and_listed_respectively() -> None:
    mixer = tool(
        "mixer_levels",
        ["a", "b", "c", "d"],
        **{k: {"type": "integer", "description": "Channel level."} for k in "abcd"},
    )
    made = call([mixer], "set the mixer channels with a = 2, b=-1, c=0 and d = 7")
    assert made == {"name": "mixer_levels", "a": 2, "b": -1, "c": 0, "d": 7}
    shelf = tool(
        "order_shelf",
        ["depth", "width"],
        width={"type": "integer", "description": "Width."},
        depth={"type": "integer", "description": "Depth."},
    )
    made = call([shelf], "order a shelf whose width and depth are 30 and 45")
    assert (made["width"], made["depth"]) == (30, 45)


def test_formulas_are_written_as_python_and_intervals_as_pairs() -> None:
    plot = tool(
        "plot_curve",
        ["expression", "bounds"],
        expression={"type": "string", "description": "The function to plot."},
        bounds={"type": "array", "items": {"type": "float"}, "description": "Lower, upper."},
    )
    made = call([plot], "plot f(x) = 4x^3 - x from x=0 to x=2.5")
    assert made == {"name": "plot_curve", "expression": "4x**3 - x", "bounds": [0, 2.5]}
    trend = tool(
        "trend_chart",
        ["coefficients"],
        coefficients={"type": "array", "items": {"type": "float"}, "description": "Polynomial."},
    )
    assert call([trend], "chart the trend y = 2x^3 - 5x + 1")["coefficients"] == [2, 0, -5, 1]


def test_names_keep_their_parts() -> None:
    trip = tool(
        "bike_route",
        ["origin", "destination"],
        origin={"type": "string", "description": "Where from."},
        destination={"type": "string", "description": "Where to."},
        stops={"type": "array", "items": {"type": "string"}, "description": "Stops."},
    )
    made = call(
        [trip],
        "bike route between Boulder, CO and Grand Junction, CO via Glenwood Springs and Rifle",
    )
    assert made == {
        "name": "bike_route",
        "origin": "Boulder, CO",
        "destination": "Grand Junction, CO",
        "stops": ["Glenwood Springs", "Rifle"],
    }
    flow = tool("flow_rate", ["place"], place={"type": "string", "description": "The location."})
    assert call([flow], "flow rate of the Danube river today")["place"] == "Danube river"


def test_an_option_named_by_the_word_before_its_key_and_a_flags_default() -> None:
    solver = tool(
        "solve_ode",
        ["equation", "exact"],
        equation={"type": "string", "description": "The equation."},
        exact={"type": "boolean", "description": "Exact solution. Default is true."},
        method={"type": "string", "description": "Numerical method."},
    )
    made = call([solver], "solve y = 3t^2 + t using runge-kutta method")
    assert made == {"name": "solve_ode", "equation": "3t**2 + t", "exact": True,
                    "method": "runge-kutta"}  # fmt: skip


def test_a_name_saying_what_it_is_wins_and_places_go_to_the_place() -> None:
    fixtures = tool(
        "club_fixtures",
        ["club", "competition"],
        club={"type": "string", "description": "The name of the club."},
        competition={"type": "string", "description": "The name of the competition."},
        city={"type": "string", "description": "The city."},
    )
    made = call([fixtures], "Next fixtures of Celtic Glasgow in the Scottish Competition")
    assert (made["club"], made["competition"]) == ("Celtic Glasgow", "Scottish Competition")
    harvest = tool(
        "rain_harvest",
        ["source"],
        source={"type": "string", "description": "Kind of roof."},
        region={"type": "string", "description": "The region."},
    )
    made = call([harvest], "How much rain would I collect with Slate in Cornwall?")
    assert made == {"name": "rain_harvest", "source": "Slate", "region": "Cornwall"}


def test_a_sentence_ends_a_name_and_months_and_eras_are_values() -> None:
    parcel = tool(
        "parcel_lookup",
        ["number", "state"],
        number={"type": "string", "description": "Tracking number."},
        state={"type": "string", "description": "The state."},
    )
    made = call([parcel], "Track parcel 99812 in Ohio. Skip the photos")
    assert made == {"name": "parcel_lookup", "number": "99812", "state": "Ohio"}
    shows = tool(
        "show_dates",
        ["band", "month"],
        band={"type": "string", "description": "The band."},
        month={"type": "string", "description": "Month of the show."},
    )
    assert call([shows], "When does Radiohead play in March?")["month"] == "March"
    maps = tool(
        "map_archive",
        ["period"],
        period={"type": "string", "description": "The time frame."},
    )
    assert call([maps], "old maps drawn in the 17th century")["period"] == "17th century"


def test_a_formulas_numbers_are_not_left_over_and_coordinates_are_signed_pairs() -> None:
    slope = tool(
        "slope_at",
        ["formula"],
        formula={"type": "string", "description": "The function."},
        at={"type": "float", "description": "Where to evaluate; 0 by default."},
    )
    assert call([slope], "slope of 5x^3 - 4x + 7") == {
        "name": "slope_at",
        "formula": "5x**3 - 4x + 7",
    }
    distance = tool(
        "flight_distance",
        ["a", "b"],
        a={"type": "array", "items": {"type": "float"}, "description": "First point."},
        b={"type": "array", "items": {"type": "float"}, "description": "Second point."},
    )
    made = call([distance], "how far is (48.85 N, 2.35 E) from (40.71 N, 74.01 W)?")
    assert (made["a"], made["b"]) == ([48.85, 2.35], [40.71, -74.01])


def test_a_quantity_an_optional_parameter_shares_with_a_required_one_stays_there() -> None:
    proof = tool(
        "dough_proof",
        ["duration"],
        duration={"type": "integer", "description": "How long, in hours."},
        doubling_time={"type": "integer", "description": "Minutes per doubling."},
    )
    assert call([proof], "proof the sourdough for 6 hours") == {
        "name": "dough_proof",
        "duration": 6,
    }


def test_units_go_from_the_quantitys_to_the_one_asked_and_places_split_by_kind() -> None:
    convert = tool(
        "convert",
        ["amount", "from_unit", "to_unit"],
        amount={"type": "float", "description": "How much."},
        from_unit={"type": "string", "description": "The unit to convert from."},
        to_unit={"type": "string", "description": "The unit to convert to."},
    )
    made = call([convert], "How many cups are 3 pints?")
    assert made == {"name": "convert", "amount": 3, "from_unit": "pints", "to_unit": "cups"}
    weather = tool(
        "weather",
        ["city", "country"],
        city={"type": "string", "description": "The city."},
        country={"type": "string", "description": "The country."},
    )
    made = call([weather], "Is it raining in Lyon, France right now?")
    assert (made["city"], made["country"]) == ("Lyon", "France")


def test_a_stay_given_as_a_start_and_a_length_ends_on_its_date() -> None:
    booking = tool(
        "book_cabin",
        ["start_date", "end_date"],
        start_date={"type": "string", "description": "Arrival date."},
        end_date={"type": "string", "description": "Departure date."},
        guests={"type": "integer", "description": "How many people."},
    )
    made = call([booking], "Book the cabin from March 30, 2027 for 4 nights")
    assert made == {"name": "book_cabin", "start_date": "2027-03-30", "end_date": "2027-04-03"}


def test_a_month_year_season_or_language_parameter_takes_that_kind_or_nothing() -> None:
    table = tool(
        "league_table",
        ["team", "season"],
        team={"type": "string", "description": "The team."},
        season={"type": "string", "description": "The season."},
    )
    assert (
        call([table], "table place of the Harriers in the 2024-2025 season")["season"]
        == "2024-2025"
    )
    assert unfilled(table["function"], "table place of the Harriers in netball") == ["season"]
    translate = tool(
        "translate",
        ["text", "language"],
        text={"type": "string", "description": "What to translate."},
        language={"type": "string", "description": "The target language."},
    )
    made = call([translate], "translate 'good morning' into Portuguese")
    assert made == {"name": "translate", "text": "good morning", "language": "Portuguese"}


def test_a_required_value_left_only_with_the_tools_own_words_is_missing() -> None:
    meals = tool(
        "plan_meals",
        ["diet", "cuisine"],
        diet={"type": "string", "description": "The diet, e.g. vegan."},
        cuisine={"type": "string", "description": "Kind of cooking."},
    )
    assert unfilled(meals["function"], "plan vegan meals") == ["cuisine"]
    assert unfilled(meals["function"], "plan vegan meals from Ethiopian cooking") == []


def test_a_spelled_number_fills_an_optional_count_but_not_another_number() -> None:
    events = tool(
        "history_events",
        ["topic"],
        topic={"type": "string", "description": "The subject."},
        count={"type": "integer", "description": "How many to return."},
        alpha={"type": "float", "description": "Significance level."},
    )
    assert call([events], "five events about the Hanseatic League")["count"] == 5
    made = call([events], "compare two sets of events about the Hanseatic League")
    assert "alpha" not in made  # a significance level is no count


def test_a_year_after_of_is_no_part_of_the_name() -> None:
    bylaw = tool(
        "bylaw_summary",
        ["act_name", "year"],
        act_name={"type": "string", "description": "The name of the act."},
        year={"type": "integer", "description": "Year of the revision."},
    )
    assert call([bylaw], "a summary of the Riverbank Access Revision Act of 1987") == {
        "name": "bylaw_summary", "act_name": "Riverbank Access Revision Act", "year": 1987}  # fmt: skip


@pytest.mark.parametrize(
    ("request_text", "level"),
    [("set the fan to 40 percent", "40"), ("fan at 75%", "75"), ("fan to sixty percent", "60")],
)
def test_a_text_parameter_holding_a_number_takes_the_users_number(
    request_text: str, level: str
) -> None:
    """A `level` typed as text but described as a percent is filled from the number said,
    with no model run (only one value fits)."""
    fan = {
        "type": "function",
        "function": {
            "name": "fan_speed_set",
            "description": "Set the ceiling fan's speed.",
            "parameters": {
                "type": "object",
                "properties": {
                    "level": {
                        "type": "string",
                        "description": 'a percent from 0 to 100 like "50", or "up" or "down"',
                    }
                },
                "required": ["level"],
            },
        },
    }

    def no_model(_text: str, _grammar: str) -> str:
        raise AssertionError("the model was asked")

    call = fill_call([fan], request_text, no_model)
    assert f"<parameter=level>\n{level}\n</parameter>" in call
