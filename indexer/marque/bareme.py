"""The IMP scale of Law 78B, as printed in the Code (2007 edition, unchanged in 2017).

Each band is ``(lower, upper, imp)`` exactly as the Law prints it (« 20–40 → 1 »); the last band
has no upper bound (« 4000 et plus → 24 »). Scores are multiples of 10, so the printed bands
leave gaps (nothing between 10 and 20): for a difference that is not a multiple of 10 (a weighted
or averaged score) a band is read as ``[lower, next lower)``, so 15 → 0, 45 → 1, 3999 → 23.
docs/assets/javascripts/marque.js holds the same table.
"""

from __future__ import annotations

BAREME_IMP: tuple[tuple[int, int | None, int], ...] = (
    (0, 10, 0),
    (20, 40, 1),
    (50, 80, 2),
    (90, 120, 3),
    (130, 160, 4),
    (170, 210, 5),
    (220, 260, 6),
    (270, 310, 7),
    (320, 360, 8),
    (370, 420, 9),
    (430, 490, 10),
    (500, 590, 11),
    (600, 740, 12),
    (750, 890, 13),
    (900, 1090, 14),
    (1100, 1290, 15),
    (1300, 1490, 16),
    (1500, 1740, 17),
    (1750, 1990, 18),
    (2000, 2240, 19),
    (2250, 2490, 20),
    (2500, 2990, 21),
    (3000, 3490, 22),
    (3500, 3990, 23),
    (4000, None, 24),
)
