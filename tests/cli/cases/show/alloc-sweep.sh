# Allocation failure at every point of show and stats runs (the manner of
# faults/alloc-sweep): ADKEV_FAIL_ALLOC_AFTER=N fails the N+1th allocation;
# each run must end in exactly one message and exit 71, never a crash.
# Every N up to 31, then every ALLOC_STRIDE-th (17).
t=$(mktemp -d)
sweep() {
	name=$1
	shift
	n=0
	while [ $n -lt 20000 ]; do
		ADKEV_FAIL_ALLOC_AFTER=$n adkev "$@" >/dev/null 2>"$t/err"
		status=$?
		if [ $status -ne 71 ]; then
			[ $status -eq 0 ] && [ ! -s "$t/err" ] && echo "$name: every allocation fails cleanly" ||
				echo "$name: allocation $n: status $status"
			break
		fi
		if [ "$(wc -l <"$t/err")" -ne 1 ] || ! grep -q '^adkev: out of memory ([0-9]* bytes)$' "$t/err"; then
			echo "$name: allocation $n: unexpected message:"
			cat "$t/err"
			break
		fi
		if [ $n -lt 31 ]; then n=$((n + 1)); else n=$((n + ${ALLOC_STRIDE:-17})); fi
	done
}
sweep show show --color=always --width 60 "$CORPUS/adkjs/g_transfer.session.jsonl" kinds.jsonl
sweep show-full show --full "$CORPUS/adkjs/d_thinking.session.jsonl"
sweep stats stats --per-invocation --table "$CORPUS/adkjs/l_multi_turn.session.jsonl" kinds.jsonl
sweep stats-json stats "$CORPUS/adkjs/c_streaming.jsonl"
rm -rf "$t"
