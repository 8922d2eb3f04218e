# Allocation failure at every point of a spooled run (faults/alloc-sweep runs
# --per-invocation, built in memory): each N from 0 up to the run's own count
# must end in exactly one message and exit 71, and the temporary files, unlinked
# at once, never stay in TMPDIR.  Every N up to 7, then every ALLOC_STRIDE-th.
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
		if [ $n -lt 7 ]; then n=$((n + 1)); else n=$((n + ${ALLOC_STRIDE:-41})); fi
	done
	rm -f sweep.err
}
sweep trajectory trajectory --max-string 5 "$CORPUS"/adkjs/j_secrets.jsonl "$CORPUS"/adkjs/i_long_running.session.jsonl "$CORPUS"/adkjs/f_state.jsonl
sweep "trajectory -p" trajectory -p "$CORPUS"/adkjs/b_tool_call.jsonl "$CORPUS"/adkjs/f_state.jsonl
cd / && rm -rf "$t"
