"""`botpsy completions bash|zsh|fish|man`: shell completions and the man page, from the CLI itself.

Nothing here lists botpsy's commands: they are read from `assistant.cli` (its
argument parser, its `COMMANDS` table, its `SUBCOMMANDS` and its `EPILOG`) and
from each command's own parser, so a new subcommand completes and is documented
without an edit here. A command module is read, in this order, through a
`parser()` function returning its `argparse.ArgumentParser`, its `USAGE` text
(`botpsy NAME ACTION [--flag ...] | ...`), or the parser its `main(["--help"])`
builds (caught before it parses, so nothing runs).
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import io
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import date

from assistant import __version__
from assistant.errors import ExitStatus

SHELLS = ("bash", "zsh", "fish")
# Options whose value is a path: the shells complete file names after them.
_PATH_DESTS = frozenset({"config", "model", "data", "path", "file", "log", "folder"})
_PATH_METAVARS = frozenset({"PATH", "FILE", "DIR", "FOLDER"})


@dataclass
class Command:
    """One command of the CLI: its words, options and subcommands."""

    name: str
    help: str = ""
    options: dict[str, str] = field(default_factory=dict)  # flag -> help
    path_options: set[str] = field(default_factory=set)  # flags that take a file name
    choices: list[str] = field(default_factory=list)  # words a positional argument takes
    subcommands: dict[str, Command] = field(default_factory=dict)
    # for the man page: ("-y, --yes" or "--model PATH", help), one per option
    documented: list[tuple[str, str]] = field(default_factory=list)

    def walk(self, key: str = "") -> Iterator[tuple[str, Command]]:
        """Every command with its key ("", "model", "model/pull"), parents first."""
        yield key, self
        for name, sub in self.subcommands.items():
            yield from sub.walk(f"{key}/{name}" if key else name)


# -- reading the CLI -----------------------------------------------------------------------
def cli_tree() -> Command:
    """The whole command tree, read from `assistant.cli` and each command's parser."""
    from assistant import cli

    root = from_parser("botpsy", cli._parser(), "")
    root.choices = []  # the request is free text
    helps = epilog_helps(cli.EPILOG)
    for name in cli.SUBCOMMANDS:
        root.subcommands[name] = Command(name, helps.get(name, ""), dict(root.options))
    for name, target in cli.COMMANDS.items():
        command = describe(name, target)
        command.help = helps.get(name, command.help)
        root.subcommands[name] = command
    for name, (run, summary) in plugin_commands().items():
        if name not in root.subcommands:
            command = _caught(name, run)
            command.help = summary or helps.get(name, command.help)
            root.subcommands[name] = command
    return root


def plugin_commands() -> dict[str, tuple[Callable[[list[str]], int], str]]:
    """The installed plugins' subcommands (`register_commands`) with their summaries.

    Read with the user's configuration; when it cannot be read, or the plugins
    cannot load, the built-in commands still complete.
    """
    try:
        from assistant import plugins
        from assistant.clock import Clock
        from assistant.config import load_config
        from assistant.hookspecs import PluginContext

        load_commands = getattr(plugins, "load_commands", None)
        if load_commands is None:
            return {}
        config = load_config(None)
        with contextlib.redirect_stderr(io.StringIO()):
            loaded = load_commands(PluginContext(config, Clock.for_user(config.timezone)))
    except Exception:
        return {}
    summaries: dict[str, str] = {}
    for plugin in getattr(loaded, "plugins", {}).values():
        summaries.update(getattr(plugin, "commands", {}))
    return {name: (run, summaries.get(name, "")) for name, run in loaded.commands.items()}


def epilog_helps(epilog: str) -> dict[str, str]:
    """`botpsy NAME ...   what it does` lines of the help's epilog, by NAME."""
    found: dict[str, str] = {}
    line = r"^\s+botpsy ([a-z][\w-]*)(?: (?:\.\.\.|[A-Z]\S*))*\s{2,}(\S[^\n]*)$"
    for match in re.finditer(line, epilog, re.M):
        found.setdefault(match.group(1), match.group(2).strip())
    return found


