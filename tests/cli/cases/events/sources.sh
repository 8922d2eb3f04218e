# adkev events writes the events of any source as JSON lines (issue 34):
# JSONL and a /run_sse capture pass through byte for byte; a session
# object, an array of sessions, gzip and a folder give one event per line;
# a session database's events are its sessions', and ADK JS's database
# (snake_case) holds the same events as the session files its runner wrote
# (camelCase), key for key, once --camel or --snake spells them one way.
tmp=$(mktemp -d) && cd "$tmp" || exit 1
trap 'rm -rf "$tmp"' EXIT
cp -r "$CORPUS"/adkjs a
cp "$CORPUS"/db/adkjs.db .
for f in a/*.jsonl; do
	adkev events "$f" | cmp -s - "$f" || echo "not byte for byte: $f"
done
sed 's/^/data: /; G' a/b_tool_call.jsonl > b.sse
adkev events b.sse | cmp - a/b_tool_call.jsonl && echo "SSE: the events, byte for byte"
gzip -c a/f_state.jsonl > f.jsonl.gz
adkev events f.jsonl.gz | cmp - a/f_state.jsonl && echo "gzip: the events, byte for byte"
echo "one session object: $(adkev events a/b_tool_call.session.json | wc -l) lines, $(jq '.events | length' a/b_tool_call.session.json) events"
jq -s . a/a_plain.session.json a/b_tool_call.session.json > two.json
echo "an array of two sessions: $(adkev events two.json | wc -l) lines"
echo "the database: $(adkev events adkjs.db | wc -l) lines"
mkdir runs && cp a/a_plain.jsonl a/b_tool_call.jsonl runs/
cat runs/*.jsonl > both.jsonl
adkev events runs | cmp - both.jsonl && echo "a folder: its files' events, in path order"
for f in a/*.session.json; do
	id=$(jq -r .id "$f")
	for way in camel snake; do
		adkev events --$way --session "$id" adkjs.db | jq -cS . > db.$way
		adkev events --$way "$f" | jq -cS . > file.$way
		cmp -s db.$way file.$way || echo "$way: the database and $f differ"
	done
done
echo "ADK JS's database and session files: the same events in both spellings"
adkev events --session last adkjs.db | jq -r '[.author, .invocation_id] | @tsv' | uniq -c
adkev events a/b_tool_call.session.jsonl > /dev/null
echo "exit $?"
