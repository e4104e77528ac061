"""Start `llama_cpp.server` the way `python -m llama_cpp.server` does, with llama.cpp's extra CPU
buffer types off while the model loads (they crash batched decoding on VMs that advertise AMX;
see assistant/models/llama_cpp.py). The server itself is the real, unmodified one."""

from __future__ import annotations

import runpy
import sys

from assistant.models.llama_cpp import extra_buffers

if __name__ == "__main__":
    with extra_buffers(False):
        sys.argv[0] = "llama_cpp.server"
        runpy.run_module("llama_cpp.server", run_name="__main__")
