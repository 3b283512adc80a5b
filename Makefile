# The two commands of the README. Each does its own set-up on a fresh machine.
#   make demo   analyze Samples/TheMonth and write the report to demo-report/
#   make test   unit and integration tests (swift test), Strata's layering checked on itself
#               (strata check ., exit 1 on a violation), then the report, the diff page and the
#               history page in headless Chromium
#               (reports Strata writes: a sample, a repository of hostile module names, and
#               generated 300- and 135-module repositories), the report's JSON Schemas
#               (docs/schema/) on every sample, Strata itself and those, the formats and
#               a damaged cache (Tests/Formats, Tests/Cache), import grades against the compiler
#               (Tests/Imports: each import of a fixture removed and built), the servers with real clients
#               (Tests/Servers: the MCP SDK, pytest-lsp), the Starlark evaluator against
#               starlark-rust on Tests/Fixtures/Bazel (Tests/Starlark), then
#               the generated hostile corpus (Tests/Hostile: broken and hostile repositories)
#   make install PREFIX=/usr/local   a release build, one relocatable executable, into PREFIX/bin
#   make plugin-test   the SwiftPM command plugin on a fixture package (a second full build)
#   make fuzz [FUZZ_SECONDS=600] [READER=podspec]   the manifest readers fed mutated inputs
#   make verify-corpus   Package.swift read statically vs `swift package dump-package` on every
#               package of the local mirror; writes Benchmarks/verify-corpus.md
#   make verify-injection   no DI item on any package of the local mirror but the DI libraries
#   make verify-imports   imports graded unused commented out, seven mirror packages (two with C targets) still build
#               (and, on two, the recall of the removable imports): Benchmarks/verify-imports

.PHONY: demo test bench verify verify-corpus verify-injection verify-imports install plugin-test fuzz

PREFIX ?= /usr/local
# Linux: the Swift runtime and Foundation linked in, so the binary runs where Swift is not
# installed (it needs only libgraphviz). macOS has the runtime in the OS.
STATIC_STDLIB := $(if $(filter Linux,$(shell uname -s)),--static-swift-stdlib,)
# macOS: Homebrew's libpq is keg-only, so pkg-config finds it (CPostgres) only through this path.
ifeq ($(shell uname -s),Darwin)
export PKG_CONFIG_PATH := $(shell brew --prefix libpq 2>/dev/null)/lib/pkgconfig:$(PKG_CONFIG_PATH)
endif

# A debug build (about 2 minutes on a new machine) analyzes the sample in seconds; release
# builds are for `make bench` and large repositories (swift-syntax parses ~50x faster).
demo:
	scripts/setup
	swift build --product strata
	.build/debug/strata analyze Samples/TheMonth -o demo-report
	@echo "open demo-report/index.html"

