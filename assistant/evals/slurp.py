"""`botpsy eval slurp`: what people say to a home assistant (SLURP), through botpsy's own pipeline.

Each request of SLURP's `devel.jsonl` runs in a new conversation through the assistant a user
runs (local intents, then the model), built with the user's model and agent settings but in an
isolated temporary home with a pinned clock, in dry-run, so nothing is sent or changed. The first
call the pipeline makes (or `none` when it answers in words) is compared with the tools the
mapping `slurp_intents.toml` accepts for the gold intent; for a right call, the gold date and time
spans, resolved by the same parser against the same "now", must fall on the call's resolved day
(and hour), and the gold names must appear in its text arguments. Intents whose tools are not
installed count as misses; figures are also given for the in-scope ones alone.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import re
import tempfile
import time
import tomllib
from collections.abc import Iterator
from dataclasses import asdict, dataclass, field, replace
from datetime import date, datetime, timedelta
from importlib.resources import files
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

from assistant.config import Config
from assistant.errors import ExitStatus, ModelError, TimeParseError, UsageError
from assistant.evals.progress import Progress
from assistant.messages import Message
from assistant.models.base import GenerationOptions, Model, ModelEvent, ModelTurn
from assistant.secrets import env_variable
from assistant.timeparse import Moment, Span, parse_moment, parse_span

NOW = "2026-11-25T09:30:00+01:00"  # a Wednesday morning
ZONE = "Europe/Berlin"
NONE = "none"  # no tool: answered in words
# The SLURP paper's HerMiT (trained text NLU, test split): intent accuracy per scenario, percent.
HERMIT = {"alarm": 94, "audio": 81, "calendar": 88, "email": 92, "iot": 83, "lists": 84,
          "weather": 96, "general": 65}  # fmt: skip
HERMIT_OVERALL = 84.84
# A stand-in mail account, so the mail tools exist as they do for a user with mail set up; its
# servers refuse at once (a dry run still reads, e.g. to find the mail to reply to).
MAIL_ACCOUNT = "eval"
STAND_IN_MAIL = {"name": MAIL_ACCOUNT, "kind": "email", "settings": {
    "address": "me@example.invalid", "imap": "127.0.0.1:1", "smtp": "127.0.0.1:1"}}  # fmt: skip
# The same for Home Assistant: its tools and intents exist; its previews find nobody at home.
HOME_ACCOUNT = "eval-home"
STAND_IN_HOME = {"name": HOME_ACCOUNT, "kind": "homeassistant",
                 "settings": {"url": "http://127.0.0.1:1"}}  # fmt: skip
_ISO = re.compile(r"\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2})?(?:[+-]\d{2}:\d{2}|Z)?)?")


# -- data --------------------------------------------------------------------------------------
@dataclass
class Request:
    """One SLURP request with its gold labels."""

    id: str
    text: str
    scenario: str
    intent: str  # scenario_action
    entities: list[tuple[str, str]] = field(default_factory=list)  # (type, text)


def default_data_dir() -> Path:
    """`$BOTPSY_SHARED/data/slurp`, else `shared/data/slurp` beside the checkout, else ../shared."""
    if env := os.environ.get("BOTPSY_SHARED"):
        return Path(env) / "data" / "slurp"
    beside = Path(__file__).resolve().parents[3] / "shared" / "data" / "slurp"
    return beside if beside.is_dir() else Path("../shared/data/slurp")


def load_requests(data: Path) -> list[Request]:
    """The requests of `devel.jsonl` in `data`, in file order."""
    path = data / "devel.jsonl"
    if not path.is_file():
        raise UsageError(f"--data: no devel.jsonl in {data} (see ../shared/data/slurp/README.md)")
    requests = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
            requests.append(Request(str(row["id"]), row["text"], row["scenario"],
                                    f"{row['scenario']}_{row['action']}",
                                    [(e["type"], e["text"]) for e in row.get("entities", [])]))  # fmt: skip
        except (ValueError, KeyError, TypeError) as exc:
            raise UsageError(f"{path}:{number}: not a SLURP record ({exc})") from None
    return requests


def select(requests: list[Request], per_scenario: int | None, limit: int | None) -> list[Request]:
    """The first `per_scenario` of each scenario (file order kept), then the first `limit`."""
    if per_scenario is not None:
        seen: dict[str, int] = {}
        kept = []
        for request in requests:
            seen[request.scenario] = seen.get(request.scenario, 0) + 1
            if seen[request.scenario] <= per_scenario:
                kept.append(request)
        requests = kept
    return requests if limit is None else requests[:limit]


@dataclass
class Mapping:
    """The acceptable tools of each intent, the tools to come, and which gold spans are checked."""

    intents: dict[str, list[str]]
    future: dict[str, str]
    times: set[str]
    names: set[str]
    back: set[str] = field(default_factory=set)  # arguments that look back ("since")

    def expected(self, intent: str) -> list[str]:
        """The acceptable tools; an intent the mapping lacks is an error naming it."""
        if intent not in self.intents:
            raise UsageError(f"slurp_intents.toml has no entry for the intent '{intent}'")
        return self.intents[intent]

    def check_covers(self, intents: set[str]) -> None:
        """Every intent of the data has an entry."""
        missing = sorted(intents - set(self.intents))
        if missing:
            raise UsageError(f"slurp_intents.toml has no entry for: {', '.join(missing)}")


def load_mapping(path: Path | None = None) -> Mapping:
    """The mapping file (default: the built-in one)."""
    text = (
        path.read_text("utf-8")
        if path
        else files("assistant.evals").joinpath("slurp_intents.toml").read_text("utf-8")
    )
    data = tomllib.loads(text)
    arguments = data.get("arguments", {})
    return Mapping({k: list(v) for k, v in data["intents"].items()}, dict(data.get("future", {})),
                   set(arguments.get("times", [])), set(arguments.get("names", [])),
                   set(arguments.get("back", [])))  # fmt: skip


# -- scoring -----------------------------------------------------------------------------------
@dataclass(frozen=True)
class Shape:
    """Which arguments of a tool hold times (resolved by the tool) and which hold text."""

    times: tuple[str, ...] = ()
    texts: tuple[str, ...] = ()


def shapes(tools: Any) -> dict[str, Shape]:
    """The shape of every installed tool, from its schema."""
    found = {}
    for tool in tools:
        properties = tool.parameters.get("properties", {})
        texts = tuple(k for k, p in properties.items()
                      if k not in tool.kinds and p.get("type") == "string")  # fmt: skip
        found[tool.name] = Shape(tuple(k for k in properties if k in tool.kinds), texts)
    return found


def gold_when(request: Request, mapping: Mapping, now: datetime) -> Moment | Span | None:
    """The gold date and time spans together, resolved as a call's would be; None if unresolvable."""
    phrase = " ".join(text for kind, text in request.entities if kind in mapping.times)
    if not phrase:
        return None
    for parse in (parse_moment, parse_span):
        with contextlib.suppress(TimeParseError):
            return parse(phrase, now)
    return None


