# Every non-partial delta folded in order: session, user: and app: keys alike.
adkev state "$CORPUS"/adkjs/f_state.jsonl
adkev state -p "$CORPUS"/adkjs/f_state.session.json
# The recorded session's state object says the same.
adkev state "$CORPUS"/adkjs/f_state.session.jsonl
