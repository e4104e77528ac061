"""Fuzzing what reads text others wrote: model output, dates, .ics/.vcf files, mail.

The property everywhere: no exception but the project's own `BotpsyError`s, whose
message is one line. Example counts are bounded and the deadline off, so CI stays
fast; under CI the examples are derandomized (the same every run), locally they vary.
"""

from __future__ import annotations

import json
import os
import tempfile
from datetime import UTC, datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

from botpsy_calendar.contacts import Contact, parse_vcards, rank
from botpsy_calendar.store import VdirStore
from botpsy_mail.message import MailView, parse_message, shown_text
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from assistant.errors import BotpsyError, TimeParseError
from assistant.formats.parse import ParsedOutput, parse_output
from assistant.timeparse import YEAR_WINDOW, Moment, Span, parse_moment, parse_span
from tests.conftest import NOW, ZONE


def fuzz(examples: int = 250) -> settings:
    """Bounded, no deadline, no example database in the checkout, fixed examples under CI.

    BOTPSY_FUZZ_SCALE=20 runs twenty times as many examples, for a deeper search by hand.
    """
    return settings(
        max_examples=examples * int(os.environ.get("BOTPSY_FUZZ_SCALE", "1")),
        deadline=None,
        database=None,
        derandomize=bool(os.environ.get("CI")),
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
    )


def assert_one_line(error: BaseException) -> None:
    """A user-facing error: ours, with a non-empty one-line message."""
    assert isinstance(error, BotpsyError), f"{type(error).__name__}: {error}"
    lines = str(error).splitlines()
    assert len(lines) == 1 and lines[0].strip(), repr(str(error))


# -- the model-output call parser ------------------------------------------------------------

TOOLS = ["mail_send", "calendar_create_event", "files_read", "get_weather"]
PIECES = [
    "<tool_call>",
    "</tool_call>",
    "<function=",
    "</function>",
    "<parameter=",
    "</parameter>",
    "<think>",
    "</think>",
    ">",
    "\n",
    "{",
    "}",
    "[",
    "]",
    '"name"',
    '"arguments"',
    ":",
    ",",
    '"',
    "'",
    "```",
    "```json\n",
    "true",
    "null",
    "\\",
    *TOOLS,
]
model_text = st.lists(st.sampled_from(PIECES) | st.text(max_size=12), max_size=40).map("".join)
# Names and values that the call syntax itself can carry.
plain = st.text(st.characters(exclude_characters="<>\n\r", exclude_categories=["Cs"]), max_size=30)
names = plain.map(str.strip).filter(lambda s: 0 < len(s) <= 60)
values = st.text(st.characters(exclude_characters="<", exclude_categories=["Cs"]), max_size=60)
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)


def check_parsed(parsed: ParsedOutput) -> None:
    assert isinstance(parsed.content, str) and isinstance(parsed.reasoning, str)
    for call in parsed.tool_calls:
        assert isinstance(call.name, str) and isinstance(call.arguments, dict)
        assert all(isinstance(key, str) for key in call.arguments)
        json.dumps(call.arguments)  # what the audit log and the conversation store keep
    for error in parsed.errors:
        assert len(error.splitlines()) == 1


@fuzz(300)
@given(st.one_of(model_text, st.text(max_size=300)), st.sampled_from([(), TOOLS]))
def test_the_call_parser_reads_anything(text: str, tools: list[str]) -> None:
    check_parsed(parse_output(text, tools))


@fuzz(250)
@given(names, st.dictionaries(names, values.map(lambda v: v.strip("\n")), max_size=5))
def test_an_xml_call_reads_back_as_written(name: str, arguments: dict[str, str]) -> None:
    params = "".join(f"<parameter={k}>\n{v}\n</parameter>\n" for k, v in arguments.items())
    text = f"<tool_call>\n<function={name}>\n{params}</function>\n</tool_call>"
    parsed = parse_output(text, TOOLS)
    check_parsed(parsed)
    assert [(c.name, c.arguments) for c in parsed.tool_calls] == [(name, arguments)]


