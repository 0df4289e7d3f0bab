# The two front doors: `make play` (build and serve the page) and `make test`.
# Every target installs what it needs when it is missing, so both work on a fresh machine.

SHELL := /bin/bash
CARGO ?= cargo
PORT ?= 8000
WASM_TARGET := wasm32-unknown-unknown
# wasm-bindgen-cli must match the wasm-bindgen crate exactly: read the version from Cargo.lock.
WASM_BINDGEN_VERSION := $(shell sed -n '/^name = "wasm-bindgen"$$/{n;s/^version = "\(.*\)"$$/\1/p;}' Cargo.lock)
WASM_BINDGEN := $(or $(CARGO_HOME),$(HOME)/.cargo)/bin/wasm-bindgen
NATIVE := target/release/zilo
# The test suites build and test the engine in the profile test-suite (Cargo.toml: release
# optimisation without fat LTO, several times faster to build); the page, the benches and `make
# play` use the release build.
TEST_PROFILE := test-suite
TEST_NATIVE := target/$(TEST_PROFILE)/zilo
WASM_RAW := target/$(WASM_TARGET)/release/zilo.wasm
ENGINE_JS := www/engine.js
WASM_OPT := tools/node_modules/.bin/wasm-opt
ESBUILD := tools/node_modules/.bin/esbuild
TSC := tools/node_modules/.bin/tsc

.PHONY: all native test-native www play tune test check-generated test-rust test-types test-server bench-online test-e2e test-reference test-differential test-uci fairy-stockfish-largeboards bench bench-strength clean deps-tools deps-wasm deps-browser deps-python pkg test-pkg fuzz

all: native www

native:
	$(CARGO) build --release

test-native:
	$(CARGO) build --profile $(TEST_PROFILE) --bin zilo

# --- the browser build ---------------------------------------------------------

# Build-time npm tools (tools/package.json): wasm-opt from binaryen (Debian's, 108, predates the
# reference types wasm-bindgen emits), esbuild (bundles the page's modules), typescript (checks
# their types). Nothing of them ships.
deps-tools:
	@[ -x $(WASM_OPT) ] && [ -x $(ESBUILD) ] && [ -x $(TSC) ] || (cd tools && npm ci --no-audit --no-fund --loglevel=error)

deps-wasm: deps-tools
	@rustup target list --installed | grep -qx $(WASM_TARGET) || rustup target add $(WASM_TARGET)
	@if [ "$$($(WASM_BINDGEN) --version 2>/dev/null)" != "wasm-bindgen $(WASM_BINDGEN_VERSION)" ]; then \
	  echo "installing wasm-bindgen-cli $(WASM_BINDGEN_VERSION)"; \
	  $(CARGO) install wasm-bindgen-cli --version $(WASM_BINDGEN_VERSION) --force; \
	fi

www: deps-wasm
	$(CARGO) rustc -p zilo --release --lib --target $(WASM_TARGET) --crate-type cdylib
	$(WASM_BINDGEN) --target no-modules --out-dir build/wasm --out-name zilo $(WASM_RAW)
	$(WASM_OPT) -O3 build/wasm/zilo_bg.wasm -o build/wasm/zilo_bg.wasm
	node tools/build-www.mjs build/wasm $(ENGINE_JS)
	node tools/engine-catalog.mjs build/wasm www/i18n/en.js www/src/engine-args.js
	node tools/build-board.mjs www/src www/fonts www/zilo-board.js
	node tools/rules-html.mjs docs/rules www/rules.js
	@echo "built $(ENGINE_JS): $$(du -k $(ENGINE_JS) | cut -f1) KiB; page total $$(du -ck www/*.html www/*.css www/*.js | tail -1 | cut -f1) KiB"

# The engine as an npm package (ES module, CommonJS and classic-script builds, TypeScript
# declarations, README): pkg/, which `npm pack pkg` turns into zilo-engine-<version>.tgz.
pkg: www
	node tools/build-pkg.mjs build/wasm pkg

# `zilo serve` serves the page and the online games (it prints its address); the games are kept
# in $(PLAY_DB). Opened from file:// the page still plays on one screen and against the computer.
PLAY_DB ?= sqlite:zilo-games.sqlite
play: native www
	@echo "Ctrl-C stops the server (no acknowledged move is lost)."
	$(NATIVE) serve --listen 127.0.0.1:$(PORT) --db $(PLAY_DB) --www www

# --- the evaluation's weights (Texel's method) ---------------------------------------

