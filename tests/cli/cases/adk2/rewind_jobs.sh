# -j in small chunks gives what -j 1 gives over rewound sessions: final's
# answer, stats' counts and state, where a rewind in a later chunk names an
# invocation of an earlier one.
tmp=$(mktemp -d) && cd "$tmp" || exit 1
trap 'rm -rf "$tmp"' EXIT
cp "$CORPUS"/adk2/rewind/*.jsonl .
for f in rewind_garden.jsonl rewind_garden.snake.jsonl rewind_twice.jsonl; do
	for c in "final --full-scan" "stats -c" "state -c"; do
		adkev $c -j 1 "$f" >one.tmp 2>&1
		echo "status $?" >>one.tmp
		for n in 200 700; do
			ADKEV_CHUNK_BYTES=$n adkev $c -j 2 "$f" >many.tmp 2>&1
			echo "status $?" >>many.tmp
			cmp -s one.tmp many.tmp || echo "$f $c ($n bytes): DIFFERENT"
		done
		echo "$f $c: $(jq -c 'if type == "object" then .rewound // . else . end' one.tmp 2>/dev/null | head -n 1), $(tail -n 1 one.tmp)"
	done
done
