# Databases under ADK Python's alembic tracking (>= 1.22,
# sessions/alembic_runner.py): bootstrap_existing_database() stamps a
# schema-1 database with revision 001_baseline_v1 (an alembic_version
# table beside ADK's own), and migrates a schema-0 one in place first
# (adkpy-v0-alembic.db, made from adkpy-v0.db by make_layouts.py as the
# runner does it: event_data from the v0 columns, the pickles unpickled,
# naive times read as UTC; on SQLite an events table rebuilt with CREATE
# TABLE ... AS SELECT, with no primary key or index).  The extra table
# changes nothing: each command gives what it gives over the session files,
# and the migrated database now gives the state deltas its pickles held.
command -v sqlite3 >/dev/null || { echo "skipped: sqlite3 is not installed" >&2; exit 77; }
export TZ=UTC
. "$TESTS/cli/same_as_files.sh"
t=$(mktemp -d) && cd "$t" || exit 1
trap 'cd / && rm -rf "$t"' EXIT
cp "$CORPUS"/db/adkjs.db stamped.db
sqlite3 stamped.db "CREATE TABLE alembic_version (version_num VARCHAR(32) NOT NULL,
	CONSTRAINT alembic_version_pkc PRIMARY KEY (version_num));
	INSERT INTO alembic_version (version_num) VALUES ('001_baseline_v1');"
for f in "$CORPUS"/adkjs/*.session.json; do
	compare stamped.db "$f" "$commands"
done | sort | uniq -c | sed 's/^ */stamped adkjs.db: /'
migrated=$CORPUS/db/adkpy-v0-alembic.db
sqlite3 "$migrated" "SELECT version_num FROM alembic_version;
	SELECT value FROM adk_internal_metadata WHERE key = 'schema_version';
	SELECT count(*) FROM sqlite_master WHERE tbl_name = 'events' AND type = 'index'"
for n in b_tool_call d_thinking f_state; do
	compare "$migrated" "$CORPUS/adkjs/$n.session.json" "${commands%|to-a2a*}"
done | sort | uniq -c | sed 's/^ */adkpy-v0-alembic.db: /'
adkev state --session 0ad7 "$migrated" | jq -cS .
echo "status $?"
