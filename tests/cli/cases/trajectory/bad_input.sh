# A bad line stops the run with 65; the trajectory of the events before it is printed.
# Scratch files live in a private directory: several runs of the suite may overlap.
tmp=$(mktemp -d) && cd "$tmp" || exit 1
trap 'rm -rf "$tmp"' EXIT
{ head -n 1 "$CORPUS"/adkjs/b_tool_call.jsonl; echo '{"author": oops}'; tail -n 1 "$CORPUS"/adkjs/b_tool_call.jsonl; } > bad.jsonl
adkev trajectory --no-token-usage bad.jsonl; echo "exit $?"
# --skip-invalid warns and goes on.
adkev trajectory --no-token-usage --skip-invalid bad.jsonl; echo "exit $?"
# An input that cannot be opened: 66, after the other operands.
adkev trajectory --no-tool-calls --no-token-usage no-such-file.jsonl "$CORPUS"/adkjs/a_plain.jsonl; echo "exit $?"
