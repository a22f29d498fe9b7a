"""The Code's editions that the sources give, newest first: the first is in force.

Adding an edition (the 2027 Code is coming) starts here, then its sources go in
corpus/sources.toml with their parsers. Kept free of imports: ``loi voir`` reads it.
"""

CODE_2017, CODE_2007 = "2017", "2007"  # the only place these literals are written (tests/test_architecture.py)
EDITIONS = (CODE_2017, CODE_2007)
COURANTE = EDITIONS[0]
# After « Code 2007 » wherever an older text is shown (its page, ``loi definition``, ``loi index``).
REMPLACEE = (
    f", que le Code {COURANTE} a remplacé ; les sources du projet n'en donnent pas la version {COURANTE}. "
    f"Vérifiez dans le Code {COURANTE} avant de citer."
)


def marque_titre(titres: dict[str, str]) -> str:
    """« (titre 2007) » after a title that only an older Code gives, "" otherwise: an old
    title must not pass for the current one."""
    ancienne = next((e for e in EDITIONS if e in titres), "")
    return "" if COURANTE in titres or not ancienne else f" (titre {ancienne})"


def rang(edition: str) -> int:
    """The edition's place, newest first; an unknown edition comes last."""
    return EDITIONS.index(edition) if edition in EDITIONS else len(EDITIONS)
