# --key prints one value as JSON; -r writes a string raw.
adkev state --key cart "$CORPUS"/adkjs/f_state.jsonl
adkev state --key last_reply "$CORPUS"/adkjs/f_state.jsonl
adkev state --key last_reply -r "$CORPUS"/adkjs/f_state.jsonl
# -r leaves non-strings as JSON.
adkev state --key cart -r "$CORPUS"/adkjs/f_state.jsonl
adkev state --key review -p "$CORPUS"/adkjs/e_sequential_critic.jsonl
