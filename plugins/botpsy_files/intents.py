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
    r"^(?:which|what)\s+(?:files?|documents?|docs?|pdfs?)\s+(?:mentions?|says?|talks? about|contains?|has|have(?!\s+(?:i|we|you)\b)"
    r"|is about|are about)\s+(?P<text>.+?)\s*\??$"
    r"|^search\s+(?:in\s+)?(?:my\s+)?(?:files|documents|docs)\s+for\s+(?P<text2>.+?)\s*\??$",
    re.I,
)
_WHEN = re.compile(
    r"\s+(?:from|of|in|dated|since)\s+(?P<when>(?:last|this|next)\s+\w+|\w+(?:\s+\d{4})?)$", re.I
)
_MOVE = re.compile(
    r"^(?:please\s+)?move\s+(?:my\s+|the\s+|all\s+(?:my\s+|the\s+)?)?"
    r"(?:(?P<when>(?:last|this)\s+(?:week|month|year)(?:'s|’s)|today's|yesterday's)\s+)?"
    r"(?P<what>.+?)\s+(?:to|into)\s+(?:the\s+|my\s+)?(?:folder\s+)?(?P<to>\S+)"
    r"(?:\s+(?:folder|directory|dir))?\s*$",  # "into the archive folder"
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
    rf"|^{_WISH}(?:read|open\s+and\s+read|open(?:\s+up)?)(?:\s+(?:out|me|us))*\s+{_OWNER}(?P<what2>.+?)"
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


def _vocabulary(words: str) -> frozenset[str]:
    """A set of words written as one string, as word lists read best."""
    return frozenset(words.split())


# Finding, as said: a verb of looking, a question of having, or a bare "pdfs i downloaded today".
_LOOK = (
    r"(?:find|locate|show|list|get|fetch|look\s+(?:for|up)|search\s+for|where(?:'s|\s+is|\s+are)"
    r"|where\s+(?:did|do|have)\s+i\s+(?:put|save|saved|leave|left|keep|store|stored|file|filed))"
)
_FIND_SAID = re.compile(
    rf"^{_WISH}{_LOOK}\s+(?:me\s+|us\s+)?(?:all\s+)?(?:of\s+)?(?:my|the|a|an|any|that|those|these)?\s*(?P<what>.+?)\s*[.!?]?$"
    r"|^what\s+(?P<kind>\w+)\s+(?:(?:do|did)\s+i\s+have|have\s+i\s+got|have\s+i)(?P<rest>.*?)\s*[.!?]?$"
    r"|^(?:do\s+i\s+have|have\s+i\s+got|are\s+there|is\s+there)\s+(?:any\s+|a\s+|an\s+)?(?P<what2>.+?)\s*[.!?]?$"
    r"|^what(?:'s|\s+is|\s+(?:files|documents|docs|stuff)\s+(?:are|is|(?:do|did)\s+i\s+have|have\s+i\s+got|have\s+i))"
    r"\s+(?:(?:there|saved|kept|stored)\s+)?(?:in|inside)\s+(?P<folder>(?:my\s+|the\s+)?[\w ~/.-]+?)\s*[.!?]?$"
    r"|^(?:(?:all\s+)?my\s+|the\s+|any\s+)?(?P<bare>(?:pdfs?|photos?|pictures?|images?|videos?|spreadsheets?"
    r"|documents?|docs|scans?|screenshots?|files)\b.*?)\s*[.!?]?$",
    re.I,
)
_CALLED = re.compile(
    r"^(?:(?:a|any|the)\s+)?(?:files?|documents?|docs?)\s+(?:called|named)\s+", re.I
)
_MADE = (
    r"(?:took|take|saved|save|downloaded|download|made|make|edited|edit|changed|change|created"
    r"|wrote|write|scanned|scan|got|received|modified|worked\s+on|added|shot|opened|sent)"
)
_TIME_CLAUSE = re.compile(
    rf"\s+(?:(?:that|which)\s+)?(?:i|we)\s+(?:have\s+|had\s+)?{_MADE}(?:\s+(?:on|in|during))?\s+(?P<when>.+)$"
    r"|\s+(?:from|of|dated|since|modified|changed|edited|saved|made|taken)\s+(?:(?:on|in)\s+)?(?P<when2>.+)$",
    re.I,
)
_PLACE_CLAUSE = re.compile(
    r"\s+(?:in|on|inside|from|under|within)\s+(?:my\s+|the\s+)?(?P<folder>[\w ~/.-]+?)(?:\s+(?:folder|directory))?$",
    re.I,
)
_UNITS = {"kb": 1 / 1024, "mb": 1.0, "gb": 1024.0}
_SIZE_CLAUSE = re.compile(
    r"\s+(?:that\s+are\s+|which\s+are\s+)?(?:bigger|larger|greater|more|over|above)(?:\s+than)?\s+"
    r"(?P<n>\d+(?:\.\d+)?)\s*(?P<unit>kb|mb|gb|kilobytes?|megabytes?|gigabytes?|megs?|gigs?)$",
    re.I,
)
# What other tools own, for finds, renames, copies and moves (a file called "notes" is a file).
_OTHERS = re.compile(
    r"\b(?:alarms?|timers?|events?|appointments?|meetings?|calendar|e-?mails?|mails?|messages?"
    r"|tasks?|to-?dos?|reminders?|(?:shopping|grocery|to-?do)\s+lists?|contacts?|songs?|playlists?"
    r"|lights?|clipboard|(?:video|phone|voice)\s+(?:call|chat)s?|facetime)\b",
    re.I,
)
_KIND_SAID = {
    "screenshot": "image",
    "screenshots": "image",
    "spreadsheets": "spreadsheet",
    "docs": "document",
}
_ELSEWHERE = re.compile(
    r"\b(?:online|on\s+the\s+(?:web|internet|net)|on\s+google|instagram|facebook|twitter|tiktok"
    r"|snapchat|linkedin|whatsapp|youtube|pinterest|reddit)\b",
    re.I,
)
# What people keep as files and call by what it is: "my lasagne recipe", "my letter to the bank".
# Said as the user's own ("my", "i"), such a thing is looked for among their files even when no
# file is called that (the words may be inside it); "find me a recipe for soup" is not theirs.
_DOC_NOUNS = _vocabulary(
    "recipe recipes letter letters essay essays report reports invoice invoices receipt receipts "
    "contract contracts cv cvs resume resumes thesis dissertation manuscript draft drafts "
    "presentation presentations slides slideshow minutes statement statements certificate "
    "certificates form forms proposal proposals memo memos paper papers homework assignment "
    "assignments script scripts poem poems lease agreement payslip payslips "
    "manual manuals guide warranty journal budget checklist transcript notebook "
    "spreadsheet spreadsheets document documents doc docs pdf pdfs file files note notes "
    "tax return returns bill bills quote quotes estimate estimates policy policies prescription "
    "application applications confirmation confirmations scan scans"
)
# A thing of the user's said with "the" names a file only with one of these for its head word.
_FILE_HEADS = _vocabulary("document documents doc docs file files pdf pdfs spreadsheet notes")
# Kinds said of any written thing: with a name, they narrow nothing (notes may be a .docx).
_ANY_DOCUMENT = frozenset({"document", "text"})
_MINE = re.compile(r"\b(?:my|our|i|we)\b", re.I)
# "the document about the budget": a file word first, then what it is about.
_FILE_ABOUT = re.compile(
    r"^(?:documents?|docs?|files?|pdfs?|notes|spreadsheets?)\s+(?:about|on|for|called|named|with)\s",
    re.I,
)
# Other ways of asking to find, said as "find": "i can't find my essay", "pull up my cv".
_FIND_LEAD = re.compile(
    r"^(?:(?:can|could)\s+you\s+)?(?:help\s+me\s+(?:to\s+)?(?:find|locate)|i\s+(?:can'?t|cannot|can\s+not)\s+find"
    r"|have\s+you\s+seen|(?:dig|hunt)\s+(?:out|up)|pull\s+up|track\s+down|bring\s+up)\s+",
    re.I,
)
_SEARCH_SAID = re.compile(
    r"^(?:which|what)\s+(?:one\s+)?(?:of\s+)?(?:my\s+)?(?:files?|documents?|docs?|pdfs?|notes)\s+"
    r"(?:mentions?|says?|talks?\s+about|contains?|has|have(?!\s+(?:i|we|you)\b)|is\s+about|are\s+about)\s+(?P<text>.+?)"
    r"(?:\s+in\s+(?:it|them))?\s*[.!?]?$"
    r"|^(?:do|does)\s+any\s+(?:of\s+)?(?:my\s+)?(?:files?|documents?|docs?|notes)\s+"
    r"(?:mention|say|talk\s+about|contain|have)\s+(?P<text2>.+?)\s*[.!?]?$"
    r"|^(?:find|show\s+me|get)\s+(?:the\s+|my\s+|any\s+)?(?:files?|documents?|docs?|notes)\s+"
    r"(?:that|which)\s+(?:mentions?|says?|talks?\s+about|contains?|has|have)\s+(?P<text3>.+?)\s*[.!?]?$"
    r"|^(?:look|search)\s+for\s+(?P<text4>.+?)\s+in\s+(?:my\s+|the\s+)?(?:files|documents|docs|notes)\s*[.!?]?$"
    r"|^(?:grep|search)\s+(?:in\s+|through\s+)?(?:my\s+|the\s+)?(?:files|documents|docs|notes)\s+for\s+(?P<text5>.+?)\s*[.!?]?$"
    r"|^is\s+there\s+anything\s+in\s+(?:my\s+|the\s+)?(?:files|documents|docs|notes)\s+(?:about|on|mentioning)\s+(?P<text6>.+?)\s*[.!?]?$",
    re.I,
)
_RENAME = re.compile(
    rf"^{_WISH}(?:rename|change\s+the\s+(?:file\s+)?name\s+of)\s+(?:my\s+|the\s+|that\s+)?(?P<what>.+?)\s+(?:to|as|into)\s+(?P<new>.+?)\s*[.!?]?$"
    r"|^(?:call|name)\s+(?:my\s+|the\s+|that\s+)?(?P<what2>.+?\s(?:file|document|doc|pdf|folder))\s+(?P<new2>.+?)\s*[.!?]?$",
    re.I,
)
_COPY = re.compile(
    rf"^{_WISH}(?:copy|duplicate|back\s+up|(?:make|put|save|place)\s+a\s+copy\s+of)\s+(?:my\s+|the\s+|that\s+)?(?P<what>.+?)"
    r"\s+(?:to|into|in|onto|on)\s+(?P<to>.+?)\s*[.!?]?$",
    re.I,
)
_MOVE_SAID = re.compile(
    rf"^{_WISH}(?:move|put|shift|file|drop)\s+(?:my\s+|the\s+|that\s+)?(?P<what>.+?)"
    r"\s+(?:to|into|in|onto|inside)\s+(?P<to>.+?)\s*[.!?]?$",
    re.I,
)


Named = Callable[[list[str]], list[str]]


def _no_files(_words: list[str]) -> list[str]:
    return []


# What "open" means at home: a file named so is opened only with "file" said.
_HOME_OPENS_WORDS = (
    "door doors gate garage blinds blind curtains curtain window windows shutters shutter"
    " hatch lid valve tap app browser"
)
_HOME_OPENS = frozenset(_HOME_OPENS_WORDS.split())


def _stem_words(path: str) -> list[str]:
    """The words of a file's name without folder or extension: "notes/garden-plan.md"."""
    stem = path.rsplit("/", 1)[-1].rsplit(".", 1)[0]
    return [w for w in re.split(r"[\s_.-]+", stem.lower()) if w]


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
        m = _MENTIONS.match(text.strip()) or _SEARCH_SAID.match(text.strip())
        if not m:
            return None
        wanted = next((g for g in m.groups() if g), "").strip(" ?\"'")
        wanted = re.sub(r"^(?:the|a|an|my)\s+", "", wanted, flags=re.I)
        wanted = re.sub(r"\s+in\s+(?:it|them)$", "", wanted, flags=re.I)
        return IntentMatch("files_search", {"text": wanted}, "search_files") if wanted else None

    def folder_named(said: str) -> str | None:
        """The allowed folder a phrase names: "my downloads" is ~/Downloads, "taxes" a folder in one."""
        phrase = re.sub(r"^(?:my|the|our)\s+", "", said.strip(), flags=re.I)
        phrase = re.sub(r"\s+(?:folder|directory)$", "", phrase, flags=re.I).strip()
        if not phrase:
            return None
        said_up = f"{phrase[:1].upper()}{phrase[1:].lower()}"  # "the archive folder": Archive
        for candidate in (f"~/{said_up}", phrase, said_up):
            if "/" not in phrase and candidate.startswith("~/") and " " in phrase:
                continue
            if has_folder(candidate):
                return candidate
        return None

    def peel(what: str, arguments: dict[str, object]) -> str:
        """Take the size, the folder and the time said at the end off a find's words."""
        for _ in range(3):
            size = _SIZE_CLAUSE.search(what)
            if size:
                unit = size.group("unit").lower()[0] + "b"
                arguments["larger_than_mb"] = float(size.group("n")) * _UNITS[unit]
                what = what[: size.start()]
                continue
            when = _TIME_CLAUSE.search(what)
            if when:
                said = (when.group("when") or when.group("when2")).strip()
                try:
                    parse_span(said, now())
                except TimeParseError:
                    pass
                else:
                    arguments["modified"] = said
                    what = what[: when.start()]
                    continue
            place = _PLACE_CLAUSE.search(what)
            if place:
                folder = folder_named(place.group("folder"))
                if folder is not None:
                    arguments["folder"] = folder
                    what = what[: place.start()]
                    continue
            break
        return what

    def find_files(text: str) -> IntentMatch | None:
        said = _FIND_LEAD.sub("find ", text.strip(), count=1)
        if _ELSEWHERE.search(said) or _OTHERS.search(said):
            return None
        m = _FIND.match(said)
        arguments: dict[str, object] = {}
        if m:
            what = m.group("what")
            when = _WHEN.search(what)
            if when:
                try:
                    parse_span(when.group("when"), now())
                    arguments["modified"] = when.group("when")
                    what = what[: when.start()]
                except TimeParseError:
                    pass
        else:
            m = _FIND_SAID.match(said)
            if not m:
                return None
            if m.group("folder") is not None:
                folder = folder_named(m.group("folder"))
                return (
                    IntentMatch("files_find", {"folder": folder}, "find_files") if folder else None
                )
            what = m.group("what") or m.group("what2") or m.group("bare") or ""
            if m.group("kind"):
                what = m.group("kind") + (m.group("rest") or "")
        what = peel(what, arguments).strip()
        called = _CALLED.match(what)
        what = what[called.end() :] if called else what
        words = [w for w in re.findall(r"[\w.-]+", what.lower())]
        kinds = [_KIND_SAID.get(w, w) for w in words if w in _KINDS or w in _KIND_SAID]
        if called:  # "a file called packing notes": every word is of the name
            kinds = []
        extension = next(
            (w for w in words if re.fullmatch(r"[\w-]+\.(pdf|docx?|odt|txt|md)", w)), None
        )
        name_words = [
            w
            for w in words
            if called or (w not in _KINDS and w not in _KIND_SAID and w not in _FILE_WORDS)
        ]
        if extension:
            name_words = words_of(extension.rsplit(".", 1)[0])
            kinds = kinds or [extension.rsplit(".", 1)[1]]
        name_words = words_of(" ".join(name_words))
        known = bool(name_words) and has_file(name_words)
        mine = _MINE.search(said)
        kept = (
            bool(mine and set(words) & _DOC_NOUNS)
            or bool(words and words[-1] in _FILE_HEADS)
            or bool(_FILE_ABOUT.match(what))
        )
        filey = bool(kinds or set(words) & _FILE_WORDS or arguments or kept)
        if not known and not filey:
            return None
        if name_words and not known and not extension and not mine and not kept:
            return None  # "pictures of the eiffel tower": nothing of the user's is called that
        if len(name_words) > 4 and not known:
            return None  # "a list of places my family have been, from their photos": not a name
        if not name_words and not kinds and not arguments:
            return None
        if name_words:
            arguments = {"name": " ".join(name_words), **arguments}
            # "the budget document", "my meeting notes": any kind of document; the name finds it
            kinds = [k for k in kinds if _KINDS.get(k, k) not in _ANY_DOCUMENT]
        if kinds:
            arguments = {**{k: v for k, v in arguments.items() if k == "name"},
                         "kind": _KINDS.get(kinds[0], kinds[0]),
                         **{k: v for k, v in arguments.items() if k != "name"}}  # fmt: skip
        return IntentMatch("files_find", arguments, "find_files")

    def named_files(what: str) -> list[str]:
        """The files a phrase names (kind words count only when nothing else is said)."""
        words = words_of(what)
        if re.search(r"\w\.\w{1,5}$", what.strip()):  # "notes.txt" is that name, kind and all
            return named(words)
        plain = [w for w in words if w not in _FILE_WORDS and w not in _KINDS]
        return named(plain or [w for w in words if w in _KINDS]) if words else []

    def move_files(text: str) -> IntentMatch | None:
        m = _MOVE.match(text.strip())
        if m:
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
            if words and has_file(words) and ("/" in to or has_folder(to)):
                return IntentMatch("files_move", arguments, "move_files")
        m = _MOVE_SAID.match(text.strip())
        if not m or _OTHERS.search(m.group("what")):
            return None  # "move my car to the garage" is not about files
        folder = folder_named(m.group("to"))
        words = words_of(m.group("what"))
        if folder is None or not words or not has_file(words):
            return None
        return IntentMatch(
            "files_move", {"path": m.group("what").strip(), "to": folder}, "move_files"
        )

    def rename_files(text: str) -> IntentMatch | None:
        m = _RENAME.match(text.strip())
        if not m:
            return None
        what = (m.group("what") or m.group("what2")).strip()
        new = (m.group("new") or m.group("new2")).strip().strip("\"'")
        if _OTHERS.search(what) or not new:
            return None
        paths = named_files(what)
        if len(paths) != 1:
            return _one_of(paths, "files_rename", "Which file should I rename?") if paths else None
        old = paths[0].rsplit("/", 1)[-1]
        if not re.search(r"\.\w{1,5}$", new):  # "rename my cv to resume": the kind stays
            stem, dot, suffix = old.rpartition(".")
            joiner = "_" if "_" in stem and "-" not in stem else (" " if " " in stem else "-")
            new = joiner.join(new.split()) + (dot + suffix if dot else "")
        return IntentMatch("files_rename", {"path": paths[0], "new_name": new}, "rename_files")

    def copy_files(text: str) -> IntentMatch | None:
        m = _COPY.match(text.strip())
        if not m or _OTHERS.search(m.group("what")):
            return None
        folder = folder_named(m.group("to"))
        if folder is None:
            return None
        paths = named_files(m.group("what"))
        if len(paths) > MAX_CHOICES or not paths:
            return None
        found = _one_of(paths, "files_copy", "Which file should I copy?")
        if found is not None:
            found.arguments["to"] = folder
        return found

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
        file_said = what.lower().split()[-1:] in (["file"], ["document"], ["doc"]) or bool(
            re.search(r"\w\.[a-z]\w{0,4}$", what, re.I)  # "todo.txt": a file by its name
        )
        if what.lower() in _PRONOUNS or (_NOT_READ.search(what) and not file_said):
            return None  # "read it" is a follow-up's; "read my email" is mail's (not "... file")
        if folder_named(what) is not None:
            return None  # "what's in my downloads" lists a folder
        said_words = set(re.findall(r"[a-z]+", what.lower()))
        words = [w for w in words_of(what) if w not in _FILE_WORDS and w not in _KINDS]
        if not words:
            return None
        if (
            re.search(r"\bopen\b(?!\s+and\s+read)", text, re.I)
            and not said_words & (_DOC_NOUNS | _FILE_WORDS)
            and not re.search(r"\w\.\w{1,5}$", what)
        ):
            # "open the garage door" is the home's, whatever files are called; "open my garden
            # plan" is the file whose whole name it says, when no door or window is said
            if said_words & _HOME_OPENS:
                return None
            whole = [p for p in named(words) if _stem_words(p) == words]
            return _one_of(whole, "files_read", "Which one should I read?") if whole else None
        paths = named(words)
        plain = [w for w in words if w not in _DOC_NOUNS]
        if not paths and plain and plain != words:
            paths = named(plain)  # "read my lasagne recipe": the file is lasagne.md
        if len(paths) > MAX_CHOICES:
            return None
        return _one_of(paths, "files_read", "Which one should I read?")

    return [
        ("search_files", search_files),
        ("read_files", read_files),
        ("find_files", find_files),
        ("move_files", move_files),
        ("rename_files", rename_files),
        ("copy_files", copy_files),
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
        plain = [w for w in words if w not in _DOC_NOUNS]
        if not paths and plain and plain != words:
            paths = named(plain)  # "my lasagne recipe" was found as lasagne.md
        if len(paths) > MAX_CHOICES:
            return None
        return _one_of(paths, "files_read", "Which one should I read?")

    return [("read_found", read_found)]
