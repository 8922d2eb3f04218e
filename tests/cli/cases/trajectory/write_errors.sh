# A full disk: one message, exit 74; it outranks a false assertion. A reader that goes away: a quiet end.
adkev trajectory "$CORPUS"/adkjs/b_tool_call.jsonl > /dev/full; echo "trajectory $?"
adkev state --key no_such_key -e "$CORPUS"/adkjs/f_state.jsonl > /dev/full; echo "state $?"
adkev critic --min-score 0.9 "$CORPUS"/adkjs/e_sequential_critic.jsonl > /dev/full; echo "critic $?"
adkev trajectory --per-invocation "$CORPUS"/adkjs/l_multi_turn.jsonl | head -c 20; echo
