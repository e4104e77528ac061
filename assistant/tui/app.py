"""The botpsy terminal app: a transcript, an input, streaming replies, tool cards and approvals.

The agent runs in a thread worker; its events reach the UI through
`call_from_thread`. A sensitive call opens a modal whose answer goes back to
the worker, which waits for it. The core knows nothing of Textual.
"""

from __future__ import annotations

import os
import threading
import time
from typing import Any, ClassVar

from textual import work
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.markup import escape
from textual.widgets import Collapsible, Footer, Header, Input, Markdown, Static

from assistant.agent import (
    AgentEvent,
    CallFinished,
    CallRecord,
    RunResult,
    StatusChanged,
    TextDelta,
)
from assistant.app import Assistant, build_assistant
from assistant.config import Config
from assistant.conversation import Session
from assistant.models.base import Model
from assistant.models.first_run import ModelOption
from assistant.policy import Approval, ApprovalRequest, Decision
from assistant.safetext import one_line, printable
from assistant.tui.screens import (
    AccountFormScreen,
    AccountsScreen,
    ApprovalScreen,
    HelpScreen,
    ModelScreen,
    SessionsScreen,
    ToolsScreen,
)

_MARKS = {"ok": "✓", "error": "✗", "skipped": "·"}


class HistoryInput(Input):
    """An input that remembers what was sent; Up and Down walk through it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "older", "Earlier request", show=False),
        Binding("down", "newer", "Later request", show=False),
    ]

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.history: list[str] = []
        self.position = 0

    def remember(self, text: str) -> None:
        """Add a sent request."""
        if text and (not self.history or self.history[-1] != text):
            self.history.append(text)
        self.position = len(self.history)

    def action_older(self) -> None:
        """Show the previous request."""
        if self.history and self.position > 0:
            self.position -= 1
            self.value = self.history[self.position]
            self.cursor_position = len(self.value)

    def action_newer(self) -> None:
        """Show the next request, or an empty line after the last."""
        if self.position < len(self.history):
            self.position += 1
            self.value = self.history[self.position] if self.position < len(self.history) else ""
            self.cursor_position = len(self.value)


class ToolCard(Collapsible):
    """One tool call: tool, decision, outcome and time in the title; arguments and result inside."""

    def __init__(self, record: CallRecord) -> None:
        mark = _MARKS.get(record.outcome, "·")
        summary = (
            (record.summary or record.result).splitlines()[0]
            if (record.summary or record.result)
            else ""
        )
        title = one_line(
            f"{mark} {record.tool} · {record.decision} · {record.seconds:.2f}s · {summary}", 160
        )
        arguments = "\n".join(f"{k}: {v}" for k, v in record.arguments.items()) or "(no arguments)"
        body = Static(
            printable(f"{arguments}\n\n{record.result}"), markup=False, classes="card-body"
        )
        # A title is rendered as markup: what a mail or a page wrote must show as written.
        super().__init__(
            body, title=escape(title), collapsed=True, classes=f"tool {record.outcome}"
        )
        self.record = record


class TuiApprover:
    """Asks through the modal from the agent's worker thread and waits for the answer."""

    def __init__(self, app: BotpsyApp) -> None:
        self.app = app
        self.closing = threading.Event()  # set when the app quits: a pending question is denied

    def approve(self, request: ApprovalRequest) -> Approval:
        """Open the modal on the UI thread; block this worker until it closes (or the app does)."""
        done = threading.Event()
        answer: list[Approval] = []

        def finished(result: Approval | None) -> None:
            answer.append(result or Approval(False))
            done.set()

        if self.closing.is_set():
            return Approval(False, note="the app was closing")
        try:
            self.app.call_from_thread(self.app.push_screen, ApprovalScreen(request), finished)
        except RuntimeError:  # the app is no longer running
            return Approval(False, note="the app was closing")
        while not done.wait(0.1):
            if self.closing.is_set():
                return Approval(False, note="the app was closing")
        return answer[0]


