"""A local stand-in for the Hugging Face hub's file endpoint, for download tests (no internet here).

It answers HEAD and GET on `/{repo}/resolve/{revision}/{file}` with the headers
huggingface_hub reads (X-Repo-Commit, X-Linked-Etag = the LFS sha256,
X-Linked-Size, Content-Length, Accept-Ranges) and honours `Range: bytes=N-`.
It can cut the first download short (to test resuming) or serve corrupted bytes
under the right checksum (to test verification). It records every request.
"""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


@dataclass
class Hub:
    """What the server holds and how it misbehaves."""

    files: dict[str, bytes] = field(default_factory=dict)  # "owner/repo/file" -> content
    cut_first_get_at: int | None = None  # bytes sent before the first GET is dropped
    corrupt: bool = False
    requests: list[tuple[str, str, str]] = field(default_factory=list)  # method, path, Range
    commit: str = "0123456789abcdef0123456789abcdef01234567"

    def sha256(self, key: str) -> str:
        return hashlib.sha256(self.files[key]).hexdigest()


def _handler(hub: Hub) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *args: object) -> None:
            pass

        def _key(self) -> str | None:
            parts = self.path.split("?")[0].strip("/").split("/")
            if len(parts) >= 5 and parts[2] == "resolve":
                return "/".join(parts[:2] + parts[4:])
            return None

        def _head(self, key: str, status: int, start: int, length: int) -> None:
            content = hub.files[key]
            self.send_response(status)
            self.send_header("X-Repo-Commit", hub.commit)
            self.send_header("X-Linked-Etag", f'"{hub.sha256(key)}"')
            self.send_header("ETag", f'"{hub.sha256(key)}"')
            self.send_header("X-Linked-Size", str(len(content)))
            self.send_header("Accept-Ranges", "bytes")
            self.send_header("Content-Length", str(length))
            if status == 206:
                self.send_header(
                    "Content-Range", f"bytes {start}-{len(content) - 1}/{len(content)}"
                )
            self.end_headers()

        def do_HEAD(self) -> None:
            key = self._key()
            hub.requests.append(("HEAD", self.path, ""))
            if key not in hub.files:
                self.send_response(404)
                self.send_header("X-Error-Code", "EntryNotFound")
                self.send_header("Content-Length", "0")
                self.end_headers()
                return
            self._head(key, 200, 0, len(hub.files[key]))

        def do_GET(self) -> None:
            key = self._key()
            requested = self.headers.get("Range", "")
            hub.requests.append(("GET", self.path, requested))
            if key not in hub.files:
                self.send_response(404)
                self.send_header("Content-Length", "0")
                self.end_headers()
                return
            content = hub.files[key]
            if hub.corrupt:
                content = content[:100] + bytes([content[100] ^ 0xFF]) + content[101:]
            start = (
                int(requested.split("=")[1].split("-")[0]) if requested.startswith("bytes=") else 0
            )
            body = content[start:]
            self._head(key, 206 if start else 200, start, len(body))
            gets = [r for r in hub.requests if r[0] == "GET"]
            if hub.cut_first_get_at is not None and len(gets) == 1:
                self.wfile.write(body[: hub.cut_first_get_at])
                self.wfile.flush()
                self.close_connection = True
                self.connection.shutdown(2)
                return
            for i in range(0, len(body), 1 << 20):
                self.wfile.write(body[i : i + (1 << 20)])

    return Handler


@contextmanager
def serve(hub: Hub) -> Iterator[str]:
    """Run the hub on a free loopback port; yields its URL."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), _handler(hub))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
