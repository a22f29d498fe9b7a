"""Print, per source, the share of its words found verbatim in docs/ (nothing lost)."""

from __future__ import annotations

from indexer import build, sources
from indexer.corpus.couverture import bilan


def main() -> None:
    publie = build.markdown_publie()
    for source in sources.SOURCES:
        resultat = bilan(build.texte_publie(source.fichier), publie, titres=build.titres())
        print(f"{source.fichier}  {resultat.ratio:7.2%}  ({resultat.gardes}/{resultat.total} mots)  {source.nom}")
        for manque in resultat.manques[:3]:
            print(f"    manque : {manque[:110]}")


if __name__ == "__main__":
    main()
