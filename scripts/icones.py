"""Draw the site's icon: a white card with the four suits on the theme's indigo.

Writes docs/assets/images/icone.svg, icone-192.png and icone-512.png from one geometry
(polygons in a 512 × 512 box), with the standard library only: the PNGs are rasterised
here (scanlines, 4 × 4 supersampling) and written with zlib + struct. Same input, same
bytes: the outputs are committed and tests/test_site.py checks that they are up to date.

    .venv/bin/python scripts/icones.py [--sortie docs/assets/images]
"""

from __future__ import annotations

import argparse
import math
import struct
import zlib
from pathlib import Path

COTE = 512
INDIGO = (0x40, 0x51, 0xB5)
BLANC = (0xFF, 0xFF, 0xFF)
NOIR = (0x21, 0x21, 0x21)
ROUGE = (0xC6, 0x28, 0x28)
SUREC = 4  # supersampling per axis

Point = tuple[float, float]
Polygone = list[Point]


# --- geometry -----------------------------------------------------------------------------


def cercle(cx: float, cy: float, r: float, pas: int = 48) -> Polygone:
    return [(cx + r * math.cos(2 * math.pi * i / pas), cy + r * math.sin(2 * math.pi * i / pas)) for i in range(pas)]


def rectangle_arrondi(x0: float, y0: float, x1: float, y1: float, r: float, pas: int = 12) -> Polygone:
    points: Polygone = []
    coins = ((x1 - r, y0 + r, -90), (x1 - r, y1 - r, 0), (x0 + r, y1 - r, 90), (x0 + r, y0 + r, 180))
    for cx, cy, depart in coins:
        for i in range(pas + 1):
            a = math.radians(depart + 90 * i / pas)
            points.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return points


def _tangente(p: Point, c: Point, r: float, cote: int) -> Point:
    """The point where a line from ``p`` touches the circle (``cote`` ±1 picks the side)."""
    dx, dy = p[0] - c[0], p[1] - c[1]
    d = math.hypot(dx, dy)
    a = math.atan2(dy, dx) + cote * math.acos(r / d)
    return (c[0] + r * math.cos(a), c[1] + r * math.sin(a))


def coeur(haut_en_bas: bool = True) -> list[Polygone]:
    """A heart in a 100 × 100 box: two lobes and the point tangent to them."""
    r, gauche, droite, pointe = 24.0, (27.0, 33.0), (73.0, 33.0), (50.0, 94.0)
    corps = [pointe, _tangente(pointe, gauche, r, 1), gauche, (50.0, 40.0), droite, _tangente(pointe, droite, r, -1)]
    formes = [cercle(*gauche, r), cercle(*droite, r), corps]
    return formes if haut_en_bas else [[(x, 100 - y) for x, y in f] for f in formes]


def carreau() -> list[Polygone]:
    return [[(50, 2), (84, 50), (50, 98), (16, 50)]]


def pique() -> list[Polygone]:
    """An upside-down heart on a stem."""
    formes = [[(x, 0.82 * y) for x, y in f] for f in coeur(haut_en_bas=False)]
    return [*formes, [(50, 60), (66, 98), (34, 98)]]


def trefle() -> list[Polygone]:
    r = 19.0
    centres = ((50.0, 24.0), (28.0, 58.0), (72.0, 58.0))
    return [*(cercle(x, y, r) for x, y in centres), [c for c in centres], [(50, 45), (64, 98), (36, 98)]]


def placer(formes: list[Polygone], x: float, y: float, taille: float) -> list[Polygone]:
    return [[(x + px * taille / 100, y + py * taille / 100) for px, py in f] for f in formes]


def dessin(arrondi: float) -> list[tuple[tuple[int, int, int], list[Polygone]]]:
    """The icon as (colour, shapes) layers, back to front. The card stays inside the
    central 80 % circle, so that the PNGs can also serve as maskable icons."""
    taille, marge = 112, 136
    return [
        (INDIGO, [rectangle_arrondi(0, 0, COTE, COTE, arrondi)] if arrondi
         else [[(0, 0), (COTE, 0), (COTE, COTE), (0, COTE)]]),
        (BLANC, [rectangle_arrondi(112, 112, 400, 400, 32)]),
        (NOIR, placer(pique(), marge, marge, taille)),
        (ROUGE, placer(coeur(), COTE - marge - taille, marge, taille)),
        (ROUGE, placer(carreau(), marge, COTE - marge - taille, taille)),
        (NOIR, placer(trefle(), COTE - marge - taille, COTE - marge - taille, taille)),
    ]


# --- SVG ----------------------------------------------------------------------------------


def svg(couches) -> str:
    chemins = []
    for couleur, formes in couches:
        d = " ".join("M" + " L".join(f"{x:.1f} {y:.1f}" for x, y in _sens_direct(f)) + " Z" for f in formes)
        chemins.append(f'<path fill="#{couleur[0]:02x}{couleur[1]:02x}{couleur[2]:02x}" d="{d}"/>')
    corps = "\n".join(chemins)
    return f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {COTE} {COTE}">\n{corps}\n</svg>\n'


