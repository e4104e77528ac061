"""MCP servers kept alive for the process, behind a sync face for botpsy's sync agent.

The SDK is async and its client must be entered and left in one task, so each
server gets an owner task on one background event loop (a daemon thread): it
opens the connection, reports ready, and waits to be told to stop. Calls from
the agent's thread are coroutines handed to that loop, each with a deadline.
At exit every connection is closed within a bounded time (the SDK closes the
server's stdin, then terminates it), and the thread is a daemon, so a stuck
server can never hold the process open.
"""

from __future__ import annotations

import asyncio
import atexit
import concurrent.futures
import contextlib
import threading
from collections.abc import Coroutine
from pathlib import Path
from typing import IO, Any

from assistant.api import ToolError, one_line
from botpsy_mcp.errors import ServerFailed
from botpsy_mcp.settings import ServerSettings

CLOSE_SECONDS = 8.0  # at most this long to close every server at exit


class Connection:
    """One running server: the SDK client, held open by its owner task."""

    def __init__(self, settings: ServerSettings, log: Path) -> None:
        self.settings = settings
        self.log = log
        self.client: Any = None
        self.tools: list[dict[str, Any]] = []
        self.ready = asyncio.Event()  # bound to the loop that first waits on it
        self.stop = asyncio.Event()
        self.owner: asyncio.Task[None] | None = None
        self.error: BaseException | None = None
        self.stored = False  # whether its tool list was written to the cache
        self._errlog: IO[str] | None = None

    async def run(self) -> None:
        """Open the connection, list the tools, and hold it until told to stop."""
        from mcp import Client, StdioServerParameters, stdio_client

        settings = self.settings
        target: Any = settings.url
        try:
            if settings.command:
                self.log.parent.mkdir(parents=True, exist_ok=True)
                self._errlog = self.log.open("a", encoding="utf-8")
                parameters = StdioServerParameters(
                    command=settings.command[0],
                    args=settings.command[1:],
                    env=settings.environment() or None,
                    cwd=settings.cwd or None,
                    encoding_error_handler="replace",
                )
                # The server's stderr goes to its log file, not over botpsy's own output.
                target = stdio_client(parameters, errlog=self._errlog)
            client = Client(target, read_timeout_seconds=settings.timeout, cache=None)
            async with client:
                self.client = client
                self.tools = await _list_tools(client)
                self.ready.set()
                await self.stop.wait()
        except Exception as exc:  # kept for the caller: one line, not a traceback
            self.error = exc
        finally:
            self.client = None
            self.ready.set()
            if self._errlog is not None:
                self._errlog.close()

    def last_log_line(self) -> str:
        """The server's last line on stderr (why it died, often)."""
        try:
            lines = [ln for ln in self.log.read_text("utf-8", "replace").splitlines() if ln.strip()]
        except OSError:
            return ""
        return one_line(lines[-1])[:200] if lines else ""


async def _list_tools(client: Any) -> list[dict[str, Any]]:
    """Every tool the server lists, page by page (bounded), as plain JSON."""
    tools: list[dict[str, Any]] = []
    cursor = None
    for _ in range(50):
        page = await client.list_tools(cursor=cursor)
        tools += [t.model_dump(by_alias=True, exclude_none=True, mode="json") for t in page.tools]
        cursor = page.next_cursor
        if not cursor:
            break
    return tools


