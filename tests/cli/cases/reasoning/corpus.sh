adkev reasoning "$CORPUS"/adkjs/d_thinking.jsonl
adkev reasoning -r "$CORPUS"/adkjs/d_thinking.session.json
adkev reasoning "$CORPUS"/adkjs/a_plain.jsonl
