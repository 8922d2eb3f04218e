# adkev - a command-line filter for Google ADK event streams.
#
#   make            build ./adkev: needs a C11 compiler and jansson, nothing else
#                   (on Debian it installs a missing libjansson-dev and pkg-config,
#                   and tries zlib1g-dev and libzstd-dev, for gzip and zstd input)
#   make check      the everyday tests, 1 1/4 to 3 minutes on 2 cores: unit suites,
#                   CLI cases, fuzz-target replays, man pages, the documentation's
#                   examples, shape, terminal, install and build tests
#   make check-all  what CI runs (.ci/run): make check, check-goldens,
#                   check-browser, check-postgres, check-otlp, check-sanitize, check-tsan,
#                   check-valgrind and fuzz-ci
#   make check-fast the bar before each commit: unit, CLI, fuzz-replay, man, docs and
#                   shape tests
#   make check-docs every console example of README.md, doc/ and the man pages, run;
#                   the README within 300 lines, every relative link of the pages
#   make check-goldens    every case must notice a change in adkev's status and stderr
#   make check-browser    the timeline page in headless Chromium (tests/browser)
#   make check-postgres   session databases on a throwaway PostgreSQL server, written
#                   by ADK JS (tests/postgres; installs postgresql, nodejs, npm)
#   make check-otlp       to-otlp's output decoded with the OTLP protobuf schema (tests/otlp)
#   make check-sanitize   unit, CLI, fuzz-replay and terminal tests under ASan+UBSan
#   make check-tsan       unit and CLI tests under ThreadSanitizer (-j's worker threads)
#   make check-valgrind   the CLI cases under valgrind
#   make check-slow       the huge-input and allocation-failure cases at full size
#   make fuzz FUZZ_SECONDS=N, make fuzz-ci   libFuzzer targets (tests/fuzz/fuzz.mk)
#   make bench      adkev against jq, gojq and DuckDB on generated ADK streams, -j 1, -j 2
#                   and the default on every input form, stage costs (BENCH_MB=100
#                   BENCH_RUNS=3 BENCH_BIG_MB=1024 BENCH_AGAINST=bb02df4 BENCH_TABLES=...;
#                   installs jq, GNU time, gojq, node, npm and sqlite3 if missing)
#   make install    PREFIX=/usr/local DESTDIR=
#
# Test tools (Check, mandoc, valgrind, tmux, zsh, fish, clang, jq) are installed by the
# targets that use them, on Debian, when missing; make deps installs them all.

VERSION = 0.1.0
PREFIX ?= /usr/local
BINDIR = $(PREFIX)/bin
MANDIR = $(PREFIX)/share/man/man1
MAN5DIR = $(PREFIX)/share/man/man5
BASHCOMPDIR = $(PREFIX)/share/bash-completion/completions
ZSHCOMPDIR = $(PREFIX)/share/zsh/site-functions
FISHCOMPDIR = $(PREFIX)/share/fish/vendor_completions.d

CC ?= cc
# jansson through pkg-config, or a plain -ljansson where the compiler finds it
# without one.  Recursive (=) on purpose: asked when a recipe runs, after
# $(BUILD)/.jansson may have installed it.
JANSSON_CFLAGS = $(shell pkg-config --cflags jansson 2>/dev/null)
JANSSON_LIBS = $(shell pkg-config --libs jansson 2>/dev/null || echo -ljansson)
CHECK_CFLAGS = $(shell pkg-config --cflags check 2>/dev/null)
CHECK_LIBS = $(shell pkg-config --libs check 2>/dev/null || echo -lcheck -lsubunit -lm -lrt -pthread)

