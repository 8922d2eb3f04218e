# One line per invocation, in order of first appearance; cached tokens where the call had them.
adkev trajectory --per-invocation "$CORPUS"/adkjs/l_multi_turn.jsonl
