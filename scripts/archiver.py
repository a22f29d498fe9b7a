"""Zip the built site so that a member can copy it to a phone or a laptop and open
``code-du-bridge/index.html`` without a server (the search loads its data as scripts, which
file:// allows).

The archive is deterministic: entries sorted, one fixed date, fixed permissions, so that the
same site gives the same bytes (and the same checksum to publish beside it).

    .venv/bin/python scripts/archiver.py [--site site] [--sortie dist/code-du-bridge.zip]
"""

from __future__ import annotations

import argparse
import re
import sys
import zipfile
from pathlib import Path

RACINE = Path(__file__).resolve().parent.parent
DOSSIER = "code-du-bridge"
DATE_FIXE = (1980, 1, 1, 0, 0, 0)  # the earliest date a zip can hold

# Useless without a server: the service worker and manifest (never run from file://), source
# maps and gzip copies.
_EXCLUS = re.compile(r"(\.map|\.gz)$|^(sw\.js|manifest\.webmanifest)$")


def fichiers(site: Path) -> list[str]:
    chemins = (p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file())
    return sorted(c for c in chemins if not _EXCLUS.search(c))


def archiver(site: Path, sortie: Path) -> int:
    """Write the zip; returns the number of files in it."""
    if not (site / "index.html").is_file():
        raise FileNotFoundError(f"{site}/index.html manque : construisez d'abord le site (make site)")
    liste = fichiers(site)
    sortie.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(sortie, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for chemin in liste:
            entree = zipfile.ZipInfo(f"{DOSSIER}/{chemin}", date_time=DATE_FIXE)
            entree.external_attr = 0o644 << 16
            entree.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(entree, (site / chemin).read_bytes(), compresslevel=9)
    return len(liste)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Archive zip du site, à ouvrir sans serveur (index.html).")
    parser.add_argument("--site", type=Path, default=RACINE / "site", help="dossier du site construit")
    parser.add_argument("--sortie", type=Path, default=RACINE / "dist/code-du-bridge.zip", help="archive à écrire")
    args = parser.parse_args(argv)
    try:
        nombre = archiver(args.site, args.sortie)
    except FileNotFoundError as erreur:
        print(f"erreur : {erreur}", file=sys.stderr)
        return 1
    taille = args.sortie.stat().st_size / 1_000_000
    print(f"{args.sortie} : {nombre} fichiers, {taille:.1f} Mo")
    print(f"Copiez-la, décompressez-la, puis ouvrez {DOSSIER}/index.html dans un navigateur.")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
