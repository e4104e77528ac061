"""Requests no installed tool can serve get an honest line; a looping model is cut short."""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest

from assistant.app import build_assistant
from assistant.config import Config
from assistant.errors import ModelError
from assistant.hookspecs import hookimpl
from assistant.models.base import GenerationOptions
from assistant.models.openai_compat import OpenAICompatModel
from assistant.models.repetition import RepetitionGuard, loop_start, restated_from
from assistant.policy import Approval
from assistant.scope import decline, domains
from assistant.tools import Effect, tool
from tests.helpers import RecordingApprover, collect


def _no_model() -> Any:
    raise ModelError("no model should be loaded for this request")


def _assistant(config: Config, extra: dict[str, Any] | None = None) -> Any:
    assistant = build_assistant(config, RecordingApprover(Approval(False)), extra_plugins=extra)
    assistant.agent.model_factory = _no_model
    return assistant


@pytest.mark.parametrize(
    ("request_text", "says"),
    [
        ("wake me up at six thirty tomorrow", "set alarms or timers"),
        ("set a timer for twenty minutes", "set alarms or timers"),
        ("switch off the hallway lamp", "control lights or home devices"),
        ("turn the volume down a bit", "change the volume"),
        ("play some piano music", "play music, radio or podcasts"),
        ("get me a taxi to the station", "order, book or buy things"),
        ("book a taxi for six tomorrow", "order, book or buy things"),
        ("book me a flight to lisbon on friday", "order, book or buy things"),
        ("book a table for two at the thai place tonight", "order, book or buy things"),
        ("call my mum", "make phone calls"),
        ("send a text to lena that i'm late", "send text messages"),
        ("email the landlord that the heating is broken", "read or send mail"),
        ("read my latest email", "read or send mail"),
        ("show me my inbox", "read or send mail"),
    ],
)
def test_a_domain_without_a_tool_gets_an_honest_line_and_no_model(
    config: Config, request_text: str, says: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The plugins that serve these domains are turned off: the decline is what is tested here.
    monkeypatch.setenv("BOTPSY_DISABLE_PLUGINS", "clock,device,homeassistant,mail")
    assistant = _assistant(config)
    result = assistant.agent.run(request_text, use_intents=False)
    assistant.close()
    assert result.path == "declined" and result.calls == []
    assert result.reply.startswith(f"I can't {says} yet")


def test_requests_the_tools_serve_are_not_declined(config: Config) -> None:
    tools = [t.definition() for t in _assistant(config).plugins.tools]
    for text in (
        "find the document about the thermostat",
        "add a meeting about the garden lights on friday at 3pm",
        "remind me to buy new light bulbs",
        "remind me to book a taxi for the airport",
        "remind me to call my mum tomorrow",
        "schedule a call with bob on friday at 10am",
        "what's my mum's phone number",
        "add book a hotel for the trip to my to-do list",
        "search the web for radio stations in berlin",
        "read the notes about the new lamp",
        "show the files about the radio",
    ):
        assert decline(text, tools) is None, text


@pytest.mark.parametrize(
    ("text", "domain", "at"),
    [
        ("could you order us two large pizzas", "orders", 0),
        ("i'd like to book three seats for the late show", "orders", 0),
        ("i need a cab at six", "orders", 0),
        ("hire a driver for saturday", "orders", 0),
        ("where's my curry", "tracking", 0),
        ("has the shop sent my parcel yet", "tracking", 18),
        ("remind me to get a cab later", "orders", None),  # the verb is the reminder's
        ("the cab was late again", "orders", None),
        ("i need ideas for lunch", "orders", None),
        ("what's my favourite food", "tracking", None),
        ("text jonas that the keys are with the neighbour", "texts", 0),
        ("can you text grandad i'll be there at four", "texts", 0),
        ("whatsapp the group to bring snacks", "texts", 0),
        ("text size is too small", "texts", None),
        ("email ola that the text is ready", "texts", None),
        ("share the beach photo on facebook", "social", 0),
        ("could you post that on my instagram", "social", 0),
        ("put the pictures on instagram", "social", 0),
        ("what's trending on instagram", "social", None),
        ("add post office to my list", "social", None),
    ],
)
def test_a_shape_names_a_domain_by_a_verb_then_its_thing(
    text: str, domain: str, at: int | None
) -> None:
    """A verb said first (after politeness), then within a few words a thing of the domain."""
    found = next(d for d in domains() if d.name == domain)
    assert found.named_at(text) == at


def test_a_plugin_with_the_tool_lifts_the_decline(config: Config) -> None:
    @tool(Effect.WRITE)
    def alarm_set(time: str) -> str:
        """Set an alarm clock to ring at a time.

        Args:
            time: when it rings
        """
        return f"Alarm set for {time}"

    class Clock:
        @hookimpl
        def register_tools(self, register: Callable[..., None]) -> None:
            register(alarm_set)

    tools = [t.definition() for t in _assistant(config, {"alarm": Clock()}).plugins.tools]
    assert decline("wake me up at six thirty tomorrow", tools) is None


def test_a_loop_is_found_and_cut_to_one_copy() -> None:
    looping = "Sure. " + "I'm sorry for your loss, truly. " * 5
    cut = loop_start(looping.rstrip())
    assert cut is not None and looping[:cut].count("sorry") == 1
    assert loop_start("One line.\nAnother line.\nA third, different line.") is None
    assert loop_start("-" * 60) is None  # a rule of dashes is no loop of words
    assert loop_start("ha " * 3) is None  # shorter than a sentence


def test_a_reply_saying_the_same_in_other_words_is_cut_before_it_repeats() -> None:
    """The starter model loops with small changes: the exact-copy check misses it."""
    looping = (
        "Happy to help. I can look after your plants and the garden for you today. "
        "I am able to look after the plants and the garden for you, not the pets. "
        "I can look after your plants and your garden for you, but not the pets. "
        "I am here to look after the plants and your garden for you, not the pets. "
    )
    guard = RepetitionGuard(every=1)
    cut = guard.loops(looping)
    kept = looping[:cut].rstrip() if cut is not None else ""
    # the second sentence adds "not the pets"; the two after it only say it again
    assert kept.endswith("not the pets.") and kept.count("pets") == 1
    # a list of meetings differs in its times: every line is news, nothing is cut
    listing = "".join(
        f"Meeting with the design team in room four at {h}:00 today.\n" for h in (9, 10, 11, 14)
    )
    assert restated_from(listing) is None
    plain = "The museum opens at ten. Tickets cost less for students and children. Bring a coat."
    assert restated_from(plain) is None


@pytest.fixture
def looping_server() -> Iterator[str]:
    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args: Any) -> None:
            return None

        def do_POST(self) -> None:
            self.rfile.read(int(self.headers["Content-Length"]))
            self.send_response(200)
            self.send_header("Content-Type", "text/event-stream")
            self.end_headers()
            try:
                for _ in range(200):  # a model that would go on until its token limit
                    for word in ("I'm ", "so ", "sorry ", "for ", "your ", "loss. "):
                        chunk = {"choices": [{"index": 0, "delta": {"content": word}}]}
                        self.wfile.write(f"data: {json.dumps(chunk)}\n\n".encode())
                self.wfile.write(b"data: [DONE]\n\n")
            except (BrokenPipeError, ConnectionResetError):
                pass  # the client stopped reading: the point of the test

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def test_a_looping_model_server_is_cut_short(looping_server: str) -> None:
    model = OpenAICompatModel(looping_server)
    from assistant.messages import Message

    _, turn = collect(model.respond([Message("user", "hi")], [], GenerationOptions()))
    assert turn.content.count("sorry") == 1 and turn.stats.generated_tokens < 60
