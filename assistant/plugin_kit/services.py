"""Typed service names: a plugin offers an object under a key, others look it up by the same key.

A `ServiceKey[T]` is a `str` (so older plugins that pass bare names keep
working) that also tells a type checker what `context.service(key)` returns.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, Protocol, TypeVar

T = TypeVar("T")


class ServiceKey(str, Generic[T]):
    """The well-known name of a service, typed: `ServiceKey[MyStore]("my_store")`."""

    __slots__ = ()

    def __repr__(self) -> str:
        return f"ServiceKey({str.__repr__(self)})"


class ContactsService(Protocol):
    """People the user knows; the calendar plugin provides one from the address book."""

    def lookup(self, wanted: str) -> list[Any]:
        """The contacts a name, nickname or address fits best."""
        ...

    def resolve_address(self, wanted: str, argument: str = "to") -> str:
        """An email address for a name; raises `AskUser` when several people fit."""
        ...


class FileIndexService(Protocol):
    """The full-text index of the user's files; the files plugin provides it."""

    def status(self) -> dict[str, Any]:
        """Counts, folders, the database path and when it last caught up."""
        ...

    def catch_up(
        self, progress: Callable[[int, int], None] | None = None, budget: float | None = None
    ) -> Any:
        """Index what changed since last time."""
        ...

    def rebuild(self, progress: Callable[[int, int], None] | None = None) -> Any:
        """Forget everything and index every file again."""
        ...

    def stop_watching(self) -> None:
        """Stop following changes on disk."""
        ...


CONTACTS: ServiceKey[ContactsService] = ServiceKey("contacts")
FILE_INDEX: ServiceKey[FileIndexService] = ServiceKey("file_index")
