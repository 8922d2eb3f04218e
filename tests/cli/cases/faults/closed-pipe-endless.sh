# A reader that goes away early, on an input that never ends: adkev holds
# SIGPIPE back, stops at the next value it reads, lets its threads go and
# only then ends by the signal (status 141), quietly, at -j 1 and with
# worker threads.  A run that did not stop would wait out the timeout (124).
# reasoning writes as it reads only with -f (a live run); without it, as
# final, it writes when the input ends, and the input here never ends.
t=$(mktemp -d) && cd "$t" || exit 1
endless() {
	timeout 120 sh -c '{ while cat "$SAMPLES"/b_tool_call.jsonl "$SAMPLES"/d_thinking.jsonl; do :; done |
		adkev "$@" 2>err.tmp; echo "$* $?" >status.tmp; } | head -c 10 >/dev/null' sh "$@"
	echo "$(cat status.tmp) (timeout: $?)"
	rm status.tmp
	cat err.tmp
}
for j in 1 2; do
	endless final --concat -r -j $j
	endless reasoning -f -j $j
	endless to-a2a -j $j
done
endless to-otlp
endless show
cd / && rm -rf "$t"