def _instant(text: str, zone: ZoneInfo) -> datetime | date:
    if "T" not in text:
        return date.fromisoformat(text)
    moment = datetime.fromisoformat(text)
    return moment.astimezone(zone) if moment.tzinfo else moment.replace(tzinfo=zone)


def call_when(
    arguments: dict[str, Any], keys: tuple[str, ...], zone: ZoneInfo
) -> tuple[Any, Any] | None:
    """The call's resolved time in `keys`: (start, end of a listed range or None).

    A bare date is a `date` (no time of day); text the tool could not resolve gives None.
    """
    for key in keys:
        value = arguments.get(key)
        found = _ISO.findall(value) if isinstance(value, str) else []
        if found and isinstance(value, str):
            start = _instant(found[0], zone)
            span = "/" in value and len(found) > 1
            return start, _instant(found[1], zone) if span else None
    return None


def _days(start: datetime | date, end: datetime | date | None) -> set[date]:
    first = start.date() if isinstance(start, datetime) else start
    if end is None:
        return {first}
    last = (end - timedelta(microseconds=1)).date() if isinstance(end, datetime) else end
    return {first + timedelta(days=i) for i in range(max(0, (last - first).days) + 1)}


def _normal(text: str) -> str:
    text = re.sub(r"\s*'s\b", "", text.lower())  # "mom's", as transcribed "mom 's", is "mom"
    return " " + " ".join(re.sub(r"[^\w]+", " ", text).split()) + " "