def from_parser(name: str, parser: argparse.ArgumentParser, help: str) -> Command:
    """A command from an argparse parser, its subparsers included."""
    command = Command(name, help or parser.description or "")
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            helps = {choice.dest: choice.help or "" for choice in action._choices_actions}
            for sub_name, sub_parser in action.choices.items():
                command.subcommands[sub_name] = from_parser(
                    sub_name, sub_parser, helps.get(sub_name, "")
                )
            continue
        if action.option_strings and action.help != argparse.SUPPRESS:
            value = "" if action.nargs == 0 else " " + str(action.metavar or action.dest.upper())
            shown = ", ".join(action.option_strings) + value
            command.documented.append((shown, "" if action.help is None else str(action.help)))
        for flag in action.option_strings:
            command.options[flag] = "" if action.help is None else str(action.help)
            if action.nargs != 0 and (
                action.dest in _PATH_DESTS or str(action.metavar) in _PATH_METAVARS
            ):
                command.path_options.add(flag)
        if not action.option_strings and action.choices:
            command.choices.extend(str(choice) for choice in action.choices)
    return command


def from_usage(name: str, usage: str) -> Command:
    """A command from a `botpsy NAME ACTION [--flag ...] | ...` usage text."""
    command = Command(name)
    for segment in re.split(r"\||\n", usage):
        words = segment.split()
        if words[:2] != ["botpsy", name]:
            continue
        flags = re.findall(r"--[a-z][\w-]*", segment)
        target = command
        if len(words) > 2 and re.fullmatch(r"[a-z][\w-]*", words[2]):
            target = command.subcommands.setdefault(words[2], Command(words[2]))
        for flag in flags:
            target.options.setdefault(flag, "")
            if flag.removeprefix("--") in _PATH_DESTS:
                target.path_options.add(flag)
    command.options.setdefault("--help", "show the usage")
    return command


class _Caught(Exception):
    """Raised in place of parsing, carrying the parser a command built."""

    def __init__(self, parser: argparse.ArgumentParser) -> None:
        super().__init__("caught")
        self.parser = parser


def describe(name: str, target: str) -> Command:
    """A `COMMANDS` entry ("module:function") as a command, read without running it."""
    module_name, _, function = target.partition(":")
    try:
        module = importlib.import_module(module_name)
    except Exception:
        return Command(name)  # a command that cannot load still completes by name
    build = getattr(module, "parser", None)
    if callable(build):
        built = build()
        if isinstance(built, argparse.ArgumentParser):
            return from_parser(name, built, "")
    usage = getattr(module, "USAGE", None)
    if isinstance(usage, str):
        return from_usage(name, usage)
    return _caught(name, getattr(module, function))


def _caught(name: str, main: object) -> Command:
    """The parser `main(["--help"])` builds, caught at its first parse; else its printed usage."""

    def catch(self: argparse.ArgumentParser, *args: object, **kwargs: object) -> object:
        raise _Caught(self)

    printed = io.StringIO()
    originals = (argparse.ArgumentParser.parse_args, argparse.ArgumentParser.parse_known_args)
    argparse.ArgumentParser.parse_args = catch  # type: ignore[method-assign,assignment]
    argparse.ArgumentParser.parse_known_args = catch  # type: ignore[method-assign,assignment]
    try:
        with contextlib.redirect_stdout(printed), contextlib.redirect_stderr(io.StringIO()):
            if callable(main):
                main(["--help"])
    except _Caught as caught:
        return from_parser(name, caught.parser, "")
    except (Exception, SystemExit):
        pass  # a command that will not describe itself still completes by name
    finally:
        argparse.ArgumentParser.parse_args, argparse.ArgumentParser.parse_known_args = originals  # type: ignore[method-assign]
    return from_usage(name, printed.getvalue())


# -- writing scripts -----------------------------------------------------------------------
def _words(command: Command) -> list[str]:
    return [*command.subcommands, *command.choices, *command.options]


def bash_script(root: Command) -> str:
    """A bash completion script (`source` it, or put it in bash-completion's completions dir)."""
    nodes = [key for key, _ in root.walk() if key]
    words = "\n".join(
        f'        "{key}") words="{" ".join(_words(command))}" ;;' for key, command in root.walk()
    )
    paths = sorted({flag for _, command in root.walk() for flag in command.path_options})
    path_case = "|".join(paths) or "--no-path-options"
    return f"""\
# bash completion for botpsy {__version__}; generated by `botpsy completions bash`.
_botpsy_node() {{
    case "$1" in
        {"|".join(f'"{key}"' for key in nodes) or '""'}) return 0 ;;
    esac
    return 1
}}

_botpsy() {{
    local cur="${{COMP_WORDS[COMP_CWORD]}}" prev="${{COMP_WORDS[COMP_CWORD-1]}}"
    local key="" next word i words=""
    case "$prev" in
        {path_case}) COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
    esac
    for ((i = 1; i < COMP_CWORD; i++)); do
        word="${{COMP_WORDS[i]}}"
        [[ "$word" == -* ]] && continue
        next="${{key:+$key/}}$word"
        if _botpsy_node "$next"; then key="$next"; else break; fi
    done
    case "$key" in
{words}
    esac
    COMPREPLY=($(compgen -W "$words" -- "$cur"))
}}
complete -o bashdefault -o default -F _botpsy botpsy
"""


