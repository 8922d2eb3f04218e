#!/bin/sh
# Terminal tests: adkev as a person sees it, in a real terminal.  Each
# tests/tty/cases/NAME.sh drives a private tmux server (through lib.sh:
# tty_run, tty_keys, tty_capture) and prints what the screen shows; that
# must equal NAME.screen.  Without tmux the tests are skipped, loudly; a case
# that exits 77 is skipped (zsh missing, say), and says why.
#
#   sh tests/tty/run.sh [PATTERN]        run the cases whose name contains PATTERN
#   UPDATE=1 sh tests/tty/run.sh NAME    write NAME.screen from this run (review it!)
#
# ADKEV is the binary under test (default: ./adkev); TTY_OUT is where the
# screens of this run go (default: tests/tty/out).
#
# As in tests/cli/run.sh, whatever the screen shows, a case fails when the
# binary under test reports an error of its own (a sanitizer report, a crash
# by signal): these go to files in TTY_OUT/NAME.reports/, which must stay empty.
set -u
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
: "${ADKEV:=$top/adkev}"
if ! command -v tmux >/dev/null 2>&1; then
	echo "tty: SKIPPED: tmux is not installed (make check-tty installs it on Debian)"
	exit 0
fi
out=${TTY_OUT:-$here/out}
rm -rf "$out"
mkdir -p "$out/bin"
# The shim puts the binary under test behind the name adkev, and writes down
# a death by a signal that means a crash.
cat >"$out/bin/adkev" <<SHIM
#!/bin/sh
"$ADKEV" "\$@"
status=\$?
case \$status in
132 | 133 | 134 | 135 | 136 | 139)
	printf 'adkev %.200s: killed by signal %d\\n' "\$*" \$((status - 128)) >>"\$ADKEV_REPORTS/signal"
	;;
esac
exit \$status
SHIM
chmod +x "$out/bin/adkev"
export PATH="$out/bin:$PATH" TESTS="$top/tests" CORPUS="$top/tests/corpus" TTYLIB="$here/lib.sh"
export LC_ALL=C.UTF-8
unset NO_COLOR COLUMNS LINES
# Options the caller gave the sanitizers, kept before ours.
asan=${ASAN_OPTIONS:+$ASAN_OPTIONS:} ubsan=${UBSAN_OPTIONS:+$UBSAN_OPTIONS:}
tsan=${TSAN_OPTIONS:+$TSAN_OPTIONS:}

pass=0 fail=0 skip=0
for case in "$here"/cases/*.sh; do
	name=$(basename "$case" .sh)
	[ -n "${1:-}" ] && case "$name" in *"$1"*) ;; *) continue ;; esac
	got=$out/$name.screen
	reports=$out/$name.reports
	mkdir -p "$reports"
	(
		export ADKEV_REPORTS="$reports"
		export ASAN_OPTIONS="${asan}detect_leaks=1:log_path=$reports/asan"
		export UBSAN_OPTIONS="${ubsan}print_stacktrace=1:abort_on_error=1:log_path=$reports/ubsan"
		export TSAN_OPTIONS="${tsan}log_path=$reports/tsan"
		cd "$here/cases" && sh "$case" >"$got" 2>&1 </dev/null
	)
	if [ $? = 77 ]; then
		echo "SKIP tty/$name: $(tail -1 "$got")"
		skip=$((skip + 1))
		continue
	fi
	[ -n "${UPDATE:-}" ] && cp "$got" "$here/cases/$name.screen"
	problems=$(
		cmp -s "$here/cases/$name.screen" "$got" ||
			diff -u "$here/cases/$name.screen" "$got" | sed -n '1,40p'
		for report in $(find "$reports" -type f -size +0c | sort); do
			echo "  report ${report#"$out"/}:"
			sed -n '1,30p' "$report" | sed 's/^/    /'
		done
	)
	if [ -z "$problems" ]; then
		pass=$((pass + 1))
	else
		echo "FAIL tty/$name"
		echo "$problems"
		fail=$((fail + 1))
	fi
done
echo "tty: $pass passed, $fail failed, $skip skipped"
[ $fail = 0 ]