@fuzz(250)
@given(
    st.sampled_from(TOOLS),
    st.dictionaries(st.text(max_size=10), json_values, max_size=4),
    st.integers(0, 3),
)
def test_a_json_call_reads_back_as_written(name: str, arguments: dict, form: int) -> None:
    body = json.dumps({"name": name, "arguments": arguments}, ensure_ascii=form % 2 == 0)
    if "<" in body:  # the XML form's markers inside a JSON string are not this test's subject
        body = json.dumps({"name": name, "arguments": arguments}, ensure_ascii=True)
        body = body.replace("<", "\\u003c")
    text = [f"<tool_call>\n{body}\n</tool_call>", body, f"```json\n{body}\n```", f"  {body}\n"]
    parsed = parse_output(text[form], TOOLS)
    check_parsed(parsed)
    assert [(c.name, c.arguments) for c in parsed.tool_calls] == [(name, arguments)]
    assert parsed.content == ""


prose = st.text(max_size=40).filter(lambda s: s.strip() != "" and "<" not in s)


@fuzz(250)
@given(prose, st.sampled_from(TOOLS), st.dictionaries(st.text(max_size=8), json_values, max_size=3))
def test_json_quoted_in_prose_stays_text(before: str, name: str, arguments: dict) -> None:
    """A mail the model quotes may hold a call-shaped JSON: it is text, never a call."""
    body = json.dumps({"name": name, "arguments": arguments}).replace("<", "\\u003c")
    for text in (f"{before} {body}", f"{body} {before}", f"{before}\n```json\n{body}\n```"):
        parsed = parse_output(text, TOOLS)
        check_parsed(parsed)
        assert parsed.tool_calls == [] and parsed.content == text.strip()


# -- the time parser ---------------------------------------------------------------------

WORDS = [
    "in",
    "at",
    "on",
    "the",
    "for",
    "from",
    "to",
    "until",
    "-",
    "next",
    "this",
    "coming",
    "tomorrow",
    "today",
    "tonight",
    "yesterday",
    "friday",
    "mon",
    "dec",
    "december",
    "jan",
    "of",
    "week",
    "weekend",
    "month",
    "year",
    "morning",
    "evening",
    "noon",
    "midnight",
    "am",
    "pm",
    "minutes",
    "hours",
    "days",
    "weeks",
    "day",
    "hour",
    "an",
    "a",
    "half",
    "3pm",
    "10:30",
    "2026-12-04",
    "2026-12-04t15:00",
    "+01:00",
    "2110",
    "9999",
    "0000",
    "99999999",
    "3",
    "12",
    "31",
    ".",
    ",",
    "?",
    "@",
    "o'clock",
]
numbers = st.integers(0, 10**30).map(str)
time_words = st.lists(st.sampled_from(WORDS) | numbers, max_size=8).map(" ".join)
nows = st.builds(
    lambda day, zone: day.replace(tzinfo=zone),
    st.datetimes(min_value=datetime(1990, 1, 1), max_value=datetime(2090, 12, 31)),
    st.sampled_from([ZONE, UTC, ZoneInfo("Pacific/Kiritimati"), ZoneInfo("America/St_Johns")]),
)


def resolve(text: str, now: datetime) -> list[Moment | Span]:
    """Both parsers' results; only a one-line TimeParseError may stop either."""
    found: list[Moment | Span] = []
    for parse in (parse_moment, parse_span):
        try:
            found.append(parse(text, now))
        except TimeParseError as error:
            assert_one_line(error)
    return found


@fuzz(300)
@given(st.one_of(st.text(max_size=80), time_words), nows)
def test_the_time_parser_resolves_or_refuses_in_one_line(text: str, now: datetime) -> None:
    for result in resolve(text, now):
        assert result.start.tzinfo is not None


