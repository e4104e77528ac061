"""The `botpsy` command: one request (`botpsy "add dentist Friday 3pm"`), subcommands, or the TUI.

Exit statuses: 0 done; 1 a tool, the model or a server failed; 2 bad usage,
configuration or input; 3 a sensitive call was refused (no terminal and no
`--yes`) or denied; 130 interrupted. This module imports neither Textual nor
llama_cpp at import time, so `botpsy --help` is instant.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, TextIO

from assistant import __version__
from assistant.builtin_commands import COMMANDS, SUBCOMMANDS
from assistant.errors import BotpsyError, ExitStatus, UsageError

if TYPE_CHECKING:
    from assistant.agent import AgentEvent, RunResult
    from assistant.app import Assistant
    from assistant.config import Config
    from assistant.models.first_run import ModelOption
    from assistant.policy import Approval, ApprovalRequest, Approver

EPILOG = """\
commands:
  botpsy "REQUEST"     run one request and print the reply
  botpsy               open the terminal app
  botpsy tools         list every tool with its plugin and effect (--json)
  botpsy log           show the audit log of tool calls (--json, -n N)
  botpsy sessions      list saved conversations
  botpsy eval slurp    measure on what people say to a home assistant (--per-scenario N)
  botpsy eval bfcl     measure tool calling on BFCL files (botpsy eval bfcl --help)
  botpsy index ...     the local file index: status, update, rebuild (the files plugin)
  botpsy plugins ...   list, enable, disable, doctor, new: plugins (botpsy plugins --help)
  botpsy account ...   add, list, remove calendar and mail accounts (botpsy account --help)
  botpsy model ...     pull, list, use, rm, info, warm, synth models (botpsy model --help)
  botpsy daemon ...    fire reminders, alarms, timers while the app is closed: status, install
  botpsy bench         where a request's time goes, beside bare llama-cpp-python (--json)
  botpsy mcp serve     botpsy's tools for an MCP client over stdio, with the CLI's approvals
  botpsy completions SHELL  print completions for bash, zsh or fish (or `man`: the man page)

exit status: 0 done, 1 failure, 2 bad usage or input, 3 a sensitive call refused or denied
"""


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="botpsy",
        description="An on-device personal assistant.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("request", nargs="*", help="what you want done, in your own words")
    parser.add_argument("--json", action="store_true", help="print a machine-readable transcript")
    parser.add_argument(
        "--yes", "-y", action="store_true", help="approve sensitive calls in advance"
    )
    parser.add_argument("--dry-run", action="store_true", help="show what would run; run nothing")
    parser.add_argument("--model", metavar="PATH", help="a GGUF model file to use")
    parser.add_argument("--config", metavar="PATH", help="the config file (default: BOTPSY_CONFIG)")
    parser.add_argument(
        "-c",
        "--continue",
        dest="cont",
        action="store_true",
        help="go on with the last conversation",
    )
    parser.add_argument("--session", metavar="ID", help="go on with this conversation")
    parser.add_argument("--no-intents", action="store_true", help="always use the model")
    parser.add_argument("-n", "--limit", type=int, default=20, help="rows for `log` (default 20)")
    parser.add_argument("--debug", action="store_true", help="show tracebacks")
    parser.add_argument("--version", action="version", version=f"botpsy {__version__}")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the console script."""
    arguments = [_decoded(a) for a in (sys.argv[1:] if argv is None else argv)]
    if arguments[:1] and arguments[0] in COMMANDS:
        target = COMMANDS[arguments[0]]
        rest = [a for a in arguments[1:] if a != "--debug"]
        return _guarded(lambda: _subcommand(target)(rest), "--debug" in arguments)
    word = arguments[0] if arguments else ""
    if _COMMAND_WORD.match(word) and word not in SUBCOMMANDS:  # a plugin's, after the built-ins
        from assistant.plugin_kit.commands import plugin_command

        command = plugin_command(arguments)
        if command is not None:
            return _guarded(command, "--debug" in arguments)
    args = _parser().parse_args(arguments)
    return _guarded(lambda: _dispatch(args), args.debug)


_COMMAND_WORD = re.compile(r"^[a-z][a-z0-9_-]*$")


def _decoded(argument: str) -> str:
    """An argument as valid text: bytes that were not UTF-8 become U+FFFD, not a crash later."""
    return argument.encode("utf-8", "surrogateescape").decode("utf-8", "replace")


def _subcommand(target: str) -> Callable[[list[str]], int]:
    """The `main` of a subcommand, imported on first use."""
    import importlib

    module, _, function = target.partition(":")
    command: Callable[[list[str]], int] = getattr(importlib.import_module(module), function)
    return command


