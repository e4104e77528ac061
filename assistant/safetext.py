"""Text from others made safe to show: no terminal control, one line where one line is meant.

A mail subject can carry ESC sequences that move the cursor and repaint an
approval prompt's "to:" line, or a newline that forges one. Everything shown to
the user passes through here first; faces that interpret markup (Textual) must
also show untrusted text without markup.
"""

from __future__ import annotations

import re

# C0 and C1 controls (ESC, CR, BEL, backspace, CSI...) except newline and tab, and DEL.
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")
# Characters that reorder or hide text: bidi overrides and isolates, zero-width joiners.
_INVISIBLE = re.compile(r"[\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]")


def printable(text: str) -> str:
    """Text with control and bidi characters removed; newlines and tabs kept."""
    text = _CONTROL.sub("", text.replace("\r\n", "\n"))
    return _INVISIBLE.sub("", text)


def one_line(text: str, limit: int = 0) -> str:
    """Printable text on a single line (newlines become spaces), optionally cut to `limit`."""
    flat = " ".join(printable(text).split())
    if limit and len(flat) > limit:
        return flat[: max(0, limit - 1)] + "…"
    return flat


# Marks that read as a double quote: inside a quoted name they would end it early.
# (also the look-alikes: modifier letter double prime, double acute, Hebrew gershayim, ditto)
_QUOTES = re.compile(
    '["\u02ba\u02dd\u05f4\u201c\u201d\u201e\u201f\u2033\u2036\u275d\u275e\u2e42'
    "\u3003\u301d-\u301f\uff02]"
)


def quoted(text: str, limit: int = 200) -> str:
    """'"Dentist"': a name others wrote, on one line, in double quotes it cannot close.

    A title like `Sync" on Friday; nobody is told. Also "x` would end its quotes and make
    the rest read as botpsy's own words in a question; its quote marks become `'`.
    """
    return '"' + _QUOTES.sub("'", one_line(text, limit)) + '"'


def visible(text: str) -> str:
    """One line where every hidden character is named, not dropped: for approvals.

    `one_line` removes zero-width and bidi characters so they cannot hide or reorder
    what is shown; but a value that is sent keeps them, and a run of them can carry a
    code nobody sees ("see you friday" plus 604813 in zero-width bits). A question
    about a call shows them as `<U+200B>`, so what is approved is what is sent.
    """
    return one_line(hidden_named(text))


def hidden_named(text: str) -> str:
    """The text with each hidden character written as `<U+200B>`; lines kept (for previews)."""
    return _INVISIBLE.sub(lambda m: f"<U+{ord(m.group(0)):04X}>", text)


# What JSON leaves as it is (ensure_ascii=False) but a terminal acts on or hides: DEL and C1
# controls (0x9b is CSI), line separators, bidi overrides and isolates, zero-width characters.
_JSON_UNSAFE = re.compile(r"[\x7f-\x9f\u200b-\u200f\u2028-\u202e\u2066-\u2069\ufeff]")


def json_safe(text: str) -> str:
    """JSON text (from `json.dumps`) with those characters written as `\\uXXXX` escapes.

    Only string contents can hold them, so the JSON means exactly the same; it just
    cannot move the cursor or reorder what `botpsy log --json` prints.
    """
    return _JSON_UNSAFE.sub(lambda m: f"\\u{ord(m.group(0)):04x}", text)
