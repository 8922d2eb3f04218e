# Tool values wait in a temporary file in TMPDIR (spool_tmpdir_missing: one that
# cannot be made).  A TMPDIR with a trailing slash, or empty (then /tmp), works, and
# no file is left in it.
tmp=$(mktemp -d) && trap 'rm -rf "$tmp"' EXIT
TMPDIR="$tmp/" adkev trajectory --no-token-usage "$CORPUS"/adkjs/b_tool_call.jsonl; echo "exit $?"
TMPDIR= adkev trajectory --no-token-usage --no-state-deltas "$CORPUS"/adkjs/b_tool_call.jsonl >/dev/null; echo "exit $?"
ls -A "$tmp" | wc -l