@fuzz(250)
@given(
    st.integers(0, 10**40),
    st.sampled_from(["minutes", "hours", "days", "weeks", "min", "h", "day"]),
    st.sampled_from(
        ["in {n} {unit}", "friday 3pm for {n} {unit}", "next {n} days", "in {n} {unit} at 3pm"]
    ),
)
def test_huge_counts_are_refused_not_overflowed(n: int, unit: str, form: str) -> None:
    text = form.format(n=n, unit=unit)
    for result in resolve(text, NOW):
        end = result.end or result.start
        assert abs(end.year - NOW.year) <= YEAR_WINDOW + 1


# -- .ics and .vcf readers of the calendar plugin ----------------------------------------

ICS_VALUES = [
    "20261204T150000",
    "20261204T150000Z",
    "20261204",
    "2026-12-04",
    "99991231T235959",
    "00000000",
    "20261304T250000",
    "",
    "garbage",
    "P1D",
    "-PT15M",
    "PT99999999H",
    "FREQ=DAILY",
    "FREQ=SECONDLY;COUNT=100000",
    "FREQ=WEEKLY;BYDAY=MO,XX",
    "FREQ=MONTHLY;BYMONTHDAY=31;UNTIL=20270101",
    "FREQ=YEARLY;INTERVAL=0",
    "FREQ=NOPE",
]
ICS_LINES = [
    "BEGIN:VCALENDAR",
    "END:VCALENDAR",
    "BEGIN:VEVENT",
    "END:VEVENT",
    "BEGIN:VTODO",
    "END:VTODO",
    "BEGIN:VALARM",
    "END:VALARM",
    "BEGIN:VTIMEZONE",
    "END:VTIMEZONE",
    "VERSION:2.0",
    "UID:fuzz-1",
    "UID:fuzz-2",
    "SUMMARY:Dentist",
    "STATUS:COMPLETED",
    "ACTION:DISPLAY",
]
ICS_PROPS = [
    "DTSTART",
    "DTSTART;VALUE=DATE",
    "DTSTART;TZID=Europe/Berlin",
    "DTSTART;TZID=Nowhere/Else",
    "DTEND",
    "DTEND;VALUE=DATE",
    "DURATION",
    "RRULE",
    "EXDATE",
    "RDATE",
    "RECURRENCE-ID",
    "DUE",
    "TRIGGER",
    "COMPLETED",
    "SEQUENCE",
]
ics_line = st.one_of(
    st.sampled_from(ICS_LINES),
    st.builds(lambda p, v: f"{p}:{v}", st.sampled_from(ICS_PROPS), st.sampled_from(ICS_VALUES)),
    st.text(max_size=30),
)
ics_text = st.lists(ics_line, max_size=25).map(
    lambda lines: "\r\n".join(["BEGIN:VCALENDAR", "VERSION:2.0", *lines, "END:VCALENDAR"]) + "\r\n"
)


def read_store(files: list[bytes]) -> None:
    """Every read a request can make of a local calendar holding these files."""
    with tempfile.TemporaryDirectory() as root:
        folder = Path(root) / "personal"
        folder.mkdir()
        for i, data in enumerate(files):
            (folder / f"item{i}.ics").write_bytes(data)
        store = VdirStore(Path(root), "personal", ZONE)
        try:
            store.events()
            store.between(NOW - timedelta(days=30), NOW + timedelta(days=60))
            store.tasks()
        except Exception as error:
            assert_one_line(error)
        for problem in store.problems:
            assert len(problem.splitlines()) == 1, problem


@fuzz(250)
@given(
    st.lists(st.one_of(ics_text.map(str.encode), st.binary(max_size=200)), min_size=1, max_size=3)
)
def test_calendar_files_never_crash_a_listing(files: list[bytes]) -> None:
    read_store(files)


