"""Filling an assisted call slot by slot: each value from the user, none given twice, no
optional parameter invented.

The model is replaced by a recorder that answers with the first value its grammar allows:
these tests are about which values the harness offers and where, not about a model's
choice (tests/test_inference.py runs the real starter model through the same path).
"""

from __future__ import annotations

import re
from typing import Any

from assistant.formats.parse import parse_output
from assistant.formats.slots import fill_call, unfilled
from assistant.grounding import Grounding
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
    restaurants = tool(
        "find_restaurants",
        ["location", "cuisine"],
        location={"type": "string", "description": "The city."},
        cuisine={"type": "string", "description": "Kind of food."},
    )
    made = call([restaurants], "Find restaurants that offer Chinese cuisine in Seattle.")
    assert made["location"] == "Seattle"
    assert made["cuisine"] == "Chinese"


def test_a_number_written_twice_may_fill_two_parameters() -> None:
    rectangle = tool(
        "rectangle_area",
        ["width", "height"],
        width={"type": "integer", "description": "Width."},
        height={"type": "integer", "description": "Height."},
    )
    assert call([rectangle], "area of a rectangle with width 5 and height 5") == {
        "name": "rectangle_area",
        "width": 5,
        "height": 5,
    }
    made = call([rectangle], "area of a rectangle with width 5 and height 7")
    assert (made["width"], made["height"]) == (5, 7)


def test_an_optional_parameter_is_left_out_unless_the_user_gave_it() -> None:
    news = tool(
        "get_news",
        ["topic"],
        topic={"type": "string", "description": "The subject."},
        quantity={"type": "integer", "description": "Number of articles."},
        detail={"type": "boolean", "description": "Full text."},
    )
    plain = call([news], "news about Bitcoin")
    assert plain == {"name": "get_news", "topic": "Bitcoin"}
    stated = call([news], "get 5 news about Bitcoin in detail")
    assert stated["quantity"] == 5 and stated["detail"] is True and stated["topic"] == "Bitcoin"


def test_a_percentage_given_as_a_fraction_is_not_left_over_as_a_number() -> None:
    bond = tool(
        "discounted_cash_flow",
        ["coupon_payment", "discount_rate"],
        coupon_payment={"type": "integer", "description": "The annual coupon payment."},
        discount_rate={"type": "float", "description": "The discount rate."},
        face_value={"type": "integer", "description": "The face value of the bond."},
    )
    made = call([bond], "a bond paying a coupon payment of $100 with discount rate 4%")
    assert made == {"name": "discounted_cash_flow", "coupon_payment": 100, "discount_rate": 0.04}


def test_numbered_parameters_take_the_users_values_in_order() -> None:
    difference = tool(
        "get_time_difference",
        ["place1", "place2"],
        place1={"type": "string", "description": "First location."},
        place2={"type": "string", "description": "Second location."},
    )
    made = call([difference], "What's the time difference between San Francisco and Sydney?")
    assert (made["place1"], made["place2"]) == ("San Francisco", "Sydney")


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
    prose = Grounding("given that I am efficient, organized, easy going and compassionate")
    assert '["efficient", "organized", "easy going", "compassionate"]' in prose.lists_for("string")
    nested = Grounding("a contingency table [ [10, 20], [30, 40] ]")
    assert "[[10, 20], [30, 40]]" in nested.lists_for("array")
    runs = Grounding("dataset_A with the values 12, 24, 36 and dataset_B with 15, 30, 45.")
    assert {"[12, 24, 36]", "[15, 30, 45]"} <= set(runs.lists_for("integer"))
    dated = Grounding("What was his contribution on March 17, 1915?")
    assert "1915-03-17" in dated.tokens


def test_names_go_where_the_words_around_them_say() -> None:
    museum = tool(
        "museum_hours",
        ["title", "location"],
        title={"type": "string", "description": "The name of the museum."},
        location={"type": "string", "description": "The city of the museum."},
    )
    made = call([museum], "Find out the open hours for the Louvre Museum in Paris.")
    assert (made["title"], made["location"]) == ("Louvre Museum", "Paris")
    hotel = tool(
        "book_hotel",
        ["hotel_name", "location", "start_date"],
        hotel_name={"type": "string", "description": "The hotel."},
        location={"type": "string", "description": "Where."},
        start_date={"type": "string", "description": "The first night."},
    )
    made = call([hotel], "Book two nights at the Hilton Hotel in Chicago from 10th December 2022.")
    assert made == {
        "name": "book_hotel",
        "hotel_name": "Hilton Hotel",
        "location": "Chicago",
        "start_date": "2022-12-10",
    }
    currency = tool(
        "convert",
        ["amount", "from_currency", "to_currency"],
        amount={"type": "integer", "description": "How much."},
        from_currency={"type": "string", "description": "The currency to convert."},
        to_currency={"type": "string", "description": "The currency wanted."},
    )
    made = call([currency], "Convert 150 Euros to Canadian dollars.")
    assert (made["from_currency"], made["to_currency"]) == ("EUR", "CAD")  # as ISO codes
    instrument = tool(
        "instrument_details",
        ["instrument", "manufacturer"],
        instrument={"type": "string", "description": "Which instrument."},
        manufacturer={"type": "string", "description": "Who makes it."},
    )
    assert call([instrument], "the average price of pianos from Yamaha")["manufacturer"] == "Yamaha"


