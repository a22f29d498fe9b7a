"""The Code's editions that the sources give, newest first: the first is in force.

Adding an edition (the 2027 Code is coming) starts here, then its sources go in
corpus/sources.toml with their parsers. Kept free of imports: ``loi voir`` reads it.
"""

EDITIONS = ("2017", "2007")
COURANTE = EDITIONS[0]


def rang(edition: str) -> int:
    """The edition's place, newest first; an unknown edition comes last."""
    return EDITIONS.index(edition) if edition in EDITIONS else len(EDITIONS)