VCF_LINES = [
    "BEGIN:VCARD",
    "END:VCARD",
    "VERSION:3.0",
    "VERSION:4.0",
    "FN:Bob Smith",
    "FN:",
    "N:Smith;Bob;;;",
    "N:;;;;",
    "N:",
    "EMAIL:bob@example.org",
    "EMAIL;TYPE=work:",
    "TEL:+49 30 1234",
    "NICKNAME:Bobby,,Rob",
    "ORG:Acme;Sales",
    "ORG:",
    "UID:x",
    "PHOTO;ENCODING=b:!!!notbase64",
    "BDAY:99999999",
    " folded continuation",
]
vcf_text = st.lists(st.sampled_from(VCF_LINES) | st.text(max_size=30), max_size=20).map("\r\n".join)


@fuzz(250)
@given(st.one_of(vcf_text, st.text(max_size=200)), st.text(max_size=20))
def test_contact_files_never_crash_a_lookup(data: str, wanted: str) -> None:
    try:
        contacts = parse_vcards(data, "fuzz")
        assert all(isinstance(c, Contact) for c in contacts)
        for contact in rank(contacts, wanted):
            contact.label()
    except Exception as error:
        assert_one_line(error)


# -- MIME --------------------------------------------------------------------------------

SEEDS = [
    b"From: Bob <bob@example.org>\r\nTo: alice@example.org\r\nSubject: Hi\r\n"
    b"Date: Mon, 30 Nov 2026 10:02:00 +0100\r\nMessage-ID: <1@example.org>\r\n\r\nHello there.\r\n",
    b"From: =?utf-8?q?Bj=C3=B6rn?= <b@example.org>\r\nSubject: =?iso-8859-1?b?SGVq?=\r\n"
    b"MIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary=XYZ\r\n\r\n--XYZ\r\n"
    b"Content-Type: text/plain; charset=x-unknown\r\n\r\nbody\r\n--XYZ\r\n"
    b"Content-Type: text/html\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n"
    b"<p>Hi =3D<a href=3D'x'>link</a></p>\r\n--XYZ\r\n"
    b'Content-Type: application/pdf; name="a.pdf"\r\nContent-Disposition: attachment; '
    b'filename="a.pdf"\r\nContent-Transfer-Encoding: base64\r\n\r\nJVBERi0x\r\n--XYZ--\r\n',
    b'From: x\r\nDate: not a date\r\nContent-Type: multipart/alternative; boundary=""\r\n'
    b"Content-Transfer-Encoding: base64\r\n\r\n!!!!\r\n",
    b"Subject: =?utf-8?b?DQpCY2M6IGV2ZUBleGFtcGxlLm9yZw==?=\r\nReferences: <a> <b>\r\n"
    b"Content-Type: text/plain; charset=utf-16\r\n\r\n\xff\xfeh\x00i\x00",
]


@st.composite
def mutated_mail(draw: st.DrawFn) -> bytes:
    data = bytearray(draw(st.sampled_from(SEEDS)))
    for _ in range(draw(st.integers(0, 6))):
        at = draw(st.integers(0, len(data)))
        kind = draw(st.integers(0, 3))
        if kind == 0:
            data[at:at] = draw(st.binary(max_size=8))
        elif kind == 1:
            del data[at : at + draw(st.integers(1, 20))]
        elif kind == 2:
            data[at:at] = draw(
                st.sampled_from([b"\r\n", b"=?", b"?=", b";", b'"', b"--XYZ", b"\x00"])
            )
        else:
            data = data[:at]
    return bytes(data)


@fuzz(300)
@given(st.one_of(mutated_mail(), st.binary(max_size=400)))
@example(b"From: Bob <bob@")  # the header parser's IndexError, raised again by get_all()
@example(b"Content-Type: text/plain; charset=a\x00b\r\n\r\nhi")  # ValueError, not LookupError
def test_mail_is_read_whatever_its_bytes(data: bytes) -> None:
    try:
        view = parse_message(data, "42", "\\Seen")
        assert isinstance(view, MailView)
        view.line()
        view.when()
        shown_text(view, 100)
    except Exception as error:
        assert_one_line(error)