def test_codes_addresses_and_dates_are_taken_whole() -> None:
    records = tool(
        "property_records",
        ["address", "parcel_number", "county"],
        address={"type": "string", "description": "Address of the property."},
        parcel_number={"type": "string", "description": "Parcel number of the property."},
        county={"type": "string", "description": "County where the property is located."},
    )
    made = call(
        [records],
        "the property records of my house at 123 main street, with parcel number 1234567890 "
        "in Santa Clara county.",
    )
    assert made == {
        "name": "property_records",
        "address": "123 main street",
        "parcel_number": "1234567890",
        "county": "Santa Clara",
    }
    grounding = Grounding("case 2022/AL2562, born 01-01-1980, seen 2022/08/16")
    assert {"2022/AL2562", "01-01-1980", "2022/08/16"} <= set(grounding.tokens)
    stay = Grounding("a room in Paris from 2023 April 4th to April 8th")
    assert {"2023-04-04", "2023-04-08"} <= set(stay.tokens)
    assert stay.bare_numbers == []  # the numbers of dates are not quantities


def test_a_unit_parameter_takes_the_unit_asked_for_not_a_quantitys() -> None:
    speed = tool(
        "calculate_speed",
        ["distance", "time"],
        distance={"type": "integer", "description": "The distance travelled."},
        time={"type": "integer", "description": "The time taken."},
        to_unit={"type": "string", "description": "The unit for the speed."},
    )
    asked = call([speed], "the speed in km/h of an object that travelled 450 meters in 20 seconds")
    assert asked == {"name": "calculate_speed", "distance": 450, "time": 20, "to_unit": "km/h"}
    plain = call([speed], "the speed of an object that travelled 450 meters in 20 seconds")
    assert "to_unit" not in plain


def test_quantities_go_where_their_units_fit_converted_to_the_tools_unit() -> None:
    motion = tool(
        "final_position",
        ["start_speed", "acceleration", "duration"],
        start_speed={"type": "integer", "description": "Initial speed in meters/second."},
        acceleration={"type": "integer", "description": "Acceleration in m/s^2."},
        duration={"type": "integer", "description": "How long, in seconds."},
    )
    made = call([motion], "A cart speeds up by 3 m/s^2 over 2 minutes from 4 m/s.")
    assert made == {"name": "final_position", "start_speed": 4, "acceleration": 3, "duration": 120}
    circuit = tool(
        "lc_frequency",
        ["inductance", "capacitance"],
        inductance={"type": "float", "description": "The inductance (L) in henries (H)."},
        capacitance={"type": "float", "description": "The capacitance (C) in farads (F)."},
    )
    made = call([circuit], "an LC circuit with 220nF of capacitance and 10mH inductance")
    assert made == {"name": "lc_frequency", "inductance": 0.01, "capacitance": 2.2e-7}
    person = tool(
        "bmi",
        ["height", "weight"],
        height={"type": "integer", "description": "Height in inches."},
        weight={"type": "integer", "description": "Weight in kg."},
    )
    made = call([person], "my bmi: I am 6ft 2in and weigh 80 kg")
    assert (made["height"], made["weight"]) == (74, 80)


def test_a_word_that_counts_the_values_is_not_one_of_them() -> None:
    lcm = tool(
        "lcm",
        ["a_value", "b_value"],
        a_value={"type": "integer", "description": "First number."},
        b_value={"type": "integer", "description": "Second number."},
        scale={"type": "integer", "description": "Optional multiplier."},
    )
    made = call([lcm], "least common multiple of two values, 8 and 14")
    assert made == {"name": "lcm", "a_value": 8, "b_value": 14}


def test_values_assigned_by_name_and_listed_respectively() -> None:
    cubic = tool(
        "cubic_roots",
        ["a", "b", "c", "d"],
        **{k: {"type": "integer", "description": "Coefficient."} for k in "abcd"},
    )
    made = call([cubic], "roots of the cubic with a = 2, b=-1, c=0 and d = 7")
    assert made == {"name": "cubic_roots", "a": 2, "b": -1, "c": 0, "d": 7}
    box = tool(
        "box_volume",
        ["depth", "width"],
        width={"type": "integer", "description": "Width."},
        depth={"type": "integer", "description": "Depth."},
    )
    made = call([box], "volume of a box whose width and depth are 30 and 45")
    assert (made["width"], made["depth"]) == (30, 45)


