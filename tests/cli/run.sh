#!/bin/sh
# Golden CLI tests, in the manner of zstd's tests/cli-tests: every
# tests/cli/cases/GROUP/NAME.sh is run with adkev on PATH and its working
# directory set to the case's folder.  It is strict by default, so that
# nothing goes unchecked because a file was forgotten:
# - its exit status must be the number in NAME.exit, or 0 without one;
# - its standard output must equal NAME.stdout byte for byte, or be empty
#   without one; its standard error, NAME.stderr in the same way;
# - NAME.stdout.ignore or NAME.stderr.ignore leaves that stream unchecked.
#   Its one line says why the stream cannot be compared (timing, addresses,
#   text that differs from machine to machine); a stream that is merely long
#   or noisy is filtered in the script instead.
# A case shows adkev's exit status by ending with the adkev command (its
# status is then the case's), or by printing it: `echo "exit $?"`, or on
# good input `|| echo "exit $?"`, which prints only a failure (a pipe hides
# the status: take adkev's output into a file or a variable first).  It
# shows adkev's standard error on its own or with 2>&1.  AUDIT=1 (make
# check-goldens) fails a case that would pass whatever adkev's status or
# standard error.
#
# Whatever the goldens say, a case fails when the binary under test reports
# an error of its own: an ASan, LeakSanitizer or TSan report, a valgrind
# error, or a death by SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT or SIGTRAP.
# These go to files in a folder of each case, OUT/GROUP/NAME.reports/
# (log_path, --log-file, and the shim for signals), not to standard error, so
# no redirection in a script can hide them.  GCC's UBSan ignores log_path
# beside ASan, so it is told to abort: its report stays on standard error,
# and the SIGABRT lands in the folder.
#
#   sh tests/cli/run.sh [PATTERN]     run the cases whose path contains PATTERN
#   UPDATE=1 sh tests/cli/run.sh NAME  make the goldens say what this run did: a
#                                      non-empty output or a non-zero status is written,
#                                      and a golden the run makes the default (empty,
#                                      0) is removed; a .ignore'd stream is left alone
#                                      (review git status and the diff!)
#   AUDIT=1 sh tests/cli/run.sh [PATTERN]  also fail a case that cannot notice adkev's
#                                      status or standard error (see audit_case)
#
# A case that needs a tool the machine lacks (GNU parallel, say) exits 77
# with a last line on standard error that says why: it is skipped, loudly.
#
# ADKEV is the binary under test; ADKEV_WRAPPER (valgrind, say) runs it; SKIP
# holds words (path fragments) of cases to leave out; SHARD=I/N runs a share.
# CASE_TIMEOUT (seconds, 600 unless set) stops a case still running then and
# fails it, so that a hang costs a CI run minutes, not all of its time; each
# case's seconds go to OUT/times, and the run ends naming its slowest cases.
# Case scripts see TESTS (tests/), CORPUS (tests/corpus) and SAMPLES (samples/).
set -u
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
: "${ADKEV:=$top/adkev}"
# CLI_OUT: where this run writes what the cases printed (parallel runs need their own).
out=${CLI_OUT:-$here/out}
rm -rf "$out"
mkdir -p "$out/bin"
# The shim puts the binary under test, and its wrapper, behind the name adkev,
# and writes down a death by a signal that means a crash (SIGPIPE is how a
# closed pipe ends a run, and cases show it; SIGINT and SIGTERM come from outside).
cat > "$out/bin/adkev" <<SHIM
#!/bin/sh
${ADKEV_WRAPPER:-} "$ADKEV" "\$@"
status=\$?
case \$status in
132 | 133 | 134 | 135 | 136 | 139)
	printf 'adkev %.200s: killed by signal %d\\n' "\$*" \$((status - 128)) >>"\$ADKEV_REPORTS/signal"
	;;
esac
# AUDIT=1 (see audit_case): adkev's status or standard error as they are not,
# different from run to run.
if [ -n "\${ADKEV_AUDIT:-}" ]; then
	run=\$(cat "\$ADKEV_AUDIT_RUNS" 2>/dev/null)
	run=\$((\${run:-0} + 1))
	echo \$run >"\$ADKEV_AUDIT_RUNS"
	case \$ADKEV_AUDIT in
	status) status=\$(((status + 3 + run % 2) % 256)) ;;
	stderr) echo "adkev: a line only AUDIT=1 adds, to run \$run" >&2 ;;
	esac
fi
exit \$status
SHIM
chmod +x "$out/bin/adkev"
export PATH="$out/bin:$PATH" TESTS="$top/tests" CORPUS="$top/tests/corpus" SAMPLES="$top/samples"
export LC_ALL=C.UTF-8 NO_COLOR=1
unset ADKEV_WRAPPER
# Options the caller gave the sanitizers and valgrind, kept before ours.
asan=${ASAN_OPTIONS:+$ASAN_OPTIONS:} ubsan=${UBSAN_OPTIONS:+$UBSAN_OPTIONS:}
tsan=${TSAN_OPTIONS:+$TSAN_OPTIONS:} valgrind=${VALGRIND_OPTS:-}
case_timeout=${CASE_TIMEOUT:-600}

