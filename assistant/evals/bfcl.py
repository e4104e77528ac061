"""BFCL-format cases and an AST checker written after the Berkeley Function Calling Leaderboard's rules.

A case offers functions and asks a question; the answer file lists the
expected calls, each argument with its allowed values ("" marks an argument
that may be left out). A call is right when its function name matches (dots
and underscores alike), it has no unknown arguments, every expected argument
is present unless optional, and each value is among the allowed ones (strings
compared case- and punctuation-insensitively, numbers by value, lists
element-wise, dicts key by key). Parallel calls match in any order; for
`irrelevance` a case is right when no call is made.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from assistant.errors import UsageError


@dataclass
class Case:
    """One BFCL question with its functions and (unless irrelevance) its expected calls."""

    id: str
    category: str
    messages: list[dict[str, str]]
    functions: list[dict[str, Any]]
    expected: list[dict[str, dict[str, list[Any]]]] = field(default_factory=list)

    @property
    def expects_no_call(self) -> bool:
        """Irrelevance cases: right when nothing is called."""
        return not self.expected

    def definitions(self) -> list[dict[str, Any]]:
        """The functions as chat-template tool definitions."""
        return [{"type": "function", "function": f} for f in self.functions]


def category_of(path: Path) -> str:
    """`BFCL_v4_simple_python.json` -> `simple_python`."""
    return re.sub(r"^BFCL_v\d+_", "", path.stem)


def find_categories(data_dir: Path) -> dict[str, Path]:
    """Question files in a directory, by category."""
    if not data_dir.is_dir():
        raise UsageError(f"--data: no such directory: {data_dir}")
    found = {
        category_of(p): p for p in sorted(data_dir.glob("*.json")) if p.stem.startswith("BFCL_")
    }
    if not found:
        raise UsageError(f"--data: no BFCL_*.json question files in {data_dir}")
    return found


def load_cases(question_file: Path, limit: int | None = None) -> list[Case]:
    """The first `limit` cases of one category, with their answers when the answer file exists."""
    category = category_of(question_file)
    answers: dict[str, list[Any]] = {}
    answer_file = question_file.parent / "possible_answer" / question_file.name
    if answer_file.is_file():
        for line in answer_file.read_text(encoding="utf-8").splitlines():
            if line.strip():
                row = json.loads(line)
                answers[row["id"]] = row["ground_truth"]
    cases: list[Case] = []
    for line in question_file.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        row = json.loads(line)
        turns = row["question"]
        messages = turns[0] if turns and isinstance(turns[0], list) else turns
        if row["id"] not in answers and "irrelevance" not in category:
            raise UsageError(f"{question_file.name}: no answer for {row['id']} in {answer_file}")
        cases.append(
            Case(row["id"], category, messages, row["function"], answers.get(row["id"], []))
        )
        if limit is not None and len(cases) >= limit:
            break
    return cases


# -- the checker -------------------------------------------------------------------------------
def _standard(text: str) -> str:
    return re.sub(r"[ ,./\-_*^]", "", text).lower().replace("'", '"')


def _name(name: str) -> str:
    return name.replace(".", "_")


def value_matches(value: Any, allowed: Any) -> bool:
    """Whether one value equals one allowed value, by BFCL's comparison."""
    if isinstance(allowed, bool) or isinstance(value, bool):
        return isinstance(value, bool) and isinstance(allowed, bool) and value is allowed
    if isinstance(allowed, int | float) and isinstance(value, int | float):
        return float(value) == float(allowed)
    if isinstance(allowed, str) and isinstance(value, str):
        return _standard(value) == _standard(allowed)
    if isinstance(allowed, list) and isinstance(value, list | tuple):
        return len(allowed) == len(value) and all(
            value_matches(v, a) for v, a in zip(value, allowed, strict=True)
        )
    if isinstance(allowed, dict) and isinstance(value, dict):
        for key, options in allowed.items():
            choices = options if isinstance(options, list) else [options]
            if key not in value:
                if "" not in choices:
                    return False
                continue
            if not any(value_matches(value[key], c) for c in choices if c != ""):
                return False
        return all(key in allowed for key in value)
    return bool(value == allowed)


def call_matches(
    name: str, arguments: dict[str, Any], expected: dict[str, dict[str, list[Any]]]
) -> bool:
    """Whether one call matches one expected call."""
    ((want_name, params),) = expected.items()
    if _name(name) != _name(want_name):
        return False
    if any(key not in params for key in arguments):
        return False
    for key, options in params.items():
        if key not in arguments:
            if "" not in options:
                return False
            continue
        if not any(value_matches(arguments[key], o) for o in options if o != ""):
            return False
    return True


def calls_match(calls: list[tuple[str, dict[str, Any]]], expected: list[dict[str, Any]]) -> bool:
    """All expected calls made, each by a different call, in any order, and nothing more."""
    if len(calls) != len(expected):
        return False

    def assign(index: int, used: frozenset[int]) -> bool:
        if index == len(expected):
            return True
        return any(
            j not in used
            and call_matches(*calls[j], expected[index])
            and assign(index + 1, used | {j})
            for j in range(len(calls))
        )

    return assign(0, frozenset())
