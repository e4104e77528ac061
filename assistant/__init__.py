"""botpsy: an on-device personal assistant.

The core package. It never imports Textual or llama_cpp at import time, so the
CLI starts instantly; faces and model back-ends are imported when used.
"""

__version__ = "0.1.0"