def _zsh_quote(text: str) -> str:
    return "'" + text.replace("'", "'\\''") + "'"


def _zsh_item(word: str, help: str) -> str:
    return word.replace(":", "\\:") + (":" + " ".join(help.split()) if help else "")


def zsh_script(root: Command) -> str:
    """A zsh completion function (`#compdef botpsy`; put it on `$fpath` as `_botpsy`).

    Keys are "botpsy", "botpsy/model", "botpsy/model/pull": zsh has no empty key.
    """
    subs, opts, nodes = [], [], []
    for key, command in root.walk():
        name = _zsh_quote(f"botpsy/{key}" if key else "botpsy")
        nodes.append(f"    {name} 1")
        listed = [_zsh_item(n, c.help) for n, c in command.subcommands.items()]
        listed += [_zsh_item(c, "") for c in command.choices]
        subs.append(f"    {name} {_zsh_quote(chr(10).join(listed))}")
        flags = [_zsh_item(f, h) for f, h in command.options.items()]
        opts.append(f"    {name} {_zsh_quote(chr(10).join(flags))}")
    paths = sorted({flag for _, command in root.walk() for flag in command.path_options})
    return f"""\
#compdef botpsy
# zsh completion for botpsy {__version__}; generated by `botpsy completions zsh`.
typeset -gA _botpsy_node _botpsy_subs _botpsy_opts
_botpsy_node=(
{chr(10).join(nodes)}
)
_botpsy_subs=(
{chr(10).join(subs)}
)
_botpsy_opts=(
{chr(10).join(opts)}
)

_botpsy() {{
    local key=botpsy next word i
    local -a subs opts
    case "${{words[CURRENT-1]}}" in
        {"|".join(paths) or "--no-path-options"}) _files; return ;;
    esac
    for (( i = 2; i < CURRENT; i++ )); do
        word="${{words[i]}}"
        [[ "$word" == -* ]] && continue
        next="$key/$word"
        if (( ${{+_botpsy_node[$next]}} )); then key="$next"; else break; fi
    done
    subs=("${{(@f)_botpsy_subs[$key]}}")
    opts=("${{(@f)_botpsy_opts[$key]}}")
    if [[ "${{words[CURRENT]}}" == -* ]]; then
        _describe -t options option opts
    elif [[ -n "${{_botpsy_subs[$key]}}" ]]; then
        _describe -t commands command subs
    else
        _files
    fi
}}

if [[ "$funcstack[1]" == _botpsy ]]; then _botpsy "$@"; else compdef _botpsy botpsy; fi
"""


def _fish_quote(text: str) -> str:
    return "'" + text.replace("\\", "\\\\").replace("'", "\\'") + "'"


def fish_script(root: Command) -> str:
    """A fish completion file (put it in ~/.config/fish/completions/botpsy.fish)."""
    nodes = " ".join(_fish_quote(key) for key, _ in root.walk() if key)
    lines = []
    for key, command in root.walk():
        at = f"-n '__botpsy_at {_fish_quote(key)[1:-1] or chr(34) * 2}'"
        for name, sub in command.subcommands.items():
            lines.append(
                f"complete -c botpsy -f {at} -a {_fish_quote(name)} -d {_fish_quote(sub.help)}"
            )
        for choice in command.choices:
            lines.append(f"complete -c botpsy -f {at} -a {_fish_quote(choice)}")
        for flag, help in command.options.items():
            kind = "-l " + flag[2:] if flag.startswith("--") else "-s " + flag[1:]
            files = " -F" if flag in command.path_options else ""
            lines.append(f"complete -c botpsy {at} {kind}{files} -d {_fish_quote(help)}")
    return f"""\
# fish completion for botpsy {__version__}; generated by `botpsy completions fish`.
set -g __botpsy_nodes {nodes}

function __botpsy_key --description 'the botpsy command being typed, e.g. model/pull'
    set -l key ''
    for word in (commandline -opc)[2..-1]
        string match -q -- '-*' $word; and continue
        set -l next $word
        test -n "$key"; and set next "$key/$word"
        contains -- $next $__botpsy_nodes; or break
        set key $next
    end
    echo $key
end

function __botpsy_at --description 'whether the botpsy command being typed is this one'
    test "x"(__botpsy_key) = "x$argv[1]"
end

complete -c botpsy -f
{chr(10).join(lines)}
"""


