# --per-invocation: one line of JSON per invocation; with --table, one table
# each under its invocation's id.
f=$CORPUS/adkjs/l_multi_turn.session.jsonl
adkev stats --per-invocation "$f"
echo ---
adkev stats --per-invocation --table "$f"
