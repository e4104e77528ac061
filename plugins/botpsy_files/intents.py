"""Local intents for files: "find my lease pdf", "where is the invoice from March?", "which file mentions the deposit?".

A find request is taken only when it names a kind of file or a file the index
knows by name, so "find my keys" still goes to the model. A delete ("throw away the
march invoice") is taken only when its words name files in the index: one is the
call (still shown and asked for, pinned to that very file), several are a question,
none is no intent. After a find, "read it" reads the file found, again looked up
from the find's own words, never from what the find printed.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import datetime

from assistant.api import IntentMatch, Recent, TimeParseError, parse_span
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
_WISH = r"(?:i\s+(?:want|need|would\s+like)\s+(?:you\s+)?to\s+|i'?d\s+like\s+(?:you\s+)?to\s+|let'?s\s+)?"
_DELETE = re.compile(
    rf"^{_WISH}(?P<verb>delete|remove|trash|bin|erase|discard|throw\s+(?:away|out)|toss|chuck"
    r"|get\s+rid\s+of|dump)\s+(?:(?:my|the|that|this|those|these|all\s+(?:my|the))\s+)?"
    r"(?P<what>.+?)(?:\s+(?:away|out))?(?:\s+(?:(?:in)?to|in)\s+the\s+(?:trash|bin|rubbish|garbage))?"
    r"\s*[.!]?$",
    re.I,
)
# What other tools delete: a request naming one of these is theirs, whatever files exist.
_NOT_FILES = re.compile(
    r"\b(?:alarms?|timers?|events?|appointments?|meetings?|calendar|e-?mails?|mails?|messages?"
    r"|tasks?|to-?dos?|reminders?|lists?|contacts?|songs?|playlists?|lights?|notes?)\b",
    re.I,
)
_SAYS_FILE = re.compile(
    r"\b(?:files?|folders?|documents?|docs?|pdfs?|spreadsheets?|photos?|pictures?|images?"
    r"|videos?|scans?)\b|\.\w{1,5}\b",
    re.I,
)
# Reading a file by what it is called: "read my lease", "what's in the recipes file", "what does
# the tenancy agreement say". Taken only when the words name files in the index (as a delete).
_OWNER = r"(?:(?:my|the|that|this|our)\s+)?"
_READ_FILE = re.compile(
    rf"^{_WISH}(?:(?:read|show|tell|give|print|display)(?:\s+(?:out|me|us))*\s+)?"
    r"(?:what(?:'s|\s+is|\s+it\s+says)\s+in(?:side)?|the\s+(?:contents?|text|content)\s+of)\s+"
    rf"{_OWNER}(?P<what>.+?)\s*[.!?]?$"
    rf"|^{_WISH}(?:read|open\s+and\s+read)(?:\s+(?:out|me|us))*\s+{_OWNER}(?P<what2>.+?)"
    r"(?:\s+(?:out|aloud|out\s+loud|to\s+me))?\s*[.!?]?$"
    rf"|^what\s+(?:does|do)\s+{_OWNER}(?P<what3>.+?)\s+say(?:\s+about\s+.+?)?\s*[.!?]?$",
    re.I,
)
_PRONOUNS = {"it", "that", "this", "them", "one", "that one", "this one"}
# What other tools read: "read my email", "what's on my shopping list" are theirs.
_NOT_READ = re.compile(
    r"\b(?:e-?mails?|mails?|inbox|messages?|calendar|agenda|diary|events?|tasks?|to-?dos?"
    r"|reminders?|lists?|contacts?|news|headlines|weather|forecast)\b",
    re.I,
)
_READ_IT = re.compile(
    r"^(?:(?:now|ok|okay|great|thanks|and)[,.]?\s+)*(?:(?:read|open|show|display|print)"
    r"(?:\s+me)?\s+(?:(?:it|that|this)(?:\s+(?:one|file|document))?|the\s+(?:file|document)|what(?:'s|\s+is)\s+in\s+it)"
    r"(?:\s+(?:out|to\s+me|aloud|out\s+loud))?"
    r"|what\s+(?:does|did)\s+(?:it|that|the\s+(?:file|document))\s+say"
    r"|what(?:'s|\s+is)\s+in\s+(?:it|that|the\s+(?:file|document))"
    r"|.+?\s+(?:in|from|of)\s+(?:it|that\s+(?:file|document)|the\s+(?:file|document)|that\s+one))"
    r"\s*[.!?]?$",
    re.I,
)


Named = Callable[[list[str]], list[str]]


def _no_files(_words: list[str]) -> list[str]:
    return []


def _one_of(paths: list[str], tool: str, question: str) -> IntentMatch | None:
    """The call on the one file named, or the question when several are; None for none."""
    if not paths:
        return None
    if len(paths) == 1:
        return IntentMatch(tool, {"path": paths[0]})
    listed = "; ".join(f"{i}. {p}" for i, p in enumerate(paths, 1))
    names = [p.replace("/", " ").replace("-", " ").replace("_", " ") for p in paths]
    return IntentMatch(
        tool, {}, missing={"path": f"{question} {listed}"}, options=paths, labels=names
    )


# A question that lists more than this many files is not one a person answers by ear.
MAX_CHOICES = 5


def make_file_matchers(
    now: Callable[[], datetime],
    has_file: Callable[[list[str]], bool] = lambda _: True,
    has_folder: Callable[[str], bool] = lambda _: False,
    named: Named = _no_files,
) -> list[tuple[str, Callable[[str], IntentMatch | None]]]:
    """Find, search, move, undo and delete matchers.

    `named(words)` lists the files (paths as the user sees them) whose names hold
    every word: the guard that keeps "throw away the old chair" away from files.
    """

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

    def delete_files(text: str) -> IntentMatch | None:
        m = _DELETE.match(text.strip())
        if not m or _NOT_FILES.search(m.group("what")):
            return None
        if m.group("verb").lower() == "remove" and not _SAYS_FILE.search(m.group("what")):
            return None  # "remove the eggs" is a list's; "remove the eggs file" is a file's
        words = [w for w in words_of(m.group("what")) if w not in _FILE_WORDS and w not in _KINDS]
        if not words:
            return None
        paths = named(words)
        if len(paths) > MAX_CHOICES:
            return None  # "delete the reports": too many to choose from by voice; the model asks
        return _one_of(paths, "files_delete", "Which file should go to the trash?")

    def read_files(text: str) -> IntentMatch | None:
        m = _READ_FILE.match(text.strip())
        if not m:
            return None
        what = (m.group("what") or m.group("what2") or m.group("what3") or "").strip()
        if what.lower() in _PRONOUNS or _NOT_READ.search(what):
            return None  # "read it" is a follow-up's; "read my email" is mail's
        words = [w for w in words_of(what) if w not in _FILE_WORDS and w not in _KINDS]
        if not words:
            return None
        paths = named(words)
        if len(paths) > MAX_CHOICES:
            return None
        return _one_of(paths, "files_read", "Which one should I read?")

    return [
        ("search_files", search_files),
        ("read_files", read_files),
        ("find_files", find_files),
        ("move_files", move_files),
        ("undo_files", undo_files),
        ("delete_files", delete_files),
    ]


def file_follow_matchers(
    named: Named,
) -> list[tuple[str, Callable[[str, Recent], IntentMatch | None]]]:
    """Follow-ups: "read it" (or a question "in it") after a find reads the file found."""

    def read_found(text: str, recent: Recent) -> IntentMatch | None:
        call = recent.last()
        if call is None or call.tool != "files_find" or not _READ_IT.match(text.strip()):
            return None
        words = words_of(str(call.arguments.get("name") or ""))
        if not words:
            return None
        paths = named(words)
        if len(paths) > MAX_CHOICES:
            return None
        return _one_of(paths, "files_read", "Which one should I read?")

    return [("read_found", read_found)]