def _time_problems(
    gold: Moment | Span, arguments: dict[str, Any], keys: tuple[str, ...]
) -> list[str]:
    made = call_when(arguments, keys, ZoneInfo(ZONE))
    if made is None:
        return ["no resolved date or time in the call"]
    start, end = made
    if not _days(gold.start, gold.end if isinstance(gold, Span) else None) & _days(start, end):
        return [f"day {start.isoformat()} is not the gold {gold.start.date()}"]
    if isinstance(gold, Moment) and not gold.all_day and end is None:
        if not isinstance(start, datetime):
            return [f"no time of day, the gold has {gold.start:%H:%M}"]
        if start.hour != gold.start.hour:
            return [f"time {start:%H:%M} is not the gold {gold.start:%H:%M}"]
    return []


def _said_when(
    arguments: dict[str, Any], keys: tuple[str, ...], now: datetime
) -> Moment | Span | None:
    """A text argument that is itself a time ("the next 7 days"), resolved as the gold's is.

    A tool that takes its time as words (a forecast's `when`) is right when those words mean the
    gold's days, whatever words it chose; a search query is not a time and stays compared as text.
    """
    for key in keys:
        value = arguments.get(key)
        if not isinstance(value, str) or not value.strip():
            continue
        for parse in (parse_moment, parse_span):
            with contextlib.suppress(TimeParseError):
                return parse(value, now)
    return None


def _day_problems(gold: Moment | Span, said: Moment | Span) -> list[str]:
    if _days(gold.start, gold.end) & _days(said.start, said.end):
        return []
    return [f"day {said.start.date()} is not the gold {gold.start.date()}"]


def _looking_back(
    gold: Moment | Span, arguments: dict[str, Any], shape: Shape, mapping: Mapping, now: datetime
) -> Moment | Span:
    """For a call whose time is a look-back argument ("since"), a gold time of day the parser put
    in the next 24 hours is its last occurrence: "since 3pm" said in the morning is yesterday's."""
    first = next((k for k in shape.times if arguments.get(k)), None)
    if first not in mapping.back or not isinstance(gold, Moment) or gold.all_day:
        return gold
    if now < gold.start <= now + timedelta(days=1):
        return replace(gold, start=gold.start - timedelta(days=1), end=None)
    return gold


def argument_problems(
    request: Request, arguments: dict[str, Any], shape: Shape, mapping: Mapping, now: datetime
) -> tuple[list[str], list[str]]:
    """What the call's arguments get wrong against the gold spans, and what could not be checked.

    Dates and times: a tool with time arguments must have resolved the gold's day (and hour);
    a tool without them must carry the gold's words in its text (a search query). Names must be
    contained in the text arguments of a tool that has any.
    """
    problems: list[str] = []
    unchecked: list[str] = []
    text = _normal(" ".join(str(arguments.get(k, "")) for k in shape.texts))
    times = [t for kind, t in request.entities if kind in mapping.times]
    if times and shape.times:
        gold = gold_when(request, mapping, now)
        if gold is None:
            unchecked.append("the gold time is not resolvable: " + " ".join(times))
        else:
            gold = _looking_back(gold, arguments, shape, mapping, now)
            problems += _time_problems(gold, arguments, shape.times)
    elif times:
        said = _said_when(arguments, shape.texts, now)
        gold = gold_when(request, mapping, now) if said is not None else None
        if said is not None and gold is not None:
            problems += _day_problems(gold, said)
        else:
            problems += [
                f"time '{t}' not in the arguments" for t in times if _normal(t) not in text
            ]
    if shape.texts:
        for kind, name in request.entities:
            if kind in mapping.names and _normal(name) not in text:
                problems.append(f"{kind} '{name}' not in the arguments")
    return problems, unchecked


