"""``python -m indexer`` is the ``loi`` command."""

import sys

from indexer.cli import main

sys.exit(main())
