# A reader that goes away early (head): adkev ends quietly, killed by
# SIGPIPE as cat is (status 141 in the shell), with nothing on standard error.
# Scratch files live in a folder of their own, so runs side by side do not meet.
t=$(mktemp -d) && cd "$t" || exit 1
awk '{ for (i = 0; i < 3000; i++) { line = $0; sub(/"invocationId":"/, "\"invocationId\":\"" i "-", line); print line } }' \
	"$SAMPLES"/b_tool_call.jsonl >many.tmp
early() {
	{ adkev "$@" many.tmp 2>err.tmp; echo "$1: status $?" >status.tmp; } | head -c 10 >/dev/null
	cat status.tmp
	cat err.tmp
}
early final --per-invocation
early reasoning --per-invocation
early trajectory --per-invocation
early state --per-invocation
early to-a2a
early to-otlp
adkev to-a2a many.tmp >a2a.tmp
{ adkev from-a2a a2a.tmp 2>err.tmp; echo "from-a2a: status $?" >status.tmp; } | head -c 10 >/dev/null
cat status.tmp err.tmp
cd / && rm -rf "$t"
