# A full disk: one message, exit 74. A reader that goes away: a quiet end.
adkev final "$CORPUS"/adkjs/a_plain.jsonl > /dev/full; echo "status $?"
adkev final --per-invocation "$CORPUS"/adkjs/l_multi_turn.jsonl > /dev/full; echo "status $?"
# 6000 invocations, so the output is far larger than a pipe holds.
awk '{ for (i = 0; i < 2000; i++) { line = $0; sub(/"invocationId":"/, "\"invocationId\":\"" i "-", line); print line } }' \
	"$CORPUS"/adkjs/l_multi_turn.jsonl > many.tmp
adkev final --per-invocation many.tmp | head -n 1
rm -f many.tmp
