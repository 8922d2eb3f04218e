# events picks events by what is in them (--kind, --tool), by time
# (--since, --until) and by the shared --author, --invocation, --session
# (issue 34).  A stream error of the ADK server (its SSE line
# {"error": ...}) is a line of its own and an error by --kind; an event
# with no time is in no span of time.
tmp=$(mktemp -d) && cd "$tmp" || exit 1
trap 'rm -rf "$tmp"' EXIT
cp -r "$CORPUS"/adkjs a
cp "$CORPUS"/db/adkjs.db .
for k in text thought call result state error user final call,result; do
	printf '%-12s %s\n' "$k" "$(adkev events --kind $k a/*.jsonl | wc -l)"
done
adkev events --kind final a/b_tool_call.jsonl | jq -c '[.author, .content.parts[0].text]'
adkev events --kind thought a/d_thinking.jsonl | jq -c '.content.parts | map(select(.thought) | .text[0:40])'
adkev events --tool get_weather a/*.jsonl | jq -c '[.author, (.content.parts[0] | keys[0])]'
adkev events --kind call --author travel_assistant adkjs.db | jq -r '.content.parts[].function_call.name' | sort | uniq -c
# b_tool_call's events, in milliseconds: 1767229213001 (its user), ...5002, ...5765, ...5767.
adkev events --since 2026-01-01T01:00:15Z a/b_tool_call.jsonl | jq -c .timestamp
adkev events --since 1767229215.5 --until 1767229215.766 a/b_tool_call.jsonl | jq -c .timestamp
adkev events --until 2026-01-01T01:00:14+00:00 adkjs.db | jq -c .timestamp
echo "from an hour from now: $(adkev events --since +1h adkjs.db | wc -l) events; from 3650 days ago: $(adkev events --since -3650d a/b_tool_call.jsonl | wc -l)"
# The server's error line, as its /run_sse writes it after an exception.
{ sed 's/^/data: /; G' a/b_tool_call.jsonl; printf 'data: {"error": "429 RESOURCE_EXHAUSTED"}\n\n'; } > run.sse
adkev events --kind error run.sse
adkev events run.sse | tail -n 1
adkev events --tool get_weather run.sse | wc -l
adkev events --invocation e-eb4 --kind user adkjs.db | jq -c '.content.parts[0].text'
# Bad values: usage errors that say what is wanted.
adkev events --kind calls a/a_plain.jsonl 2>&1 | head -n 1
adkev events --since yesterday a/a_plain.jsonl 2>&1 | head -n 1
adkev events --until 2026-13-01T00:00:00Z a/a_plain.jsonl 2>&1 | head -n 1
adkev events --kind user --since 2026-01-01T01:00:00Z a/b_tool_call.session.json | jq -c '.content.parts[0].text'
adkev events --kind state a/a_plain.jsonl
echo "no event of the kind: exit $?"
