# eval and evalset read a rewound session as ADK Python's history does
# (adk/rewind.h): the invocations a rewind undid are no turns of the run,
# and the rewind event is none either.  rewind_garden rewinds invocations 2
# to 5, so the run is invocation 1 alone.
tmp=$(mktemp -d) && cd "$tmp" || exit 1
trap 'rm -rf "$tmp"' EXIT
cp "$CORPUS"/adk2/rewind/*.jsonl .
run=rewind_garden.jsonl
mkdir kept plain
# A case of invocation 1 alone (the session before its second invocation):
# the rewound run passes it.
head -n 2 "$run" >kept/rewind_garden.jsonl
adkev evalset --set-id g kept/rewind_garden.jsonl >kept.json || echo "exit $?"
adkev eval kept.json "$run" >out.json
echo "kept: exit $?"
jq -c '[.eval_id, .status, (.metrics | map_values(.status))]' out.json
# A case recorded from the same events read with no rewind (the member
# taken away), rewound answers and all: a CI gate must not pass on them.
jq -c 'del(.actions.rewindBeforeInvocationId)' "$run" >plain/rewind_garden.jsonl
adkev evalset --set-id g plain/rewind_garden.jsonl >plain.json 2>/dev/null || echo "exit $?"
adkev eval plain.json "$run" >out.json
echo "plain: exit $?"
jq -c '[.eval_id, .status, .metrics.tool_trajectory_avg_score.reason]' out.json
# evalset of the rewound run: one turn, invocation 1's, in both spellings.
for f in rewind_garden.jsonl rewind_garden.snake.jsonl rewind_twice.jsonl; do
	adkev evalset --set-id g "$f" >set.json || echo "exit $?"
	jq -c '.eval_cases[] | [.eval_id, [.conversation[] | .final_response.parts[0].text]]' set.json
done
