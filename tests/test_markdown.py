"""Plain text → Markdown: nothing in a source may turn into markup."""

from __future__ import annotations

import markdown as md
import pytest

from indexer.labels import Label
from indexer.model import DIAGRAMME, ENCHERES, ITEM, TEXTE, Bloc, Renvoi
from indexer.rendu.markdown import bloc_markdown, blocs_markdown, echapper, lien_vers, tableau


@pytest.mark.parametrize(
    "brut",
    [
        "2 * 3 = 6",
        "**gras**",
        "[lien](x)",
        "<b>",
        "# pas un titre",
        "1. pas une liste",
        "- pas une puce",
        "a_b_c",
        "{ #id }",
        "> citation",
        "`code`",
        "x & y",
        "A|B",
    ],
)
def test_le_texte_reste_du_texte(brut: str) -> None:
    rendu = md.markdown(bloc_markdown(Bloc(TEXTE, brut, 1), lien_vers("lois/1.md")), extensions=["tables", "attr_list"])
    assert rendu == "<p>" + echapper_html(brut) + "</p>"


def echapper_html(texte: str) -> str:
    return texte.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def test_liens_relatifs_selon_la_page() -> None:
    bloc = Bloc(
        TEXTE, "voir la Loi 16B et la Loi 68", 1, renvois=(Renvoi(8, 15, Label(16, ("B",))), Renvoi(22, 28, Label(68)))
    )
    assert bloc_markdown(bloc, lien_vers("lois/68.md")) == "voir la [Loi 16B](16.md#loi-16-b) et la [Loi 68](68.md)"
    depuis_reglement = bloc_markdown(bloc, lien_vers("reglements/titre-iv.md"))
    assert depuis_reglement.startswith("voir la [Loi 16B](../lois/16.md#loi-16-b)")


def test_appels_de_note_conserves() -> None:
    bloc = Bloc(TEXTE, "cas normal[^21] ici", 1)
    assert bloc_markdown(bloc, lien_vers("lois/70.md"), "p0-") == "cas normal[^p0-21] ici"


def test_puces_diagrammes_et_encheres() -> None:
    blocs = [
        Bloc(ITEM, "- soit retrouver", 1),
        Bloc(ITEM, "- soit remplacer", 2),
        Bloc(DIAGRAMME, "  ♠ AR10\n  ♥ D5", 3),
        Bloc(ENCHERES, "N E S O\n1♠ Passe", 4, cellules=(("N", "E", "S", "O"), ("1♠", "Passe"))),
    ]
    assert blocs_markdown(blocs, lien_vers("lois/1.md")) == (
        "- soit retrouver\n- soit remplacer\n\n```text\n  ♠ AR10\n  ♥ D5\n```\n\n"
        '<div class="encheres" markdown>\n\n| N | E | S | O |\n|---|---|---|---|\n| 1♠ | Passe |   |   |\n\n</div>'
    )


def test_echapper_tableau() -> None:
    assert tableau((("a|b", "c"),)) == "| a\\|b | c |\n|---|---|"
    assert echapper("[^x]") == "\\[^x\\]"
