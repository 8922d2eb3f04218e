#!/bin/sh
# Golden CLI tests, in the manner of zstd's tests/cli-tests: every
# tests/cli/cases/GROUP/NAME.sh is run with adkev on PATH and its working
# directory set to the case's folder; its standard output, standard error
# and exit status must equal NAME.stdout, NAME.stderr and NAME.exit.
#
#   sh tests/cli/run.sh [PATTERN]     run the cases whose path contains PATTERN
#   UPDATE=1 sh tests/cli/run.sh NAME  write the golden files from this run (review the diff!)
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
# The shim puts the binary under test, and its wrapper, behind the name adkev.
cat > "$out/bin/adkev" <<SHIM
#!/bin/sh
exec ${ADKEV_WRAPPER:-} "$ADKEV" "\$@"
SHIM
chmod +x "$out/bin/adkev"
export PATH="$out/bin:$PATH" TESTS="$top/tests" CORPUS="$top/tests/corpus" SAMPLES="$top/samples"
export LC_ALL=C.UTF-8 NO_COLOR=1
unset ADKEV_WRAPPER

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
	dir=$(dirname "$here/cases/$case")
	base=$here/cases/$name
	mkdir -p "$out/$(dirname "$name")"
	got=$out/$name
	(cd "$dir" && sh "$here/cases/$case" >"$got.stdout" 2>"$got.stderr" </dev/null)
	echo $? >"$got.exit"
	if [ -n "${UPDATE:-}" ]; then
		cp "$got.stdout" "$base.stdout"
		cp "$got.stderr" "$base.stderr"
		cp "$got.exit" "$base.exit"
	fi
	ok=1
	for part in stdout stderr exit; do
		if [ ! -f "$base.$part" ] || ! cmp -s "$base.$part" "$got.$part"; then
			[ $ok = 1 ] && echo "FAIL $name"
			ok=0
			if [ -f "$base.$part" ]; then
				diff -u "$base.$part" "$got.$part" | sed -n '1,40p'
			else
				echo "  missing $name.$part"
			fi
		fi
	done
	if [ $ok = 1 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); fi
done
if [ $skipped -gt 0 ]; then
	echo "cli: $pass passed, $fail failed, $skipped skipped"
else
	echo "cli: $pass passed, $fail failed"
fi
[ $fail = 0 ]