test:
	scripts/setup --test
	# No merge left half done: a conflict marker in a tracked file fails the run.
	! git grep -nE '^(<<<<<<<|>>>>>>>)( |$$)' -- . ':!Tests/Fixtures' ':!Tests/Hostile'
	swift build --build-tests
	STRATA_REQUIRE_POSTGRES=1 Tests/Support/postgres-server run -- swift test --skip-build
	python3 -m pytest -q Tests/Starlark
	# The DI fixtures whose keys are compared as terms compile: their containers are real Swift.
	for spelling in Tests/Fixtures/Injection/container-keys-by-generic/*/ Tests/Fixtures/Injection/value-registration/generic-value-*/; do \
		swift build --package-path "$$spelling" --scratch-path ".build/fixture-compile/$$(basename "$$spelling")" -q || exit 1; \
	done
	.build/debug/strata check .
	rm -rf .build/browser-report .build/hostile-names .build/hostile-names-report
	.build/debug/strata analyze Samples/TheMonth -o .build/browser-report --format html,json --no-cache --quiet
	Tests/Support/make-hostile-names .build/hostile-names
	.build/debug/strata analyze .build/hostile-names -o .build/hostile-names-report --format html,json --no-cache --quiet
	Tests/Browser/make-diff-repo .build/diff-repo
	rm -rf .build/diff-report
	.build/debug/strata diff HEAD~1 HEAD --repo .build/diff-repo -o .build/diff-report --no-cache --quiet
	Tests/History/make-history-repo .build/history-repo
	rm -rf .build/history-report
	.build/debug/strata history .build/history-repo -o .build/history-report --no-cache --quiet --link-base https://example.com/c/
	SE_OFFLINE=true STRATA_BIN=.build/debug/strata STRATA_REPORT_DIRS=.build/browser-report,.build/hostile-names-report STRATA_DIFF_DIR=.build/diff-report STRATA_HISTORY_DIR=.build/history-report python3 -m pytest -q Tests/Browser --ignore=Tests/Browser/test_scale.py --ignore=Tests/Browser/test_org.py
	Tests/Support/postgres-server run -- Tests/Browser/make-org-report .build/debug/strata .build/org-report
	SE_OFFLINE=true STRATA_ORG_DIR=.build/org-report python3 -m pytest -q Tests/Browser/test_org.py
	rm -rf .build/scale && mkdir -p .build/scale
	Tests/Support/make-monorepo .build/scale/m300 --files 3000 >/dev/null
	Tests/Support/make-monorepo .build/scale/iso --preset isowords --hostile >/dev/null
	Tests/Support/make-monorepo .build/scale/many --modules 60 --files 900 --packages 3 --unused-imports >/dev/null
	.build/debug/strata analyze .build/scale/m300 -o .build/scale/m300-report --no-cache --quiet
	.build/debug/strata analyze .build/scale/iso -o .build/scale/iso-report --no-cache --quiet
	.build/debug/strata analyze .build/scale/many -o .build/scale/many-report --no-cache --quiet
	SE_OFFLINE=true STRATA_SCALE_REPORTS=.build/scale/m300-report,.build/scale/iso-report,.build/scale/many-report python3 -m pytest -q Tests/Browser/test_scale.py
	rm -rf .build/schema && for sample in Samples/*/; do \
		.build/debug/strata analyze "$$sample" -o .build/schema/$$(basename "$$sample") --format html,json --no-cache --quiet || exit 1; done
	.build/debug/strata analyze . -o .build/schema/self --format html,json --no-cache --quiet
	STRATA_SCHEMA_REPORTS=$$(ls -d .build/schema/* | paste -sd, -),.build/hostile-names-report,.build/scale/m300-report,.build/scale/iso-report,.build/scale/many-report \
		python3 -m pytest -q Tests/Schema
	STRATA_BIN=.build/debug/strata python3 -m pytest -q Tests/Formats Tests/Cache Tests/Imports
	STRATA_BIN=.build/debug/strata python3 -m pytest -q Tests/Servers
	Tests/Install/relocatable .build/debug/strata
	Tests/Hostile/make-corpus .build/hostile
	STRATA_BIN=.build/debug/strata STRATA_CORPUS=.build/hostile python3 -m pytest -q Tests/Hostile

install:
	scripts/setup
	swift build -c release --product strata $(STATIC_STDLIB)
	install -d "$(DESTDIR)$(PREFIX)/bin"
	install -s -m 755 .build/release/strata "$(DESTDIR)$(PREFIX)/bin/strata"
	@echo "installed $(DESTDIR)$(PREFIX)/bin/strata"

plugin-test:
	scripts/setup
	Tests/Plugin/run

# Performance figures (README, Benchmarks); not part of the tests. `--test` brings Chromium
# and selenium for the monorepo report's first-screen time.
bench:
	scripts/setup --test
	Benchmarks/run
	Benchmarks/monorepo
	Benchmarks/monorepo --modules 1000 --files 60000
	Benchmarks/affected
	Benchmarks/history
	Benchmarks/org

# The manifest readers fed mutated inputs, FUZZ_SECONDS per reader (all eight, or READER=name),
# in a release build; inputs slower than a second are kept in $TMPDIR/strata-fuzz (exit 1).
FUZZ_SECONDS ?= 600
fuzz:
	scripts/setup
	swift build -c release --product strata-fuzz
	.build/release/strata-fuzz --seconds $(FUZZ_SECONDS) $(if $(READER),--reader $(READER))

# Discovery checked against `swift package dump-package` on real packages (= verify-corpus).
verify: verify-corpus

# Every package of the local Swift package mirror (/opt/swift-packages): Strata's static reading
# of Package.swift against SwiftPM's (`swift package dump-package`); the table is committed.
verify-corpus:
	scripts/setup
	Benchmarks/verify-corpus

# Every package of the local mirror analyzed with a release build: DI registrations, resolutions
# and containers only in the DI libraries themselves (a count elsewhere is a false positive).
verify-injection:
	scripts/setup
	Benchmarks/injection-corpus

# The unused-import grades against the compiler: five packages of the local mirror built with
# Strata's unused imports commented out, and on two every other internal import removed in turn.
verify-imports:
	scripts/setup
	swift build -c release --product strata
	Benchmarks/verify-imports --recall 2
