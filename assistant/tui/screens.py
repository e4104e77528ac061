"""Modal screens: approvals, conversations, tools and the key map. Each dismisses with a typed result."""

from __future__ import annotations

import re
from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, DataTable, Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from assistant.accounts import Account, AccountField, AccountKind
from assistant.conversation import Session
from assistant.models.first_run import ModelOption
from assistant.policy import Approval, ApprovalRequest, Remember
from assistant.safetext import hidden_named, one_line, printable, visible
from assistant.tools import Tool


class ApprovalScreen(ModalScreen[Approval]):
    """Shows exactly what a sensitive call will do; the arguments can be edited before approving."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+y", "answer('once')", "Approve once", id="approve"),
        Binding("ctrl+s", "answer('session')", "Allow for session", id="session"),
        Binding("ctrl+a", "answer('always')", "Always allow", id="always"),
        Binding("escape", "answer('deny')", "Deny", id="deny"),
    ]

    def __init__(self, request: ApprovalRequest) -> None:
        super().__init__()
        self.request = request

    def compose(self) -> ComposeResult:
        """The question, why it is asked, each argument in an editable field, and the choices."""
        with Vertical(id="approval"):
            if self.request.live:
                yield Static(
                    "Careful: this conversation holds text others wrote.",
                    id="approval-warning",
                    markup=False,
                )
            yield Static(
                f"botpsy wants to {printable(hidden_named(self.request.preview))}",
                id="approval-title",
                markup=False,
            )
            yield Static(
                one_line(f"{self.request.tool} ({self.request.effect}): {self.request.reason}"),
                classes="muted",
                markup=False,
            )
            for number, (key, value) in enumerate(self.request.arguments.items()):
                with Horizontal(classes="argument"):
                    yield Label(one_line(str(key)), classes="argument-name", markup=False)
                    yield Input(  # hidden characters named: what is approved is what is sent
                        visible(str(value)), id=_field(key, number), classes="argument-value"
                    )
            with Horizontal(id="approval-buttons"):
                yield Button("Approve once", variant="success", id="once")
                if not self.request.live:  # a yes under taint is never remembered
                    yield Button("For this session", id="session")
                    yield Button("Always", id="always")
                yield Button("Deny", variant="error", id="deny")

    def on_mount(self) -> None:
        """Focus the safe choice: a stray Enter never approves."""
        self.query_one("#deny", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """A button answers."""
        self.action_answer(event.button.id or "deny")

    def action_answer(self, choice: str) -> None:
        """Dismiss with the choice and any edited arguments."""
        if choice == "deny":
            self.dismiss(Approval(False, note="the user declined"))
            return
        if self.request.live:
            choice = "once"
        edited: dict[str, Any] = {}
        changed = False
        for number, (key, value) in enumerate(self.request.arguments.items()):
            text = self.query_one(f"#{_field(key, number)}", Input).value
            kept = text == visible(str(value))  # untouched: the value itself (None, lines)
            changed = changed or not kept
            edited[key] = value if kept else text
        self.dismiss(Approval(True, Remember(choice), edited if changed else None))


def _field(key: str, number: int) -> str:
    """The id of an argument's field: its name when that is a valid id, else its place.

    An MCP server's parameter may be called "user.name", which no widget id may hold.
    """
    name = f"arg-{key}"
    return name if re.fullmatch(r"[\w-]+", name, re.ASCII) else f"arg{number}"


class SessionsScreen(ModalScreen[str | None]):
    """Saved conversations: resume one, start a new one, delete one."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "dismiss(None)", "Close", id="close"),
        Binding("delete,d", "delete", "Delete", id="delete"),
        Binding("n", "new", "New", id="new"),
    ]

    def __init__(self, sessions: list[Session], on_delete: Any) -> None:
        super().__init__()
        self.sessions = sessions
        self.on_delete = on_delete

    def compose(self) -> ComposeResult:
        """A list, newest first."""
        with Vertical(id="sessions"):
            yield Static(
                "Conversations (Enter resumes, d deletes, n starts a new one)", classes="title"
            )
            # Plain text: a title like "fix [/b]" or "[@click=app.quit]" is shown, not parsed.
            yield OptionList(*[Option(Text(f"{s.updated[:16].replace('T', ' ')}  "
                                           f"{one_line(s.title, 200) or '(empty)'}"), id=s.id)
                               for s in self.sessions], id="session-list")  # fmt: skip

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """Resume the chosen conversation."""
        self.dismiss(event.option.id)

    def action_new(self) -> None:
        """Start a new conversation."""
        self.dismiss("")

    def action_delete(self) -> None:
        """Delete the highlighted conversation."""
        options = self.query_one(OptionList)
        if options.highlighted is None:
            return
        option = options.get_option_at_index(options.highlighted)
        if option.id:
            self.on_delete(option.id)
            options.remove_option(option.id)


