# events --per-session wraps each event in a line that says where it was:
# the file, and the session's app, user and id, from a database's sessions
# or a file's session object, null where a file holds none (issue 34).
tmp=$(mktemp -d) && cd "$tmp" || exit 1
trap 'rm -rf "$tmp"' EXIT
cp "$CORPUS"/db/adkjs.db "$CORPUS"/adkjs/b_tool_call.session.json "$CORPUS"/adkjs/a_plain.jsonl .
adkev events --per-session adkjs.db | jq -r '[.file, .app_name, .user_id, .session_id] | @tsv' | uniq -c
adkev events --per-session --app adkev_corpus --session last adkjs.db | jq -c '[.session_id, .event.author]'
adkev events --per-session b_tool_call.session.json a_plain.jsonl | jq -c '[.file, .session_id, .event.author]'
# The event inside is the one events writes alone.
adkev events --per-session adkjs.db | jq -c .event > inside.jsonl
adkev events adkjs.db | cmp - inside.jsonl && echo "the same events, in the same order"
adkev events --per-session --session 00df2789-9d1d-4db8-8222-3ddb292d37aa adkjs.db > /dev/null
echo "exit $?"
# A database in a folder is read as the same database given alone.
mkdir dir && cp adkjs.db dir/
adkev events --per-session dir | jq -r '.session_id' | uniq | wc -l