@dataclass
class Record:
    """One request's outcome."""

    id: str
    scenario: str
    intent: str
    expected: list[str]
    in_scope: bool
    tool: str
    arguments: dict[str, Any]
    tool_ok: bool
    args_ok: bool | None  # None: a wrong tool, no tool, or a gold time timeparse cannot resolve
    path: str
    seconds: float
    problems: list[str] = field(default_factory=list)
    unchecked: list[str] = field(default_factory=list)
    error: str = ""


def judge(
    request: Request,
    tool: str,
    arguments: dict[str, Any],
    mapping: Mapping,
    installed: dict[str, Shape],
    now: datetime,
    path: str = "",
    seconds: float = 0.0,
    error: str = "",
) -> Record:
    """Score one request's first call (or `none`) against the mapping and the gold spans."""
    expected = mapping.expected(request.intent)
    in_scope = any(t == NONE or t in installed for t in expected)
    tool_ok = tool in expected and (tool == NONE or tool in installed) and not error
    args_ok: bool | None = None
    problems: list[str] = []
    unchecked: list[str] = []
    if tool_ok and tool != NONE:
        problems, unchecked = argument_problems(request, arguments, installed[tool], mapping, now)
        args_ok = False if problems else None if unchecked else True
    elif not tool_ok:
        problems = [error or f"chose {tool}, expected {' or '.join(expected)}"]
    return Record(request.id, request.scenario, request.intent, expected, in_scope, tool,
                  arguments, tool_ok, args_ok, path, round(seconds, 4), problems, unchecked,
                  error)  # fmt: skip


# -- running -----------------------------------------------------------------------------------
class NoModel(Model):
    """`--no-model`: never loaded; every request the intents leave gets an answer in words."""

    name = "none"

    def respond(
        self, messages: list[Message], tools: list[dict[str, Any]], options: GenerationOptions
    ) -> Iterator[ModelEvent]:
        """An empty reply."""
        yield ModelTurn("")


@contextlib.contextmanager
def isolated(folder: Path, now: str = NOW) -> Iterator[None]:
    """HOME, XDG dirs, data dir and accounts in `folder`, the clock pinned; restored afterwards."""
    accounts = folder / "accounts.json"
    accounts.write_text(json.dumps({"accounts": [STAND_IN_MAIL, STAND_IN_HOME]}), encoding="utf-8")
    values = {"HOME": str(folder), "XDG_CONFIG_HOME": str(folder / ".config"),
              "XDG_DATA_HOME": str(folder / ".local/share"), "XDG_CACHE_HOME": str(folder / ".cache"),
              "BOTPSY_DATA_DIR": str(folder / "data"), "BOTPSY_ACCOUNTS": str(accounts),
              "BOTPSY_NOW": now, env_variable(MAIL_ACCOUNT): "stand-in",
              env_variable(HOME_ACCOUNT): "stand-in"}  # fmt: skip
    previous = {key: os.environ.get(key) for key in values}
    os.environ.update(values)
    try:
        yield
    finally:
        for key, value in previous.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value


def eval_config(user: Config, folder: Path, no_model: bool = False) -> Config:
    """The user's model and agent settings; data, folders and zone of the eval's own."""
    documents = folder / "Documents"
    documents.mkdir(exist_ok=True)
    plugins = {name: dict(table) for name, table in user.plugins.items()}
    plugins["files"] = {"folders": [str(documents)]}
    plugins["calendar"] = {}
    plugins["mail"] = {"account": MAIL_ACCOUNT}
    plugins["homeassistant"] = {"account": HOME_ACCOUNT}
    config = Config(path=None, data_dir=folder / "data", timezone=ZONE, model=user.model,
                    agent=user.agent, policy=user.policy, plugins=plugins,
                    catalogue=user.catalogue)  # fmt: skip
    if no_model:  # the stand-in decides nothing, so no heuristics call tools in its place
        config.agent = replace(user.agent, call_strategy="model")
    return config


