# -r prints an object as JSON (jq's rule); -e is 0 for a trajectory, which is never empty.
adkev trajectory -r -e "$CORPUS"/adkjs/a_plain.jsonl; echo "exit $?"
# Options may follow operands; an empty stream gives the empty trajectory.
adkev trajectory /dev/null --no-token-usage -e; echo "exit $?"
adkev trajectory --help