class ModelScreen(ModalScreen[str | None]):
    """Pick the model: the bundled starter, a downloaded one, or one to download."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "dismiss(None)", "Not now", id="close"),
    ]

    def __init__(self, options: list[ModelOption], current: str, first_run: bool = False) -> None:
        super().__init__()
        self.options = options
        self.current = current
        self.first_run = first_run

    def compose(self) -> ComposeResult:
        """One line per model: name, ready or to download, and what it is."""
        title = (
            "No model chosen yet: which one should botpsy use? (Enter picks, Esc: the starter for now)"
            if self.first_run
            else "Models (Enter switches; one to download is fetched first)"
        )
        with Vertical(id="models"):
            yield Static(title, classes="title", markup=False)
            yield OptionList(
                *[
                    Option(
                        f"{'*' if o.name == self.current else ' '} {o.name:<12} "
                        f"{'ready' if o.ready else 'download':<9} {o.description}",
                        id=o.name,
                    )
                    for o in self.options
                ],
                id="model-list",
            )

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """Pick the model."""
        self.dismiss(event.option.id)


class AccountsScreen(ModalScreen[str | None]):
    """The configured accounts; add one (of any kind a plugin offers) or remove one."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "dismiss(None)", "Close", id="close"),
        Binding("delete,d", "remove", "Remove", id="remove"),
    ]

    def __init__(self, accounts: list[Account], kinds: list[str], on_remove: Any) -> None:
        super().__init__()
        self.accounts = accounts
        self.kinds = kinds
        self.on_remove = on_remove

    def compose(self) -> ComposeResult:
        """The accounts, then one button per kind to add."""
        with Vertical(id="accounts"):
            yield Static(
                "Accounts (d removes the highlighted one and its password)", classes="title"
            )
            yield OptionList(
                *[
                    Option(
                        Text(
                            f"{a.name:<12} {a.kind:<9} {a.get('user')} at "
                            f"{a.get('url') or a.get('imap') or a.get('address')}"
                        ),
                        id=a.name,
                    )
                    for a in self.accounts
                ],
                id="account-list",
            )
            with Horizontal(id="account-buttons"):
                for kind in self.kinds:
                    yield Button(f"Add {kind}", id=f"add-{kind}")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """Add an account of that kind."""
        self.dismiss((event.button.id or "").removeprefix("add-"))

    def action_remove(self) -> None:
        """Remove the highlighted account."""
        options = self.query_one(OptionList)
        if options.highlighted is None:
            return
        option = options.get_option_at_index(options.highlighted)
        if option.id:
            self.on_remove(option.id)
            options.remove_option(option.id)


class AccountFormScreen(ModalScreen[dict[str, str] | None]):
    """The questions `botpsy account add KIND` asks, as a form; the password field is hidden."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "dismiss(None)", "Cancel", id="cancel"),
        Binding("ctrl+s", "submit", "Check and add", id="submit"),
    ]

    def __init__(self, kind: AccountKind) -> None:
        super().__init__()
        self.kind = kind

    def compose(self) -> ComposeResult:
        """One labelled input per field."""
        with VerticalScroll(id="account-form"):
            yield Static(
                f"Add a {self.kind.kind} account: {self.kind.summary}",
                classes="title",
                markup=False,
            )
            fields = [
                AccountField("name", "Account name", default=self.kind.kind),
                *self.kind.fields,
            ]
            if self.kind.choice is not None:
                fields.append(self.kind.choice)
            for item in fields:
                with Horizontal(classes="argument"):
                    yield Label(item.prompt, classes="argument-name")
                    yield Input(
                        item.default, placeholder=item.help or item.prompt, id=f"field-{item.name}"
                    )
            with Horizontal(classes="argument"):
                yield Label("Password", classes="argument-name")
                yield Input(
                    password=True, placeholder="stored in the OS keyring only", id="field-password"
                )
            with Horizontal(id="approval-buttons"):
                yield Button("Check and add", variant="success", id="submit")
                yield Button("Cancel", id="cancel")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """Submit or cancel."""
        if event.button.id == "submit":
            self.action_submit()
        else:
            self.dismiss(None)

    def action_submit(self) -> None:
        """Hand the answers back (checked against the server by the app, off the UI thread)."""
        values = {
            widget.id.removeprefix("field-"): widget.value.strip()
            for widget in self.query(Input).results(Input)
            if widget.id
        }
        self.dismiss(values)


class ToolsScreen(ModalScreen[None]):
    """Installed tools: their plugin, effect, and whether they run, ask or are denied."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "dismiss(None)", "Close", id="close")
    ]

    def __init__(self, tools: list[Tool], status: dict[str, str]) -> None:
        super().__init__()
        self.tools = tools
        self.status = status

    def compose(self) -> ComposeResult:
        """One row per tool."""
        with Vertical(id="tools"):
            yield Static("Installed tools", classes="title")
            yield DataTable(id="tool-table", cursor_type="row")

    def on_mount(self) -> None:
        """Fill the table."""
        table = self.query_one(DataTable)
        table.add_columns("tool", "plugin", "effect", "policy", "what it does")
        for tool in self.tools:  # plain text: a plugin's "[link=...]" is shown, not rendered
            cells = (tool.name, tool.plugin, str(tool.effect), self.status.get(tool.name, ""),
                     one_line(tool.description, 300))  # fmt: skip
            table.add_row(*(Text(cell) for cell in cells))


class HelpScreen(ModalScreen[None]):
    """The key map."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,f1", "dismiss(None)", "Close", id="close")
    ]

    KEYS = (
        ("Enter", "send the request"),
        ("Up / Down", "earlier requests"),
        ("Escape", "stop the reply being written"),
        ("Ctrl+N", "new conversation"),
        ("Ctrl+O", "open a saved conversation"),
        ("Ctrl+T", "installed tools"),
        ("F2", "choose or switch the model"),
        ("F3", "accounts: add or remove calendar and mail accounts"),
        ("F1", "this help"),
        ("Ctrl+Q", "quit"),
        ("In an approval", "Ctrl+Y once · Ctrl+S for this session · Ctrl+A always · Escape deny; "
                           "arguments can be edited first"),
    )  # fmt: skip

    def compose(self) -> ComposeResult:
        """Keys and what they do."""
        with VerticalScroll(id="help"):
            yield Static("Keys", classes="title")
            for key, what in self.KEYS:
                yield Static(f"{key:<16} {what}", markup=False)
