# A source of several sessions shows each on its own, under a header that
# names its id, app and user and the local times of its first and last
# events, a blank line between sessions: a session database (each of its
# sessions read alone), files of session objects, and events outside any
# session after them.  One session shows as it always did, with no header.
# Secrets in the names stay hidden.
export TZ=UTC
t=$(mktemp -d) && cd "$t" || exit 1
trap 'cd / && rm -rf "$t"' EXIT
db=$CORPUS/db/adkjs.db
adkev show --width 100 "$db"; echo "exit $?"
echo ---
adkev show --width 100 --session 4f1b "$db"; echo "exit $?"
echo ---
# The same sessions as session objects, one per line in the database's order.
adkev sessions "$db" | sed 's/.*"session_id":"\([^"]*\)".*/\1/' | while read -r id; do
	grep -l "\"id\":\"$id\"" "$CORPUS"/adkjs/*.session.json | xargs cat
done >sessions.jsonl
a=$(adkev show --width 100 "$db")
b=$(adkev show --width 100 sessions.jsonl)
if [ "$a" = "$b" ]; then echo "database and session objects: same"; else echo DIFF; fi
echo ---
sed 's/"userId":"user-42"/"userId":"ghp_0123456789abcdefghijABCDEFGHIJ012345"/' \
	"$CORPUS/adkjs/b_tool_call.session.json" >secret.session.json
adkev show --width 100 "$CORPUS/adkjs/a_plain.session.json" secret.session.json \
	"$CORPUS/adkjs/a_plain.jsonl"; echo "exit $?"
