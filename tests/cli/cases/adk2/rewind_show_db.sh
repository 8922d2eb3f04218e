# show marks the events a later rewind undid in a session database too
# (adk2/rewind_show), each session walked alone: rewind_twice and
# rewind_garden as two sessions of one DatabaseSessionService database
# (adkpy-sqlite.db emptied), their invocation ids the same, each session's
# rewinds undoing only its own events.
command -v sqlite3 >/dev/null || { echo "skipped: sqlite3 is not installed" >&2; exit 77; }
export TZ=UTC
t=$(mktemp -d) && cd "$t" || exit 1
trap 'cd / && rm -rf "$t"' EXIT
cp "$CORPUS"/db/adkpy-sqlite.db run.db
sqlite3 run.db "DELETE FROM events; DELETE FROM sessions"
u=1767603800
for s in twice garden; do
	cp "$CORPUS/adk2/rewind/rewind_$s.jsonl" events.jsonl
	sqlite3 run.db "INSERT INTO sessions VALUES ('app', 'u', '$s', '{}', 1767603600, $u);
		INSERT INTO events SELECT json_extract(value, '\$.id'), 'app', 'u', '$s',
			coalesce(json_extract(value, '\$.invocationId'), ''), json_extract(value, '\$.timestamp') / 1000.0, value
		FROM json_each('[' || replace(trim(readfile('events.jsonl'), char(10)), char(10), ',') || ']')"
	u=$((u + 100))
done
adkev show --width 100 run.db >out
echo "exit $?"
grep -c '^~' out
grep -E '^(session|~\+1:24)' out
adkev show --width 100 --session garden run.db | grep -c '^~'
