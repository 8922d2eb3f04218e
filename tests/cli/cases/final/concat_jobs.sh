# final --concat over a generated stream with bad lines: -j 1 and -j 2 write
# the same bytes, diagnostics and status, with and without --skip-invalid and
# -r.  A full disk mid-answer: one message, exit 74; a reader that goes away
# early: a quiet end.
set -u
gen=${ADKEV_GEN:-$TESTS/../build/default/adkev-gen}
[ -x "$gen" ] || { echo "adkev-gen is not built" >&2; exit 1; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cd "$dir" || exit 1
"$gen" -s 11 -n 3000 -t -i 10 >"gen.jsonl"
"$gen" -s 12 -n 3000 -t >"good.jsonl"
for opts in "" "-r" "--skip-invalid" "--skip-invalid -r -e"; do
	adkev final --concat $opts -j 1 "gen.jsonl" >"one" 2>"one.err"; s1=$?
	adkev final --concat $opts -j 2 "gen.jsonl" >"two" 2>"two.err"; s2=$?
	if cmp -s "one" "two" && cmp -s "one.err" "two.err" && [ $s1 = $s2 ]; then
		echo "final --concat $opts: same ($(wc -c <"one") bytes, $(wc -l <"one.err") diagnostics, status $s1)"
	else
		echo "final --concat $opts: DIFFERENT"
	fi
done
adkev final --concat -j 1 "good.jsonl" "good.jsonl" >/dev/full; echo "status $?"
adkev final --concat -r "good.jsonl" | head -c 20 | wc -c
