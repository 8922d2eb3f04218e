# REAL epoch seconds in DATETIME columns, as ADK Python's PreciseTimestamp
# left them on SQLite before 2.5.0 (google/adk-python #6352), beside the
# naive text times the other rows hold: a DatabaseSessionService database
# (adkpy-v0-alembic.db, schema 1) whose session 878f has REAL
# create_time/update_time, and a schema-0 one (adkpy-v0.db) whose session
# 878f has REAL event times too.  Times are read as times, not as SQLite
# sorts its values (every number before every text): the sessions come in
# update order in sessions, show and --session last, and the headers of
# show, the sessions' times and --since/--until read the REAL times as the
# text ones.
command -v sqlite3 >/dev/null || { echo "skipped: sqlite3 is not installed" >&2; exit 77; }
export TZ=UTC
t=$(mktemp -d) && cd "$t" || exit 1
trap 'cd / && rm -rf "$t"' EXIT
cp "$CORPUS"/db/adkpy-v0-alembic.db v1.db
cp "$CORPUS"/db/adkpy-v0.db v0.db
real_session='UPDATE sessions SET create_time = 1767243613.001, update_time = 1767243631.47
	WHERE id LIKE '"'878f%'"
sqlite3 v1.db "$real_session"
sqlite3 v0.db "$real_session; UPDATE events SET timestamp =
	CAST(strftime('%s', timestamp) AS REAL) + CAST(substr(timestamp, 20) AS REAL)
	WHERE session_id LIKE '878f%'"
sqlite3 v0.db "SELECT typeof(timestamp), count(*) FROM events GROUP BY 1"
for db in v1.db v0.db; do
	echo "== $db"
	adkev sessions --table "$db"
	echo "status $?"
	adkev sessions "$db" >out
	echo "status $?"
	jq -c '[.session_id[0:4], .create_time, .update_time]' out
	adkev show --color=never "$db" >out 2>/dev/null
	echo "status $?"
	grep '^session' out
	adkev final --session last "$db" 2>/dev/null
	echo "status $?"
	adkev events --since 2026-01-01T05:00:31Z --until 2026-01-01T07:00:15.001Z "$db" >out 2>/dev/null
	echo "status $?"
	jq -c '[.author, .timestamp]' out
done