# zlib and libzstd (compressed input) the same way, when $(BUILD)/.zlib and
# $(BUILD)/.zstd say "yes"; else adkev is built without them (-DADKEV_NO_ZLIB,
# -DADKEV_NO_ZSTD) and says so when it meets such input.
LIB_STAMPS = $(BUILD)/.jansson $(BUILD)/.zlib $(BUILD)/.zstd $(BUILD)/.sqlite $(BUILD)/.pq
ZLIB_FOUND = $(shell cat $(BUILD)/.zlib 2>/dev/null)
ZSTD_FOUND = $(shell cat $(BUILD)/.zstd 2>/dev/null)
ZLIB_CFLAGS = $(if $(filter yes,$(ZLIB_FOUND)),$(shell pkg-config --cflags zlib 2>/dev/null),-DADKEV_NO_ZLIB)
ZLIB_LIBS = $(if $(filter yes,$(ZLIB_FOUND)),$(shell pkg-config --libs zlib 2>/dev/null || echo -lz))
ZSTD_CFLAGS = $(if $(filter yes,$(ZSTD_FOUND)),$(shell pkg-config --cflags libzstd 2>/dev/null),-DADKEV_NO_ZSTD)
ZSTD_LIBS = $(if $(filter yes,$(ZSTD_FOUND)),$(shell pkg-config --libs libzstd 2>/dev/null || echo -lzstd))
# libsqlite3 and libpq (session databases) the same way, stamps $(BUILD)/.sqlite
# and $(BUILD)/.pq; -DADKEV_NO_SQLITE, -DADKEV_NO_PQ without them.  Their headers
# are built in, the libraries not linked: adkev loads them (dlopen) when it
# opens a database, so every other run starts without them and their 20-odd
# dependencies (doc/speed.md, "Starting").
SQLITE_FOUND = $(shell cat $(BUILD)/.sqlite 2>/dev/null)
PQ_FOUND = $(shell cat $(BUILD)/.pq 2>/dev/null)
SQLITE_CFLAGS = $(if $(filter yes,$(SQLITE_FOUND)),$(shell pkg-config --cflags sqlite3 2>/dev/null),-DADKEV_NO_SQLITE)
PQ_CFLAGS = $(if $(filter yes,$(PQ_FOUND)),$(shell pkg-config --cflags libpq 2>/dev/null),-DADKEV_NO_PQ)

WARNINGS = -Wall -Wextra -Wpedantic -Wshadow -Wstrict-prototypes -Wmissing-prototypes
CFLAGS ?= -O2 -g
ALL_CFLAGS = -std=c11 -D_GNU_SOURCE -Isrc $(WARNINGS) $(CFLAGS) $(JANSSON_CFLAGS) \
	$(ZLIB_CFLAGS) $(ZSTD_CFLAGS) $(SQLITE_CFLAGS) $(PQ_CFLAGS) -DADKEV_VERSION='"$(VERSION)"'
LDLIBS_ALL = $(JANSSON_LIBS) $(ZLIB_LIBS) $(ZSTD_LIBS) -pthread

