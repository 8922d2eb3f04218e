# The common options: --author, --invocation, --per-invocation, -e, -r
# (no effect: the result is an object), options after operands.
adkev partition --author billing_agent "$CORPUS"/adkjs/g_transfer.jsonl
adkev partition --author user "$CORPUS"/adkjs/g_transfer.session.jsonl; echo "status $?"
adkev partition --invocation e-5525f9ee-34b9-471b-97ef-e2471b6e7877 "$CORPUS"/adkjs/l_multi_turn.session.jsonl
adkev partition -r "$CORPUS"/adkjs/a_plain.jsonl
adkev partition "$CORPUS"/adkjs/a_plain.jsonl -e; echo "status $?"
adkev partition -e --author nobody "$CORPUS"/adkjs/a_plain.jsonl; echo "status $?"
adkev partition --per-invocation "$CORPUS"/adkjs/l_multi_turn.session.jsonl
adkev partition --per-invocation -p --author billing_agent "$CORPUS"/adkjs/g_transfer.jsonl
# With --per-invocation the last line decides -e.
printf '%s\n' '{"invocationId":"e-1","author":"a"}' '{"invocationId":"e-2","author":"user"}' |
	adkev partition --per-invocation -e; echo "status $?"
# --split takes the filters too.
t=$(mktemp -d) && cd "$t" || exit 1
adkev partition --split out --author critic "$CORPUS"/adkjs/e_sequential_critic.jsonl; echo "status $?"
adkev partition --split none --author nobody -e "$CORPUS"/adkjs/e_sequential_critic.jsonl; echo "status $?"
ls -A
cd / && rm -rf "$t"
