"""`botpsy model pull|list|use|rm|info`: the models botpsy can run."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from assistant.config import Config
from assistant.errors import ExitStatus, UsageError


def parser() -> argparse.ArgumentParser:
    """Options of `botpsy model`."""
    p = argparse.ArgumentParser(prog="botpsy model", description="Download and choose models.")
    p.add_argument("--config", help="the config file")
    sub = p.add_subparsers(dest="action", required=True)
    pull = sub.add_parser("pull", help="download a model from the catalogue (or --repo/--file)")
    pull.add_argument(
        "name", help="a catalogue name (see `botpsy model list`) or a name for --repo/--file"
    )
    pull.add_argument("--repo", help="a Hugging Face repository, e.g. owner/Model-GGUF")
    pull.add_argument("--file", help="the GGUF file in that repository")
    pull.add_argument("--sha256", help="the file's expected sha256")
    pull.add_argument("--use", action="store_true", help="make it the default model when done")
    pull.add_argument(
        "--warm",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="with --use, build its prompt cache so the first request is not cold (default)",
    )
    sub.add_parser("list", help="known and downloaded models, and which one runs")
    use = sub.add_parser("use", help="make a model the default (a name, 'starter', or a GGUF path)")
    use.add_argument("name")
    use.add_argument(
        "--warm",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="build its prompt cache so the first request is not cold (default)",
    )
    warm = sub.add_parser(
        "warm", help="build the prompt cache (system prompt and tools) so no request starts cold"
    )
    warm.add_argument("name", nargs="?", help="a name or path (default: the model that runs)")
    rm = sub.add_parser("rm", help="delete a downloaded model")
    rm.add_argument("name")
    info = sub.add_parser("info", help="what a GGUF says about itself")
    info.add_argument("name", nargs="?", help="a name or path (default: the model that runs)")
    info.add_argument("--model", metavar="FILE", help="a GGUF file (same as giving its path)")
    info.add_argument("--json", action="store_true")
    info.add_argument(
        "--prompt",
        action="store_true",
        help="tokens of the system prompt and every tool in this model's prompt (reads its "
        "vocabulary only)",
    )
    synth = sub.add_parser(
        "synth", help="write a GGUF with a real model's shape and random weights (for benchmarks)"
    )
    synth.add_argument("--arch", default="qwen3.5-0.8b", help="the shape to copy: qwen3.5-0.8b")
    synth.add_argument("--quant", default="q4_k_m", help="q4_k_m, q8_0 or f16")
    synth.add_argument("--out", required=True, metavar="FILE", help="where to write the GGUF")
    synth.add_argument("--tiny", action="store_true", help="same architecture, a few MB of weights")
    synth.add_argument("--seed", type=int, default=0, help="seed of the random weights")
    return p


def main(argv: list[str]) -> int:
    """Run one model command."""
    args = parser().parse_args(argv)
    from assistant.app import model_path
    from assistant.config import load_config
    from assistant.models.manager import CatalogueEntry, ModelStore, catalogue, gguf_info, pull

    config = load_config(args.config)
    store = ModelStore(config)
    known = catalogue(config)
    if args.action == "synth":
        return _synth(args)
    if args.action == "pull":
        entry = known.get(args.name)
        if args.repo or args.file:
            entry = CatalogueEntry(args.name, args.repo or (entry.repo if entry else ""),
                                   args.file or (entry.file if entry else ""))  # fmt: skip
        if entry is None:
            raise UsageError(f"'{args.name}' is not in the catalogue; give --repo and --file")
        if args.sha256:
            entry.sha256 = args.sha256
        model = pull(entry, store)
        print(
            f"Downloaded {model.name}: {model.path} ({model.size / 1e6:.0f} MB, sha256 {model.sha256[:12]}…)"
        )
        if args.use:
            store.use(model.name)
            print(f"{model.name} is now the default model.")
            if args.warm:
                _warm(config, None, quiet=True)
        return ExitStatus.OK
    if args.action == "list":
        installed = store.installed()
        active = store.active() or "starter"
        running = model_path(config)
        for name, entry in known.items():
            state = (
                "bundled"
                if entry.bundled
                else ("downloaded" if name in installed else "not downloaded")
            )
            mark = "*" if name == active else " "
            print(f"{mark} {name:<14} {state:<15} {entry.description}")
        for name, model in installed.items():
            if name not in known:
                print(
                    f"{'*' if name == active else ' '} {name:<14} {'downloaded':<15} {model.repo}/{model.file}"
                )
        print(f"\nruns now: {running}")
        return ExitStatus.OK
    if args.action == "use":
        if args.name not in known or not known[args.name].bundled:
            store.resolve(args.name)  # a clear error for an unknown name or path
        store.use(args.name if not Path(args.name).exists() else str(Path(args.name).resolve()))
        print(f"{args.name} is now the default model.")
        if args.warm:
            _warm(config, None, quiet=True)
        return ExitStatus.OK
    if args.action == "warm":
        _warm(config, str(store.resolve(args.name) or "") if args.name else None)
        return ExitStatus.OK
    if args.action == "rm":
        model = store.remove(args.name)
        print(f"Removed {model.name} ({model.path}).")
        return ExitStatus.OK
    choice = args.model or args.name
    path = model_path(config, str(store.resolve(choice) or "") if choice else None)
    if args.prompt:
        return _prompt(config, path, args.json)
    facts = gguf_info(path)
    if args.json:
        print(json.dumps(facts, indent=2))
    else:
        for key, value in facts.items():
            print(f"{key:<15} {value}")
    return ExitStatus.OK


def _prompt(config: Config, path: Path, as_json: bool) -> int:
    """`botpsy model info --prompt`: the prompt's stable start, counted by part."""
    from assistant.models.budget import measure_prompt, print_budget

    figures = measure_prompt(config, path)
    if as_json:
        print(json.dumps(figures, indent=2))
    else:
        print_budget(figures)
    return ExitStatus.OK


def _synth(args: argparse.Namespace) -> int:
    """`botpsy model synth`: the GGUF, then what it is."""
    from assistant.models.manager import gguf_info
    from assistant.models.synth import synthesize

    out = synthesize(args.arch, args.quant.lower(), Path(args.out), tiny=args.tiny, seed=args.seed)
    facts = gguf_info(out)
    print(
        f"Wrote {out} ({facts['size'] / 1e6:.0f} MB): {facts['architecture']}, "
        f"{facts['parameters'] / 1e6:.0f}M parameters, {facts['quantization']}, "
        f"{facts['memory']} memory; tokenizer {facts['tokenizer']}"
    )
    return ExitStatus.OK


def _warm(config: Config, model: str | None, quiet: bool = False) -> None:
    """Build the chosen model's prompt cache, with a progress bar on stderr.

    `quiet` (after `use` and `pull --use`, where it is the default): a model that has no
    stable prefix to cache (its tools are chosen per request) is no news, and a cache that
    cannot be built is one line, never a failed `use`.
    """
    import sys

    from assistant.errors import BotpsyError
    from assistant.models.warm import warm_prompt_cache

    def report(line: str) -> None:
        if not (quiet and "not building the prompt cache" in line):
            print(line, file=sys.stderr)

    try:
        warm_prompt_cache(config, model or None, report)
    except BotpsyError as exc:
        if not quiet:
            raise
        print(f"botpsy: the prompt cache was not built: {exc}", file=sys.stderr)
