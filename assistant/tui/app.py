"""The botpsy terminal app: a transcript, an input, streaming replies, tool lines and approvals.

The agent runs in a thread worker; its events reach the UI through
`call_from_thread`. A sensitive call opens a modal whose answer goes back to
the worker, which waits for it. The core knows nothing of Textual.
"""

from __future__ import annotations

import threading
from typing import Any, ClassVar

from textual import work
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Footer, Header, Input, Markdown, Static

from assistant.agent import AgentEvent, CallFinished, StatusChanged, TextDelta
from assistant.app import Assistant, build_assistant
from assistant.config import Config
from assistant.models.base import Model
from assistant.policy import Approval, ApprovalRequest


class ApprovalScreen(ModalScreen[bool]):
    """Shows exactly what a sensitive call will do; dismisses with the user's yes or no."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "answer(True)", "Approve"),
        Binding("n,escape", "answer(False)", "Deny"),
    ]

    def __init__(self, request: ApprovalRequest) -> None:
        super().__init__()
        self.request = request

    def compose(self) -> ComposeResult:
        """The question, the resolved arguments and two buttons."""
        lines = "\n".join(f"  {k}: {v}" for k, v in self.request.arguments.items())
        with Vertical(id="approval"):
            yield Static(
                f"botpsy wants to {self.request.preview}", id="approval-title", markup=False
            )
            yield Static(
                f"{self.request.tool} ({self.request.effect}): {self.request.reason}\n{lines}",
                markup=False,
            )
            with Horizontal():
                yield Button("Approve (y)", variant="success", id="approve")
                yield Button("Deny (n)", variant="error", id="deny")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """A button answers."""
        self.dismiss(event.button.id == "approve")

    def action_answer(self, approved: bool) -> None:
        """A key answers."""
        self.dismiss(approved)


class TuiApprover:
    """Asks through the modal from the agent's worker thread and waits for the answer."""

    def __init__(self, app: BotpsyApp) -> None:
        self.app = app

    def approve(self, request: ApprovalRequest) -> Approval:
        """Open the modal on the UI thread; block this worker until it closes."""
        done = threading.Event()
        answer: list[bool] = []

        def finished(result: bool | None) -> None:
            answer.append(bool(result))
            done.set()

        self.app.call_from_thread(self.app.push_screen, ApprovalScreen(request), finished)
        done.wait()
        return Approval(answer[0])


class BotpsyApp(App[None]):
    """The assistant window."""

    TITLE = "botpsy"
    CSS_PATH = "app.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Cancel reply", id="cancel"),
        Binding("ctrl+n", "new_session", "New conversation", id="new"),
        Binding("ctrl+q", "quit", "Quit", id="quit"),
    ]

    def __init__(
        self, config: Config, model: Model | None = None, model_override: str | None = None
    ) -> None:
        super().__init__()
        self.config = config
        self.assistant: Assistant = build_assistant(
            config, TuiApprover(self), model=model, model_override=model_override
        )
        self.session: Any = None
        self._reply: Markdown | None = None
        self._reply_text = ""

    def compose(self) -> ComposeResult:
        """Header, transcript, status line, input, footer."""
        yield Header()
        yield VerticalScroll(id="transcript")
        yield Static("ready", id="status")
        yield Input(placeholder='Ask botpsy, e.g. "add dentist Friday 3pm"', id="prompt")
        yield Footer()

    def on_mount(self) -> None:
        """Keep the newest message in view; typing goes straight to the input."""
        self.query_one("#transcript", VerticalScroll).anchor()
        self.query_one("#prompt", Input).focus()

    async def on_input_submitted(self, event: Input.Submitted) -> None:
        """Send the request to the agent."""
        text = event.value.strip()
        if not text:
            return
        event.input.value = ""
        transcript = self.query_one("#transcript", VerticalScroll)
        await transcript.mount(Static(f"> {text}", classes="user", markup=False))
        self._reply_text = ""
        self._reply = Markdown("", classes="reply")
        await transcript.mount(self._reply)
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
        self.call_from_thread(self.show_reply, result.reply, result.path)

    def show_event(self, event: AgentEvent) -> None:
        """Stream text, show tool outcomes and the current state."""
        status = self.query_one("#status", Static)
        if isinstance(event, TextDelta) and self._reply is not None:
            self._reply_text += event.text
            self._reply.update(self._reply_text)
        elif isinstance(event, CallFinished):
            record = event.record
            line = f"[{record.decision}] {record.tool}: {record.summary or record.result}"
            self.query_one("#transcript", VerticalScroll).mount(
                Static(line, classes="tool", markup=False)
            )
        elif isinstance(event, StatusChanged):
            status.update(event.status)

    def show_reply(self, reply: str, path: str) -> None:
        """The final reply replaces the streamed text."""
        if self._reply is not None:
            self._reply.update(reply)
        self.query_one("#status", Static).update(f"ready · answered by {path}")

    def show_error(self, message: str) -> None:
        """A failure, in the status line and the transcript."""
        self.query_one("#status", Static).update(f"error: {message}")
        if self._reply is not None:
            self._reply.update(f"**Error:** {message}")

    def action_cancel(self) -> None:
        """Stop the current reply."""
        self.assistant.agent.cancel()

    async def action_new_session(self) -> None:
        """Start a new conversation."""
        self.session = None
        await self.query_one("#transcript", VerticalScroll).remove_children()
        self.query_one("#status", Static).update("new conversation")

    def on_unmount(self) -> None:
        """Free the model and the databases."""
        self.assistant.agent.cancel()
        self.assistant.close()


def run_tui(config: Config, model_override: str | None = None) -> int:
    """Open the app; returns the exit status."""
    BotpsyApp(config, model_override=model_override).run()
    return 0