def _guarded(run: Callable[[], int], debug: bool) -> int:
    """Run a command; user-facing errors become one line and an exit status."""
    try:
        return run()
    except KeyboardInterrupt:
        print("\nbotpsy: interrupted", file=sys.stderr)
        return ExitStatus.INTERRUPTED
    except BotpsyError as exc:
        if debug:
            raise
        print(f"botpsy: {exc}", file=sys.stderr)
        return exc.exit_status


def _dispatch(args: argparse.Namespace) -> int:
    from assistant.config import load_config

    config = load_config(args.config)
    words: list[str] = args.request
    if words and words[0] in SUBCOMMANDS and len(words) == 1:
        return {"tools": _tools, "log": _log, "sessions": _sessions}[words[0]](config, args)
    request = " ".join(words).strip()
    if not request:
        if args.json or args.dry_run or args.cont:
            raise UsageError('give a request, e.g. botpsy "add dentist Friday 3pm"')
        from assistant.tui.app import run_tui  # Textual is imported only here

        return run_tui(config, model_override=args.model)
    return _run_request(config, args, request)


# -- one request ------------------------------------------------------------------------------
class TerminalApprover:
    """Asks y/N on the terminal, showing the fully resolved call."""

    def __init__(self, stream: TextIO = sys.stderr) -> None:
        self.stream = stream

    def approve(self, request: ApprovalRequest) -> Approval:
        """Show the call and read the answer from the terminal."""
        from assistant.policy import Approval, Remember
        from assistant.safetext import hidden_named, one_line, printable, visible

        out = self.stream
        if request.live:
            print("\nbotpsy: careful, this conversation holds text others wrote.", file=out)
        # hidden characters are named, not dropped: what is approved is what is sent
        print(f"\nbotpsy wants to {printable(hidden_named(request.preview))}", file=out)
        print(f"  tool: {request.tool} ({request.effect}); {one_line(request.reason)}", file=out)
        for key, value in request.arguments.items():
            print(f"  {one_line(str(key))}: {visible(str(value))}", file=out)
        if request.grant and not request.live:  # a server's first use: a yes may be for good
            out.write("Allow? [y/N/a=always] ")
            out.flush()
            answer = sys.stdin.readline().strip().lower()
            if answer in ("a", "always"):
                return Approval(True, remember=Remember.ALWAYS)
            return Approval(answer in ("y", "yes"))
        out.write("Allow? [y/N] ")
        out.flush()
        answer = sys.stdin.readline().strip().lower()
        return Approval(answer in ("y", "yes"))


def choose_approver(assume_yes: bool) -> Approver:
    """`--yes`, a terminal prompt, or refusal when there is no terminal to ask on.

    With `--yes` a call that only a live yes may approve (a tainted conversation)
    is still asked on the terminal, or refused when there is none.
    """
    from assistant.policy import AutoApprover, NoTerminalApprover

    terminal = sys.stdin is not None and sys.stdin.isatty()
    person: Approver = TerminalApprover() if terminal else NoTerminalApprover()
    return AutoApprover(live=person) if assume_yes else person


def choose_model(options: list[ModelOption]) -> str | None:
    """First run: offer the models on a terminal; without one, a hint and the starter."""
    if not (sys.stdin is not None and sys.stdin.isatty()):
        from assistant.models.first_run import HINT

        print(HINT, file=sys.stderr)
        return None
    out = sys.stderr
    print("\nNo model chosen yet. Which one should botpsy use?", file=out)
    for number, option in enumerate(options, 1):
        state = "ready" if option.ready else "download"
        print(f"  {number}. {option.name:<12} [{state}] {option.description}", file=out)
    while True:
        out.write("Choose [1]: ")
        out.flush()
        answer = sys.stdin.readline().strip() or "1"
        if answer.isdigit() and 1 <= int(answer) <= len(options):
            return options[int(answer) - 1].name
        print(f"  please answer a number from 1 to {len(options)}", file=out)


def _run_request(config: Config, args: argparse.Namespace, request: str) -> int:
    from assistant.agent import TextDelta
    from assistant.app import build_assistant
    from assistant.safetext import json_safe, printable

    assistant = build_assistant(
        config,
        choose_approver(args.yes),
        model_override=args.model,
        dry_run=args.dry_run,
        chooser=choose_model,
    )
    try:
        session = _pick_session(assistant, args)
        streamed: list[str] = []

        def show(event: AgentEvent) -> None:
            if isinstance(event, TextDelta) and not args.json:
                streamed.append(event.text)
                sys.stdout.write(printable(event.text))
                sys.stdout.flush()

        use_intents = False if args.no_intents else None
        result = assistant.agent.run(request, session, show, use_intents=use_intents)
    finally:
        assistant.close()
    if args.json:
        data = result.to_dict()
        data["model"] = None if result.path != "model" else assistant.agent.model.name
        print(json_safe(json.dumps(data, indent=2, ensure_ascii=False)))
    else:
        _print_result(result, "".join(streamed))
    if result.refused:
        return ExitStatus.REFUSED
    return ExitStatus.FAILURE if result.failed else ExitStatus.OK


