# The same generated SSE and JSONL streams (1% of their lines cut short)
# with CR, CRLF and mixed line ends: -j 1, -j 4 and the default give the
# same output, diagnostics and status, whichever line end a block of lines
# the workers take ends on (a CRLF may be cut between its two bytes); the
# backward read of final gives the forward read's answer.
set -u
gen=${ADKEV_GEN:-$TESTS/../build/default/adkev-gen}
[ -x "$gen" ] || { echo "adkev-gen is not built: make $TESTS/../build/default/adkev-gen" >&2; exit 1; }
"$gen" -s 8 -n 3000 -t -i 10 -S >lf.sse
"$gen" -s 9 -n 3000 -t -i 10 >lf.jsonl
for f in lf.sse lf.jsonl; do
	base=${f#lf.}
	tr '\n' '\r' <$f >cr.$base
	sed 's/$/\r/' <$f >crlf.$base
	# Every third line end a CR, every third a CRLF, the rest LF.
	awk '{ printf "%s%s", $0, (NR % 3 == 0 ? "\r" : NR % 3 == 1 ? "\r\n" : "\n") }' <$f >mixed.$base
done
same() {
	name=$1
	shift
	adkev "$@" -j 1 >one.out 2>one.err; echo "status $?" >>one.out
	adkev "$@" -j 4 >four.out 2>four.err; echo "status $?" >>four.out
	adkev "$@" >all.out 2>all.err; echo "status $?" >>all.out
	if cmp -s one.out four.out && cmp -s one.out all.out && cmp -s one.err four.err &&
		cmp -s one.err all.err; then
		echo "$name: same ($(wc -l <one.out) lines, $(wc -l <one.err) diagnostics, $(tail -n 1 one.out))"
	else
		echo "$name: DIFFERENT"
		diff one.out four.out | head -5
		diff one.err all.err | head -5
	fi
}
for f in cr.sse crlf.sse mixed.sse cr.jsonl crlf.jsonl mixed.jsonl; do
	same "partition --skip-invalid $f" partition --skip-invalid $f
	same "trajectory --skip-invalid $f" trajectory --skip-invalid $f
	same "final --full-scan $f" final --full-scan $f
	back=$(adkev final --skip-invalid $f 2>/dev/null; echo "status $?")
	full=$(adkev final --full-scan --skip-invalid $f 2>/dev/null; echo "status $?")
	[ "$back" = "$full" ] && echo "final from the end $f: same" || echo "final from the end $f: DIFFERENT"
done
# The lines and events the three line ends give are the same.
for b in sse jsonl; do
	adkev partition --skip-invalid lf.$b >lf.out 2>/dev/null
	for e in cr crlf mixed; do
		adkev partition --skip-invalid $e.$b 2>/dev/null | cmp -s - lf.out &&
			echo "$e.$b: the events of lf.$b" || echo "$e.$b: DIFFERENT from lf.$b"
	done
done
rm -f lf.* cr.* crlf.* mixed.* one.out one.err four.out four.err all.out all.err
