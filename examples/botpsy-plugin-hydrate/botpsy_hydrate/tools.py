"""The hydrate tools. Each is a typed method with an effect; the docstring is what the model reads."""

from __future__ import annotations

from typing import Any

from assistant.api import Clock, Effect, Moment, Shown, ToolResult, tool

from botpsy_hydrate.amounts import millilitres
from botpsy_hydrate.log import WaterLog


class HydrateTools:
    """A toolbox: the log, the clock and the daily goal live on the object."""

    def __init__(self, log: WaterLog, clock: Clock, goal_ml: int = 2000) -> None:
        self.log = log
        self.clock = clock
        self.goal_ml = goal_ml

    @tool(Effect.WRITE)
    def hydrate_log(self, amount: str) -> ToolResult:
        """Log water the user drank, e.g. "2 glasses", "a bottle" or "500 ml".

        Args:
            amount: how much, in the user's words
        """
        ml = millilitres(amount)
        now = self.clock.now()
        self.log.add(ml, now)
        total = sum(drink for _, drink in self.log.on(now.date()))
        return ToolResult(f"Logged {ml} ml; {total} of {self.goal_ml} ml today.", {"ml": ml})

    @tool(Effect.READ)
    def hydrate_total(self, day: Moment) -> ToolResult:
        """How much water the user drank on a day, against the daily goal.

        Args:
            day: which day, e.g. "today" or "yesterday"
        """
        drinks = self.log.on(day.start.date())
        total = sum(ml for _, ml in drinks)
        label = day.start.strftime("%A %d %B")
        left = max(self.goal_ml - total, 0)
        summary = f"{total} ml on {label} in {len(drinks)} drinks; {left} ml to the goal."
        return ToolResult(summary, {"ml": total, "drinks": len(drinks), "goal": self.goal_ml})

    def preview_clear(self, arguments: dict[str, Any]) -> Shown:
        """What a clear removes, shown before the user is asked."""
        day = arguments["day"].start.date()
        drinks = self.log.on(day)
        return Shown(f"forget {len(drinks)} drinks logged on {day:%A %d %B}")

    @tool(Effect.DELETE, preview="preview_clear")
    def hydrate_clear(self, day: Moment) -> ToolResult:
        """Forget every drink logged on a day (asks the user first).

        Args:
            day: which day to clear, e.g. "today"
        """
        removed = self.log.clear(day.start.date())
        return ToolResult(
            f"Forgot {removed} drinks from {day.start:%A %d %B}.", {"removed": removed}
        )