BUILD ?= build/default
# The layers (doc/design.md, "Layout"): read/, adk/, cmd/, write/, and the top of src/.
SRCS = $(wildcard src/*.c src/*/*.c)
HDRS = $(wildcard src/*.h src/*/*.h)
LIB_SRCS = $(filter-out src/main.c,$(SRCS))
# The timeline page's template, src/write/timeline_page.html, becomes a C
# array of its lines: the page is edited and diffed as HTML, and built in.
GEN_OBJS = $(BUILD)/gen/timeline_page.o
LIB_OBJS = $(LIB_SRCS:src/%.c=$(BUILD)/%.o) $(GEN_OBJS)
TEST_SRCS = $(wildcard tests/check_*.c)
TEST_BINS = $(TEST_SRCS:tests/%.c=$(BUILD)/%)
MANS = $(wildcard man/*.1)
MANS5 = $(wildcard man/*.5)

.PHONY: all deps deps-check deps-cli deps-docs deps-man deps-tty deps-valgrind deps-bench deps-browser \
	deps-postgres deps-otlp deps-nltk check check-all check-fast check-unit check-cli check-docs \
	check-goldens check-man check-shape check-tty check-nltk \
	check-install check-build check-browser check-postgres check-otlp check-sanitize check-tsan \
	check-valgrind check-slow \
	bench install uninstall clean lint

all: adkev

# Packages are installed in one place, tests/deb-install.sh (apt-get, with sudo
# only when not root), called through these two:
#   $(call need,PROBE,PACKAGES,WHAT[,ELSEWHERE])
#       unless the shell command PROBE succeeds, install the Debian PACKAGES, or
#       stop naming them; where there is no apt-get, the text of the exported
#       variable ELSEWHERE is the message, if given
#   $(call want,PROBE,PACKAGES,WHAT)
#       the same, but where they cannot be installed it only says so (the
#       caller skips, loudly)
# A target that needs a tool gets a deps-NAME target of one line, as below, and
# lists it after a | (order-only: it runs first, and rebuilds nothing).
need = { $(1); } >/dev/null 2>&1 || \
	sh tests/deb-install.sh $(if $(4),--elsewhere "$$$(strip $(4))") '$(3)' $(2)
want = { $(1); } >/dev/null 2>&1 || sh tests/deb-install.sh --optional '$(3)' $(2)

# What the tests need; plain make needs none of it.
deps-check:
	@$(call need,echo '#include <check.h>' | $(CC) $(CHECK_CFLAGS) -fsyntax-only -x c -,check,make check-unit)
# gzip and zstd make the compressed inputs of tests/cli/cases/batch/; GNU
# parallel runs the recipes of doc/speed.md and doc/many-machines.md
# (tests/cli/cases/batch/parallel.sh, merge/parallel.sh); xmllint reads
# eval --junit's report back in tests/cli/cases/eval/junit.sh; sqlite3 makes
# the hostile databases of tests/cli/cases/sessiondb/.
deps-cli:
	@$(call want,command -v gzip && command -v zstd,gzip zstd,make check-cli (compressed input))
	@$(call want,parallel --version | grep -q 'GNU parallel',parallel,make check-cli)
	@$(call want,command -v xmllint,libxml2-utils,make check-cli (eval --junit))
	@$(call want,command -v sqlite3,sqlite3,make check-cli (hostile and many-page session databases))
deps-man:
	@$(call need,command -v mandoc,mandoc,make check-man)
# The examples pipe into jq, compress with gzip and spread over GNU parallel.
deps-docs: deps-man
	@$(call need,command -v jq && command -v gzip,jq gzip,make check-docs)
	@$(call want,parallel --version | grep -q 'GNU parallel',parallel,make check-docs)
deps-tty:
	@$(call want,command -v tmux && command -v zsh && command -v fish,tmux zsh fish,make check-tty)
deps-valgrind:
	@$(call need,command -v valgrind,valgrind,make check-valgrind)
deps-browser:
	@$(call want,command -v chromium,chromium,make check-browser)
	@$(call want,command -v node,nodejs,make check-browser)
	@$(call need,command -v jq,jq,make check-browser)
# A throwaway server, and ADK JS (from npm, outside the tree) to write to it.
deps-postgres:
	@$(call want,ls /usr/lib/postgresql/*/bin/initdb || command -v initdb,postgresql,make check-postgres)
	@$(call want,command -v node && command -v npm,nodejs npm,make check-postgres)
	@$(call need,command -v jq,jq,make check-postgres)
deps-otlp:
	@$(call want,command -v node && command -v npm,nodejs npm,make check-otlp)
	@$(call want,command -v jq,jq,make check-otlp (rewound runs))
deps-nltk:
	@$(call want,/usr/bin/python3 -c 'import nltk.stem.porter',python3-nltk,make check-nltk)
deps-bench:
	@$(call need,command -v jq && [ -x /usr/bin/time ],jq time,make bench)
	@$(call want,command -v gojq,gojq,make bench (the gojq table))
	@$(call want,command -v node && command -v npm,nodejs npm,make bench (the DuckDB table))
	@$(call want,command -v sqlite3,sqlite3,make bench (the session database table))
	@$(call want,echo '#include <simdjson.h>' | g++ -fsyntax-only -x c++ -,g++ libsimdjson-dev,make bench (the simdjson table))
# Everything any target installs, for preparing a machine (a CI image) at once.
deps: $(LIB_STAMPS) deps-check deps-cli deps-docs deps-man deps-tty deps-valgrind deps-bench deps-browser \
	deps-postgres deps-otlp deps-nltk fuzz-deps

# The build needs a C11 compiler and jansson, nothing else.  Once per build
# folder, a program using jansson must compile and link with the flags above;
# where it does not, a missing libjansson-dev and pkg-config are installed on
# Debian, and elsewhere the build stops saying what to install.  Another
# library the build needs takes the same: a _TRY, a _MISSING text and a stamp.
#   $(call lib_try,PKG,HEADER,CALL,LIB): a program calling CALL from HEADER
#   compiles and links with pkg-config's flags for PKG, or else with -lLIB.
lib_try = printf '\043include <$(2)>\nint main(void) { $(3); return 0; }\n' | \
	$(CC) $(CFLAGS) $(LDFLAGS) -x c -o $(BUILD)/.lib-try - \
	$$(pkg-config --cflags --libs $(1) 2>/dev/null || echo -l$(4)) >/dev/null 2>&1