def _sens_direct(polygone: Polygone) -> Polygone:
    """Same winding for every shape, so that overlapping parts add up (nonzero rule)."""
    aire = sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(polygone, polygone[1:] + polygone[:1], strict=True))
    return polygone if aire >= 0 else polygone[::-1]


# --- PNG ----------------------------------------------------------------------------------


def couverture(formes: list[Polygone], taille: int) -> list[list[float]]:
    """Fraction of each pixel covered by the union of the shapes (nonzero winding)."""
    echelle = taille / COTE
    aretes = []
    for f in formes:
        pts = [(x * echelle, y * echelle) for x, y in _sens_direct(f)]
        for (x0, y0), (x1, y1) in zip(pts, pts[1:] + pts[:1], strict=True):
            if y0 != y1:
                aretes.append((x0, y0, x1, y1, 1 if y1 > y0 else -1))
    grille = [[0.0] * taille for _ in range(taille)]
    poids = 1 / (SUREC * SUREC)
    for sous_ligne in range(taille * SUREC):
        y = (sous_ligne + 0.5) / SUREC
        croisements = sorted(
            (x0 + (y - y0) * (x1 - x0) / (y1 - y0), sens)
            for x0, y0, x1, y1, sens in aretes
            if min(y0, y1) <= y < max(y0, y1)
        )
        _remplir(grille[sous_ligne // SUREC], croisements, poids, taille)
    return grille


def _remplir(rangee: list[float], croisements, poids: float, taille: int) -> None:
    """Add one sub-scanline: the subsamples whose centre lies inside, pixel by pixel."""
    enroulement = 0
    for (x, sens), (x_suivant, _) in zip(croisements, croisements[1:], strict=False):
        enroulement += sens
        if not enroulement:
            continue
        debut = max(0, math.ceil(x * SUREC - 0.5))
        fin = min(taille * SUREC, math.ceil(x_suivant * SUREC - 0.5))
        if debut >= fin:
            continue
        premier, dernier = debut // SUREC, (fin - 1) // SUREC
        if premier == dernier:
            rangee[premier] += (fin - debut) * poids
            continue
        rangee[premier] += (SUREC - debut % SUREC) * poids
        for pixel in range(premier + 1, dernier):
            rangee[pixel] += SUREC * poids
        rangee[dernier] += ((fin - 1) % SUREC + 1) * poids


def png(couches, taille: int) -> bytes:
    pixels = [[(0.0, 0.0, 0.0, 0.0)] * taille for _ in range(taille)]
    for couleur, formes in couches:
        for y, rangee in enumerate(couverture(formes, taille)):
            for x, alpha in enumerate(rangee):
                if alpha:
                    pixels[y][x] = _par_dessus(pixels[y][x], couleur, min(alpha, 1.0))
    brut = b"".join(b"\0" + bytes(round(v) for p in rangee for v in p) for rangee in pixels)
    return _png_rgba(brut, taille)


def _par_dessus(fond, couleur, alpha: float):
    """Source-over compositing with straight alpha."""
    a = alpha + fond[3] / 255 * (1 - alpha)
    if a == 0:
        return (0.0, 0.0, 0.0, 0.0)
    rgb = [(c * alpha + f * fond[3] / 255 * (1 - alpha)) / a for c, f in zip(couleur, fond[:3], strict=True)]
    return (*rgb, a * 255)


def _png_rgba(brut: bytes, taille: int) -> bytes:
    def bloc(genre: bytes, donnees: bytes) -> bytes:
        return struct.pack(">I", len(donnees)) + genre + donnees + struct.pack(">I", zlib.crc32(genre + donnees))

    entete = struct.pack(">IIBBBBB", taille, taille, 8, 6, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + bloc(b"IHDR", entete) + bloc(b"IDAT", zlib.compress(brut, 9)) + bloc(b"IEND", b"")


# --- command line -------------------------------------------------------------------------


def ecrire(sortie: Path) -> list[Path]:
    sortie.mkdir(parents=True, exist_ok=True)
    fichiers = {"icone.svg": svg(dessin(arrondi=96)).encode()}
    for taille in (192, 512):
        fichiers[f"icone-{taille}.png"] = png(dessin(arrondi=0), taille)
    for nom, contenu in fichiers.items():
        (sortie / nom).write_bytes(contenu)
    return [sortie / nom for nom in fichiers]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Dessine les icônes du site.")
    parser.add_argument("--sortie", type=Path, default=Path(__file__).resolve().parent.parent / "docs/assets/images")
    for chemin in ecrire(parser.parse_args(argv).sortie):
        print(f"{chemin} ({chemin.stat().st_size} octets)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
