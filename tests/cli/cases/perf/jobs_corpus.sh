# -j: every streaming command gives the same bytes on standard output and
# standard error, and the same exit status, with -j 1 (no threads), -j 3
# and the default (one thread per CPU), over the whole corpus read as one
# stream in every form: JSONL, SSE-free session lines, whole sessions.
set -u
inputs="$CORPUS/adkjs/*.jsonl $CORPUS/adkjs/*.session.json $CORPUS/adkpy-style/*.jsonl"
same() {
	name=$1
	shift
	adkev "$@" -j 1 $inputs >one.out 2>one.err; echo "status $?" >>one.out
	adkev "$@" -j 3 $inputs >three.out 2>three.err; echo "status $?" >>three.out
	adkev "$@" $inputs >all.out 2>all.err; echo "status $?" >>all.out
	if cmp -s one.out three.out && cmp -s one.out all.out && cmp -s one.err three.err &&
		cmp -s one.err all.err; then
		echo "$name: same ($(wc -l <one.out) lines, $(tail -n 1 one.out))"
	else
		echo "$name: DIFFERENT"
		diff one.out three.out | head -5
		diff one.err all.err | head -5
	fi
}
same final final --full-scan
same "final --concat" final --concat
same "final --per-invocation" final --per-invocation
same reasoning reasoning
same "reasoning --per-invocation" reasoning --per-invocation
same trajectory trajectory
same "trajectory --per-invocation" trajectory --per-invocation
same state state
same "state --per-invocation" state --per-invocation
same partition partition
same "partition --trajectories" partition --trajectories
same stats stats
same critic critic --author critic
same to-a2a to-a2a
rm -f one.out one.err three.out three.err all.out all.err
