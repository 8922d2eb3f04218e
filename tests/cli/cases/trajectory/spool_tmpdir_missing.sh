# Tool values wait in a temporary file in TMPDIR.  One that cannot be made: one
# message naming the directory, exit 71, nothing on standard output.
# (valgrind needs TMPDIR for itself: check-valgrind leaves this case out.)
TMPDIR=/nonexistent/dir adkev trajectory "$CORPUS"/adkjs/b_tool_call.jsonl; echo "exit $?"
# It outranks bad input (65).
printf '%s\n{"oops"\n' "$(head -n 1 "$CORPUS"/adkjs/b_tool_call.jsonl)" |
	TMPDIR=/nonexistent/dir adkev trajectory; echo "exit $?"
# A stream with nothing to spool never makes the file.
TMPDIR=/nonexistent/dir adkev trajectory "$CORPUS"/adkjs/a_plain.jsonl; echo "exit $?"
TMPDIR=/nonexistent/dir adkev trajectory --no-tool-calls --no-state-deltas "$CORPUS"/adkjs/f_state.jsonl; echo "exit $?"
# --per-invocation builds its results in memory.
TMPDIR=/nonexistent/dir adkev trajectory --per-invocation --no-token-usage "$CORPUS"/adkjs/b_tool_call.jsonl; echo "exit $?"
