"""The kinds of the model's pieces (blocs, elements, parties' roles), as the JSON and the index name them.

Apart from ``model`` and free of imports: ``loi voir`` reads them from the per-law JSON without
importing the model's dataclasses.
"""

# Kinds of Bloc.
TEXTE = "texte"  # one reflowed paragraph of prose
ITEM = "item"  # one list item ("- …", "1. …" kept in the text)
TITRE = "titre"  # a free-standing subtitle inside commentary
DIAGRAMME = "diagramme"  # verbatim lines (hands, holdings): never reflowed
ENCHERES = "encheres"  # an auction: cellules = rows, first row = seats
TABLEAU = "tableau"  # a table: cellules = rows, first row = header

# Kinds of Element.
LOI = "loi"  # law text (with a label)
COMMENTAIRE = "commentaire"
EXEMPLE = "exemple"
NOTE = "note"  # "Note :", "NB :", "Remarque :" paragraphs
# A fiche that is no element: a table situation of corpus/situations.toml, searched, never shown.
SITUATION = "situation"

# Roles of a Partie (what the source is for this law).
ROLE_TEXTE = "texte"  # official law text (001 for 2007, 002 for 2017)
ROLE_GUIDE = "guide"  # the Guide pratique's commentary (000), with 2017 quotes
ROLE_NOTES = "notes"  # a director's notes (003)
ROLE_EXTRAITS = "extraits"  # the club booklet's extracts (004)