# `make tune VARIANT=chess`: self-play data (kept in target/tune/, made once: delete it to
# remake) and the fit, written as the variant's weight table in the crate; rebuild to play it.
# Bounded: TUNE_GAMES games of TUNE_NODES nodes a move, stopped after TUNE_SECONDS. TUNE_BLEND
# is the search score's share of each position's target (0 to 1; chess's table used 0.5).
VARIANT ?= chess
TUNE_GAMES ?= 2000
TUNE_NODES ?= 2000
TUNE_SECONDS ?= 1500
TUNE_THREADS ?= 2
TUNE_EPOCHS ?= 1000
TUNE_BLEND ?= 0.5
TUNE_DATA := target/tune/$(VARIANT).txt
tune: native
	@mkdir -p target/tune
	@[ -s $(TUNE_DATA) ] || timeout $(TUNE_SECONDS) $(NATIVE) selfplay $(VARIANT) --games $(TUNE_GAMES) --nodes $(TUNE_NODES) --seed 1 --threads $(TUNE_THREADS) --out $(TUNE_DATA) || [ -s $(TUNE_DATA) ]
	$(NATIVE) tune $(VARIANT) --data $(TUNE_DATA) --epochs $(TUNE_EPOCHS) --blend $(TUNE_BLEND) --out crate/src/chesslike/weights/$(VARIANT).txt

# --- tests -------------------------------------------------------------------------

deps-browser:
	@command -v chromium >/dev/null || (apt-get update -qq && apt-get install -y -qq chromium >/dev/null)
	cd tests/e2e && npm ci --no-audit --no-fund --loglevel=error

deps-python:
	python3 -m pip install -q -r tests/requirements.txt

# Formatting and lints first: they fail in seconds, before the long suites.
test-rust:
	@rustup component list --installed | grep -q '^rustfmt' || rustup component add rustfmt
	@rustup component list --installed | grep -q '^clippy' || rustup component add clippy
	$(CARGO) fmt --check
	$(CARGO) clippy --release --all-targets -- -D warnings
	$(CARGO) test --profile $(TEST_PROFILE)

# zilo against an independent Python implementation of docs/rules/zilo.md.
test-reference: test-native deps-python
	ZILO_BIN=$(abspath $(TEST_NATIVE)) python3 -m pytest -q tests/reference

# chess and shogi against Fairy-Stockfish (pyffish), position by position.
test-differential: test-native deps-python
	ZILO_BIN=$(abspath $(TEST_NATIVE)) python3 -m pytest -q tests/differential

# `zilo uci` driven by python-chess, and short matches against Debian's Fairy-Stockfish
# (tests/bench/uci_match.py; installed from apt when missing).
test-uci: test-native deps-python
	@command -v fairy-stockfish >/dev/null || [ -x /usr/games/fairy-stockfish ] || \
	  (apt-get update -qq && apt-get install -y -qq fairy-stockfish >/dev/null)
	ZILO_BIN=$(abspath $(TEST_NATIVE)) python3 -m pytest -q tests/uci

