"""`python -m assistant` runs the same entry point as the `botpsy` command."""

from assistant.cli import main

raise SystemExit(main())