# Runs case $1 (GROUP/NAME.sh) into $got.stdout, .stderr, .exit and .reports/;
# $2 is the audit mode, if any.
run_case() {
	reports=$got.reports
	mkdir -p "$reports"
	(
		export ADKEV_REPORTS="$reports" ADKEV_AUDIT="${2:-}" ADKEV_AUDIT_RUNS="$got.runs"
		export ASAN_OPTIONS="${asan}detect_leaks=1:log_path=$reports/asan"
		export UBSAN_OPTIONS="${ubsan}print_stacktrace=1:abort_on_error=1:log_path=$reports/ubsan"
		export TSAN_OPTIONS="${tsan}log_path=$reports/tsan"
		export VALGRIND_OPTS="$valgrind -q --log-file=$reports/valgrind.%p"
		cd "$(dirname "$here/cases/$1")" &&
			timeout -k 10 "$case_timeout" sh "$here/cases/$1" >"$got.stdout" 2>"$got.stderr" </dev/null
	)
	echo $? >"$got.exit"
}

# UPDATE=1: the goldens of this run, the fewest files that say it: a
# non-empty output or a non-zero status is written, and a golden that this
# run makes the default (an empty output, status 0) is removed.  A stream
# with a .ignore file is left alone.
update_goldens() {
	for part in stdout stderr; do
		[ -f "$base.$part.ignore" ] && continue
		if [ -s "$got.$part" ]; then cp "$got.$part" "$base.$part"; else rm -f "$base.$part"; fi
	done
	if [ "$(cat "$got.exit")" != 0 ]; then cp "$got.exit" "$base.exit"; else rm -f "$base.exit"; fi
}

# Prints what is wrong with case $name (nothing when it passed).
judge_case() {
	for part in stdout stderr; do
		if [ -f "$base.$part.ignore" ]; then
			[ -s "$base.$part.ignore" ] || echo "  $name.$part.ignore: say in it why $part cannot be compared"
			[ -f "$base.$part" ] && echo "  $name.$part beside $name.$part.ignore: keep one"
			continue
		fi
		expected=$base.$part label="$name.$part"
		[ -f "$expected" ] || expected=/dev/null label="$name.$part (none: empty)"
		cmp -s "$expected" "$got.$part" ||
			diff -u --label "$label" --label "$part" "$expected" "$got.$part" | sed -n '1,40p'
	done
	[ "$(cat "$got.exit")" = 124 ] && [ "$seconds" -ge "$case_timeout" ] &&
		echo "  still running after $case_timeout s (CASE_TIMEOUT): stopped"
	expected=0
	[ -f "$base.exit" ] && expected=$(cat "$base.exit")
	[ "$(cat "$got.exit")" = "$expected" ] || echo "  exit status $(cat "$got.exit"), not $expected"
	for report in $(find "$got.reports" -type f -size +0c | sort); do
		echo "  report ${report#"$out"/}:"
		sed -n '1,30p' "$report" | sed 's/^/    /'
	done
}

# AUDIT=1: a case that would pass whatever adkev's status or standard error.
# Every case is held to a status and a standard error, written in its goldens
# or left to the defaults (0, empty), and each must say something about adkev.
# The case runs again with each of adkev's statuses changed (3 or 4 added, by
# turns, so that two runs it compares differ too), and again with a line
# added to adkev's standard error: the case must fail both, in whichever
# golden it shows them (NAME.exit, an "exit $?" in NAME.stdout, a 2>&1).
# A standard error with a .ignore file is not checked, so it is not audited.
audit_case() {
	normal=$got
	got=$normal.audit-status
	run_case "$case" status
	[ -n "$(judge_case)" ] ||
		echo "  adkev's exit status reaches no golden: end the script with adkev's command, or print its status"
	if [ ! -f "$base.stderr.ignore" ]; then
		got=$normal.audit-stderr
		run_case "$case" stderr
		[ -n "$(judge_case)" ] ||
			echo "  adkev's standard error reaches no golden: let it through, or into standard output"
	fi
	got=$normal
}

pass=0 fail=0 skipped=0 group="" groups=0
for case in $(cd "$here/cases" && find . -name '*.sh' | sort); do
	case=${case#./}
	[ -n "${1:-}" ] && case "$case" in *"$1"*) ;; *) continue ;; esac
	# SHARD=I/N runs every Nth group of cases from the Ith (0-based), so N runs
	# can share the work; a group stays whole, its cases sharing a folder.
	if [ "${case%%/*}" != "$group" ]; then
		group=${case%%/*}
		groups=$((groups + 1))
	fi
	[ -n "${SHARD:-}" ] && [ $(((groups - 1) % ${SHARD#*/})) -ne ${SHARD%/*} ] && continue
	# SKIP: words naming cases not to run here (make check-valgrind skips the huge ones).
	for word in ${SKIP:-}; do case "$case" in *"$word"*) skipped=$((skipped + 1)) && continue 2 ;; esac; done
	name=${case%.sh}
	base=$here/cases/$name
	got=$out/$name
	mkdir -p "$(dirname "$got")"
	started=$(date +%s)
	run_case "$case"
	seconds=$(($(date +%s) - started))
	echo "$seconds $name" >>"$out/times"
	if [ "$(cat "$got.exit")" = 77 ]; then
		echo "SKIP $name: $(tail -n 1 "$got.stderr")"
		skipped=$((skipped + 1))
		continue
	fi
	[ -n "${UPDATE:-}" ] && update_goldens
	problems=$(judge_case)
	[ -n "${AUDIT:-}" ] && problems=$problems$(audit_case)
	if [ -z "$problems" ]; then
		pass=$((pass + 1))
	else
		echo "FAIL $name"
		echo "$problems"
		fail=$((fail + 1))
	fi
done
[ -s "$out/times" ] && sort -rn "$out/times" | head -n 5 |
	awk '{ list = list sep $2 " " $1 " s"; sep = ", " } END { print "cli: slowest: " list }'
if [ $skipped -gt 0 ]; then
	echo "cli: $pass passed, $fail failed, $skipped skipped"
else
	echo "cli: $pass passed, $fail failed"
fi
[ $fail = 0 ]
