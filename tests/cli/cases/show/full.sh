# --full: whole values, multi-line text broken at its newlines and aligned.
adkev show --full "$CORPUS/adkjs/d_thinking.session.jsonl" "$CORPUS/adkjs/j_secrets.session.jsonl"
