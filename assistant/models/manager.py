"""Models on disk: a catalogue of known GGUFs, downloads from the Hugging Face hub, the active model.

Downloads go through huggingface_hub (so `HF_ENDPOINT`, tokens and mirrors work
as everywhere else): free disk space is checked first, an interrupted download
resumes, a progress bar shows on stderr, and the file's sha256 is verified
against the catalogue or the hub's LFS checksum; a corrupted file is removed.
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import tomllib
from dataclasses import asdict, dataclass
from importlib.resources import files
from pathlib import Path
from typing import Any

from assistant.config import Config
from assistant.errors import ModelError, UsageError

DISK_MARGIN = 64 * 1024 * 1024


@dataclass
class CatalogueEntry:
    """A model known by name."""

    name: str
    repo: str = ""
    file: str = ""
    revision: str = "main"
    sha256: str = ""
    description: str = ""
    bundled: bool = False


def catalogue(config: Config) -> dict[str, CatalogueEntry]:
    """The shipped catalogue with the user's `[catalogue.NAME]` entries over it."""
    shipped = tomllib.loads(files("assistant.models").joinpath("catalogue.toml").read_text("utf-8"))
    merged: dict[str, dict[str, Any]] = {k: dict(v) for k, v in shipped.items()}
    for name, table in config.catalogue.items():
        merged.setdefault(name, {}).update(table)
    entries = {}
    for name, table in merged.items():
        unknown = set(table) - set(CatalogueEntry.__dataclass_fields__)
        if unknown:
            raise UsageError(f"catalogue.{name}: unknown keys {', '.join(sorted(unknown))}")
        entries[name] = CatalogueEntry(name=name, **table)
    return entries


@dataclass
class InstalledModel:
    """A downloaded model."""

    name: str
    path: str
    repo: str
    file: str
    sha256: str
    size: int


class ModelStore:
    """`<data>/models`: the downloaded files, an index of them, and which one is active."""

    def __init__(self, config: Config) -> None:
        self.root = config.data_dir / "models"
        self.index = self.root / "installed.json"
        self.active_file = self.root / "active"

    def installed(self) -> dict[str, InstalledModel]:
        """Downloaded models by name."""
        if not self.index.is_file():
            return {}
        return {
            k: InstalledModel(**v) for k, v in json.loads(self.index.read_text("utf-8")).items()
        }

    def _write(self, models: dict[str, InstalledModel]) -> None:
        self.root.mkdir(parents=True, exist_ok=True)
        temporary = self.index.with_suffix(".tmp")
        temporary.write_text(
            json.dumps({k: asdict(v) for k, v in models.items()}, indent=2), "utf-8"
        )
        temporary.replace(self.index)

    def add(self, model: InstalledModel) -> None:
        """Record a finished download."""
        models = self.installed()
        models[model.name] = model
        self._write(models)

    def remove(self, name: str) -> InstalledModel:
        """Delete a downloaded model's file and entry (the active choice falls back if it was this)."""
        models = self.installed()
        if name not in models:
            raise UsageError(f"no downloaded model named '{name}' (see `botpsy model list`)")
        model = models.pop(name)
        Path(model.path).unlink(missing_ok=True)
        self._write(models)
        if self.active() == name:
            self.active_file.unlink(missing_ok=True)
        return model

    def active(self) -> str:
        """The name or path chosen with `botpsy model use` ('' when none)."""
        return self.active_file.read_text("utf-8").strip() if self.active_file.is_file() else ""

    def use(self, choice: str) -> None:
        """Make a downloaded model (by name), the starter, or a GGUF path the default."""
        self.root.mkdir(parents=True, exist_ok=True)
        self.active_file.write_text(choice, "utf-8")

    def resolve(self, choice: str) -> Path | None:
        """A name or path as a GGUF file; None for the starter model."""
        if choice in ("", "starter"):
            return None
        installed = self.installed()
        if choice in installed:
            return Path(installed[choice].path)
        path = Path(choice).expanduser()
        if path.is_file():
            return path
        raise UsageError(f"'{choice}' is neither a downloaded model nor a GGUF file")


def _progress_bar() -> Any:
    """A tqdm that draws on stderr even when it is not a terminal (logs of a pull show progress);
    `HF_HUB_DISABLE_PROGRESS_BARS=1` still hides it."""
    import os

    from tqdm.std import tqdm

    if os.environ.get("HF_HUB_DISABLE_PROGRESS_BARS"):
        return None

    class Shown(tqdm):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            kwargs["disable"] = False
            kwargs.setdefault("mininterval", 0.5)
            super().__init__(*args, **kwargs)

    return Shown


def sha256_of(path: Path) -> str:
    """The file's sha256, read in chunks."""
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        while chunk := handle.read(1 << 20):
            digest.update(chunk)
    return digest.hexdigest()


def _human(size: float) -> str:
    for unit in ("B", "KB", "MB", "GB"):
        if size < 1024 or unit == "GB":
            return f"{size:.0f} {unit}" if unit == "B" else f"{size:.1f} {unit}"
        size /= 1024
    return f"{size:.1f} GB"


