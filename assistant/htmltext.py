"""Visible text of an HTML document, with the standard library only (mail bodies, web pages)."""

from __future__ import annotations

import html
import re
from html.parser import HTMLParser


class _TextFromHtml(HTMLParser):
    """Visible text of an HTML body: no scripts, no styles, paragraphs kept."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.hidden = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style", "head", "title"):
            self.hidden += 1
        elif tag in ("br", "p", "div", "li", "tr", "h1", "h2", "h3", "blockquote"):
            self.parts.append("\n")

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style", "head", "title") and self.hidden:
            self.hidden -= 1

    def handle_data(self, data: str) -> None:
        if not self.hidden:
            self.parts.append(data)


def html_to_text(markup: str) -> str:
    """Readable text from HTML."""
    parser = _TextFromHtml()
    try:
        parser.feed(markup)
        parser.close()
        text = "".join(parser.parts)
    except Exception:  # broken markup: fall back to stripping tags
        text = html.unescape(re.sub(r"<[^>]+>", " ", markup))
    lines = [" ".join(line.split()) for line in text.splitlines()]
    return re.sub(r"\n{3,}", "\n\n", "\n".join(lines)).strip()
