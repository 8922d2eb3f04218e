# Tool values past 64 KiB wait in a temporary file in TMPDIR.  One that cannot be
# made: one message naming the directory, exit 71, nothing on standard output.
# (valgrind needs TMPDIR for itself: check-valgrind leaves this case out.)
tmp=$(mktemp -d) && trap 'rm -rf "$tmp"' EXIT
awk 'BEGIN {
	for (i = 0; i < 200; i++)
		printf "{\"author\":\"a\",\"content\":{\"parts\":[{\"functionCall\":{\"id\":\"c%d\",\"name\":\"t\",\"args\":{\"text\":\"%0500d\"}}}]}}\n", i, i
}' >"$tmp/big.jsonl"
TMPDIR=/nonexistent/dir adkev trajectory "$tmp/big.jsonl"; echo "exit $?"
# It outranks bad input (65).
{ cat "$tmp/big.jsonl"; echo '{"oops"'; } | TMPDIR=/nonexistent/dir adkev trajectory; echo "exit $?"
# A stream whose values fit in memory never makes the file.
TMPDIR=/nonexistent/dir adkev trajectory "$CORPUS"/adkjs/b_tool_call.jsonl; echo "exit $?"
TMPDIR=/nonexistent/dir adkev trajectory "$CORPUS"/adkjs/a_plain.jsonl; echo "exit $?"
TMPDIR=/nonexistent/dir adkev trajectory --no-tool-calls --no-state-deltas "$CORPUS"/adkjs/f_state.jsonl; echo "exit $?"
# --per-invocation builds its results in memory, however large.
TMPDIR=/nonexistent/dir adkev trajectory --per-invocation --no-token-usage "$tmp/big.jsonl" | wc -c; echo "exit $?"
