"""The plugin API's version and a plugin's declared need (`BOTPSY_API = ">=1,<2"`).

A plugin that needs an API this botpsy does not offer is reported when it loads
("plugin 'x' needs botpsy plugin API >=2, this is 1.2") and skipped, never
crashed on halfway through its hooks.
"""

from __future__ import annotations

import re

API_VERSION = "1.2"  # major: hooks or names removed or changed; minor: things added

_CLAUSE = re.compile(r"^\s*(>=|<=|==|!=|~=|>|<)?\s*(\d+(?:\.\d+)*)\s*$")


def _parts(version: str, width: int = 3) -> tuple[int, ...]:
    numbers = [int(n) for n in version.split(".")]
    return tuple(numbers + [0] * (width - len(numbers)))


def _holds(op: str, have: tuple[int, ...], want: str) -> bool:
    wanted = _parts(want)
    if op == "~=":  # compatible release: ~=1.2 means >=1.2,<2
        head = [int(n) for n in want.split(".")]
        prefix = tuple(head[:-1]) if len(head) > 1 else tuple(head)
        return have >= wanted and have[: len(prefix)] == prefix
    if op == "==" and want.count(".") < 2:  # ==1 means any 1.x
        return have[: want.count(".") + 1] == wanted[: want.count(".") + 1]
    return {
        ">=": have >= wanted,
        "<=": have <= wanted,
        ">": have > wanted,
        "<": have < wanted,
        "==": have == wanted,
        "!=": have != wanted,
    }[op]


def check_requirement(requirement: object, version: str = API_VERSION) -> str | None:
    """Why `requirement` (e.g. ">=1,<2") rules out this API version, or None when it fits."""
    if not isinstance(requirement, str) or not requirement.strip():
        return f"BOTPSY_API must be text like '>=1,<2', not {requirement!r}"
    have = _parts(version)
    for clause in requirement.split(","):
        match = _CLAUSE.match(clause)
        if match is None:
            return f"BOTPSY_API '{requirement}' is not a version range like '>=1,<2'"
        op, want = match.group(1) or "==", match.group(2)
        if not _holds(op, have, want):
            return f"needs botpsy plugin API {requirement.strip()}, this is {version}"
    return None
