"""Visible text of an HTML document, with the standard library only (mail bodies, web pages).

A small scanner in linear time, whatever the markup: every step moves forward
and searches from where the last one stopped, a tag is matched within a bounded
window, and markup left open at the end (`<a` without `>`, `<!--` without
`-->`, a `<script>` never closed) ends the text instead of being rescanned.
"""

from __future__ import annotations

import html
import re

_MAX_TAG = 4096  # a tag longer than this is skipped to its next ">" without looking inside
_TAG = re.compile(r"""<(/?)([A-Za-z][^\s/>]*)(?:[\s/](?:[^>"']|"[^"]*"|'[^']*')*)?>""")
_MARKUP = re.compile(r"<[A-Za-z/!?]")
_RAW = {"script", "style", "title", "textarea"}  # their content is text, not markup
_RAW_END = {name: re.compile(rf"</{name}[\s/>]", re.I) for name in _RAW}
_HIDDEN = {"script", "style", "title", "head"}
_BREAKS = {"br", "p", "div", "li", "tr", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote"}


def _visible_parts(markup: str) -> list[str]:
    parts: list[str] = []
    hidden = 0  # open <head> elements
    position, size = 0, len(markup)
    while position < size:
        found = _MARKUP.search(markup, position)
        if found is None:
            if not hidden:
                parts.append(html.unescape(markup[position:]))
            break
        start = found.start()
        if start > position and not hidden:
            parts.append(html.unescape(markup[position:start]))
        if markup.startswith("<!--", start):
            close = markup.find("-->", start + 4)
            if close < 0:
                break  # a comment left open hides the rest
            position = close + 3
            continue
        tag = _TAG.match(markup, start, min(size, start + _MAX_TAG))
        if tag is None:  # a declaration, a processing instruction, a huge or broken tag
            close = markup.find(">", start + 1)
            if close < 0:
                break  # a tag left open at the end shows nothing more
            position = close + 1
            continue
        position = tag.end()
        name = tag.group(2).lower()
        if tag.group(1):  # an end tag
            if name == "head" and hidden:
                hidden -= 1
            continue
        if name == "body":
            hidden = 0
        elif name == "head":
            hidden += 1
        elif name in _BREAKS:
            parts.append("\n")
        if name in _RAW:
            end = _RAW_END[name].search(markup, position)
            if end is None:
                break
            if name not in _HIDDEN and not hidden:
                parts.append(html.unescape(markup[position : end.start()]))
            close = markup.find(">", end.start())
            if close < 0:
                break
            position = close + 1
    return parts


def html_to_text(markup: str) -> str:
    """Readable text from HTML: no scripts, styles or head, paragraphs kept."""
    text = "".join(_visible_parts(markup))
    lines = [" ".join(line.split()) for line in text.splitlines()]
    return re.sub(r"\n{3,}", "\n\n", "\n".join(lines)).strip()
