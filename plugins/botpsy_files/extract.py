"""Text out of documents: plain text and Markdown, PDF (pypdf), Word .docx and OpenDocument .odt.

Office formats are zip files of XML; their text is read with the standard library,
so no extra package is needed. Anything else, or anything too large, is described
by its metadata and never dumped into a prompt.
"""

from __future__ import annotations

import mimetypes
import re
import zipfile
from dataclasses import dataclass
from pathlib import Path
from xml.etree import ElementTree as ET

TEXT_SUFFIXES = {
    ".txt", ".md", ".markdown", ".rst", ".csv", ".tsv", ".json", ".yaml", ".yml", ".toml",
    ".ini", ".cfg", ".log", ".html", ".htm", ".xml", ".tex", ".org", ".py", ".sh",
}  # fmt: skip
DOCUMENT_SUFFIXES = {".pdf", ".docx", ".odt"}
MAX_READ_BYTES = 20 * 1024 * 1024  # bigger files are described, not read
MAX_TEXT = 200_000  # characters kept from one document (for the index)


@dataclass
class Extracted:
    """A document's text, or why there is none."""

    text: str
    kind: str
    note: str = ""


def kind_of(path: Path) -> str:
    """'pdf', 'word', 'text', 'image', ... from the name."""
    suffix = path.suffix.lower()
    if suffix == ".pdf":
        return "pdf"
    if suffix in (".docx", ".doc", ".odt", ".rtf"):
        return "document"
    if suffix in (".xlsx", ".xls", ".ods", ".csv", ".tsv"):
        return "spreadsheet"
    if suffix in TEXT_SUFFIXES:
        return "text"
    guessed = mimetypes.guess_type(path.name)[0] or ""
    for family in ("image", "audio", "video"):
        if guessed.startswith(family):
            return family
    if suffix in (".zip", ".tar", ".gz", ".7z", ".rar", ".xz", ".bz2"):
        return "archive"
    return "other"


def readable(path: Path) -> bool:
    """Whether botpsy reads this file's text (by its type)."""
    return path.suffix.lower() in TEXT_SUFFIXES | DOCUMENT_SUFFIXES


def extract_text(path: Path) -> Extracted:
    """The text of a file, as far as it can be read; never raises for a bad file."""
    kind = kind_of(path)
    try:
        size = path.stat().st_size
    except OSError as exc:
        return Extracted("", kind, f"cannot read it: {exc.strerror}")
    if size > MAX_READ_BYTES:
        return Extracted("", kind, f"too large to read ({size // 1048576} MB)")
    suffix = path.suffix.lower()
    try:
        if suffix == ".pdf":
            text = _pdf(path)
        elif suffix == ".docx":
            text = _zipped_xml(path, "word/document.xml", "p")
        elif suffix == ".odt":
            text = _zipped_xml(path, "content.xml", "p", "h")
        elif suffix in TEXT_SUFFIXES:
            data = path.read_bytes()
            if b"\x00" in data[:4096]:
                return Extracted("", kind, "binary content")
            text = data.decode("utf-8", errors="replace")
            if suffix in (".html", ".htm"):
                text = re.sub(r"<[^>]+>", " ", text)
        else:
            return Extracted("", kind, "not a document botpsy reads")
    except Exception as exc:  # a broken PDF or zip is described, never fatal
        return Extracted("", kind, f"could not read it ({type(exc).__name__})")
    text = re.sub(r"[ \t]+", " ", text).strip()
    return Extracted(text[:MAX_TEXT], kind, "" if text else "no text found (a scan?)")


def _pdf(path: Path) -> str:
    import logging

    from pypdf import PdfReader

    logging.getLogger("pypdf").setLevel(logging.ERROR)  # broken PDFs warn loudly
    reader = PdfReader(str(path))
    pages = []
    for page in reader.pages[:200]:
        pages.append(page.extract_text() or "")
    return "\n".join(pages)


def _zipped_xml(path: Path, member: str, *paragraph_tags: str) -> str:
    with zipfile.ZipFile(path) as archive:
        root = ET.fromstring(archive.read(member))
    paragraphs = []
    for element in root.iter():
        local = element.tag.rsplit("}", 1)[-1]
        if local in paragraph_tags:
            paragraphs.append("".join(element.itertext()))
    return "\n".join(p for p in paragraphs if p.strip())
