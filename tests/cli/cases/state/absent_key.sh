# An absent or null key gives null; with -e the status is 1, the result still printed.
# Scratch files live in a private directory: several runs of the suite may overlap.
tmp=$(mktemp -d) && cd "$tmp" || exit 1
trap 'rm -rf "$tmp"' EXIT
adkev state --key no_such_key "$CORPUS"/adkjs/f_state.jsonl; echo "exit $?"
adkev state --key no_such_key -e "$CORPUS"/adkjs/f_state.jsonl; echo "exit $?"
printf '%s\n' '{"author":"a","actions":{"stateDelta":{"k":"v"}}}' '{"author":"a","actions":{"stateDelta":{"k":null}}}' > in.jsonl
adkev state in.jsonl
adkev state --key k -e in.jsonl; echo "exit $?"
adkev state --key k -e -r in.jsonl; echo "exit $?"
# An empty state is {}: exit 1 with -e.
adkev state -e "$CORPUS"/adkjs/a_plain.jsonl; echo "exit $?"
adkev state -e "$CORPUS"/adkjs/f_state.jsonl > /dev/null; echo "exit $?"