def _pick_session(assistant: Assistant, args: argparse.Namespace) -> Any:
    if args.session:
        session = assistant.sessions.load(args.session)
        if session is None:
            raise UsageError(f"no conversation with id '{args.session}' (see `botpsy sessions`)")
        return session
    if args.cont:
        return assistant.sessions.last()
    return None


_MARKS = {"ok": "✓", "error": "✗", "skipped": "·"}


def _print_result(result: RunResult, streamed: str) -> None:
    from assistant.safetext import printable

    if streamed.strip():
        if not streamed.strip().startswith(result.reply.strip()):
            print(f"\n{printable(result.reply)}" if result.reply else "")
        else:
            print()
    else:
        print(printable(result.reply))
    for call in result.calls:
        if result.path != "model" or (call.summary and call.summary in result.reply):
            continue
        text = printable(call.summary or call.result)
        print(f"{_MARKS.get(call.outcome, '·')} {call.tool} ({call.decision}): {text}")
    timing = result.timings.get("total", 0.0)
    how = {"intent": f"local intent {result.intent}", "followup": f"local intent {result.intent}",
           "declined": "botpsy (no installed tool does that)"}.get(result.path, "the model")  # fmt: skip
    print(f"(answered by {how} in {timing:.2f} s)", file=sys.stderr)


# -- subcommands -------------------------------------------------------------------------------
def _loaded(config: Config) -> Any:
    from assistant.clock import Clock
    from assistant.hookspecs import PluginContext
    from assistant.plugins import load_plugins

    return load_plugins(PluginContext(config, Clock.for_user(config.timezone)))


def _tools(config: Config, args: argparse.Namespace) -> int:
    from assistant.policy import grant_name  # the name `[policy] allow` uses (MCP: SERVER:TOOL)

    loaded = _loaded(config)
    if args.json:
        print(
            json.dumps(
                [
                    {
                        "name": t.name,
                        "allow_name": grant_name(t),
                        "plugin": t.plugin,
                        "effect": str(t.effect),
                        "description": t.description,
                        "parameters": t.parameters,
                    }
                    for t in loaded.tools
                ],
                indent=2,
            )
        )
        return ExitStatus.OK
    for tool in loaded.tools:
        params = ", ".join(
            p + ("" if p in tool.parameters.get("required", []) else "?")
            for p in tool.parameters.get("properties", {})
        )
        grant = grant_name(tool)
        allow = f" · allow as {grant}" if grant != tool.name else ""
        print(
            f"{tool.name}({params})\n    {tool.plugin} · {tool.effect}{allow} · {tool.description}"
        )
    if not len(loaded.tools):
        print("no tools installed")
    return ExitStatus.OK


def _log(config: Config, args: argparse.Namespace) -> int:
    from assistant.audit import AuditLog
    from assistant.safetext import json_safe, one_line

    audit = AuditLog(config.data_dir / "audit.sqlite3")
    entries = audit.recent(args.limit)
    audit.close()
    if args.json:
        print(json_safe(json.dumps([e.__dict__ for e in entries], indent=2, ensure_ascii=False)))
        return ExitStatus.OK
    if not entries:
        print("no tool calls yet")
    for e in entries:
        arguments = ", ".join(f"{k}={v!r}" for k, v in e.arguments.items())
        print(one_line(f"{e.time}  {e.decision:<8} {e.outcome:<7} {e.tool}({arguments})"))
        if e.pinned:  # which event, message or file it acted on, not only how it was asked
            on = ", ".join(f"{k}={json.dumps(v, ensure_ascii=False)}" for k, v in e.pinned.items())
            print(f"    on: {one_line(on, 300)}")
        if e.summary:
            print(f"    {one_line(e.summary.splitlines()[0])}")
    return ExitStatus.OK


def _sessions(config: Config, args: argparse.Namespace) -> int:
    from assistant.conversation import SessionStore
    from assistant.safetext import one_line

    store = SessionStore(config.data_dir / "conversations.sqlite3")
    sessions = store.list(args.limit)
    store.close()
    if args.json:
        print(json.dumps([{"id": s.id, "title": s.title, "updated": s.updated,
                           "taint": s.taint or None} for s in sessions]))  # fmt: skip
        return ExitStatus.OK
    for s in sessions:
        mark = "  [holds text others wrote]" if s.taint else ""
        print(one_line(f"{s.id}  {s.updated}  {s.title}{mark}"))
    if not sessions:
        print("no conversations yet")
    return ExitStatus.OK
