"""The readings of scripts/vecteurs_marque.py, written by hand: what a referee types for a contract, a result
or a vulnerability, and what the library must read, or the one-line French error it must answer."""

PALIER = "un contrat commence par un chiffre de 1 à 7 (4♥, 3SA)."
COULEUR = "écrivez ♣, ♦, ♥, ♠ ou SA"
CONTRATS = (
    ("4♥X", "4♥X"), ("4HX", "4♥X"), ("4 cœurs contré", "4♥X"), ("4 coeurs contre", "4♥X"), ("3SA", "3SA"),
    ("3NT", "3SA"), ("6♣XX", "6♣XX"), ("1SAXX", "1SAXX"), ("4♠", "4♠"), ("4S", "4♠"), ("4P", "4♠"), ("4T", "4♣"),
    ("4K", "4♦"), ("4Ca", "4♦"), ("2 carreaux", "2♦"), ("5 Trèfles surcontré", "5♣XX"), ("3 sans-atout", "3SA"),
    ("3 Sans Atout contré", "3SAX"), ("4♠ surcontré", "4♠XX"), ("4♥ redoubled", "4♥XX"), ("2♦ doubled", "2♦X"),
    ("7nt xx", "7SAXX"), ("1 S.A.", "1SA"), ("4CL", "4♣"), ("4 clubs", "4♣"), ("2 Co X", "2♥X"), ("6♠\ufe0f", "6♠"),
    ("3\u00a0SA", "3SA"), ("4♡X", "4♥X"), ("1D", "1♦"), ("5 Pi", "5♠"), ("4SAX", "4SAX"), (" 4♠ ", "4♠"),
    ("2 COEURS CONTRÉE", "2♥X"), ("07♠", "7♠"),
)  # fmt: skip
ERREURS_CONTRATS = (
    ("8♠", "Palier 8 impossible dans « 8♠ » : un contrat va de 1 à 7."),
    ("0SA", "Palier 0 impossible dans « 0SA » : un contrat va de 1 à 7."),
    ("10SA", "Palier 10 impossible dans « 10SA » : un contrat va de 1 à 7."),
    ("4♥XXX", "Trop de contres dans « 4♥XXX » : un contrat est au plus surcontré (XX)."),
    ("3SAXXX", "Trop de contres dans « 3SAXXX » : un contrat est au plus surcontré (XX)."),
    ("", "Contrat vide : écrivez par exemple 4♥, 3SA ou 6♣XX."),
    ("   ", "Contrat vide : écrivez par exemple 4♥, 3SA ou 6♣XX."),
    ("4C", "« C » est ambigu dans « 4C » : cœur en français, trèfle (clubs) en anglais ; écrivez 4♥ ou 4Co pour cœur, "
           "4♣ ou 4T pour trèfle."),
    ("2CX", "« C » est ambigu dans « 2CX » : cœur en français, trèfle (clubs) en anglais ; écrivez 2♥ ou 2Co pour "
            "cœur, 2♣ ou 2T pour trèfle."),
    ("4", f"Couleur manquante dans « 4 » : {COULEUR} après le palier."),
    ("4X", f"Couleur manquante dans « 4X » : {COULEUR} après le palier."),
    ("4 contré", f"Couleur manquante dans « 4 contré » : {COULEUR} après le palier."),
    ("♠", f"Palier manquant dans « ♠ » : {PALIER}"),
    ("SA", f"Palier manquant dans « SA » : {PALIER}"),
    ("4Z", f"Couleur inconnue dans « 4Z » : {COULEUR} (en lettres T, K ou Ca, Co, P ; en anglais D, H, S, NT)."),
    ("4♥Y", "Suffixe « y » incompris dans « 4♥Y » : après la couleur, seulement X (contré) ou XX (surcontré)."),
    ("4♥=", "Suffixe « = » incompris dans « 4♥= » : après la couleur, seulement X (contré) ou XX (surcontré)."),
)  # fmt: skip
RESULTATS = (("=", 4, 0), ("+1", 4, 1), ("-2", 4, -2), ("10", 4, 0), ("13", 1, 6), ("0", 7, -13), ("\u22123", 3, -3),
             ("+ 2", 3, 2), ("7", 4, -3), ("+3", 4, 3), ("-10", 4, -10), ("–1", 1, -1), ("9", 3, 0),
             ("- 2", 4, -2))  # fmt: skip
ILLISIBLE = "écrivez =, +1, -2 ou le nombre de levées faites (0 à 13)."
ERREURS_RESULTATS = (
    ("+4", 4, "« +4 » impossible au palier 4 : cela ferait 14 levées, une donne en compte 13."),
    ("+9", 4, "« +9 » impossible au palier 4 : cela ferait 19 levées, une donne en compte 13."),
    ("-11", 4, "« -11 » impossible au palier 4 : on chute au plus de 10 levées (palier + 6)."),
    ("-14", 7, "« -14 » impossible au palier 7 : on chute au plus de 13 levées (palier + 6)."),
    ("14", 4, "14 levées impossibles : une donne en compte 13."),
    ("", 4, f"Résultat vide : {ILLISIBLE}"),
    ("fait", 4, f"Résultat illisible « fait » : {ILLISIBLE}"),
    # tricks made are one number: « 1 0 » is neither ten nor one, nor « 1 2 » twelve
    ("1 0", 4, f"Résultat illisible « 1 0 » : {ILLISIBLE}"),
    ("1 2", 4, f"Résultat illisible « 1 2 » : {ILLISIBLE}"),
)
VULNERABILITES = (("personne", "personne"), ("NS", "NS"), ("N-S", "NS"), ("Nord-Sud", "NS"), ("EO", "EO"),
                  ("E/O", "EO"), ("EW", "EO"), ("tous", "tous"), ("Tous", "tous"), ("none", "personne"),
                  ("both", "tous"))  # fmt: skip
ERREURS_VULNERABILITES = (
    ("", "Vulnérabilité vide : écrivez personne, NS, EO ou tous."),
    ("rouge", "Vulnérabilité inconnue « rouge » : écrivez personne, NS, EO ou tous."),
)