def pull(entry: CatalogueEntry, store: ModelStore) -> InstalledModel:
    """Download a catalogue entry (resuming, with a progress bar) and verify it."""
    if entry.bundled:
        raise UsageError(f"'{entry.name}' comes with botpsy; nothing to download")
    if not entry.repo or not entry.file:
        raise UsageError(f"catalogue.{entry.name} needs both repo and file")
    try:
        from huggingface_hub import get_hf_file_metadata, hf_hub_download, hf_hub_url
        from huggingface_hub.errors import (
            EntryNotFoundError,
            HfHubHTTPError,
            LocalEntryNotFoundError,
            RepositoryNotFoundError,
        )
    except ImportError as exc:
        raise ModelError(f"huggingface_hub is not installed: {exc}") from None
    target = store.root / re.sub(r"[^\w.-]", "_", entry.name)
    target.mkdir(parents=True, exist_ok=True)
    try:
        metadata = get_hf_file_metadata(hf_hub_url(entry.repo, entry.file, revision=entry.revision))
        size = metadata.size or 0
        free = shutil.disk_usage(target).free
        if size and free < size + DISK_MARGIN:
            raise ModelError(
                f"not enough disk space for {entry.file}: it needs {_human(size)}, {_human(free)} free"
            )
        path = Path(
            hf_hub_download(
                entry.repo,
                entry.file,
                revision=entry.revision,
                local_dir=target,
                tqdm_class=_progress_bar(),
            )
        )
    except RepositoryNotFoundError:
        raise ModelError(f"no repository '{entry.repo}' on the hub (or it needs a token)") from None
    except EntryNotFoundError:
        raise ModelError(f"no file '{entry.file}' in {entry.repo}") from None
    except LocalEntryNotFoundError as exc:
        raise ModelError(f"cannot reach the model hub to download {entry.file}: {exc}") from None
    except HfHubHTTPError as exc:
        raise ModelError(
            f"the model hub refused the download: {str(exc).splitlines()[0]}"
        ) from None
    except OSError as exc:
        raise ModelError(f"downloading {entry.file} failed: {exc}") from None
    except ModelError:
        raise
    except Exception as exc:  # the hub client's own transport errors (connection refused, TLS, ...)
        from huggingface_hub import constants

        raise ModelError(
            f"cannot reach the model hub at {constants.ENDPOINT} ({type(exc).__name__}: {exc})"
        ) from None
    expected = entry.sha256 or (
        metadata.etag if metadata.etag and re.fullmatch(r"[0-9a-f]{64}", metadata.etag) else ""
    )
    actual = sha256_of(path)
    if expected and actual != expected:
        path.unlink(missing_ok=True)
        raise ModelError(
            f"{entry.file} is corrupted (sha256 {actual[:12]}…, expected {expected[:12]}…); "
            "it was removed, pull again"
        )
    model = InstalledModel(
        entry.name, str(path), entry.repo, entry.file, actual, path.stat().st_size
    )
    store.add(model)
    return model


_FILE_TYPES = {0: "F32", 1: "F16", 2: "Q4_0", 3: "Q4_1", 7: "Q8_0", 8: "Q5_0", 9: "Q5_1", 10: "Q2_K",
               11: "Q3_K_S", 12: "Q3_K_M", 13: "Q3_K_L", 14: "Q4_K_S", 15: "Q4_K_M", 16: "Q5_K_S",
               17: "Q5_K_M", 18: "Q6_K", 32: "BF16"}  # fmt: skip


def gguf_info(path: Path) -> dict[str, Any]:
    """What a GGUF says about itself, read without loading its weights."""
    import llama_cpp

    from assistant.models.llama_cpp import quiet_stderr

    try:
        with quiet_stderr():
            llama = llama_cpp.Llama(model_path=str(path), vocab_only=True, verbose=False)
    except (ValueError, RuntimeError) as exc:
        raise ModelError(f"{path.name} is not a readable GGUF: {exc}") from None
    metadata: dict[str, str] = dict(llama.metadata or {})
    native = llama._model.model
    parameters = int(llama_cpp.llama_model_n_params(native))
    hybrid = bool(llama_cpp.llama_model_is_hybrid(native))
    recurrent = bool(llama_cpp.llama_model_is_recurrent(native))
    vocabulary = int(llama.n_vocab())
    llama.close()
    architecture = metadata.get("general.architecture", "unknown")
    file_type = metadata.get("general.file_type")
    quantization = _FILE_TYPES.get(int(file_type), file_type) if file_type else "unknown"
    sampling = {k.removeprefix("general.sampling."): v for k, v in metadata.items()
                if k.startswith("general.sampling.")}  # fmt: skip
    return {
        "path": str(path),
        "size": path.stat().st_size,
        "name": metadata.get("general.name", path.stem),
        "architecture": architecture,
        "quantization": quantization,
        "quantisation": quantization,  # the key's first spelling, kept for scripts that read it
        "context_length": int(metadata.get(f"{architecture}.context_length", "0") or 0),
        "chat_template": "tokenizer.chat_template" in metadata,
        "sampling": sampling,
        "parameters": parameters,
        "layers": int(metadata.get(f"{architecture}.block_count", "0") or 0),
        "vocabulary": vocabulary,
        # hybrid: recurrent layers beside attention ones; their state cannot be cut back to a
        # shorter prefix, so prompt reuse needs exact snapshots (see llama_cpp.PrefixCache)
        "memory": "hybrid" if hybrid else ("recurrent" if recurrent else "attention"),
        "tokenizer": metadata.get("botpsy.synthetic.tokenizer")
        or f"{metadata.get('tokenizer.ggml.model', 'unknown')} (from the GGUF)",
        "synthetic": "botpsy.synthetic.shape" in metadata,
    }