# Fairy-Stockfish with large boards and every variant the ini files use, as a UCI/USI/XBoard binary
# for tests/bench/uci_match.py (Pillage's 10x10 through tests/differential/pillage.ini).
# Debian's source (`apt-get source fairy-stockfish`) is 11.1, the same as Debian's binary, which is
# already built with large boards (`id name Fairy-Stockfish 11.1 LB 64`) but is too old for
# pillage.ini: it reads the file without error and sets up a wrong board. So this builds the
# engine of the pinned pyffish (tests/requirements.txt: the Fairy-Stockfish the differential
# tests check pillage.ini against), from its source distribution on PyPI (`pip download
# --no-binary`), with pyffish's own flags (LARGEBOARDS, ALLVARS, no embedded NNUE net) and main.cpp
# instead of the Python module: a few minutes on two cores.
FSF_LARGEBOARDS := build/fairy-stockfish-largeboards
PYFFISH_VERSION := $(shell sed -n 's/^pyffish==//p' tests/requirements.txt)
fairy-stockfish-largeboards: $(FSF_LARGEBOARDS)
$(FSF_LARGEBOARDS):
	@command -v g++ >/dev/null || (apt-get update -qq && apt-get install -y -qq g++ >/dev/null)
	rm -rf build/fairy-stockfish-src && mkdir -p build/fairy-stockfish-src
	python3 -m pip download -q --no-deps --no-binary :all: -d build/fairy-stockfish-src pyffish==$(PYFFISH_VERSION)
	tar xzf build/fairy-stockfish-src/pyffish-$(PYFFISH_VERSION).tar.gz -C build/fairy-stockfish-src
	cd build/fairy-stockfish-src/pyffish-$(PYFFISH_VERSION)/src && \
	  g++ -std=c++17 -O2 -DNDEBUG -DIS_64BIT -DLARGEBOARDS -DALLVARS -DPRECOMPUTED_MAGICS -DNNUE_EMBEDDING_OFF -pthread \
	    $$(ls *.cpp syzygy/*.cpp nnue/*.cpp nnue/features/*.cpp | grep -v -e '^pyffish.cpp$$' -e '^ffishjs.cpp$$') \
	    -o $(abspath $@)
	@echo "built $@: $$(printf 'uci\nquit\n' | ./$@ | head -1)"

test-e2e: test-native www deps-browser
	cd tests/e2e && ZILO_BIN=$(abspath $(TEST_NATIVE)) npm test

# The packed package installed into a scratch project and used as a consumer would.
test-pkg: pkg
	cd tests/pkg && npm ci --no-audit --no-fund --loglevel=error && npm test

# The server on PostgreSQL: guarantee 8 (two processes on one database), 9 and 11 across
# two processes, the migration of a database from before schema versions, against a
# throwaway cluster that tests/pg/with-postgres.sh installs, starts and removes.
# (Guarantees 1-7 and 9-11 on SQLite, and the actor's property test, run with the other
# Rust tests: server_guarantees.rs, server_lobby.rs, ...)
test-server:
	tests/pg/with-postgres.sh $(CARGO) test --profile $(TEST_PROFILE) --test server_postgres -- --include-ignored

# The page's modules (www/src) type-checked from their JSDoc (www/tsconfig.json): seconds.
test-types: deps-tools
	$(TSC) -p www

# The generated files the repository keeps (the engine's declarations, the English catalog's
# refusals and argument words, the page's table of the arguments it words: all written by
# `make www` from the engine's tables) are what the build writes now: a change to a table of
# words or to the packed field list is committed with its regenerated files.
GENERATED := www/engine.d.ts www/i18n/en.js www/src/engine-args.js
check-generated: www
	@git diff --exit-code --stat -- $(GENERATED) || \
	  (echo "check-generated: $(GENERATED) differ from what make www writes: commit the regenerated files"; exit 1)

test: check-generated test-types test-rust test-server test-reference test-differential test-uci test-e2e test-pkg

# Long fuzzing: every variant's position-string and move parsers, move codes, random call
# sequences and command lines (crate/tests/fuzz_*.rs), then random calls through the JS API.
# `make test` runs the same targets briefly (300 cases each). A new seed each run (printed).
FUZZ_CASES ?= 200000
fuzz: native www
	seed=$${ZILO_FUZZ_SEED:-$$(date +%s)}; \
	ZILO_FUZZ_CASES=$(FUZZ_CASES) ZILO_FUZZ_SEED=$$seed $(CARGO) test --release \
	  --test fuzz_parsers --test fuzz_api --test fuzz_cli -- --nocapture && \
	cd tests/e2e && ZILO_FUZZ_CASES=$$(( $(FUZZ_CASES) / 10 )) ZILO_FUZZ_SEED=$$seed \
	  node --test --test-name-pattern='^fuzz' engine-api.test.mjs

# --- speed ------------------------------------------------------------------------

bench: native www
	@for tool in hyperfine fairy-stockfish stockfish; do \
	  command -v $$tool >/dev/null || [ -x /usr/games/$$tool ] || \
	  (apt-get update -qq && apt-get install -y -qq $$tool >/dev/null); done
	$(NATIVE) bench
	python3 bench/perft_vs_reference.py
	node bench/wasm_search.mjs $(NATIVE)
	cd bench && npm ci --no-audit --no-fund --loglevel=error
	node bench/api_walk.mjs

# zilo serve under load: bots playing random legal moves through real WebSockets on
# 127.0.0.1 (crate/examples/zilo-load.rs), with SQLite, then with a throwaway PostgreSQL;
# alongside, LOAD_LOBBY players on lobby sockets and LOAD_SEEKS seeks created and accepted a second.
LOAD_GAMES ?= 1000
LOAD_SECONDS ?= 20
LOAD_RATE ?= 2000
LOAD_LOBBY ?= 1000
LOAD_SEEKS ?= 200
LOAD := target/release/examples/zilo-load --zilo $(NATIVE) --games $(LOAD_GAMES) --seconds $(LOAD_SECONDS) --rate $(LOAD_RATE) \
	--lobby $(LOAD_LOBBY) --seeks $(LOAD_SEEKS)
bench-online: native
	$(CARGO) build --release --example zilo-load
	@echo "SQLite:"; $(LOAD)
	@echo "PostgreSQL:"; tests/pg/with-postgres.sh sh -c '$(LOAD) --pg "$$ZILO_TEST_PG"'

# The computer player's strength: zilo matches between levels and reference
# players, 100 games each (long: run on its own).
bench-strength: native
	tests/bench/match.sh 100

clean:
	$(CARGO) clean
	rm -rf build $(ENGINE_JS) www/zilo-board.js www/rules.js pkg
