# An events table with no primary key and no index, as ADK Python's alembic
# bootstrap leaves one it migrated in place on SQLite (alembic_runner.py
# _migrate_v0_to_v1_in_place: CREATE TABLE events_v1_tmp AS SELECT ...,
# DROP TABLE events, ALTER TABLE ... RENAME): 20,000 generated events in
# four interleaved sessions, in DatabaseSessionService's schema 1 with its
# index (idx_events_app_user_session_ts) and in that table rebuilt so.  The
# pages of a session are fetched by rowid, which such a table still has, so
# each command gives the same over both, and reads the unindexed one
# within twice the indexed time (about as fast: each session's
# rowids are found in one pass over the table, not a lookup per page).
. "$TESTS/cli/session_lines.sh"
session_case unindexed
"$gen" -s 35 -n 20000 >events.jsonl
sqlite3 indexed.db <<SQL
CREATE TABLE adk_internal_metadata (key VARCHAR(128) NOT NULL, value VARCHAR(256) NOT NULL,
  PRIMARY KEY (key));
INSERT INTO adk_internal_metadata VALUES ('schema_version', '1');
CREATE TABLE sessions (app_name VARCHAR(128) NOT NULL, user_id VARCHAR(128) NOT NULL,
  id VARCHAR(128) NOT NULL, state TEXT NOT NULL, create_time DATETIME NOT NULL,
  update_time DATETIME NOT NULL, PRIMARY KEY (app_name, user_id, id));
CREATE TABLE events (id VARCHAR(128) NOT NULL, app_name VARCHAR(128) NOT NULL,
  user_id VARCHAR(128) NOT NULL, session_id VARCHAR(128) NOT NULL,
  invocation_id VARCHAR(256) NOT NULL, timestamp DATETIME NOT NULL, event_data TEXT,
  PRIMARY KEY (id, app_name, user_id, session_id),
  FOREIGN KEY(app_name, user_id, session_id) REFERENCES sessions (app_name, user_id, id)
  ON DELETE CASCADE);
CREATE INDEX idx_events_app_user_session_ts ON events (app_name, user_id, session_id, timestamp);
CREATE TABLE line (t TEXT);
.mode ascii
.separator "\037" "\n"
.import events.jsonl line
INSERT INTO sessions SELECT 'app', 'user', 's' || value, '{}', 0, 1 FROM generate_series(0, 3);
INSERT INTO events SELECT 'e' || rowid, 'app', 'user', 's' || (rowid % 4), '',
  json_extract(t, '\$.timestamp'), t FROM line;
DROP TABLE line;
SQL
cp indexed.db migrated.db
sqlite3 migrated.db <<SQL
CREATE TABLE events_v1_tmp AS SELECT app_name, event_data, id, invocation_id, session_id,
  timestamp, user_id FROM events;
DROP TABLE events;
ALTER TABLE events_v1_tmp RENAME TO events;
CREATE TABLE alembic_version (version_num VARCHAR(32) NOT NULL,
  CONSTRAINT alembic_version_pkc PRIMARY KEY (version_num));
INSERT INTO alembic_version (version_num) VALUES ('001_baseline_v1');
SQL
sqlite3 migrated.db "SELECT count(*) || ' events, ' ||
  (SELECT count(*) FROM sqlite_master WHERE tbl_name = 'events' AND type = 'index') ||
  ' indexes' FROM events"
ms() { echo $(($(date +%s%N) / 1000000)); }
for c in "sessions" "stats" "final --session s2" "trajectory --session s3" "state"; do
	t0=$(ms)
	# shellcheck disable=SC2086 # the command and its options, a word each
	adkev $c indexed.db >indexed.out 2>&1
	echo "status $?" >>indexed.out
	t1=$(ms)
	# shellcheck disable=SC2086
	adkev $c migrated.db >migrated.out 2>&1
	echo "status $?" >>migrated.out
	t2=$(ms)
	sed -i 's/migrated\.db/indexed.db/' migrated.out
	if cmp -s indexed.out migrated.out; then same=same; else same=DIFFERENT; fi
	# Beside the indexed read, not a clock: a sanitizer or valgrind slows
	# both alike (ThreadSanitizer took 5 s for the indexed stats).  A lookup
	# per page would make the unindexed read many times slower; the second
	# of slack is for a shared machine, where one pass takes some 0.3 s.
	if [ $((t2 - t1)) -le $((2 * (t1 - t0) + 1000)) ]; then
		fast="within twice the indexed time"
	else
		fast="SLOW ($((t2 - t1)) ms, indexed $((t1 - t0)) ms)"
	fi
	echo "$c: $same ($(wc -l <migrated.out) lines, $(tail -n 1 migrated.out)), $fast"
done
