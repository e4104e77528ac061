"""Settings and paths.

Configuration is TOML in the platform's user config dir (or `BOTPSY_CONFIG`, or
`--config`). It never holds a secret: those live in the OS keyring.
"""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from assistant.errors import ConfigError

APP_NAME = "botpsy"


def config_path(explicit: str | os.PathLike[str] | None = None) -> Path:
    """The config file to read: `--config`, then `BOTPSY_CONFIG`, then the platform default."""
    if explicit:
        return Path(explicit).expanduser()
    if env := os.environ.get("BOTPSY_CONFIG"):
        return Path(env).expanduser()
    from platformdirs import user_config_path

    return user_config_path(APP_NAME) / "config.toml"


def default_data_dir() -> Path:
    """Where conversations, the audit log and local stores live."""
    if env := os.environ.get("BOTPSY_DATA_DIR"):
        return Path(env).expanduser()
    from platformdirs import user_data_path

    return user_data_path(APP_NAME)


@dataclass
class ModelSettings:
    """Which model to run and how."""

    backend: str = "llama-cpp"  # or "openai" for an OpenAI-compatible server
    path: str = ""  # a GGUF file; empty means the bundled starter model
    url: str = ""  # base URL of an OpenAI-compatible server
    name: str = ""  # model name sent to that server
    context: int = 8192
    threads: int = 0  # 0: the cores this process may use
    max_tokens: int = 384
    temperature: float | None = None  # None: the GGUF's sampling defaults, then the family's
    thinking: bool = False
    prompt_cache: bool = True  # keep the system prompt and tools' state on disk
    extra_buffers: bool = False  # llama.cpp AMX/repack buffers; crash on some VMs, see llama_cpp.py


@dataclass
class AgentSettings:
    """Limits of one request."""

    max_turns: int = 6
    intents: bool = True
    call_strategy: str = "auto"  # auto, model (it decides) or assisted (see assistant/assisted/)
    # Tools offered per request. 0 (auto): every tool when the model decides by itself and they
    # fit its context with room to spare (one stable prefix, cached once: each request then
    # processes only its own words), else the AUTO_SELECTED most relevant.
    max_tools: int = 0


@dataclass
class PolicySettings:
    """The user's rules on top of the tools' declared effects."""

    allow: list[str] = field(default_factory=list)  # tools that never ask
    ask: list[str] = field(default_factory=list)  # tools that always ask
    deny: list[str] = field(default_factory=list)  # tools that never run


@dataclass
class Config:
    """All settings, as read from the config file with defaults filled in."""

    path: Path | None = None
    timezone: str = ""
    data_dir: Path = field(default_factory=default_data_dir)
    model: ModelSettings = field(default_factory=ModelSettings)
    agent: AgentSettings = field(default_factory=AgentSettings)
    policy: PolicySettings = field(default_factory=PolicySettings)
    plugins: dict[str, dict[str, Any]] = field(default_factory=dict)
    catalogue: dict[str, dict[str, Any]] = field(default_factory=dict)
    mcp: dict[str, Any] = field(default_factory=dict)  # `[mcp.servers.NAME]`, for the MCP plugin

    def plugin(self, name: str) -> dict[str, Any]:
        """The `[plugins.NAME]` table (empty when absent)."""
        return self.plugins.get(name, {})


_SECRET_KEYS = ("password", "passwd", "secret", "token", "api_key", "apikey")


def _fill(target: Any, table: dict[str, Any], where: str) -> None:
    """Copy known keys of a TOML table onto a settings dataclass, checking types."""
    for key, value in table.items():
        if not hasattr(target, key):
            raise ConfigError(f"{where}: unknown setting '{key}'")
        current = getattr(target, key)
        expected = type(current) if current is not None else (int, float)
        if isinstance(current, bool) and not isinstance(value, bool):
            raise ConfigError(f"{where}.{key}: expected true or false, got {value!r}")
        if isinstance(current, float | int) and not isinstance(current, bool):
            expected = (int, float)
        if not isinstance(value, expected):
            raise ConfigError(f"{where}.{key}: expected {_type_name(current)}, got {value!r}")
        setattr(target, key, value)


def _type_name(value: Any) -> str:
    return {
        bool: "true/false",
        int: "a number",
        float: "a number",
        str: "text",
        list: "a list",
    }.get(type(value), "a number")


def _names_a_secret(key: str) -> bool:
    """`password`, `api_key`, `smtp_password`, `token`: yes; `max_tokens`: no."""
    parts = key.lower().replace("-", "_").split("_")
    joined = key.lower().replace("-", "_")
    return any(
        word in parts or joined.endswith("_" + word) or joined == word for word in _SECRET_KEYS
    )


def _reject_secrets(table: dict[str, Any], where: str) -> None:
    for key, value in table.items():
        if isinstance(value, dict):
            _reject_secrets(value, f"{where}.{key}")
        elif _names_a_secret(key):
            raise ConfigError(
                f"{where}.{key}: secrets do not belong in the config file; "
                "botpsy keeps them in the OS keyring"
            )


def load_config(explicit: str | os.PathLike[str] | None = None) -> Config:
    """Read the config file; a missing default file means all defaults."""
    path = config_path(explicit)
    config = Config(path=path)
    if not path.exists():
        if explicit or os.environ.get("BOTPSY_CONFIG"):
            raise ConfigError(f"config file not found: {path}")
        return config
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"cannot read {path}: {exc}") from None
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{path} is not valid TOML: {exc}") from None
    _reject_secrets(raw, path.name)
    sections = {"model": config.model, "agent": config.agent, "policy": config.policy}
    for key, value in raw.items():
        if key in sections:
            if not isinstance(value, dict):
                raise ConfigError(f"{path.name}: [{key}] must be a table")
            _fill(sections[key], value, key)
        elif key in ("plugins", "catalogue"):
            if not isinstance(value, dict) or not all(isinstance(v, dict) for v in value.values()):
                raise ConfigError(f"{path.name}: [{key}.NAME] entries must be tables")
            setattr(config, key, value)
        elif key == "mcp":
            if not isinstance(value, dict):
                raise ConfigError(f"{path.name}: [mcp] must be a table")
            config.mcp = value
        elif key == "timezone":
            if not isinstance(value, str):
                raise ConfigError(f"timezone: expected text like 'Europe/Berlin', got {value!r}")
            config.timezone = value
        elif key == "data_dir":
            config.data_dir = Path(str(value)).expanduser()
        else:
            raise ConfigError(f"{path.name}: unknown setting '{key}'")
    return config
