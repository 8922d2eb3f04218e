# The edges of splitting a file by session object, which show, timeline
# and --per-session share (session_split_begins()).  A file read after a
# session database begins a session of its own, though its first object
# names the session the file before the database ended with; and a
# session object that names no session is still told from the events
# outside any session after it (a_plain's session with its id, app and
# user taken out, then plain events).  Each command prints what it did
# before they shared the code.
export TZ=UTC
t=$(mktemp -d) && cd "$t" || exit 1
trap 'cd / && rm -rf "$t"' EXIT
a=$CORPUS/adkjs/a_plain.session.json
adkev show --width 100 --session 4f1b "$a" "$CORPUS/db/adkjs.db" "$a"; echo "exit $?"
adkev timeline --session 4f1b "$a" "$CORPUS/db/adkjs.db" "$a" | grep -o '"heading":"[^"]*"'
# Another session after the database: no empty page of the one before it.
adkev timeline --session 4f1b "$a" "$CORPUS/db/adkjs.db" "$CORPUS/adkjs/b_tool_call.session.json" |
	grep -o '"heading":"[^"]*"'
echo ---
sed 's/"id":"[^"]*",//; s/"appName":"[^"]*",//; s/"userId":"[^"]*",//' "$a" >nameless.json
cat nameless.json "$CORPUS/adkjs/b_tool_call.jsonl" >mixed.jsonl
adkev final --per-session mixed.jsonl; echo "exit $?"
adkev show --width 100 mixed.jsonl; echo "exit $?"
adkev timeline mixed.jsonl | grep -o '"heading":"[^"]*"'
