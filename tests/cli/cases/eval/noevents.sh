# A turn with no events after the user's message (a run cut off there) gets
# "intermediate_data": {}, as ADK's writer leaves invocation_events' default
# out (eval.md 2); eval still reads the set.  The turn has no text answer,
# which evalset says, and response_match_score leaves NOT_EVALUATED.
tmp=$(mktemp -d) && cd "$tmp" || exit 1
trap 'rm -rf "$tmp"' EXIT
head -n 1 "$CORPUS"/adkjs/a_plain.session.jsonl > cut.jsonl
adkev evalset cut.jsonl > set.json || echo "evalset: exit $?"
jq -c '.eval_cases[].conversation[].intermediate_data' set.json
adkev eval set.json cut.jsonl | jq -c '[.eval_id, .status, .metrics.response_match_score.status]'
