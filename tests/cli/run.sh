#!/bin/sh
# Golden CLI tests, in the manner of zstd's tests/cli-tests: every
# tests/cli/cases/GROUP/NAME.sh is run with adkev on PATH and its working
# directory set to the case's folder; its standard output, standard error
# and exit status must equal NAME.stdout, NAME.stderr and NAME.exit.
#
# A missing NAME.stdout, NAME.stderr or NAME.exit is not checked, so the
# files that exist say something (a case needs at least one):
# - NAME.exit is kept where the script's status is adkev's own (it ends with
#   an adkev command); a status printed with echo is in NAME.stdout.
#   AUDIT=1 (make check-goldens) fails a .exit that is not adkev's, and an
#   empty .stderr that adkev's standard error never reaches.
# - An empty NAME.stderr is kept only where silence is what the case shows:
#   invalid, unusual or hostile input and failing systems taken without a
#   word, secrets kept out of every message (the groups errors, faults,
#   hostile, input, secrets, progress), and an absent result, a dropped event
#   or a stream error line that the contract says is no error (-e, --author
#   nobody, empty input, {"error": ...} lines, an odd TMPDIR or ulimit).  A
#   case showing a command's output from good input has none: its NAME.stdout
#   is the point.  To keep one for a new case: `: >NAME.stderr`.
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
#   UPDATE=1 sh tests/cli/run.sh NAME  write the golden files from this run: those that
#                                      exist, and a non-empty output or non-zero status
#                                      (review the diff!)
#   AUDIT=1 sh tests/cli/run.sh [PATTERN]  also fail a case whose .exit or empty
#                                      .stderr cannot fail (see audit_case)
#
# A case that needs a tool the machine lacks (GNU parallel, say) exits 77
# with a last line on standard error that says why: it is skipped, loudly.
#
# ADKEV is the binary under test; ADKEV_WRAPPER (valgrind, say) runs it; SKIP
# holds words (path fragments) of cases to leave out; SHARD=I/N runs a share.
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
# AUDIT=1 (see audit_case): adkev's status or standard error as they are not.
case \${ADKEV_AUDIT:-} in
status) if [ \$status = 0 ]; then status=3; else status=\$((status ^ 1)); fi ;;
stderr) echo "adkev: a line only AUDIT=1 adds" >&2 ;;
esac
exit \$status
SHIM
chmod +x "$out/bin/adkev"
export PATH="$out/bin:$PATH" TESTS="$top/tests" CORPUS="$top/tests/corpus" SAMPLES="$top/samples"
export LC_ALL=C.UTF-8 NO_COLOR=1
unset ADKEV_WRAPPER
# Options the caller gave the sanitizers and valgrind, kept before ours.
asan=${ASAN_OPTIONS:+$ASAN_OPTIONS:} ubsan=${UBSAN_OPTIONS:+$UBSAN_OPTIONS:}
tsan=${TSAN_OPTIONS:+$TSAN_OPTIONS:} valgrind=${VALGRIND_OPTS:-}

# Runs case $1 (GROUP/NAME.sh) into $got.stdout, .stderr, .exit and .reports/;
# $2 is the audit mode, if any.
run_case() {
	reports=$got.reports
	mkdir -p "$reports"
	(
		export ADKEV_REPORTS="$reports" ADKEV_AUDIT="${2:-}"
		export ASAN_OPTIONS="${asan}detect_leaks=1:log_path=$reports/asan"
		export UBSAN_OPTIONS="${ubsan}print_stacktrace=1:abort_on_error=1:log_path=$reports/ubsan"
		export TSAN_OPTIONS="${tsan}log_path=$reports/tsan"
		export VALGRIND_OPTS="$valgrind -q --log-file=$reports/valgrind.%p"
		cd "$(dirname "$here/cases/$1")" && sh "$here/cases/$1" >"$got.stdout" 2>"$got.stderr" </dev/null
	)
	echo $? >"$got.exit"
}

# UPDATE=1: the goldens that exist, and the outputs that are not the default.
update_goldens() {
	[ -f "$base.stdout" ] || [ -s "$got.stdout" ] && cp "$got.stdout" "$base.stdout"
	[ -f "$base.stderr" ] || [ -s "$got.stderr" ] && cp "$got.stderr" "$base.stderr"
	[ -f "$base.exit" ] || [ "$(cat "$got.exit")" != 0 ] && cp "$got.exit" "$base.exit"
	return 0
}

# Prints what is wrong with case $name (nothing when it passed).
judge_case() {
	checked=0
	for part in stdout stderr exit; do
		[ -f "$base.$part" ] || continue
		checked=$((checked + 1))
		cmp -s "$base.$part" "$got.$part" || diff -u "$base.$part" "$got.$part" | sed -n '1,40p'
	done
	[ $checked -gt 0 ] || echo "  no golden file: $name.stdout, .stderr or .exit"
	for report in $(find "$got.reports" -type f -size +0c | sort); do
		echo "  report ${report#"$out"/}:"
		sed -n '1,30p' "$report" | sed 's/^/    /'
	done
}

# AUDIT=1: the goldens that cannot fail.  The case runs again with adkev's
# status changed (0 into 3, any other in its lowest bit: 64 into 65), and again with a line added to adkev's standard
# error: a NAME.exit whose status does not change, or an empty NAME.stderr
# that stays empty, says nothing about adkev.
audit_case() {
	normal=$got
	if [ -f "$base.exit" ]; then
		got=$normal.audit-status
		run_case "$case" status
		cmp -s "$got.exit" "$normal.exit" &&
			echo "  $name.exit: the script's status is not adkev's; remove the file"
	fi
	if [ -f "$base.stderr" ] && [ ! -s "$base.stderr" ]; then
		got=$normal.audit-stderr
		run_case "$case" stderr
		[ -s "$got.stderr" ] ||
			echo "  $name.stderr: adkev's standard error never reaches it; remove the file"
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
	run_case "$case"
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
if [ $skipped -gt 0 ]; then
	echo "cli: $pass passed, $fail failed, $skipped skipped"
else
	echo "cli: $pass passed, $fail failed"
fi
[ $fail = 0 ]
