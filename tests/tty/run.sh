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
# The shim puts the binary under test behind the name adkev.
printf '#!/bin/sh\nexec %s "$@"\n' "$ADKEV" >"$out/bin/adkev"
chmod +x "$out/bin/adkev"
export PATH="$out/bin:$PATH" TESTS="$top/tests" CORPUS="$top/tests/corpus" TTYLIB="$here/lib.sh"
export LC_ALL=C.UTF-8
unset NO_COLOR COLUMNS LINES

pass=0 fail=0 skip=0
for case in "$here"/cases/*.sh; do
	name=$(basename "$case" .sh)
	[ -n "${1:-}" ] && case "$name" in *"$1"*) ;; *) continue ;; esac
	got=$out/$name.screen
	(cd "$here/cases" && sh "$case" >"$got" 2>&1 </dev/null)
	if [ $? = 77 ]; then
		echo "SKIP tty/$name: $(tail -1 "$got")"
		skip=$((skip + 1))
		continue
	fi
	[ -n "${UPDATE:-}" ] && cp "$got" "$here/cases/$name.screen"
	if cmp -s "$here/cases/$name.screen" "$got"; then
		pass=$((pass + 1))
	else
		echo "FAIL tty/$name"
		diff -u "$here/cases/$name.screen" "$got" | sed -n '1,40p'
		fail=$((fail + 1))
	fi
done
echo "tty: $pass passed, $fail failed, $skip skipped"
[ $fail = 0 ]
