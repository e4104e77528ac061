"""The first time the model is needed and none was chosen, the user is offered the choice.

The starter model works offline at once but is weak at tool calling; BotPsy is
the real thing but has to be downloaded. A face (CLI or app) shows the options;
the choice is remembered (`botpsy model use`) so it is asked only once. Without
a terminal nothing is asked or remembered: the starter runs and a hint says how
to choose.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from assistant.config import Config
from assistant.errors import BotpsyError

STARTER = "starter"
HINT = (
    "botpsy: using the bundled starter model (offline, weak at tool calling); "
    "`botpsy model list` shows better ones, `botpsy model pull botpsy-q4 --use` gets BotPsy"
)


@dataclass
class ModelOption:
    """One model the user may pick."""

    name: str
    description: str
    ready: bool  # bundled or downloaded: no wait


Chooser = Callable[[list[ModelOption]], str | None]  # None: not now (use the starter)


def needs_choice(config: Config) -> bool:
    """True when the local model would be the starter only because nobody chose one."""
    if config.model.backend != "llama-cpp" or config.model.path:
        return False
    from assistant.models.manager import ModelStore

    return ModelStore(config).active() == ""


def model_options(config: Config) -> list[ModelOption]:
    """The starter first, then the catalogue (downloaded ones marked ready)."""
    from assistant.models.manager import ModelStore, catalogue

    installed = ModelStore(config).installed()
    found = []
    for name, entry in catalogue(config).items():
        found.append(ModelOption(name, entry.description, entry.bundled or name in installed))
    return sorted(found, key=lambda o: (o.name != STARTER, not o.ready))


def apply_choice(config: Config, name: str, report: Callable[[str], None]) -> None:
    """Make `name` the default, downloading it first if needed; a failed download keeps the starter."""
    from assistant.models.manager import ModelStore, catalogue, pull

    store = ModelStore(config)
    entry = catalogue(config).get(name)
    if entry is None or entry.bundled:
        store.use(STARTER)
        report("botpsy: the starter model is the default now (`botpsy model use NAME` changes it)")
        return
    if name not in store.installed():
        try:
            pull(entry, store)
        except BotpsyError as exc:
            report(f"botpsy: could not download {name}: {exc}; using the starter model for now")
            return
    store.use(name)
    report(f"botpsy: {name} is the default model now")