class TuiModelChooser:
    """The first-run model choice, asked through the model picker from the worker thread."""

    def __init__(self, app: BotpsyApp) -> None:
        self.app = app

    def __call__(self, options: list[ModelOption]) -> str | None:
        """Open the picker on the UI thread; block this worker until it closes."""
        done = threading.Event()
        answer: list[str | None] = []

        def finished(result: str | None) -> None:
            answer.append(result)
            done.set()

        screen = ModelScreen(options, "", first_run=True)
        try:
            self.app.call_from_thread(self.app.push_screen, screen, finished)
        except RuntimeError:  # the app is no longer running
            return None
        while not done.wait(0.1):
            if self.app.approver.closing.is_set():
                return None
        return answer[0]


class BotpsyApp(App[None]):
    """The assistant window."""

    TITLE = "botpsy"
    CSS_PATH = "app.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Stop reply", id="cancel"),
        Binding("ctrl+n", "new_session", "New", id="new"),
        Binding("ctrl+o", "sessions", "Conversations", id="sessions"),
        Binding("ctrl+t", "tools", "Tools", id="tools"),
        Binding("f2", "models", "Model", id="models"),
        Binding("f3", "accounts", "Accounts", id="accounts"),
        Binding("f1", "help", "Keys", id="help"),
        Binding("ctrl+q", "quit", "Quit", id="quit"),
    ]

    def __init__(
        self, config: Config, model: Model | None = None, model_override: str | None = None
    ) -> None:
        super().__init__()
        self.config = config
        self.approver = TuiApprover(self)
        self.assistant: Assistant = build_assistant(
            config,
            self.approver,
            model=model,
            model_override=model_override,
            chooser=TuiModelChooser(self),
        )
        self.session: Session | None = None
        self._reply: Markdown | None = None
        self._reply_text = ""
        self.model_state = "model not loaded yet"

    def compose(self) -> ComposeResult:
        """Header, transcript, status line, input, footer."""
        yield Header()
        yield VerticalScroll(id="transcript")
        yield Static("", id="status", markup=False)
        yield HistoryInput(placeholder='Ask botpsy, e.g. "add dentist Friday 3pm"', id="prompt")
        yield Footer()

    def on_mount(self) -> None:
        """Keep the newest message in view; typing goes straight to the input."""
        self.query_one("#transcript", VerticalScroll).anchor()
        self.query_one("#prompt", HistoryInput).focus()
        self.set_status("ready")
        if self.assistant.service("file_index") is not None:
            self.keep_index_fresh()

    @work(thread=True, exclusive=False, group="index", description="Indexing files")
    def keep_index_fresh(self) -> None:
        """Catch the file index up in the background, showing progress, then follow changes."""
        index: Any = self.assistant.service("file_index")
        shown = [0.0]

        def progress(done: int, total: int) -> None:
            if time.monotonic() - shown[0] > 0.5 or done == total:
                shown[0] = time.monotonic()
                self.call_from_thread(self.set_status, f"indexing files {done}/{total}")

        try:
            report = index.catch_up(progress)
            index.watch()
        except Exception as exc:  # the app works without an index
            self.call_from_thread(self.set_status, f"file index unavailable: {exc}")
            return
        if report.added or report.updated or report.removed:
            self.call_from_thread(
                self.set_status, f"files indexed ({report.added + report.updated} new or changed)"
            )

    def set_status(self, state: str) -> None:
        """What the assistant is doing, and the model's state."""
        name = getattr(self.assistant.agent._model, "name", None) or "model"
        model = name.removesuffix(".gguf")[:28]
        self.query_one("#status", Static).update(f"{state} · {self.model_state} · {model}")

    async def on_input_submitted(self, event: Input.Submitted) -> None:
        """Send the request to the agent."""
        text = event.value.strip()
        if not text:
            return
        prompt = self.query_one("#prompt", HistoryInput)
        prompt.remember(text)
        prompt.value = ""
        transcript = self.query_one("#transcript", VerticalScroll)
        await transcript.mount(Static(f"> {text}", classes="user", markup=False))
        self._reply_text = ""
        self._reply = Markdown("", classes="reply", open_links=False)
        await transcript.mount(self._reply)
        self.set_status("thinking")
        self.ask(text)

    @work(thread=True, exclusive=True, description="Answering")
    def ask(self, text: str) -> None:
        """Run the agent off the UI thread."""

        def on_event(event: AgentEvent) -> None:
            self.call_from_thread(self.show_event, event)

        try:
            result = self.assistant.agent.run(text, self.session, on_event)
        except Exception as exc:  # shown, never fatal to the app
            self.call_from_thread(self.show_error, str(exc))
            return
        self.session = self.assistant.sessions.load(result.session)
        self.call_from_thread(self.show_reply, result)

    def show_event(self, event: AgentEvent) -> None:
        """Stream text, show tool cards and the current state."""
        if isinstance(event, TextDelta) and self._reply is not None:
            self._reply_text += event.text
            self._reply.update(printable(self._reply_text))  # a page may hold ESC sequences
        elif isinstance(event, CallFinished):
            transcript = self.query_one("#transcript", VerticalScroll)
            transcript.mount(ToolCard(event.record), before=self._reply)
        elif isinstance(event, StatusChanged):
            self.set_status(event.status)

    def show_reply(self, result: RunResult) -> None:
        """The final reply replaces the streamed text; the status says who answered and how fast."""
        if self._reply is not None:
            self._reply.update(printable(result.reply))
        generated = result.timings.get("generated_tokens", 0.0)
        seconds = result.timings.get("generation_seconds", 0.0)
        if generated and seconds:
            self.model_state = f"model ready, {generated / seconds:.0f} tokens/s"
        how = "a local intent" if result.path in ("intent", "followup") else "the model"
        self.set_status(f"answered by {how} in {result.timings.get('total', 0.0):.2f}s")

    def on_markdown_link_clicked(self, event: Markdown.LinkClicked) -> None:
        """A reply's link is shown, never followed: its words may hide where it leads (and what
        a page told the model to put in it); "open ADDRESS" goes through botpsy's own checks."""
        self.set_status(f"link not opened: {one_line(event.href, 200)}")

    def show_error(self, message: str) -> None:
        """A failure, in the status line and the transcript."""
        self.set_status(f"error: {one_line(message, 200)}")
        if self._reply is not None:
            self._reply.update(f"**Error:** {printable(message)}")

    def action_cancel(self) -> None:
        """Stop the current reply; the conversation stays usable."""
        self.assistant.agent.cancel()
        self.set_status("stopping")

    async def action_new_session(self) -> None:
        """Start a new conversation."""
        self.session = None
        await self.query_one("#transcript", VerticalScroll).remove_children()
        self.set_status("new conversation")

    def action_sessions(self) -> None:
        """Pick a saved conversation to resume."""
        store = self.assistant.sessions
        self.push_screen(SessionsScreen(store.list(), store.delete), self._resume)

    async def _resume(self, session_id: str | None) -> None:
        if session_id is None:
            return
        if session_id == "":
            await self.action_new_session()
            return
        session = self.assistant.sessions.load(session_id)
        if session is None:
            return
        self.session = session
        transcript = self.query_one("#transcript", VerticalScroll)
        await transcript.remove_children()
        for message in session.messages:
            if message.role == "user":
                await transcript.mount(Static(f"> {message.content}", classes="user", markup=False))
            elif message.role == "assistant" and message.content:
                reply = Markdown(printable(message.content), classes="reply", open_links=False)
                await transcript.mount(reply)
        self.set_status(f"resumed: {session.title}")

    def action_tools(self) -> None:
        """Browse installed tools and what the policy does with each."""
        policy = self.assistant.policy
        status = {}
        for tool in self.assistant.plugins.tools:
            verdict = policy.judge(tool)
            status[tool.name] = {
                Decision.RUN: "runs",
                Decision.ASK: "asks",
                Decision.REFUSE: "denied",
            }[verdict.decision]
        self.push_screen(ToolsScreen(list(self.assistant.plugins.tools), status))

    def action_models(self) -> None:
        """Switch the model from the picker."""
        from assistant.models.first_run import model_options
        from assistant.models.manager import ModelStore

        current = ModelStore(self.config).active() or "starter"
        self.push_screen(ModelScreen(model_options(self.config), current), self._switch_model)

    def _switch_model(self, name: str | None) -> None:
        if name:
            self.set_status(f"switching to {name}")
            self.switch_model(name)

    @work(thread=True, exclusive=True, description="Switching model")
    def switch_model(self, name: str) -> None:
        """Download if needed, make it the default, and free the old model (the next request loads it)."""
        from assistant.models.first_run import apply_choice

        notes: list[str] = []
        apply_choice(self.config, name, notes.append)
        self.assistant.agent.close()
        self.model_state = "model not loaded yet"
        message = notes[-1].removeprefix("botpsy: ") if notes else f"{name} chosen"
        self.call_from_thread(self.set_status, message)

    def action_accounts(self) -> None:
        """Add or remove accounts; added ones are checked against their server first."""
        from assistant.accounts import AccountBook, accounts_path

        book = AccountBook(accounts_path(self.config))
        kinds = sorted(self.assistant.plugins.account_kinds)
        self.push_screen(AccountsScreen(book.all(), kinds, book.remove), self._add_account)

    def _add_account(self, kind: str | None) -> None:
        if not kind:
            return
        account_kind = self.assistant.plugins.account_kinds[kind]

        def submitted(answers: dict[str, str] | None) -> None:
            if answers:
                self.add_account(kind, answers)

        self.push_screen(AccountFormScreen(account_kind), submitted)

    @work(thread=True, exclusive=True, group="accounts", description="Checking the account")
    def add_account(self, kind: str, answers: dict[str, str]) -> None:
        """Check the account against its server and store it (password to the keyring)."""
        from assistant.accounts import AccountBook, accounts_path, set_up_account
        from assistant.errors import BotpsyError
        from assistant.secrets import env_variable

        account_kind = self.assistant.plugins.account_kinds[kind]
        name = answers.pop("name", "") or kind
        password = answers.pop("password", "")
        wanted = answers.pop(account_kind.choice.name, "") if account_kind.choice else ""
        from_env = not password and bool(os.environ.get(env_variable(name)))
        password = password or os.environ.get(env_variable(name), "")
        settings = {f.name: answers.get(f.name, "") for f in account_kind.fields}
        settings = {
            k: v
            for k, v in settings.items()
            if v or next(f for f in account_kind.fields if f.name == k).required
        }

        def pick(choices: list[tuple[str, str]]) -> tuple[str, str]:
            for value, label in choices:
                if wanted and wanted.casefold() in (value.casefold(), label.casefold()):
                    return value, label
            return choices[0]

        self.call_from_thread(self.set_status, f"checking the {kind} account…")
        try:
            if not password:
                raise BotpsyError("no password given")
            lines = set_up_account(
                AccountBook(accounts_path(self.config)),
                account_kind,
                name,
                settings,
                password,
                pick,
                from_env,
            )
        except BotpsyError as exc:
            self.call_from_thread(
                self.notify, str(exc), title="Account not added", severity="error"
            )
            self.call_from_thread(self.set_status, f"account not added: {exc}")
            return
        self.call_from_thread(self.notify, "\n".join(lines), title="Account added")
        self.call_from_thread(self.set_status, lines[0].rstrip("."))

    def action_help(self) -> None:
        """The key map."""
        self.push_screen(HelpScreen())

    def on_unmount(self) -> None:
        """Deny a pending question, stop the reply, free the model and the databases."""
        self.approver.closing.set()
        self.assistant.agent.cancel()
        self.assistant.close()


def run_tui(config: Config, model_override: str | None = None) -> int:
    """Open the app; returns the exit status."""
    BotpsyApp(config, model_override=model_override).run()
    return 0
