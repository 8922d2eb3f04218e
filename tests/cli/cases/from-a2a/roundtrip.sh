# adkev to-a2a --lossless | adkev from-a2a keeps every event's content parts and the actions
# A2A carries, over every stream of the corpus (both spellings), in both protocol versions.  Checked with adkev
# itself: the round-tripped events must give the same A2A messages as the originals, except
# for what from-a2a stamps on its own (messageId, role, adk_author, adk_invocation_id).
# Scratch files live in a private directory: several runs of the suite may overlap.
tmp=$(mktemp -d) && cd "$tmp" || exit 1
trap 'rm -rf "$tmp"' EXIT
strip() {
	sed -e 's/"messageId":"[^"]*",//' -e 's/"role":"[A-Z_a-z]*",//' \
		-e 's/"adk_author":"[^"]*",\{0,1\}//' -e 's/"adk_invocation_id":"[^"]*",\{0,1\}//' \
		-e 's/,\{0,1\}"metadata":{}}$/}/'
}
for f in "$CORPUS"/adkjs/*.jsonl "$CORPUS"/adkjs/*.session.json "$CORPUS"/adkpy-style/*.jsonl; do
	for v in 0.3 1.0; do
		adkev to-a2a --lossless --a2a-version $v "$f" | strip > want.jsonl
		adkev to-a2a --lossless --a2a-version $v "$f" | adkev from-a2a | adkev to-a2a --lossless --a2a-version $v | strip > got.jsonl
		if cmp -s want.jsonl got.jsonl; then
			echo "ok $(basename "$f") $v: $(wc -l < want.jsonl) events"
		else
			echo "DIFFERS $(basename "$f") $v"
			diff want.jsonl got.jsonl | head -n 6
		fi
	done
done
# The parts themselves, compared directly on one stream: from-a2a's parts are the input's.
# Without adk_event_members every event is a Message's, its parts followed by turnComplete.
f="$CORPUS/adkjs/d_thinking.jsonl"
adkev to-a2a --lossless "$f" >lossless.jsonl || echo "exit $?"
jq -c 'del(.metadata.adk_event_members)' lossless.jsonl >a2a.jsonl
adkev from-a2a --deterministic a2a.jsonl >adk.jsonl || echo "exit $?"
sed 's/.*"parts":\(\[.*\]\)},"turnComplete".*/\1/' adk.jsonl > got.txt
sed -e 's/.*"content":{"role":"[a-z]*","parts":\(\[.*\]\)},"actions".*/\1/' \
	-e 's/.*"content":{"parts":\(\[.*\]\),"role":"[a-z]*"}.*/\1/' "$f" > want.txt
grep -c '^\[{' want.txt
cmp want.txt got.txt && echo "d_thinking parts identical, byte for byte"
rm -f want.jsonl got.jsonl want.txt got.txt
