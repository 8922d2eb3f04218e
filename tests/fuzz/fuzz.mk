# tests/fuzz/fuzz.mk - fuzzing adkev, included by the Makefile.
#
#   make fuzz FUZZ_SECONDS=N  runs every libFuzzer target for N seconds (default 60),
#                             one after the other; clang builds them with ASan+UBSan
#                             in build/fuzz (installed first if missing)
#   make fuzz-ci              every target for about FUZZ_CI_SECONDS (60) in all
#   make check-fuzz           replays the seeds and every kept crash input through
#                             every target, built by $(CC) without libFuzzer (make check)
#
# A target is tests/fuzz/fuzz_NAME.c.  Its seeds are samples/, tests/corpus/,
# the files of tests/cli/cases/, tests/fuzz/seeds/NAME/ and
# tests/fuzz/regressions/NAME/ (crash inputs, kept for good once fixed).
# libFuzzer's growing corpus lives in build/fuzz/corpus/NAME, its findings
# in build/fuzz/crashes/NAME/ and its log in build/fuzz/NAME.log.

FUZZ_TARGETS = $(patsubst tests/fuzz/fuzz_%.c,%,$(wildcard tests/fuzz/fuzz_*.c))
FUZZ_SECONDS ?= 60
FUZZ_CI_SECONDS ?= 60
FUZZ_BUILD = build/fuzz
FUZZ_CC ?= clang
FUZZ_SANITIZE = -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
FUZZ_HARNESS = tests/fuzz/common.c
FUZZ_OPTIONS = -timeout=10 -rss_limit_mb=2048 -max_len=65536 -dict=tests/fuzz/adk.dict \
	-print_final_stats=1

.PHONY: fuzz fuzz-ci fuzz-deps fuzz-build fuzz-bins fuzz-seeds check-fuzz

# clang and its libFuzzer runtime, for the fuzz targets only (make check needs
# neither), installed through the Makefile's $(call need,...).
FUZZ_TRY = echo 'int LLVMFuzzerTestOneInput(const char *d, unsigned long n) { (void)d; return (int)n & 0; }' | \
	$(FUZZ_CC) -fsanitize=fuzzer -x c -o /dev/null -
fuzz-deps:
	@$(call need,command -v $(FUZZ_CC),clang,make fuzz)
	@$(call need,$(FUZZ_TRY),libclang-rt-$$($(FUZZ_CC) -dumpversion | cut -d. -f1)-dev,make fuzz)
	@$(FUZZ_TRY) || { echo "fuzz: $(FUZZ_CC) cannot build libFuzzer targets" >&2; exit 1; }

fuzz-build: fuzz-deps
	@$(MAKE) --no-print-directory BUILD=$(FUZZ_BUILD) CC=$(FUZZ_CC) \
		CFLAGS="-O1 -g -fsanitize=fuzzer-no-link $(FUZZ_SANITIZE)" fuzz-bins

# Run inside the sub-make above, with BUILD=build/fuzz and CC=clang.
fuzz-bins: $(FUZZ_TARGETS:%=$(BUILD)/fuzz_%)

$(BUILD)/fuzz_%: tests/fuzz/fuzz_%.c $(FUZZ_HARNESS) tests/fuzz/fuzz.h $(LIB_OBJS)
	$(CC) $(ALL_CFLAGS) -Isrc -fsanitize=fuzzer -o $@ $< $(FUZZ_HARNESS) $(LIB_OBJS) $(LDLIBS_ALL)

# One flat folder of the shared seeds (libFuzzer reads folders, not lists).
fuzz-seeds:
	@rm -rf $(FUZZ_BUILD)/seeds && mkdir -p $(FUZZ_BUILD)/seeds && \
	find samples tests/corpus tests/cli/cases -type f ! -name '*.exit' 2>/dev/null | \
	while read -r f; do cp "$$f" "$(FUZZ_BUILD)/seeds/$$(echo "$$f" | tr / _)"; done

# Runs each target for $(FUZZ_SECONDS) s; stops at the first finding.
fuzz: fuzz-build fuzz-seeds
	@for t in $(FUZZ_TARGETS); do \
		mkdir -p $(FUZZ_BUILD)/corpus/$$t $(FUZZ_BUILD)/crashes/$$t; \
		extra=""; for d in tests/fuzz/seeds/$$t tests/fuzz/regressions/$$t; do \
			[ -d $$d ] && extra="$$extra $$d"; done; \
		printf 'fuzz %-14s %4ss ' $$t $(FUZZ_SECONDS); \
		if ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
			$(FUZZ_BUILD)/fuzz_$$t $(FUZZ_OPTIONS) -max_total_time=$(FUZZ_SECONDS) \
			-artifact_prefix=$(FUZZ_BUILD)/crashes/$$t/ \
			$(FUZZ_BUILD)/corpus/$$t $(FUZZ_BUILD)/seeds $$extra \
			>$(FUZZ_BUILD)/$$t.log 2>&1; then \
			execs=$$(sed -n 's/^stat::number_of_executed_units: *//p' $(FUZZ_BUILD)/$$t.log); \
			cov=$$(grep -o 'cov: [0-9]*' $(FUZZ_BUILD)/$$t.log | tail -1); \
			echo "ok: $$execs runs, $$cov, corpus $$(ls $(FUZZ_BUILD)/corpus/$$t | wc -l) inputs"; \
		else \
			echo "FAILED (log: $(FUZZ_BUILD)/$$t.log)"; \
			grep -E '^(==|SUMMARY|fuzz:|.*runtime error|artifact_prefix|Test unit written)' \
				$(FUZZ_BUILD)/$$t.log | head -20; \
			exit 1; \
		fi; \
	done

# CI: every target, FUZZ_CI_SECONDS in all (at least 5 s each).
fuzz-ci:
	@n=$(words $(FUZZ_TARGETS)); s=$$(( $(FUZZ_CI_SECONDS) / n )); [ $$s -ge 5 ] || s=5; \
	$(MAKE) --no-print-directory fuzz FUZZ_SECONDS=$$s

# The fuzz targets as plain programs over files: the seeds and every kept crash input.
REPLAY_BINS = $(FUZZ_TARGETS:%=$(BUILD)/replay_%)

$(BUILD)/replay_%: tests/fuzz/fuzz_%.c $(FUZZ_HARNESS) tests/fuzz/replay.c tests/fuzz/fuzz.h \
		$(LIB_OBJS)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -Isrc -o $@ $< $(FUZZ_HARNESS) tests/fuzz/replay.c \
		$(LIB_OBJS) $(LDLIBS_ALL)

check-fuzz: $(REPLAY_BINS)
	@for t in $(FUZZ_TARGETS); do \
		extra=""; for d in tests/fuzz/seeds/$$t tests/fuzz/regressions/$$t; do \
			[ -d $$d ] && extra="$$extra $$d"; done; \
		$(TEST_ENV) $(BUILD)/replay_$$t samples tests/corpus/adkjs tests/corpus/adkpy-style \
			tests/corpus/adk2/members tests/corpus/adk2/rewind \
			$$extra || exit 1; \
	done