class Runtime:
    """The background loop and the servers started on it, one per process."""

    def __init__(self, log_dir: Path) -> None:
        self.log_dir = log_dir
        self.loop = asyncio.new_event_loop()
        self.connections: dict[str, Connection] = {}
        self._lock = threading.Lock()
        self._starting: dict[str, threading.Lock] = {}
        self._closed = False
        self.thread = threading.Thread(target=self._serve, name="botpsy-mcp", daemon=True)
        self.thread.start()
        atexit.register(self.close)

    def _serve(self) -> None:
        asyncio.set_event_loop(self.loop)
        self.loop.run_forever()

    def _submit(self, coroutine: Coroutine[Any, Any, Any], seconds: float) -> Any:
        """Run a coroutine on the loop and wait for it at most `seconds`."""
        future = asyncio.run_coroutine_threadsafe(coroutine, self.loop)
        try:
            return future.result(seconds)
        except concurrent.futures.TimeoutError:
            future.cancel()
            raise

    def connect(self, settings: ServerSettings) -> Connection:
        """The running connection to a server, started now if it is not running yet."""
        with self._lock:
            if self._closed:
                raise ServerFailed("botpsy is shutting down")
            starting = self._starting.setdefault(settings.name, threading.Lock())
        with starting:  # one start per server at a time; other servers start alongside
            return self._connect(settings)

    def _connect(self, settings: ServerSettings) -> Connection:
        with self._lock:
            current = self.connections.get(settings.name)
            if current is not None and current.client is not None and current.settings == settings:
                return current
            if current is not None:  # gone, or the config changed under the same name
                self.connections.pop(settings.name)
        if current is not None:
            self._stop(current)
        connection = Connection(settings, self.log_dir / f"{settings.name}.log")
        try:
            self._submit(self._start(connection), settings.startup_timeout + 1)
        except (TimeoutError, concurrent.futures.TimeoutError):
            self._stop(connection, cancel=True)
            raise ServerFailed(
                f"did not start within {settings.startup_timeout:g} s{_tail(connection)}"
            ) from None
        except BaseException as exc:
            self._stop(connection, cancel=True)
            raise ServerFailed(f"{describe(exc)}{_tail(connection)}") from None
        with self._lock:
            self.connections[settings.name] = connection
        return connection

    async def _start(self, connection: Connection) -> None:
        connection.owner = asyncio.ensure_future(connection.run())
        try:
            await asyncio.wait_for(connection.ready.wait(), connection.settings.startup_timeout)
        except TimeoutError:
            raise TimeoutError from None
        if connection.error is not None:
            raise connection.error
        if connection.client is None:
            raise ServerFailed("the server closed the connection")

    def call(self, settings: ServerSettings, tool: str, arguments: dict[str, Any]) -> Any:
        """Call one tool; a broken connection is dropped so the next call starts it again."""
        connection = self.connect(settings)
        try:
            return self._submit(
                _call(connection, tool, arguments, settings.timeout), settings.timeout + 2
            )
        except (TimeoutError, concurrent.futures.TimeoutError):
            raise ToolError(
                f"MCP server '{settings.name}' did not answer within {settings.timeout:g} s"
            ) from None
        except Exception as exc:
            from mcp import MCPError
            from mcp_types import CONNECTION_CLOSED

            if not isinstance(exc, MCPError) or exc.code == CONNECTION_CLOSED:
                self.drop(settings.name)  # the connection itself failed: start afresh next time
            raise ToolError(f"MCP server '{settings.name}': {describe(exc)}") from None

    def drop(self, name: str) -> None:
        """Close one server's connection (it starts again on its next call)."""
        with self._lock:
            connection = self.connections.pop(name, None)
        if connection is not None:
            self._stop(connection)

    def _stop(self, connection: Connection, cancel: bool = False) -> None:
        """Tell an owner task to leave its connection (or cancel a start); wait for it, bounded."""
        seconds = CLOSE_SECONDS

        async def stop() -> None:
            connection.stop.set()
            if cancel and connection.owner is not None:
                connection.owner.cancel()  # the SDK still stops the server process, bounded
            if connection.owner is not None and not connection.owner.done():
                with contextlib.suppress(BaseException):
                    await asyncio.wait_for(asyncio.shield(connection.owner), seconds)
            if connection.owner is not None and not connection.owner.done():
                connection.owner.cancel()

        if not self.loop.is_running():
            return
        with contextlib.suppress(Exception):
            self._submit(stop(), seconds + 1)

    def close(self) -> None:
        """Stop every server and the loop; bounded, safe to call twice."""
        with self._lock:
            if self._closed:
                return
            self._closed = True
            connections = list(self.connections.values())
            self.connections.clear()

        async def stop_all() -> None:
            for connection in connections:
                connection.stop.set()
            owners = [c.owner for c in connections if c.owner is not None and not c.owner.done()]
            if owners:
                _, pending = await asyncio.wait(owners, timeout=CLOSE_SECONDS)
                for task in pending:
                    task.cancel()

        if self.loop.is_running():
            with contextlib.suppress(Exception):
                self._submit(stop_all(), CLOSE_SECONDS + 1)
            self.loop.call_soon_threadsafe(self.loop.stop)
            self.thread.join(2)
        atexit.unregister(self.close)


async def _call(
    connection: Connection, tool: str, arguments: dict[str, Any], seconds: float
) -> Any:
    if connection.client is None:
        raise ServerFailed("the connection is closed")
    return await asyncio.wait_for(connection.client.call_tool(tool, arguments), seconds)


def describe(exc: BaseException) -> str:
    """One line for an error, looking inside the task groups the SDK raises."""
    while isinstance(exc, BaseExceptionGroup) and exc.exceptions:
        exc = exc.exceptions[0]
    text = one_line(str(exc)) or type(exc).__name__
    if isinstance(exc, FileNotFoundError) and exc.filename:
        return f"no such program: {exc.filename}"
    return text[:300]


def _tail(connection: Connection) -> str:
    line = connection.last_log_line()
    return f" (its last words: {line})" if line else ""


_RUNTIME: Runtime | None = None
_RUNTIME_LOCK = threading.Lock()


def runtime(log_dir: Path) -> Runtime:
    """The process's one runtime, started on first use."""
    global _RUNTIME
    with _RUNTIME_LOCK:
        if _RUNTIME is None or _RUNTIME._closed:
            _RUNTIME = Runtime(log_dir)
        return _RUNTIME


def close_runtime() -> None:
    """Close the process's runtime, if one was started."""
    with _RUNTIME_LOCK:
        current = _RUNTIME
    if current is not None:
        current.close()
