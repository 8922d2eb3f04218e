# gepa's include_* switches: the part is then an empty list or null.
adkev trajectory --no-tool-calls "$CORPUS"/adkjs/f_state.jsonl
adkev trajectory --no-state-deltas "$CORPUS"/adkjs/f_state.jsonl
adkev trajectory --no-token-usage "$CORPUS"/adkjs/f_state.jsonl
adkev trajectory --no-tool-calls --no-state-deltas --no-token-usage "$CORPUS"/adkjs/f_state.jsonl