def run(
    requests: list[Request],
    user_config: Config,
    model: Model,
    mapping: Mapping,
    use_intents: bool = True,
    progress: bool = True,
) -> tuple[list[Record], dict[str, Shape]]:
    """Every request through the pipeline, each in a new conversation; the records and the tools."""
    from assistant.app import build_assistant
    from assistant.policy import Approval, ApprovalRequest

    class Refuser:
        def approve(self, request: ApprovalRequest) -> Approval:
            return Approval(False, note="evaluation")

    now = datetime.fromisoformat(NOW).astimezone(ZoneInfo(ZONE))
    records: list[Record] = []
    with tempfile.TemporaryDirectory(prefix="botpsy-slurp-") as name, isolated(Path(name)):
        config = eval_config(user_config, Path(name), isinstance(model, NoModel))
        assistant = build_assistant(config, Refuser(), model=model, dry_run=True)
        installed = shapes(assistant.agent.tools)
        meter = Progress("slurp", len(requests)) if progress else None
        try:
            for index, request in enumerate(requests, 1):
                records.append(_one(assistant, request, mapping, installed, now, use_intents,
                                    isinstance(model, NoModel)))  # fmt: skip
                if meter is not None:
                    meter.update(index)
        finally:
            assistant.close()
    if meter is not None:
        meter.close()
    return records, installed


def _one(assistant: Any, request: Request, mapping: Mapping, installed: dict[str, Shape],
         now: datetime, use_intents: bool, no_model: bool) -> Record:  # fmt: skip
    began = time.perf_counter()
    try:
        result = assistant.agent.run(request.text, None, use_intents=use_intents)
    except ModelError:
        raise  # the model cannot run: no figure would mean anything
    except Exception as exc:  # a request that breaks the pipeline counts wrong; the run goes on
        return judge(request, "error", {}, mapping, installed, now, "error",
                     time.perf_counter() - began, f"{type(exc).__name__}: {exc}")  # fmt: skip
    seconds = time.perf_counter() - began
    tool, arguments = NONE, {}
    if result.calls:
        tool, arguments = result.calls[0].tool, dict(result.calls[0].arguments)
    else:  # an intent that asks for what the request lacks has chosen its tool all the same
        session = assistant.sessions.load(result.session)
        if session is not None and session.pending:
            tool, arguments = session.pending["tool"], dict(session.pending["arguments"])
    path = "none" if no_model and result.path == "model" else result.path
    return judge(request, tool, arguments, mapping, installed, now, path, seconds)


# -- figures -----------------------------------------------------------------------------------
def _figures(records: list[Record]) -> dict[str, Any]:
    tool_ok = sum(r.tool_ok for r in records)
    checked = [r for r in records if r.args_ok is not None]
    return {
        "n": len(records),
        "tool_correct": tool_ok,
        "tool_accuracy": round(tool_ok / len(records), 4) if records else None,
        "args_checked": len(checked),
        "args_correct": sum(bool(r.args_ok) for r in checked),
        "args_accuracy": round(sum(bool(r.args_ok) for r in checked) / len(checked), 4)
        if checked
        else None,
        "args_unchecked": sum(bool(r.unchecked) and r.args_ok is None for r in records),
    }


def summarize(records: list[Record]) -> dict[str, Any]:
    """Per scenario (all requests, and in-scope ones), then overall."""
    scenarios = {}
    for name in sorted({r.scenario for r in records}):
        mine = [r for r in records if r.scenario == name]
        scenarios[name] = {**_figures(mine), "in_scope": _figures([r for r in mine if r.in_scope]),
                           "hermit": HERMIT.get(name)}  # fmt: skip
    return {"scenarios": scenarios, "all": _figures(records),
            "in_scope": _figures([r for r in records if r.in_scope]), "hermit": HERMIT_OVERALL}  # fmt: skip