# -- the man page --------------------------------------------------------------------------
def _roff(text: str) -> str:
    """Text safe in a roff line: backslashes, hyphens and leading dots escaped."""
    text = " ".join(text.split()).replace("\\", "\\e").replace("-", "\\-")
    return "\\&" + text if text[:1] in (".", "'") else text


_ENVIRONMENT = {
    "BOTPSY_CONFIG": "the config file, instead of ~/.config/botpsy/config.toml",
    "BOTPSY_NOW": 'an ISO 8601 time that pins "now", for reproducible runs',
    "BOTPSY_PLUGINS": "load only these plugins (comma separated)",
    "BOTPSY_DISABLE_PLUGINS": "skip these plugins (comma separated)",
    "BOTPSY_PASSWORD_<ACCOUNT>": "an account's password, read before the OS keyring",
    "BOTPSY_KEYRING_TIMEOUT": "seconds to wait for the OS keyring (default 8)",
    "BOTPSY_API_KEY": "the API key of an OpenAI\u2011compatible model server",
}


def man_page(root: Command) -> str:
    """botpsy(1) in roff (man macros), from the same tree the completions use."""
    out = [
        f'.TH BOTPSY 1 "{date.today().isoformat()}" "botpsy {__version__}" "User Commands"',
        ".SH NAME",
        "botpsy \\- an on\\-device personal assistant",
        ".SH SYNOPSIS",
        '.B botpsy\n.RI [ options ] " " \\(dq REQUEST \\(dq',
        ".br\n.B botpsy\n.br\n.B botpsy\n.I command\n.RI [ arguments ]",
        ".SH DESCRIPTION",
        _roff(
            "botpsy runs on your own computer: a small local language model turns a request"
            ' such as "add dentist Friday 3pm" into tool calls on your calendar, mail, files'
            " and devices. With no request it opens the terminal app. Common requests are"
            " answered by local intents without the model. Send, delete and spend ask first."
        ),
        ".SH OPTIONS",
    ]
    out += _man_options(root)
    out.append(".SH COMMANDS")
    for key, command in root.walk():
        if not key:
            continue
        out += [".TP", f".B botpsy {_roff(key.replace('/', ' '))}", _roff(command.help or "")]
        if command.options != root.options:
            options = _man_options(command)
            out += [".RS", *options, ".RE"] if options else []
    out += [
        ".SH EXIT STATUS",
        ".TP\n.B 0\ndone",
        ".TP\n.B 1\na tool, the model or a server failed",
        ".TP\n.B 2\nbad usage, configuration or input",
        ".TP\n.B 3\na sensitive call was refused (no terminal and no \\-\\-yes) or denied",
        ".TP\n.B 130\ninterrupted",
        ".SH ENVIRONMENT",
    ]
    for name, meaning in _ENVIRONMENT.items():
        out += [".TP", f".B {_roff(name)}", _roff(meaning)]
    out += [
        ".SH FILES",
        ".TP\n.I ~/.config/botpsy/config.toml\nthe configuration (TOML); never holds a secret",
        ".TP\n.I ~/.local/share/botpsy/\ncalendars, conversations, the audit log, the file index",
        ".SH SEE ALSO",
        ".BR systemctl (1)",
    ]
    return "\n".join(out) + "\n"


def _man_options(command: Command) -> list[str]:
    """An option list in roff, help options left out (every command has them)."""
    listed = command.documented or [(flag, help) for flag, help in command.options.items()]
    out: list[str] = []
    for shown, help in listed:
        if shown in ("-h, --help", "--help", "-h"):
            continue
        out += [".TP", f".B {_roff(shown)}", _roff(help or "see --help")]
    return out


GENERATORS = {"bash": bash_script, "zsh": zsh_script, "fish": fish_script, "man": man_page}


def parser() -> argparse.ArgumentParser:
    """Options of `botpsy completions`."""
    p = argparse.ArgumentParser(
        prog="botpsy completions",
        description="Print a shell completion script, or the man page, made from the CLI itself.",
    )
    p.add_argument("shell", choices=list(GENERATORS), help="bash, zsh, fish, or man (roff)")
    return p


def main(argv: list[str]) -> int:
    """Print the script for one shell (or the man page) on stdout."""
    args = parser().parse_args(argv)
    print(GENERATORS[args.shell](cli_tree()), end="")
    return ExitStatus.OK
