"""``python -m indexer`` is the ``loi`` command."""

from indexer.cli import main

raise SystemExit(main())
