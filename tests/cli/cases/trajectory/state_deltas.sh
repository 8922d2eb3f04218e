# Non-empty state deltas in order; artifact deltas are not state.
adkev trajectory -p "$CORPUS"/adkjs/f_state.jsonl
