"""`botpsy eval bfcl`: tool-calling accuracy of any GGUF through botpsy's pipeline, beside a baseline."""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Any

from assistant.errors import ExitStatus, UsageError

DEFAULT_DATA = Path("../shared/data/bfcl")


def parser() -> argparse.ArgumentParser:
    """Options of `botpsy eval`."""
    p = argparse.ArgumentParser(prog="botpsy eval", description="Measure tool-calling quality.")
    sub = p.add_subparsers(dest="suite", required=True)
    sub.add_parser("scenarios", help="botpsy's own suite on its built-in tools (see --help there)")
    sub.add_parser(
        "slurp", help="SLURP devel: what people say to a home assistant (see --help there)"
    )
    bfcl = sub.add_parser("bfcl", help="BFCL-format question files, scored by an AST checker")
    bfcl.add_argument("--data", type=Path, help="a directory of BFCL_*.json files "
                      "(default: $BOTPSY_BFCL_DATA or ../shared/data/bfcl)")  # fmt: skip
    bfcl.add_argument("--category", action="append", help="a category to run (repeatable)")
    bfcl.add_argument("--limit", type=int, help="the first N cases of each category")
    bfcl.add_argument(
        "--offset", type=int, default=0, help="skip the first N cases of each category"
    )
    bfcl.add_argument("--model", help="a GGUF file (default: the configured model)")
    bfcl.add_argument("--config", help="the config file")
    bfcl.add_argument("--baseline", choices=["llama-cpp", "none"], default="none",
                      help="also score llama-cpp-python's chatml-function-calling")  # fmt: skip
    bfcl.add_argument("--strategy", choices=["auto", "model", "assisted"],
                      help="who decides to call (default: agent.call_strategy)")  # fmt: skip
    bfcl.add_argument("--no-grammar", action="store_true", help="do not constrain calls")
    bfcl.add_argument("--max-tools", type=int, help="tools offered per case")
    bfcl.add_argument("--json", action="store_true", help="one JSON object on stdout")
    bfcl.add_argument("--failures", action="store_true", help="list the ids of wrong cases")
    bfcl.add_argument("--log", type=Path, help="append each case's result to this JSON-lines file")
    bfcl.add_argument("--only-baseline", action="store_true", help="score only the baseline")
    return p


def main(argv: list[str]) -> int:
    """Run the suite; figures to stdout, progress to stderr."""
    if argv[:1] == ["scenarios"]:
        from assistant.evals.scenarios import main as scenarios_main

        return scenarios_main(argv[1:])
    if argv[:1] == ["slurp"]:
        from assistant.evals.slurp import main as slurp_main

        return slurp_main(argv[1:])
    args = parser().parse_args(argv)
    from assistant.app import make_model, model_path
    from assistant.assisted import resolve_strategy
    from assistant.clock import Clock
    from assistant.config import load_config
    from assistant.evals.bfcl import find_categories, load_cases
    from assistant.evals.runner import botpsy_solver, llama_cpp_baseline, run_cases, summarize
    from assistant.models.base import GenerationOptions
    from assistant.prompts import load_prompt

    config = load_config(args.config)
    data = args.data or Path(os.environ.get("BOTPSY_BFCL_DATA") or DEFAULT_DATA)
    files = find_categories(data)
    wanted = args.category or list(files)
    unknown = [c for c in wanted if c not in files]
    if unknown:
        raise UsageError(
            f"--category: {', '.join(unknown)} not in {data} (have {', '.join(files)})"
        )
    cases = []
    for category in wanted:
        selected = load_cases(
            files[category], None if args.limit is None else args.offset + args.limit
        )
        cases += selected[args.offset :]
    model = make_model(config, args.model)
    strategy = resolve_strategy(args.strategy or config.agent.call_strategy, model)
    options = GenerationOptions(max_tokens=config.model.max_tokens, temperature=config.model.temperature,
                                constrain_calls=not args.no_grammar)  # fmt: skip
    now = Clock.for_user(config.timezone).now()
    system = load_prompt("system.md").format(today=now.strftime("%A, %d %B %Y"),
                                             zone=getattr(now.tzinfo, "key", "UTC")).strip()  # fmt: skip
    max_tools = args.max_tools or config.agent.max_tools
    ours: list[Any] = []
    if not args.only_baseline:
        solver = botpsy_solver(model, system, strategy, options, max_tools)
        ours = run_cases(cases, solver, f"botpsy ({strategy})", log=args.log)
    model.close()  # never two models at once on these cores
    theirs = None
    if args.baseline == "llama-cpp":
        solve, close = llama_cpp_baseline(model_path(config, args.model), config.model.context,
                                          config.model.max_tokens)  # fmt: skip
        theirs = run_cases(cases, solve, "llama-cpp chatml-function-calling", log=args.log)
        close()
    if args.only_baseline and theirs is not None:
        ours, theirs, strategy_label = theirs, None, "llama-cpp chatml-function-calling (baseline)"
    else:
        strategy_label = str(strategy)
    report(summarize(ours), summarize(theirs) if theirs else None, args, strategy_label,
           model_path(config, args.model).name)  # fmt: skip
    return ExitStatus.OK


def report(ours: dict[str, Any], theirs: dict[str, Any] | None, args: argparse.Namespace,
           strategy: str, model_name: str) -> None:  # fmt: skip
    """The figures: a table, or one JSON object."""
    if args.json:
        categories = {}
        for name, entry in ours.items():
            categories[name] = entry.to_dict()
            if theirs:
                categories[name]["baseline"] = theirs[name].to_dict()
            if args.failures:
                categories[name]["failures"] = entry.failures
        print(json.dumps({"model": model_name, "strategy": strategy, "grammar": not args.no_grammar,
                          "baseline": args.baseline, "categories": categories}, indent=2))  # fmt: skip
        return
    head = f"{'category':<20} {'cases':>5} {'botpsy':>8} {'s/case':>7}"
    if theirs:
        head += f" {'llama-cpp':>10} {'s/case':>7}"
    print(f"model {model_name}, strategy {strategy}, grammar {'off' if args.no_grammar else 'on'}")
    print(head)
    for name, entry in ours.items():
        line = f"{name:<20} {entry.cases:>5} {entry.accuracy:>8.1%} {entry.seconds_per_case:>7.2f}"
        if theirs:
            other = theirs[name]
            line += f" {other.accuracy:>10.1%} {other.seconds_per_case:>7.2f}"
        print(line)
        if args.failures and entry.failures:
            print("    wrong: " + " ".join(entry.failures))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