JANSSON_TRY = $(call lib_try,jansson,jansson.h,json_decref(json_object()),jansson)
define JANSSON_MISSING
adkev needs jansson (a C library for JSON) to build, found through pkg-config.
Install both, then run make again:
  Debian, Ubuntu:    apt-get install libjansson-dev pkg-config
  Fedora, RHEL:      dnf install jansson-devel pkgconf-pkg-config
  Alpine:            apk add jansson-dev pkgconf
  Arch:              pacman -S jansson pkgconf
  FreeBSD:           pkg install jansson pkgconf
  macOS (Homebrew):  brew install jansson pkgconf
endef
export JANSSON_MISSING

$(BUILD)/.jansson:
	@mkdir -p $(@D)
	@$(call need,$(JANSSON_TRY),libjansson-dev pkg-config,make,JANSSON_MISSING)
	@$(JANSSON_TRY) || { echo "$$JANSSON_MISSING" >&2; exit 1; }
	@rm -f $(BUILD)/.lib-try && touch $@

# Compressed input (gzip, zstd) is optional: a missing zlib1g-dev or
# libzstd-dev is installed on Debian as libjansson-dev is, and where it
# still cannot be found adkev is built without it.  The stamp holds "yes"
# or "no"; make clean asks again.
ZLIB_TRY = $(call lib_try,zlib,zlib.h,inflateEnd(0),z)
ZSTD_TRY = $(call lib_try,libzstd,zstd.h,ZSTD_freeDStream(0),zstd)
$(BUILD)/.zlib: | $(BUILD)/.jansson
	@$(call want,$(ZLIB_TRY),zlib1g-dev,make (gzip input))
	@if $(ZLIB_TRY); then echo yes; else echo no; \
		echo "make: zlib not found: this adkev will not read gzip input" >&2; fi >$@
	@rm -f $(BUILD)/.lib-try
$(BUILD)/.zstd: | $(BUILD)/.jansson
	@$(call want,$(ZSTD_TRY),libzstd-dev,make (zstd input))
	@if $(ZSTD_TRY); then echo yes; else echo no; \
		echo "make: libzstd not found: this adkev will not read zstd input" >&2; fi >$@
	@rm -f $(BUILD)/.lib-try

# Session databases (SQLite, PostgreSQL) are optional the same way: a
# missing libsqlite3-dev or libpq-dev is installed on Debian, and where it
# still cannot be found adkev says so when it meets such a database.
SQLITE_TRY = $(call lib_try,sqlite3,sqlite3.h,sqlite3_libversion(),sqlite3)
PQ_TRY = $(call lib_try,libpq,libpq-fe.h,PQlibVersion(),pq)
$(BUILD)/.sqlite: | $(BUILD)/.jansson
	@$(call want,$(SQLITE_TRY),libsqlite3-dev,make (SQLite session databases))
	@if $(SQLITE_TRY); then echo yes; else echo no; \
		echo "make: libsqlite3 not found: this adkev will not read SQLite session databases" >&2; fi >$@
	@rm -f $(BUILD)/.lib-try
$(BUILD)/.pq: | $(BUILD)/.jansson
	@$(call want,$(PQ_TRY),libpq-dev,make (PostgreSQL session databases))
	@if $(PQ_TRY); then echo yes; else echo no; \
		echo "make: libpq not found: this adkev will not read PostgreSQL session databases" >&2; fi >$@
	@rm -f $(BUILD)/.lib-try

$(BUILD)/%.o: src/%.c $(HDRS) | $(LIB_STAMPS)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -c -o $@ $<

# Each line becomes one string literal (backslashes and quotes escaped, and
# '?' so that no "??" reads as a trigraph), short enough for any C compiler.
$(BUILD)/gen/timeline_page.c: src/write/timeline_page.html
	@mkdir -p $(@D)
	@{ echo '/* Made by the Makefile from src/write/timeline_page.html: edit that. */'; \
	echo '#include "write/page.h"'; \
	echo 'const char *const timeline_page_lines[] = {'; \
	sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/?/\\?/g' -e 's/^/    "/' -e 's/$$/\\n",/' $<; \
	echo '};'; \
	echo 'const size_t timeline_page_nlines = sizeof timeline_page_lines / sizeof *timeline_page_lines;'; \
	} >$@.tmp && mv $@.tmp $@

$(BUILD)/gen/%.o: $(BUILD)/gen/%.c $(HDRS) | $(LIB_STAMPS)
	$(CC) $(ALL_CFLAGS) -c -o $@ $<

