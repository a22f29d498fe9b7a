"""The ``loi`` command (see ``dispatch``): the top layer, imported by nothing in the package."""

from indexer.cli.dispatch import main

__all__ = ["main"]
