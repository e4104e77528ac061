"""The names botpsy's own command line keeps for itself.

Kept apart from the CLI so the plugin loader can refuse a plugin command that would shadow a
built-in one without importing the command-line face.
"""

from __future__ import annotations

# Words the main parser reads itself (not subcommands with parsers of their own).
SUBCOMMANDS = ("tools", "log", "sessions")

# Subcommands with their own argument parsers: name -> "module:function", imported only when
# used so `botpsy --help` stays instant. Each function takes the arguments after the name.
COMMANDS: dict[str, str] = {
    "eval": "assistant.evals.cli:main",
    "model": "assistant.models.cli:main",
    "plugins": "assistant.plugin_kit.cli:main",
    "account": "assistant.accounts_cli:main",
    "bench": "assistant.bench:main",
    "mcp": "assistant.mcp_serve:main",
    "daemon": "assistant.daemon.cli:main",
    "completions": "assistant.completions:main",
}
