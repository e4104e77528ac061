"""Run BFCL cases through botpsy's own pipeline, or through a peer baseline, and score them.

botpsy's run uses exactly what a request uses: the system prompt, the model's
template, the call strategy (assisted or the model's own decision), the grammar,
the parser and the schema coercion. The baseline is llama-cpp-python's
`chatml-function-calling` with `tool_choice="auto"`, on the same cases and model.
"""

from __future__ import annotations

import contextlib
import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from assistant.assisted import CallStrategy
from assistant.errors import ToolArgumentError
from assistant.evals.bfcl import Case, calls_match
from assistant.evals.progress import Progress
from assistant.messages import Message
from assistant.models.base import GenerationOptions, Model
from assistant.schema import coerce_arguments

Call = tuple[str, dict[str, Any]]
Solver = Callable[[Case], list[Call]]


@dataclass
class CaseResult:
    """One case's outcome."""

    id: str
    category: str
    correct: bool
    calls: list[Call]
    seconds: float
    error: str = ""


@dataclass
class CategoryScore:
    """Accuracy and speed over one category."""

    cases: int = 0
    correct: int = 0
    seconds: float = 0.0
    failures: list[str] = field(default_factory=list)

    @property
    def accuracy(self) -> float:
        """Right answers over cases, 0 to 1."""
        return self.correct / self.cases if self.cases else 0.0

    @property
    def seconds_per_case(self) -> float:
        """Mean wall time of a case."""
        return self.seconds / self.cases if self.cases else 0.0

    def to_dict(self) -> dict[str, Any]:
        """JSON form."""
        return {
            "cases": self.cases,
            "correct": self.correct,
            "accuracy": round(self.accuracy, 4),
            "seconds_per_case": round(self.seconds_per_case, 3),
        }


def json_schema(schema: Any) -> Any:
    """BFCL's types as JSON Schema (dict -> object, float -> number, tuple -> array, any -> {})."""
    if isinstance(schema, list):
        return [json_schema(s) for s in schema]
    if not isinstance(schema, dict):
        return schema
    out = {k: json_schema(v) for k, v in schema.items()}
    kind = out.get("type")
    if kind == "any":
        out.pop("type")
    elif kind in ("dict", "float", "tuple"):
        out["type"] = {"dict": "object", "float": "number", "tuple": "array"}[kind]
    return out


def definitions(case: Case) -> list[dict[str, Any]]:
    """The case's functions as tool definitions with JSON Schema parameters."""
    return [
        {"type": "function", "function": {**f, "parameters": json_schema(f.get("parameters", {}))}}
        for f in case.functions
    ]


def score(case: Case, calls: list[Call]) -> bool:
    """Right or wrong, by the AST checker."""
    if case.expects_no_call:
        return not calls
    return calls_match(calls, case.expected)


def botpsy_solver(
    model: Model,
    system_prompt: str,
    strategy: CallStrategy,
    options: GenerationOptions,
    max_tools: int = 8,
) -> Solver:
    """Answer a case the way a request is answered; invalid calls stay in, so they count wrong."""

    def solve(case: Case) -> list[Call]:
        tools = definitions(case)
        messages = [Message("system", system_prompt)]
        messages += [
            Message("assistant" if m["role"] == "assistant" else "user", m["content"])
            for m in case.messages
            if m["role"] != "system"
        ]
        turn = strategy.first_turn(model, messages, tools, options, max_tools)
        schemas = {t["function"]["name"]: t["function"]["parameters"] for t in tools}
        calls: list[Call] = []
        for call in turn.tool_calls:
            arguments = call.arguments
            if call.name in schemas:
                with contextlib.suppress(ToolArgumentError):
                    arguments = coerce_arguments(call.arguments, schemas[call.name])
            calls.append((call.name, arguments))
        return calls

    return solve


def llama_cpp_baseline(
    model_path: Path, context: int, max_tokens: int
) -> tuple[Solver, Callable[[], None]]:
    """llama-cpp-python's own tool calling: `chatml-function-calling`, `tool_choice="auto"`."""
    import llama_cpp

    from assistant.models.llama_cpp import extra_buffers, quiet_stderr, usable_cores

    with quiet_stderr(), extra_buffers(False):
        llama = llama_cpp.Llama(
            model_path=str(model_path),
            chat_format="chatml-function-calling",
            n_ctx=context,
            n_threads=usable_cores(),
            n_threads_batch=usable_cores(),
            seed=42,
            verbose=False,
        )

    def solve(case: Case) -> list[Call]:
        response: Any = llama.create_chat_completion(
            messages=case.messages,  # type: ignore[arg-type]
            tools=definitions(case),  # type: ignore[arg-type]
            tool_choice="auto",
            max_tokens=max_tokens,
            temperature=0.2,
        )
        message = response["choices"][0]["message"]
        calls: list[Call] = []
        for call in message.get("tool_calls") or []:
            try:
                arguments = json.loads(call["function"]["arguments"] or "{}")
            except ValueError:
                arguments = {"__unparsable__": call["function"]["arguments"]}
            calls.append(
                (call["function"]["name"], arguments if isinstance(arguments, dict) else {})
            )
        return calls

    return solve, llama.close


def run_cases(
    cases: list[Case], solve: Solver, label: str, progress: bool = True, log: Path | None = None
) -> list[CaseResult]:
    """Solve and score every case, drawing a progress bar on stderr.

    With `log`, each case's result is appended as a JSON line as soon as it is known,
    so a long run that is stopped keeps what it measured.
    """
    results: list[CaseResult] = []
    meter = Progress(f"{label:<28}", len(cases)) if progress else None
    for index, case in enumerate(cases, 1):
        began = time.perf_counter()
        error = ""
        try:
            calls = solve(case)
        except Exception as exc:  # a case that breaks the pipeline counts wrong, the run goes on
            calls, error = [], f"{type(exc).__name__}: {exc}"
        results.append(CaseResult(case.id, case.category, score(case, calls) and not error,
                                  calls, time.perf_counter() - began, error))  # fmt: skip
        if log is not None:
            with open(log, "a", encoding="utf-8") as handle:
                handle.write(
                    json.dumps({"solver": label, **results[-1].__dict__}, default=str) + "\n"
                )
        if meter is not None:
            meter.update(index)
    if meter is not None:
        meter.close()
    return results


def summarize(results: list[CaseResult]) -> dict[str, CategoryScore]:
    """Scores by category, in first-seen order."""
    scores: dict[str, CategoryScore] = {}
    for result in results:
        entry = scores.setdefault(result.category, CategoryScore())
        entry.cases += 1
        entry.correct += result.correct
        entry.seconds += result.seconds
        if not result.correct:
            entry.failures.append(result.id)
    return scores
