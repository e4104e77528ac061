"""Text out of documents: plain text and Markdown, PDF (pypdf), Word .docx and OpenDocument .odt.

Office formats are zip files of XML; their text is read with the standard library,
so no extra package is needed. Anything else, or anything too large, is described
by its metadata and never dumped into a prompt. Every read is capped: text files
and the XML inside a .docx/.odt are read in bounded chunks up to a byte limit
(a zip bomb inflates no further than that), PDFs up to a size and a page count.
The caller opens the file (`AllowedFolders.open_file`); this module never opens
a path itself.
"""

from __future__ import annotations

import mimetypes
import os
import re
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO
from xml.etree import ElementTree as ET

TEXT_SUFFIXES = {
    ".txt", ".md", ".markdown", ".rst", ".csv", ".tsv", ".json", ".yaml", ".yml", ".toml",
    ".ini", ".cfg", ".log", ".html", ".htm", ".xml", ".tex", ".org", ".py", ".sh",
}  # fmt: skip
DOCUMENT_SUFFIXES = {".pdf", ".docx", ".odt"}
MAX_READ_BYTES = 20 * 1024 * 1024  # bigger PDFs and office files are described, not read
MAX_TEXT = 200_000  # characters kept from one document (for the index)
MAX_TEXT_BYTES = 1 << 20  # bytes read from the start of a text file
MAX_XML_BYTES = 8 << 20  # bytes inflated from the XML inside a .docx or .odt
MAX_PDF_PAGES = 200  # pages of a PDF read
_CHUNK = 1 << 16


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


def _megabytes(size: int) -> str:
    return f"{size / 1048576:.0f} MB" if size >= 1048576 else f"{size // 1024} KB"


def extract_text(path: Path, source: BinaryIO) -> Extracted:
    """The text of an opened file, as far as it can be read within the caps; never raises for a bad file.

    `path` names the file (its type comes from the name); `source` is the file opened for reading.
    """
    kind = kind_of(path)
    size = os.fstat(source.fileno()).st_size
    suffix = path.suffix.lower()
    note = ""
    if suffix in DOCUMENT_SUFFIXES and size > MAX_READ_BYTES:
        return Extracted("", kind, f"too large to read ({size // 1048576} MB)")
    try:
        if suffix == ".pdf":
            text, note = _pdf(source)
        elif suffix == ".docx":
            text, note = _zipped_xml(source, "word/document.xml", "p")
        elif suffix == ".odt":
            text, note = _zipped_xml(source, "content.xml", "p", "h")
        elif suffix in TEXT_SUFFIXES:
            data = source.read(MAX_TEXT_BYTES)
            if b"\x00" in data[:4096]:
                return Extracted("", kind, "binary content")
            if size > len(data):
                note = f"only the first {_megabytes(len(data))} read"
            text = data.decode("utf-8", errors="replace")
            if suffix in (".html", ".htm"):
                text = re.sub(r"<[^>]+>", " ", text)
        else:
            return Extracted("", kind, "not a document botpsy reads")
    except Exception as exc:  # a broken PDF or zip is described, never fatal
        return Extracted("", kind, f"could not read it ({type(exc).__name__})")
    text = re.sub(r"[ \t]+", " ", text).strip()
    return Extracted(text[:MAX_TEXT], kind, note if text else "no text found (a scan?)")


def _pdf(source: BinaryIO) -> tuple[str, str]:
    """The text of the first pages, up to `MAX_PDF_PAGES` and `MAX_TEXT` characters.

    pypdf caps what one stream may inflate to (`pypdf.filters`, 75 MB) itself.
    """
    import logging

    from pypdf import PdfReader

    logging.getLogger("pypdf").setLevel(logging.ERROR)  # broken PDFs warn loudly
    reader = PdfReader(source)
    total = len(reader.pages)
    pages: list[str] = []
    length = 0
    for number in range(min(total, MAX_PDF_PAGES)):
        pages.append(reader.pages[number].extract_text() or "")
        length += len(pages[-1])
        if length >= MAX_TEXT:
            break
    note = f"only the first {len(pages)} of {total} pages read" if len(pages) < total else ""
    return "\n".join(pages), note


def _zipped_xml(source: BinaryIO, member: str, *paragraph_tags: str) -> tuple[str, str]:
    """The paragraphs of one XML member, inflated in chunks up to `MAX_XML_BYTES`."""
    parser: ET.XMLPullParser[ET.Element] = ET.XMLPullParser(events=("end",))
    paragraphs: list[str] = []
    length = inflated = 0
    with zipfile.ZipFile(source) as archive:
        info = archive.getinfo(member)
        with archive.open(info) as stream:
            while inflated < MAX_XML_BYTES and length < MAX_TEXT:
                chunk = stream.read(min(_CHUNK, MAX_XML_BYTES - inflated))
                if not chunk:
                    break
                inflated += len(chunk)
                parser.feed(chunk)
                for event in parser.read_events():
                    element = event[-1]
                    if not isinstance(element, ET.Element):
                        continue
                    if element.tag.rsplit("}", 1)[-1] in paragraph_tags:
                        text = "".join(element.itertext())
                        if text.strip():
                            paragraphs.append(text)
                            length += len(text) + 1
                        element.clear()
    text = "\n".join(paragraphs)
    if info.file_size <= inflated:
        return text, ""
    return text, f"only the first {_megabytes(inflated)} of {_megabytes(info.file_size)} read"
