# stats of a rewound session (adk/rewind.h): kinds and tools leave out what a
# rewind undid, "rewound" counts it; events, invocations and authors count
# every event the session holds (adkev-stats(1)).  -j in small chunks gives
# what -j 1 gives: a rewind in a later chunk undoes counts of earlier ones.
tmp=$(mktemp -d) && cd "$tmp" || exit 1
trap 'rm -rf "$tmp"' EXIT
cp "$CORPUS"/adk2/rewind/*.jsonl .
for f in rewind_garden.jsonl rewind_garden.snake.jsonl rewind_twice.jsonl; do
	adkev stats -c "$f" >one.tmp.json 2>&1 || echo "exit $?"
	jq -c '{events, invocations, kinds, tools, rewound}' one.tmp.json
	ADKEV_CHUNK_BYTES=300 adkev stats -j 2 -c "$f" | cmp -s - one.tmp.json && echo "-j 2: same"
done
adkev stats --table rewind_twice.jsonl
