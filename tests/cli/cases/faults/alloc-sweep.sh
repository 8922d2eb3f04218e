# Allocation failure at every point of a run: ADKEV_FAIL_ALLOC_AFTER=N lets N
# allocations succeed and fails the next.  Each N from 0 up to the run's own
# count must end in exactly one message and exit 71, never a crash; past the
# count the run succeeds.  (Skipped under valgrind: exit 71 leaves memory held.)
# Every N up to 7, then every ALLOC_STRIDE-th (41; make check-slow sets 1).
# Scratch files live in a folder of their own, so runs side by side do not meet;
# TMPDIR is one inside it, where a spooled trajectory's temporary files, unlinked
# at once, must never stay.
t=$(mktemp -d) && cd "$t" || exit 1
mkdir tmp
sweep() {
	name=$1
	shift
	n=0
	while [ $n -lt 20000 ]; do
		TMPDIR="$t/tmp" ADKEV_FAIL_ALLOC_AFTER=$n adkev "$@" >/dev/null 2>sweep.err
		status=$?
		if [ -n "$(ls -A tmp)" ]; then
			echo "$name: allocation $n: left $(ls -A tmp | tr '\n' ' ')"
			break
		fi
		if [ $status -ne 71 ]; then
			[ $status -eq 0 ] && [ ! -s sweep.err ] && echo "$name: every allocation fails cleanly" ||
				echo "$name: allocation $n: status $status"
			break
		fi
		if [ "$(wc -l <sweep.err)" -ne 1 ] || ! grep -q '^adkev: out of memory ([0-9]* bytes)$' sweep.err; then
			echo "$name: allocation $n: unexpected message:"
			cat sweep.err
			break
		fi
		# partition --split: no temporary file (.adkev-PID-N.tmp or .bak) survives the failure.
		if [ -d split ] && ls -A split | grep -q '^\.adkev-[0-9]'; then
			echo "$name: allocation $n: left $(ls -A split | tr '\n' ' ')"
			break
		fi
		rm -rf split
		if [ $n -lt 7 ]; then n=$((n + 1)); else n=$((n + ${ALLOC_STRIDE:-41})); fi
	done
	rm -f sweep.err
}
sweep final final --concat --per-invocation "$SAMPLES"/c_streaming.jsonl "$SAMPLES"/b_tool_call.session.json
sweep reasoning reasoning -p "$SAMPLES"/d_thinking.jsonl
sweep trajectory trajectory --per-invocation --max-string 5 "$CORPUS"/adkjs/j_secrets.jsonl "$SAMPLES"/b_tool_call.jsonl
# One result is spooled through temporary files.
sweep trajectory-spooled trajectory --max-string 5 "$CORPUS"/adkjs/j_secrets.jsonl "$CORPUS"/adkjs/i_long_running.session.jsonl "$CORPUS"/adkjs/f_state.jsonl
sweep "trajectory-spooled -p" trajectory -p "$CORPUS"/adkjs/b_tool_call.jsonl "$CORPUS"/adkjs/f_state.jsonl
sweep state state "$CORPUS"/adkjs/f_state.jsonl
sweep critic critic -p "$SAMPLES"/e_sequential_critic.jsonl
sweep to-a2a to-a2a "$CORPUS"/adkjs/i_long_running.jsonl
sweep to-a2a-1.0 to-a2a --a2a-version 1.0 "$SAMPLES"/b_tool_call.jsonl
sweep to-otlp to-otlp --content "$CORPUS"/adkjs/e_sequential_critic.session.json "$CORPUS"/adkjs/j_secrets.jsonl
sweep partition partition -p "$SAMPLES"/e_sequential_critic.jsonl "$SAMPLES"/b_tool_call.session.json
sweep partition-split partition --split split "$CORPUS"/adkjs/g_transfer.jsonl
sweep partition-trajectories partition --trajectories "$SAMPLES"/b_tool_call.jsonl
sweep show show --color=always --width 60 "$SAMPLES"/d_thinking.jsonl
sweep stats stats --table --per-invocation "$CORPUS"/adkjs/l_multi_turn.jsonl
sweep from-a2a from-a2a --deterministic --aggregate "$TESTS"/fuzz/seeds/from_a2a/rpc_stream.sse "$TESTS"/fuzz/seeds/from_a2a/v10_wrapped.jsonl
cd / && rm -rf "$t"
