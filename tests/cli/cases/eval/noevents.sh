# A turn with no events after the user's message (a run cut off there) gets
# "intermediate_data": {}, as ADK's writer leaves invocation_events' default
# out (eval.md 2); eval still reads the set.
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
head -n 1 "$CORPUS"/adkjs/a_plain.session.jsonl > "$tmp"/cut.jsonl
adkev evalset "$tmp"/cut.jsonl > "$tmp"/set.json || echo "evalset: exit $?"
jq -c '.eval_cases[].conversation[].intermediate_data' "$tmp"/set.json
adkev eval "$tmp"/set.json "$tmp"/cut.jsonl | jq -r '.eval_id'
