"""The marker alphabets of the Code's paragraphs, as regex parts, defined once.

A law paragraph's path is section → number → letter → roman: ``12C1(e)(ii)``. Every
pattern that reads a marker or a citation (the citation grammar in ``labels``, the
cross-references in ``corpus.renvois``, the query in ``recherche.requete``, the
parsers, the « nothing lost » measure) composes its pattern from these parts, so
that the alphabets cannot drift apart. ``tests/test_marqueurs.py`` shows, pattern by
pattern, which forms each one accepts. Free of imports: ``loi voir`` reads it.
"""

# Sections: A to G. No law of either edition has an H; « 17H » is a points count.
LETTRES_SECTION = "ABCDEFG"
SECTION = f"[{LETTRES_SECTION}]"
SECTION_CASSE = f"[{LETTRES_SECTION}{LETTRES_SECTION.lower()}]"  # typed or indexed in lower case too

# Numbered sub-paragraphs: 1 to 99 (one or two digits, never a third).
NUMERO = r"\d{1,2}"

# Letters: (a) to (h) in the 2017 sources, where « (i) » is always a roman numeral;
# the 2007 Code's 80B2 runs on to (l), its (i) coming right after (h).
LETTRE = "[a-h]"
LETTRE_2007 = "[a-l]"

# Roman numerals: (i) to (x), the deepest level.
ROMAIN = "(?:i{1,3}|iv|vi{0,3}|ix|x)"
