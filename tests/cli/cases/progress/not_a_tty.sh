# --progress never writes a byte when standard error is not a terminal: not
# to a file, not to a pipe, whatever the command and however many operands.
set -- "$CORPUS"/adkjs/*.jsonl
adkev final --progress -r "$@" || echo "exit $?"
adkev stats --progress "$@" | head -c 40; echo
adkev show --progress --width 60 "$@" | tail -1
adkev trajectory --progress "$@" 2>&1 | head -c 40; echo
cat "$@" | adkev final --progress --per-invocation 2>&1 | wc -l
adkev to-a2a --progress "$CORPUS/adkjs/a_plain.jsonl" | head -c 40; echo
adkev to-a2a "$CORPUS/adkjs/a_plain.jsonl" | adkev from-a2a --progress --deterministic | head -c 40; echo
