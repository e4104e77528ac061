"""Local intents for files: "find my lease pdf", "where is the invoice from March?", "which file mentions the deposit?".

A find request is taken only when it names a kind of file or a file the index
knows by name, so "find my keys" still goes to the model.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import datetime

from assistant.api import IntentMatch, TimeParseError, parse_span
from botpsy_files.index import words_of
from botpsy_files.tools import _KINDS

_FIND = re.compile(
    r"^(?:please\s+)?(?:find|locate|where(?:'s| is| are| did i put)|show me|look for|search for|get)\s+"
    r"(?:me\s+)?(?:my|the|a|an|all|that)?\s*(?P<what>.+?)\s*\??$",
    re.I,
)
_MENTIONS = re.compile(
    r"^(?:which|what)\s+(?:files?|documents?|docs?|pdfs?)\s+(?:mentions?|says?|talks? about|contains?|has|have|is about|are about)\s+(?P<text>.+?)\s*\??$"
    r"|^search\s+(?:in\s+)?(?:my\s+)?(?:files|documents|docs)\s+for\s+(?P<text2>.+?)\s*\??$",
    re.I,
)
_WHEN = re.compile(
    r"\s+(?:from|of|in|dated|since)\s+(?P<when>(?:last|this|next)\s+\w+|\w+(?:\s+\d{4})?)$", re.I
)
_MOVE = re.compile(
    r"^(?:please\s+)?move\s+(?:my\s+|the\s+|all\s+(?:my\s+|the\s+)?)?"
    r"(?:(?P<when>(?:last|this)\s+(?:week|month|year)(?:'s|’s)|today's|yesterday's)\s+)?"
    r"(?P<what>.+?)\s+(?:to|into)\s+(?:the\s+)?(?:folder\s+)?(?P<to>\S+)\s*$",
    re.I,
)
_UNDO = re.compile(
    r"^(?:please\s+)?undo(?:\s+(?:that|it|this|the last (?:move|rename|copy|delete|file change)))?"
    r"[.!]?$",
    re.I,
)
_RESTORE = re.compile(
    r"^(?:please\s+)?(?:restore|bring back|undelete|recover)\s+(?P<name>\S+\.\w{1,5})"
    r"(?:\s+from\s+(?:the\s+)?trash)?[.!]?$",
    re.I,
)
_FILE_WORDS = {"file", "files", "folder", "document", "documents", "doc", "docs"}


def make_file_matchers(
    now: Callable[[], datetime],
    has_file: Callable[[list[str]], bool] = lambda _: True,
    has_folder: Callable[[str], bool] = lambda _: False,
) -> list[tuple[str, Callable[[str], IntentMatch | None]]]:
    """Find and search matchers."""

    def search_files(text: str) -> IntentMatch | None:
        m = _MENTIONS.match(text.strip())
        if not m:
            return None
        wanted = (m.group("text") or m.group("text2") or "").strip(" ?\"'")
        wanted = re.sub(r"^(?:the|a|an|my)\s+", "", wanted, flags=re.I)
        return IntentMatch("files_search", {"text": wanted}, "search_files") if wanted else None

    def find_files(text: str) -> IntentMatch | None:
        m = _FIND.match(text.strip())
        if not m:
            return None
        what = m.group("what")
        arguments: dict[str, object] = {}
        when = _WHEN.search(what)
        if when:
            try:
                parse_span(when.group("when"), now())
                arguments["modified"] = when.group("when")
                what = what[: when.start()]
            except TimeParseError:
                pass
        words = [w for w in re.findall(r"[\w.-]+", what.lower())]
        kinds = [w for w in words if w in _KINDS]
        extension = next(
            (w for w in words if re.fullmatch(r"[\w-]+\.(pdf|docx?|odt|txt|md)", w)), None
        )
        name_words = [w for w in words if w not in _KINDS and w not in _FILE_WORDS]
        if extension:
            name_words = words_of(extension.rsplit(".", 1)[0])
            kinds = kinds or [extension.rsplit(".", 1)[1]]
        name_words = words_of(" ".join(name_words))
        if (
            not kinds
            and not (set(words) & _FILE_WORDS)
            and not (name_words and has_file(name_words))
        ):
            return None
        if not name_words and not kinds:
            return None
        if name_words:
            arguments["name"] = " ".join(name_words)
        if kinds:
            arguments["kind"] = _KINDS.get(kinds[0], kinds[0])
        return IntentMatch("files_find", arguments, "find_files")

    def move_files(text: str) -> IntentMatch | None:
        m = _MOVE.match(text.strip())
        if not m:
            return None
        what, to = m.group("what").strip(), m.group("to").strip()
        arguments: dict[str, object] = {"path": what, "to": to}
        when = m.group("when")
        if when:
            period = when.lower().removesuffix("'s").removesuffix("’s")
            try:
                parse_span(period, now())
            except TimeParseError:
                return None
            arguments["modified"] = period
        words = words_of(what)
        if not words or not has_file(words) or not ("/" in to or has_folder(to)):
            return None  # "move my car to the garage" is not about files
        return IntentMatch("files_move", arguments, "move_files")

    def undo_files(text: str) -> IntentMatch | None:
        if _UNDO.match(text.strip()):
            return IntentMatch("files_undo", {}, "undo_files")
        m = _RESTORE.match(text.strip())
        if m:
            return IntentMatch("files_restore", {"name": m.group("name")}, "restore_file")
        return None

    return [
        ("search_files", search_files),
        ("find_files", find_files),
        ("move_files", move_files),
        ("undo_files", undo_files),
    ]
