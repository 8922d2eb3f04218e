# -j over a generated stream of 3000 events (bench/gen.c), 1% of them cut
# short (bad lines), as JSONL and as SSE: with and without --skip-invalid,
# -j 1, -j 4 and the default give the same output, diagnostics and status.
set -u
gen=${ADKEV_GEN:-$TESTS/../build/default/adkev-gen}
[ -x "$gen" ] || { echo "adkev-gen is not built: make $TESTS/../build/default/adkev-gen" >&2; exit 1; }
"$gen" -s 5 -n 3000 -t -i 10 >gen.jsonl
"$gen" -s 6 -n 3000 -t -i 10 -S >gen.sse
"$gen" -s 7 -n 3000 -t >good.jsonl
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
for f in gen.jsonl gen.sse; do
	same "final $f" final --full-scan $f
	same "final --skip-invalid $f" final --full-scan --skip-invalid $f
	same "final --concat --skip-invalid $f" final --concat --skip-invalid $f
	same "reasoning --skip-invalid $f" reasoning --skip-invalid $f
	same "trajectory --skip-invalid $f" trajectory --skip-invalid --per-invocation $f
	same "state --skip-invalid $f" state --skip-invalid $f
	same "partition --skip-invalid $f" partition --skip-invalid $f
	same "to-a2a --skip-invalid $f" to-a2a --skip-invalid $f
done
same "final --concat, valid" final --concat good.jsonl
same "trajectory, valid" trajectory good.jsonl
same "to-a2a, valid" to-a2a good.jsonl
# from-a2a over what to-a2a wrote; stats, which writes text.
adkev to-a2a -j 1 good.jsonl >good.a2a
same "from-a2a" from-a2a --deterministic good.a2a
same "from-a2a --aggregate" from-a2a --deterministic --aggregate good.a2a
same "stats --skip-invalid gen.jsonl" stats --skip-invalid gen.jsonl
# Standard input is a pipe: read by the reading thread as it comes.
cat good.jsonl | adkev final --concat -j 3 >pipe.out
adkev final --concat -j 1 good.jsonl | cmp -s - pipe.out && echo "pipe: same"
rm -f gen.jsonl gen.sse good.jsonl good.a2a one.out one.err four.out four.err all.out all.err pipe.out