def test_formulas_are_written_as_python_and_intervals_as_pairs() -> None:
    integral = tool(
        "integrate",
        ["expression", "bounds"],
        expression={"type": "string", "description": "The function to integrate."},
        bounds={"type": "array", "items": {"type": "float"}, "description": "Lower, upper."},
    )
    made = call([integral], "integrate f(x) = 4x^3 - x from x=0 to x=2.5")
    assert made == {"name": "integrate", "expression": "4x**3 - x", "bounds": [0, 2.5]}
    roots = tool(
        "poly_roots",
        ["coefficients"],
        coefficients={"type": "array", "items": {"type": "float"}, "description": "Polynomial."},
    )
    assert call([roots], "roots of y = 2x^3 - 5x + 1")["coefficients"] == [2, 0, -5, 1]


def test_names_keep_their_parts() -> None:
    trip = tool(
        "drive_time",
        ["origin", "destination"],
        origin={"type": "string", "description": "Where from."},
        destination={"type": "string", "description": "Where to."},
        stops={"type": "array", "items": {"type": "string"}, "description": "Stops."},
    )
    made = call(
        [trip], "drive time between Austin, TX and Santa Fe, NM via San Antonio and El Paso"
    )
    assert made == {
        "name": "drive_time",
        "origin": "Austin, TX",
        "destination": "Santa Fe, NM",
        "stops": ["San Antonio", "El Paso"],
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
    savings = tool(
        "energy_savings",
        ["source"],
        source={"type": "string", "description": "Kind of energy."},
        region={"type": "string", "description": "The region."},
    )
    made = call([savings], "How much would I save with Solar in Arizona?")
    assert made == {"name": "energy_savings", "source": "Solar", "region": "Arizona"}


def test_a_sentence_ends_a_name_and_months_and_eras_are_values() -> None:
    case = tool(
        "case_lookup",
        ["number", "state"],
        number={"type": "string", "description": "Docket number."},
        state={"type": "string", "description": "The state."},
    )
    made = call([case], "Look up docket 99812 in Ohio. Skip the full text")
    assert made == {"name": "case_lookup", "number": "99812", "state": "Ohio"}
    shows = tool(
        "show_dates",
        ["band", "month"],
        band={"type": "string", "description": "The band."},
        month={"type": "string", "description": "Month of the show."},
    )
    assert call([shows], "When does Radiohead play in March?")["month"] == "March"
    art = tool(
        "art_search",
        ["period"],
        period={"type": "string", "description": "The time frame."},
    )
    assert call([art], "paintings made in the 17th century")["period"] == "17th century"


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
        "haversine",
        ["a", "b"],
        a={"type": "array", "items": {"type": "float"}, "description": "First point."},
        b={"type": "array", "items": {"type": "float"}, "description": "Second point."},
    )
    made = call([distance], "how far is (48.85 N, 2.35 E) from (40.71 N, 74.01 W)?")
    assert (made["a"], made["b"]) == ([48.85, 2.35], [40.71, -74.01])


def test_a_quantity_an_optional_parameter_shares_with_a_required_one_stays_there() -> None:
    growth = tool(
        "culture_growth",
        ["duration"],
        duration={"type": "integer", "description": "How long, in hours."},
        doubling_time={"type": "integer", "description": "Minutes per doubling."},
    )
    assert call([growth], "grow the culture for 6 hours") == {
        "name": "culture_growth",
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
    stats = tool(
        "team_stats",
        ["team", "season"],
        team={"type": "string", "description": "The team."},
        season={"type": "string", "description": "The season."},
    )
    assert call([stats], "stats of the Lakers in the 2019-2020 season")["season"] == "2019-2020"
    assert unfilled(stats["function"], "stats of the Lakers in basketball") == ["season"]
    translate = tool(
        "translate",
        ["text", "language"],
        text={"type": "string", "description": "What to translate."},
        language={"type": "string", "description": "The target language."},
    )
    made = call([translate], "translate 'good morning' into Portuguese")
    assert made == {"name": "translate", "text": "good morning", "language": "Portuguese"}


def test_a_required_value_left_only_with_the_tools_own_words_is_missing() -> None:
    recipes = tool(
        "find_recipes",
        ["diet", "cuisine"],
        diet={"type": "string", "description": "The diet, e.g. vegan."},
        cuisine={"type": "string", "description": "Kind of cooking."},
    )
    assert unfilled(recipes["function"], "find vegan recipes") == ["cuisine"]
    assert unfilled(recipes["function"], "find vegan recipes from Thai cooking") == []


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
    act = tool(
        "act_details",
        ["act_name", "year"],
        act_name={"type": "string", "description": "The name of the act."},
        year={"type": "integer", "description": "Year of the amendment."},
    )
    assert call([act], "details of the Clean Air Amendment Act of 1990") == {
        "name": "act_details", "act_name": "Clean Air Amendment Act", "year": 1990}  # fmt: skip
