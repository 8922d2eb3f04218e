# Hostile session databases: each gives one clear message and the exit
# status sources.md names, and nothing the data does not hold.  The
# databases are made here from the real ones with sqlite3.
command -v sqlite3 >/dev/null 2>&1 || {
	echo "sessiondb/hostile: SKIPPED: needs sqlite3 (Debian: sqlite3)" >&2
	exit 77
}
db=$CORPUS/db
# The databases are made in a folder of the run's own, never in the tree.
t=$(mktemp -d) && cd "$t" || exit 1
trap 'cd / && rm -rf "$t"' EXIT
cp "$db/adkjs.db" "$db/adkpy-v0.db" .
run() { # LABEL ADKEV-ARGS...
	label=$1
	shift
	adkev "$@" >out 2>err
	echo "$label: exit $? ($(wc -c <out | tr -d ' ') bytes out)"
	cat err
}
sqlite3 other.db 'CREATE TABLE t (a); INSERT INTO t VALUES (1);'
run "not ADK" stats other.db
head -c 8192 "$db/adkjs.db" >truncated.db
run "truncated" stats truncated.db
cp "$db/adkjs.db" no_sessions.db && sqlite3 no_sessions.db 'DROP TABLE sessions;'
run "missing table" stats no_sessions.db
cp "$db/adkjs.db" broken.db
sqlite3 broken.db "UPDATE events SET event_data = '{\"author\": \"user\", \"content\": ' WHERE id = 'EvnVUfOK';"
run "broken event_data" final --session 00df2789-9d1d-4db8-8222-3ddb292d37aa broken.db
run "broken, skipped" final -r --skip-invalid --session 00df2789-9d1d-4db8-8222-3ddb292d37aa broken.db
cp "$db/adkpy-sqlite.db" huge.db
sqlite3 huge.db "UPDATE events SET event_data = json_set(event_data, '\$.content.parts[0].text', printf('%.*c', 20000000, 'x')) WHERE id = 'EvnVUfOK';"
run "huge event (20 MB)" stats --session 00df2789-9d1d-4db8-8222-3ddb292d37aa huge.db
cut -c1-60 out
run "schema-0 pickles" stats adkpy-v0.db
run "no such session" final --session nope adkjs.db
cp "$db/adkjs.db" twice.db
sqlite3 twice.db "INSERT INTO sessions SELECT id, app_name, 'user-7', state, create_time, update_time FROM sessions WHERE id = '00df2789-9d1d-4db8-8222-3ddb292d37aa';"
run "one id, two users" final --session 00df2789-9d1d-4db8-8222-3ddb292d37aa twice.db
run "one id, --user" final -r --user user-7 --session 00df2789-9d1d-4db8-8222-3ddb292d37aa twice.db
run "--session last of none" final --session last --app nobody adkjs.db
run "MySQL" stats 'mysql+pymysql://adk:s3cret@db.example/adk?password=s3cret'
run "refused" stats 'postgresql+asyncpg://adk:s3cret@/adk?host=/nonexistent&sslmode=disable'
grep -l s3cret err out
# A writer holding SQLite's exclusive lock: adkev waits 5 seconds, then says so.
# The writer holds it until adkev is done (at most a minute), not for a fixed
# time, which a slow adkev (valgrind's) could outlast.
cp "$db/adkjs.db" locked.db
rm -f released
(echo 'BEGIN EXCLUSIVE;'; echo 'DELETE FROM app_states;'
	i=0; while [ ! -f released ] && [ $i -lt 300 ]; do sleep 0.2; i=$((i + 1)); done) |
	sqlite3 locked.db &
sleep 1
run "locked" stats locked.db
touch released
wait
rm -f released
