# Every command over ADK Python 2.x's other new members (tests/corpus/adk2/
# members: route as a string, a list, false and 3; endOfAgent, agentState
# as an object with a repr value and, in odd.jsonl, as a repr string;
# renderUiWidgets, setModelResponse, isolationScope, interactionId,
# turnCompleteReason, transcriptions, liveSessionId; adk run --jsonl's
# session_id and node_path) in both spellings: none refuses an event for
# them, none warns.  critic's 65 is its verdict: the last answer is no
# critic's JSON; odd.jsonl fails eval (1), holding one of the case's three
# invocations.  What each command makes of them is adkev-model(5)'s.
tmp=$(mktemp -d) && cd "$tmp" || exit 1
trap 'rm -rf "$tmp"' EXIT
cp "$CORPUS"/adk2/members/*.jsonl .
adkev evalset --set-id members camel.jsonl >set.json
for f in camel snake run odd; do
	line="$f:"
	for c in final reasoning trajectory partition state stats show timeline \
		"events --camel" "events --snake" to-a2a "to-a2a --lossless" to-otlp critic; do
		adkev $c $f.jsonl >out 2>err
		line="$line $c=$?$([ -s err ] && echo "($(wc -l <err) lines)")"
	done
	adkev to-a2a --lossless $f.jsonl | adkev from-a2a >/dev/null 2>err
	line="$line from-a2a=$?$([ -s err ] && echo "($(wc -l <err) lines)")"
	adkev eval --case camel set.json $f.jsonl >/dev/null 2>err
	line="$line eval=$?$([ -s err ] && echo "($(wc -l <err) lines)")"
	echo "$line" | fold -s -w 78
done
# What final, state and stats make of the snake_case stream.
adkev final snake.jsonl
adkev state snake.jsonl
adkev stats snake.jsonl | jq -c '{events, invocations, tools, token_usage}'
echo "status $?"