def _pct(value: float | None) -> str:
    return "-" if value is None else f"{value:.1%}"


def table(summary: dict[str, Any]) -> list[str]:
    """The figures as text lines, HerMiT's intent accuracy beside."""
    lines = [f"{'scenario':<15} {'n':>5} {'tool':>7} {'args':>7}   {'in-scope':>8} {'tool':>7}"
             f" {'args':>7}   {'HerMiT':>6}"]  # fmt: skip

    def row(name: str, f: dict[str, Any], scope: dict[str, Any], hermit: Any) -> str:
        return (f"{name:<15} {f['n']:>5} {_pct(f['tool_accuracy']):>7} {_pct(f['args_accuracy']):>7}"
                f"   {scope['n']:>8} {_pct(scope['tool_accuracy']):>7} {_pct(scope['args_accuracy']):>7}"
                f"   {'-' if hermit is None else hermit:>6}")  # fmt: skip

    for name, f in summary["scenarios"].items():
        lines.append(row(name, f, f["in_scope"], f["hermit"]))
    lines.append(row("all", summary["all"], summary["in_scope"], summary["hermit"]))
    return lines


def main(argv: list[str]) -> int:
    """`botpsy eval slurp [--data DIR] [--limit N] [--per-scenario N] [--json] ...`."""
    parser = argparse.ArgumentParser(prog="botpsy eval slurp",
                                     description="SLURP devel through botpsy's pipeline, in dry-run.")  # fmt: skip
    parser.add_argument("--data", type=Path, help="a directory with devel.jsonl "
                        "(default: $BOTPSY_SHARED/data/slurp or ../shared/data/slurp)")  # fmt: skip
    parser.add_argument("--limit", type=int, help="the first N requests")
    parser.add_argument("--per-scenario", type=int, help="the first N requests of each scenario")
    parser.add_argument("--json", action="store_true", help="figures and every request as JSON")
    parser.add_argument("--no-intents", action="store_true", help="every request by the model")
    parser.add_argument("--model", help="a GGUF file (default: the configured model)")
    parser.add_argument("--no-model", action="store_true",
                        help="load no model: what the intents leave counts as no tool")  # fmt: skip
    parser.add_argument("--config", help="the config file")
    args = parser.parse_args(argv)
    if args.no_model and args.model:
        raise UsageError("--model and --no-model exclude each other")
    from assistant.app import make_model
    from assistant.config import load_config

    data = args.data or default_data_dir()
    if not data.is_dir():
        raise UsageError(f"--data: no such directory: {data} (SLURP devel; see --help)")
    requests = select(load_requests(data), args.per_scenario, args.limit)
    mapping = load_mapping()
    mapping.check_covers({r.intent for r in requests})
    config = load_config(args.config)
    model = NoModel() if args.no_model else make_model(config, args.model)  # resolved, not loaded
    try:
        records, installed = run(requests, config, model, mapping, not args.no_intents)
    finally:
        model.close()
    summary = summarize(records)
    head = {"model": getattr(model, "name", "model"), "intents": not args.no_intents, "now": NOW,
            "zone": ZONE, "data": str(data)}  # fmt: skip
    if args.json:
        print(json.dumps({**head, **summary, "installed": sorted(installed),
                          "requests": [asdict(r) for r in records]}, indent=2, default=str))  # fmt: skip
        return ExitStatus.OK
    print(f"model {head['model']}, local intents {'on' if head['intents'] else 'off'}, "
          f"now {NOW} ({ZONE}), {len(records)} requests from {data}")  # fmt: skip
    print("\n".join(table(summary)))
    if summary["all"]["args_unchecked"]:
        print(f"args leave out {summary['all']['args_unchecked']} right calls whose gold time "
              "assistant.timeparse cannot resolve (--json: unchecked)")  # fmt: skip
    print(
        "tool: the first call (or none) among the intent's acceptable tools; args: of right "
        "calls, gold dates/times and names; in-scope: intents with an installed tool or none"
    )
    return ExitStatus.OK