$(BUILD)/adkev: $(BUILD)/main.o $(LIB_OBJS)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $^ $(LDLIBS_ALL)

adkev: $(BUILD)/adkev
	cp $< $@

$(BUILD)/check_%: tests/check_%.c $(LIB_OBJS) tests/*.h | deps-check
	$(CC) $(ALL_CFLAGS) $(CHECK_CFLAGS) -Isrc -o $@ $< $(LIB_OBJS) $(LDLIBS_ALL) $(CHECK_LIBS)

# The everyday tests, the README's test command: 1 1/4 to 3 minutes on 2 cores
# (HACKING.md, "How adkev is tested").  check-all adds what takes long: the sanitizers, valgrind
# and a short fuzz run; it is what CI runs (.ci/run).
# make check runs its parts side by side, a job per core, each part's output
# kept together (-O, GNU make 4); CHECK_JOBS=1 runs them one after another.
# The CLI cases are most of its time (about 3 minutes alone on 2 cores), so
# they too run in a shard per job: 2 min 15 s in all where they ran 3 min 27 s.
CHECK_PARTS = check-unit check-cli check-fuzz check-man check-docs check-shape check-tty \
	check-install check-build check-nltk
CHECK_JOBS ?= $(shell nproc 2>/dev/null || getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)
check:
	@$(MAKE) --no-print-directory -j$(CHECK_JOBS) $(if $(filter 3.%,$(MAKE_VERSION)),,-Otarget) \
		CLI_SHARDS=$(CHECK_JOBS) $(CHECK_PARTS)
check-all: check check-goldens check-browser check-postgres check-otlp check-sanitize \
	check-tsan check-valgrind fuzz-ci
# The bar before each commit: make check without the terminal, install and build tests.
check-fast: check-unit check-cli check-fuzz check-man check-docs check-shape

check-unit: $(TEST_BINS)
	@for t in $(TEST_BINS); do CK_FORK=no $(TEST_ENV) $$t || exit 1; done

# Each build's run writes what the cases printed into its own folder, and
# splits the cases in CLI_SHARDS runs side by side: make check a shard per
# job, the slow runs of check-all two.
CLI_SHARDS ?= 1
CLI_RUN = $(if $(filter 1,$(CLI_SHARDS)),sh tests/cli/run.sh,SHARDS=$(CLI_SHARDS) sh tests/cli/shards.sh)
check-cli: $(BUILD)/adkev $(BUILD)/adkev-gen | deps-cli
	@ADKEV="$(CURDIR)/$(BUILD)/adkev" ADKEV_WRAPPER="$(ADKEV_WRAPPER)" \
		ADKEV_GEN="$(CURDIR)/$(BUILD)/adkev-gen" \
		CLI_OUT="$(CURDIR)/$(BUILD)/cli-out" $(CLI_RUN)

# The CLI cases, each twice more: with adkev's exit status changed, then a line
# added to its standard error, each case must fail (tests/cli/run.sh, AUDIT).
check-goldens: $(BUILD)/adkev $(BUILD)/adkev-gen
	@ADKEV="$(CURDIR)/$(BUILD)/adkev" ADKEV_GEN="$(CURDIR)/$(BUILD)/adkev-gen" \
		CLI_OUT="$(CURDIR)/$(BUILD)/goldens-out" AUDIT=1 SKIP="$(LAW_CASES)" SHARDS=2 sh tests/cli/shards.sh

# The words of tests/eval/porter.tsv (its first column) stemmed again by the
# NLTK installed (Debian's python3-nltk), and compared with the file, which
# tests/check_porter.c holds adkev to; skipped, loudly, without NLTK.
check-nltk: | deps-nltk
	@if /usr/bin/python3 -c 'import nltk.stem.porter' 2>/dev/null; then \
		cut -f1 tests/eval/porter.tsv | /usr/bin/python3 tests/eval/porter-nltk.py | \
			diff -u tests/eval/porter.tsv - && \
		echo "nltk: tests/eval/porter.tsv is what NLTK's PorterStemmer gives"; \
	else echo "check-nltk: SKIPPED: python3-nltk is not installed" >&2; fi

check-tty: $(BUILD)/adkev | deps-tty
	@ADKEV="$(CURDIR)/$(BUILD)/adkev" TTY_OUT="$(CURDIR)/$(BUILD)/tty-out" sh tests/tty/run.sh

# The tree's shape: includes keep to the layer order of doc/design.md, no C or
# page-script function is over 80 lines, and no C file over 900 (tests/shape/).
SHAPE_FILES = $(SRCS) bench/*.c tests/*.c tests/fuzz/*.c src/write/timeline_page.html \
	tests/browser/cdp.js tests/otlp/check.js
SHAPE_C_FILES = $(SRCS) $(HDRS) $(wildcard bench/*.[ch] tests/*.[ch] tests/fuzz/*.[ch])
check-shape:
	@sh tests/shape/selftest.sh
	@sh tests/shape/layers.sh
	@sh tests/shape/funclen.sh $(SHAPE_FILES) && echo "funclen: no function over 80 lines"
	@sh tests/shape/filelen.sh $(SHAPE_C_FILES) && echo "filelen: no C file over 900 lines"

check-install: $(BUILD)/adkev
	@MAKE="$(MAKE)" BUILD="$(BUILD)" sh tests/install.sh

# The timeline page in headless Chromium, driven by node (tests/browser/run.sh):
# its DOM against adkev's own counts, a silent console, screenshots in build/browser.
# Skipped, loudly, where Chromium cannot be installed or run.
check-browser: $(BUILD)/adkev $(BUILD)/adkev-gen | deps-browser
	@ADKEV="$(CURDIR)/$(BUILD)/adkev" ADKEV_GEN="$(CURDIR)/$(BUILD)/adkev-gen" \
		OUT="$(CURDIR)/build/browser" sh tests/browser/run.sh

# Session databases on a real PostgreSQL server (tests/postgres/run.sh): skipped,
# loudly, where the server, node or npm's registry cannot be had.
check-postgres: $(BUILD)/adkev | deps-postgres
	@ADKEV="$(CURDIR)/$(BUILD)/adkev" sh tests/postgres/run.sh

# to-otlp's output decoded with the OTLP protobuf schema of npm's
# @opentelemetry/otlp-transformer, installed in a throwaway folder, and its trace
# tree checked against each corpus run (tests/otlp/run.sh).  Skipped, loudly,
# where node or npm is missing or the package cannot be fetched.
check-otlp: $(BUILD)/adkev | deps-otlp
	@ADKEV="$(CURDIR)/$(BUILD)/adkev" OUT="$(CURDIR)/build/otlp" sh tests/otlp/run.sh

# A clean clone builds with a compiler and jansson alone, and installs nothing.
check-build:
	@sh tests/build.sh

# mandoc's lint, then the pages as rendered: every quote and bracket closed
# (tests/docs/rendered.sh), which the lint cannot see.
check-man: | deps-man
	@out=$$(mandoc -Tlint -W warning $(MANS) $(MANS5) 2>&1); \
	if [ -n "$$out" ]; then echo "$$out"; exit 1; fi; \
	echo "man: $(words $(MANS) $(MANS5)) pages clean under mandoc -Tlint -W warning"
	@sh tests/docs/rendered.sh $(MANS) $(MANS5)

# Every console example of the README, doc/ and the man pages is run and must
# print what its page shows (tests/docs/examples.sh says how an example is
# written and marked); the README stays within 300 lines and every relative
# link of the pages leads to a file and heading that exist (tests/docs/pages.sh);
# the self-test first shows these checks can fail.  adkev(1)'s Secrets section
# names every command that hides secrets (tests/docs/secrets.sh).
check-docs: $(BUILD)/adkev | deps-docs
	@ADKEV="$(CURDIR)/$(BUILD)/adkev" sh tests/docs/selftest.sh
	@sh tests/docs/pages.sh
	@ADKEV="$(CURDIR)/$(BUILD)/adkev" sh tests/docs/secrets.sh
	@sh tests/docs/exit_status.sh
	@ADKEV="$(CURDIR)/$(BUILD)/adkev" sh tests/docs/examples.sh

# The cases that run adkev hundreds or thousands of times to show a law of its
# output (merged partial results, GNU parallel's output, every option, every
# input form at -j 1 and -j 2 and small chunks) take minutes in a plain build
# and up to seven under AddressSanitizer (cli: slowest, at the end of each
# run); they start no threads the other -j cases do not.  make check runs
# them; the sanitizers, valgrind and the AUDIT run leave them out, so that
# check-all ends well within CI's 90 minutes.
LAW_CASES = merge/parallel merge/law merge/trajectory_law usage/options batch/parallel \
	sessiondb/vertex perf/chunks_identity perf/jobs_every_form
SANITIZE = -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
SANITIZE_BUILD ?= build/sanitize
check-sanitize:
	$(MAKE) BUILD=$(SANITIZE_BUILD) CFLAGS="-O1 -g $(SANITIZE)" LDFLAGS="$(SANITIZE)" \
		TEST_ENV="ASAN_OPTIONS=detect_leaks=1" SKIP="$(LAW_CASES)" CLI_SHARDS=2 check-unit check-cli check-fuzz check-tty

# ThreadSanitizer over the unit suites and the CLI cases: -j reads chunks on
# worker threads, and its races show only now and then elsewhere (two failed
# CI runs, a hash seed and a moved chunk list, before it ran in check-all).
# The two cases that hold adkev to a CPU time (ulimit -t) are left to the
# other runs: ThreadSanitizer makes a run 5 to 15 times slower, and a CI run
# beside other work passed their 10 s.
TSAN_SKIP = perf/timeline_many_agents perf/from_a2a_many_chunks $(LAW_CASES)
check-tsan:
	$(MAKE) BUILD=build/tsan CFLAGS="-O1 -g -fsanitize=thread" LDFLAGS="-fsanitize=thread" \
		TEST_ENV="TSAN_OPTIONS=halt_on_error=1:exitcode=66" SKIP="$(TSAN_SKIP)" \
		CLI_SHARDS=2 check-unit check-cli

# Two shards side by side (valgrind's start-up dominates); the cases that would
# take minutes under it (huge inputs, the allocation sweep) are left to the
# sanitizer run, and so is closing standard error, which valgrind itself needs.
# "Possibly lost" is not an error: a run that a closed pipe ends by SIGPIPE
# leaves its reader threads' stacks so, which is no leak.  The closed-pipe
# cases are left out: a run that SIGPIPE kills mid-way still holds memory
# (its reader threads' values too) that only a finished run frees.  A missing
# TMPDIR (trajectory's temporary file, in trajectory/spool_tmpdir_missing and
# merge/hostile) stops valgrind itself.  usage/options
# runs adkev some 1,500 times to probe every option, and batch/parallel some 500
# times to show GNU parallel's output equals one run's (merge/law and
# merge/trajectory_law some 3,000 each, merge/parallel 500, to show merged
# partial results do, sessiondb/vertex some 1,000
# over the Vertex AI dumps, 9 minutes here; perf/jobs_every_form some 500, every
# command at -j 1 and -j 2 over every input form), and the perf cases of many
# agents and many chunks hold adkev to a CPU time: the sanitizer run keeps them.
# sessiondb/jobs_identity reads the corpus databases some 150 times at -j 1
# to -j 4, and sessiondb/same_as_files some 600 times beside their session
# files; valgrind runs a program's threads one at a time, and both ran past
# the 600 s a case may take (CASE_TIMEOUT) in stop 37's CI.  The sanitizers
# keep them.  The slowest case left, perf/backward_corpus, took 391 s there:
# under valgrind a case may take 900 s before it is stopped as hung.
# from-a2a/roundtrip_sessions runs adkev some 1,150 times over the corpus
# (7 minutes under valgrind here); the sanitizers keep it too.
VALGRIND = valgrind -q --leak-check=full --show-leak-kinds=definite,indirect \
	--errors-for-leak-kinds=definite,indirect --error-exitcode=99
VALGRIND_SKIP = /big- /alloc- faults/closed-fds faults/closed-pipe errors/write_errors \
	perf/jobs_generated perf/backward_generated trajectory/spool_tmpdir_missing merge/hostile \
	perf/timeline_many_agents perf/from_a2a_many_chunks hostile/long-line-memory \
	sessiondb/jobs_identity sessiondb/same_as_files from-a2a/roundtrip_sessions $(LAW_CASES)
check-valgrind: $(BUILD)/adkev $(BUILD)/adkev-gen | deps-valgrind
	@ADKEV="$(CURDIR)/$(BUILD)/adkev" ADKEV_WRAPPER="$(VALGRIND)" SKIP="$(VALGRIND_SKIP)" \
		ADKEV_GEN="$(CURDIR)/$(BUILD)/adkev-gen" CLI_OUT="$(CURDIR)/$(BUILD)/valgrind" \
		CASE_TIMEOUT=900 SHARDS=2 sh tests/cli/shards.sh

# The huge inputs at full size and the allocation sweep at every allocation.
check-slow: $(BUILD)/adkev
	@ADKEV="$(CURDIR)/$(BUILD)/adkev" CLI_OUT="$(CURDIR)/$(BUILD)/slow-out" BIG_MB=100 \
		sh tests/cli/run.sh hostile/big-
	@ADKEV="$(CURDIR)/$(BUILD)/adkev" CLI_OUT="$(CURDIR)/$(BUILD)/slow-out" ALLOC_STRIDE=1 \
		sh tests/cli/run.sh faults/alloc-

include tests/fuzz/fuzz.mk

# The generator of ADK streams the benchmark and the larger CLI cases read.
$(BUILD)/adkev-gen: bench/gen.c | $(LIB_STAMPS)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $<

# What the machine's memory and page cache cost per byte (the stages table).
$(BUILD)/adkev-membw: bench/membw.c
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -pthread -o $@ $<

BENCH_MB ?= 100
BENCH_RUNS ?= 3
BENCH_BIG_MB ?= 1024
# MiB of memory adkev-membw touches per thread (the stages table).
BENCH_MEMBW_MIB ?= 1024
# The adkev every command is compared with: the last before the run layer
# (issue 21).  Empty: no comparison.
BENCH_AGAINST ?= bb02df4
# Which tables make bench makes (bench/run.sh).
BENCH_TABLES ?= jq gojq duckdb simdjson backward compressed against jobs big rss eval stages
bench: $(BUILD)/adkev $(BUILD)/adkev-gen $(BUILD)/adkev-membw | deps-bench
	@ADKEV="$(CURDIR)/$(BUILD)/adkev" GEN="$(CURDIR)/$(BUILD)/adkev-gen" BENCH_DIR="$(CURDIR)/build/bench" \
		MEMBW="$(CURDIR)/$(BUILD)/adkev-membw" BENCH_MEMBW_MIB=$(BENCH_MEMBW_MIB) \
		BENCH_MB=$(BENCH_MB) BENCH_RUNS=$(BENCH_RUNS) BENCH_BIG_MB=$(BENCH_BIG_MB) CC="$(CC)" \
		BENCH_AGAINST="$(BENCH_AGAINST)" BENCH_TABLES="$(BENCH_TABLES)" sh bench/run.sh

# The completion scripts are written by the binary from its option tables.
$(BUILD)/completion/adkev.bash: $(BUILD)/adkev
	@mkdir -p $(@D)
	$(BUILD)/adkev completion bash >$@
$(BUILD)/completion/_adkev: $(BUILD)/adkev
	@mkdir -p $(@D)
	$(BUILD)/adkev completion zsh >$@
$(BUILD)/completion/adkev.fish: $(BUILD)/adkev
	@mkdir -p $(@D)
	$(BUILD)/adkev completion fish >$@

install: $(BUILD)/adkev $(BUILD)/completion/adkev.bash $(BUILD)/completion/_adkev \
		$(BUILD)/completion/adkev.fish
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR) $(DESTDIR)$(MAN5DIR) $(DESTDIR)$(BASHCOMPDIR) \
		$(DESTDIR)$(ZSHCOMPDIR) $(DESTDIR)$(FISHCOMPDIR)
	install -m 755 $(BUILD)/adkev $(DESTDIR)$(BINDIR)/adkev
	install -m 644 $(MANS) $(DESTDIR)$(MANDIR)
	install -m 644 $(MANS5) $(DESTDIR)$(MAN5DIR)
	install -m 644 $(BUILD)/completion/adkev.bash $(DESTDIR)$(BASHCOMPDIR)/adkev
	install -m 644 $(BUILD)/completion/_adkev $(DESTDIR)$(ZSHCOMPDIR)/_adkev
	install -m 644 $(BUILD)/completion/adkev.fish $(DESTDIR)$(FISHCOMPDIR)/adkev.fish

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/adkev $(MANS:man/%=$(DESTDIR)$(MANDIR)/%) \
		$(MANS5:man/%=$(DESTDIR)$(MAN5DIR)/%) \
		$(DESTDIR)$(BASHCOMPDIR)/adkev $(DESTDIR)$(ZSHCOMPDIR)/_adkev \
		$(DESTDIR)$(FISHCOMPDIR)/adkev.fish

lint:
	clang-format --dry-run --Werror $(SRCS) $(HDRS) tests/*.c

clean:
	rm -rf build adkev tests/cli/out tests/tty/out
