# -p indents the object and its arrays; each event stays as its input bytes.
adkev partition -p "$CORPUS"/adkjs/e_sequential_critic.jsonl
printf '' | adkev partition -p
printf '%s\n' '{"author":"user","x":1}' | adkev partition -p --per-invocation
