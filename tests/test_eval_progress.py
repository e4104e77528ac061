"""The evals' progress line: redrawn on a terminal, a few plain lines in a log or a pipe."""

from __future__ import annotations

import io

from assistant.evals.progress import Progress


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_a_pipe_gets_a_line_per_tenth_not_a_redraw_per_item() -> None:
    out = io.StringIO()
    meter = Progress("slurp", 2033, stream=out)
    for done in range(1, 2034):
        meter.update(done)
    meter.close()
    lines = out.getvalue().splitlines()
    assert "\r" not in out.getvalue()
    assert len(lines) == 10
    assert lines[-1].startswith("slurp [" + "#" * 30 + "] 2033/2033")


def test_a_terminal_gets_the_line_redrawn_in_place() -> None:
    out = _Terminal()
    meter = Progress("scenarios", 3, stream=out)
    for done in (1, 2, 3):
        meter.update(done)
    meter.close()
    assert out.getvalue().count("\r") == 3
    assert "3/3" in out.getvalue().rsplit("\r", 1)[-1]
    assert out.getvalue().endswith("\n")
