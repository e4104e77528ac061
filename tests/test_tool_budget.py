"""How many tools a request offers: all of them in one cached prefix when they fit, else a few."""

from __future__ import annotations

from typing import Any

from assistant.agent import AUTO_SELECTED, ROOM_TO_TALK
from assistant.assisted import NativeStrategy
from assistant.assisted.assist import AssistedStrategy
from assistant.config import AgentSettings, Config
from assistant.messages import Message
from assistant.models.base import GenerationOptions
from assistant.models.scripted import ScriptedModel
from tests.helpers import scripted_assistant


class _Counting(ScriptedModel):
    """A scripted model whose context is `size` tokens, a tool taking 100 of them."""

    def __init__(self, size: int | None) -> None:
        super().__init__([])
        self.size = size

    def prompt_room(
        self, messages: list[Message], tools: list[dict[str, Any]], options: GenerationOptions
    ) -> int | None:
        return None if self.size is None else self.size - 300 - 100 * len(tools)


def _tools(count: int) -> list[dict[str, Any]]:
    return [{"name": f"tool_{i}", "description": "x", "parameters": {}} for i in range(count)]


def _agent(config: Config, model: _Counting, max_tools: int = 0) -> Any:
    assistant, _, _ = scripted_assistant(config, [])
    agent = assistant.agent
    agent.model_factory = lambda: model
    agent.settings = AgentSettings(max_tools=max_tools)
    return agent


def test_a_model_that_decides_gets_every_tool_when_they_fit(config: Config) -> None:
    big = 300 + 100 * 30 + ROOM_TO_TALK + GenerationOptions().max_tokens
    agent = _agent(config, _Counting(big))
    assert agent.tool_budget(NativeStrategy(), [], _tools(30)) == 30
    # one tool more and the room to talk is gone: the most relevant few
    assert agent.tool_budget(NativeStrategy(), [], _tools(31)) == AUTO_SELECTED


def test_the_assisted_strategy_and_an_uncounted_backend_get_a_short_list(config: Config) -> None:
    agent = _agent(config, _Counting(10**6))
    assert agent.tool_budget(AssistedStrategy(), [], _tools(30)) == AUTO_SELECTED
    assert _agent(config, _Counting(None)).tool_budget(NativeStrategy(), [], _tools(30)) == (
        AUTO_SELECTED
    )


def test_the_users_setting_wins(config: Config) -> None:
    agent = _agent(config, _Counting(10**6), max_tools=5)
    assert agent.tool_budget(NativeStrategy(), [], _tools(30)) == 5
