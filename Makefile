# Quick start: `make` (set up, build, demo) then `make test`. `make help` lists the targets.
PY      := .venv/bin/python
LOI     := .venv/bin/loi
STAMP   := .venv/.installe

.DEFAULT_GOAL := all
.PHONY: all help setup docs index demo test vite golden site serve zip bench eval clean roue secours

all: setup docs index demo ## installe .venv, régénère docs/ et l'index, montre une loi et une recherche

help: ## liste les cibles
	@grep -E '^[a-z]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  make %-8s %s\n", $$1, $$2}'

setup: $(STAMP) ## crée .venv avec les dépendances et la commande `loi`

$(STAMP): pyproject.toml scripts/installer.sh package-lock.json
	bash scripts/installer.sh
	@touch $@

docs: setup ## régénère docs/ depuis corpus/ (loi construire)
	$(LOI) construire

index: setup ## l'index de recherche et les données de recherche du site (hors git, dans genere/)
	$(LOI) construire --index

demo: setup ## ce que voit l'arbitre : un paragraphe et une recherche
	$(LOI) voir 68C
	$(LOI) cherche "revendication contestée" --limite 3

test: setup ## toute la suite de tests, et mypy
	.venv/bin/mypy
	$(PY) -m pytest -q

vite: setup ## la suite sans le navigateur ni les tests lents (le site n'est pas construit)
	$(PY) -m pytest -q -m "not navigateur and not lent"

golden: setup ## réécrit docs/ et les fichiers de référence après un changement voulu
	$(LOI) construire
	$(PY) -m pytest -q --update-golden tests/test_golden.py

site: setup ## construit le site statique dans site/ (mkdocs build --strict)
	bash scripts/site.sh

serve: site ## sert le site sur http://127.0.0.1:8000 (installable, hors ligne après une visite)
	$(PY) -m http.server 8000 --bind 127.0.0.1 --directory site

zip: site ## dist/code-du-bridge.zip, à ouvrir sans serveur (file://)
	$(PY) scripts/archiver.py

bench: setup ## temps des processus entiers, en multiples d'un python nu ; le site sur téléphone (Chromium)
	$(PY) scripts/bench.py

eval: index ## qualité de la recherche (tests/eval/) : la commande, puis le moteur du site dans node
	$(PY) scripts/evaluer.py
	$(PY) scripts/evaluer_site.py

roue: setup ## construit la roue installable (dist/loi_bridge-*.whl : code, corpus, données)
	$(PY) -m build --wheel --no-isolation -o dist .

# The documented fallback if the pinned whoosh3 fork goes away: whoosh-reloaded 2.7.5 (same rankings),
# in its own venv, its index apart (LOI_INDEX), the search tests and the evaluation run on it.
SECOURS := .venv-secours
SECOURS_TESTS := tests/test_search.py tests/test_fautes.py tests/test_situations.py tests/test_synonymes.py \
	tests/test_analyse.py tests/test_eval.py

secours: setup ## la recherche sur whoosh-reloaded 2.7.5 (repli documenté de whoosh3) : ses tests
	test -x $(SECOURS)/bin/python || python3 -m venv $(SECOURS)
	$(SECOURS)/bin/python -m pip install -q whoosh-reloaded==2.7.5 pytest==9.2.0 hypothesis==6.170.15
	LOI_INDEX=genere/index-secours PYTHONPATH=. $(SECOURS)/bin/python -m pytest -q -p no:cacheprovider $(SECOURS_TESTS)

clean: ## supprime les fichiers générés hors git
	rm -rf genere site dist build .pytest_cache $(SECOURS)
