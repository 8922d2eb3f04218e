# Vertex AI Agent Engine sessions.events.list responses (sources.md 4),
# written by ADK JS's own VertexAiSessionService (tests/corpus/vertex):
# each command's output over a response (one object; two pages, one per
# line; with -j 2; the fields only, where the server refused rawEvent)
# equals its output over what ADK JS's getSession read back from that
# response, byte for byte, and over the original session where rawEvent
# kept every event whole.  Each line counts the comparisons that agreed; a
# difference is printed with its command.  Then hostile responses, made
# here from a real one: each gives one message with its position, exit 65,
# or is passed over with --skip-invalid.
export TZ=UTC
. "$TESTS/cli/same_as_files.sh"
v=$CORPUS/vertex
same() { # NAME A B: each command over A and over B
	echo "$commands" | tr '|' '\n' | while read -r cmd; do
		# shellcheck disable=SC2086
		a=$(adkev $cmd "$2" 2>&1 | sed 's/^adkev: final: .*: warning: /adkev: final: FILE: warning: /'; echo "exit $?")
		# shellcheck disable=SC2086
		b=$(adkev $cmd "$3" 2>&1 | sed 's/^adkev: final: .*: warning: /adkev: final: FILE: warning: /'; echo "exit $?")
		if [ "$a" = "$b" ]; then echo same; else echo "DIFF $1 $cmd"; fi
	done
}
for f in "$v"/*.dump.json; do
	n=$(basename "$f" .dump.json)
	same "$n dump/readback" "$f" "$v/$n.readback.jsonl"
	same "$n pages/readback" "$v/$n.pages.jsonl" "$v/$n.readback.jsonl"
	same "$n dump/session" "$f" "$CORPUS/adkjs/$n.session.json"
	same "$n fields/readback" "$v/$n.fields.json" "$v/$n.fields.readback.jsonl"
done | sort | uniq -c | sed 's/^ */vertex: /'
# The same responses as the Python SDK's model_dump() keeps them, in
# snake_case (session_events, raw_event, event_metadata{turn_complete,
# long_running_tool_ids, custom_metadata, ...}, invocation_id,
# actions.transfer_agent), which ADK JS's fromApiEvent also reads: made
# here from the real ones, each command's output the same as over them.
snake='def snake: gsub("(?<c>[A-Z])"; "_" + (.c | ascii_downcase));
	def keys_snake: with_entries(.key |= snake);
	{session_events: [.sessionEvents[] | keys_snake
		| if .event_metadata then .event_metadata |= keys_snake else . end
		| if .actions then .actions |= keys_snake else . end]}'
for f in "$v"/*.dump.json "$v"/*.fields.json; do
	jq -c "$snake" "$f" >"${TMPDIR:-/tmp}/adkev-vertex-snake.$$.json"
	same "${f##*/} snake_case" "$f" "${TMPDIR:-/tmp}/adkev-vertex-snake.$$.json"
	rm -f "${TMPDIR:-/tmp}/adkev-vertex-snake.$$.json"
done | sort | uniq -c | sed 's/^ */snake_case: /'
for f in "$v"/*.pages.jsonl; do
	for cmd in stats final show; do
		if [ "$(adkev $cmd -j 2 "$f" 2>&1)" = "$(adkev $cmd -j 1 "$f" 2>&1)" ]; then
			echo same
		else
			echo "DIFF -j 2 $f $cmd"
		fi
	done
done | sort | uniq -c | sed 's/^ */-j 2: /'
t=$(mktemp -d) && cd "$t" || exit 1
trap 'cd / && rm -rf "$t"' EXIT
run() { # LABEL ADKEV-ARGS...
	label=$1
	shift
	adkev "$@" >out 2>err
	echo "$label: exit $? ($(wc -c <out | tr -d ' ') bytes out)"
	cat err
}
dump=$v/b_tool_call.dump.json
sed 's/^{"sessionEvents":\[/{"sessionEvents":{"x":[/; s/\]}$/]}}/' "$dump" >not_array.json
run "sessionEvents not an array" stats not_array.json
sed 's/"name":"[^"]*events\/huABsx0l",//' "$dump" >no_name.json
run "an envelope without name" stats no_name.json
run "without name, skipped" final --skip-invalid no_name.json
sed 's/"timestamp":"2026-01-01T01:00:15.002Z"/"timestamp":"yesterday"/' "$dump" >bad_time.json
run "a bad timestamp" stats bad_time.json
sed 's/"rawEvent":{/"rawEvent":"x","y":{/' "$dump" >raw_string.json
run "rawEvent not an object" stats raw_string.json
run "not an object, skipped" stats --skip-invalid raw_string.json
