"""The assisted layer's seam, read from the source: backends only generate.

Backends (`assistant/models/`) and the call formats (`assistant/formats/`, the
schema grammar among them) import nothing from `assistant.assisted`, and the
agent reaches that package only through its strategy interface.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1] / "assistant"
LAYER = "assistant.assisted"


def imported(source: str, module: str) -> set[str]:
    """Every module a source imports, at any depth, relative imports made absolute."""
    package = module.rsplit(".", 1)[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[: len(parts) - node.level + 1] + ([base] if base else []))
            found.add(base)
            found |= {f"{base}.{alias.name}" for alias in node.names}
    return found


def _module(path: Path) -> str:
    return ".".join(path.relative_to(ROOT.parent).with_suffix("").parts)


def _from_layer(names: set[str]) -> set[str]:
    return {n for n in names if n == LAYER or n.startswith(LAYER + ".")}


def test_the_reader_sees_every_way_of_importing_the_layer() -> None:
    """A check that can fail: each form of import is caught, nested ones too."""
    forms = [
        "import assistant.assisted.grounding",
        "from assistant.assisted import slots",
        "from assistant import assisted",
        "def f():\n    from assistant.assisted.slots import fill_call",
        "from ..assisted.grammar import grounded_call_grammar",
    ]
    for source in forms:
        assert _from_layer(imported(source, "assistant.models.llama_cpp")), source
    assert not _from_layer(imported("from assistant.formats.grammar import call_grammar", "x.y"))


def test_backends_and_formats_import_nothing_from_the_assisted_layer() -> None:
    files = sorted((ROOT / "models").glob("*.py")) + sorted((ROOT / "formats").glob("*.py"))
    assert ROOT / "models" / "llama_cpp.py" in files and ROOT / "formats" / "grammar.py" in files
    offending = {
        str(path.relative_to(ROOT.parent)): sorted(
            _from_layer(imported(path.read_text(), _module(path)))
        )
        for path in files
    }
    assert {k: v for k, v in offending.items() if v} == {}


def test_the_agent_reaches_the_layer_only_through_its_face() -> None:
    """The agent imports `assistant.assisted` (the strategy interface), none of its modules."""
    face = ROOT / "assisted" / "__init__.py"
    handed_on = {f"{LAYER}.{name}" for name in ("CallStrategy", "NativeStrategy", "Offer", "drain",
                                                "local_answer", "resolve_strategy")}  # fmt: skip
    assert _from_layer(imported(face.read_text(), LAYER + ".__init__")) >= {
        "assistant.assisted.strategy",
        "assistant.assisted.resolve",
    }
    for path in (ROOT / "agent.py", ROOT / "evals" / "runner.py", ROOT / "evals" / "cli.py"):
        used = _from_layer(imported(path.read_text(), _module(path)))
        assert used and used <= {LAYER} | handed_on, (path.name, used - {LAYER} - handed_on)


def test_the_layer_keeps_its_word_lists_as_data() -> None:
    """Every data file parses, and each module that loads words has its file."""
    import tomllib

    data = ROOT / "assisted" / "data"
    for path in data.glob("*.toml"):
        assert tomllib.loads(path.read_text("utf-8")), path
    for path in (ROOT / "assisted").glob("*.py"):
        if 'words("' in path.read_text() or 'table("' in path.read_text():
            assert (data / f"{path.stem}.toml").is_file(), path
