# Quick start: `make` (set up, build, demo) then `make test`. `make help` lists the targets.
PY      := .venv/bin/python
LOI     := .venv/bin/loi
STAMP   := .venv/.installe

.DEFAULT_GOAL := all
.PHONY: all help setup docs index demo test golden site serve zip bench eval clean

all: setup docs index demo ## set up .venv, build docs/ and the index, show a law and a search

help: ## list the targets
	@grep -E '^[a-z]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  make %-8s %s\n", $$1, $$2}'

setup: $(STAMP) ## create .venv with every dependency and the `loi` command

$(STAMP): pyproject.toml scripts/installer.sh package-lock.json
	bash scripts/installer.sh
	@touch $@

docs: setup ## regenerate docs/ from corpus/ (loi construire)
	$(LOI) construire

index: setup ## build the search index (outside git, in .cache/)
	$(LOI) construire --index

demo: setup ## what a director sees: a paragraph and a search
	$(LOI) voir 68C
	$(LOI) cherche "revendication contestée" --limite 3

test: setup ## the whole test suite
	$(PY) -m pytest -q

golden: setup ## rewrite docs/ and the golden files after a deliberate change
	$(LOI) construire
	$(PY) -m pytest -q --update-golden tests/test_golden.py

site: setup ## build the static site into site/ (mkdocs build --strict)
	bash scripts/site.sh

serve: site ## serve the built site on http://127.0.0.1:8000 (installable, offline after one visit)
	$(PY) -m http.server 8000 --bind 127.0.0.1 --directory site

zip: site ## dist/code-du-bridge.zip, to open without a server (file://)
	$(PY) scripts/archiver.py

bench: setup ## whole-process timings, as ratios to a bare python start
	$(PY) scripts/bench.py

eval: setup ## search quality on tests/eval/requetes.tsv
	$(PY) scripts/evaluer.py

clean: ## remove generated files outside git
	rm -rf .cache site dist .pytest_cache
