# Sourced by the sessiondb cases that put generated events in a session
# database (pages, jobs_identity, jobs_writer):
#
#   session_case NAME
#
# skips the case NAME (status 77) where the sqlite3 tool is missing, moves
# into a scratch folder removed at exit, and sets gen to adkev-gen.
#
#   db_of_lines EVENTS DB
#
# makes DB with the tables of the corpus' SqliteSessionService database and
# a table line whose column t holds each line of EVENTS as it is (rowid: its
# line number), from which the case's INSERTs fill events and sessions.
# adkev tells the layout by the columns of events and sessions, so the extra
# table changes nothing it reads.
session_case() {
	command -v sqlite3 >/dev/null 2>&1 || {
		echo "sessiondb/$1: SKIPPED: needs sqlite3 (Debian: sqlite3)" >&2
		exit 77
	}
	t=$(mktemp -d) && cd "$t" || exit 1
	trap 'cd / && rm -rf "$t"' EXIT
	gen=${ADKEV_GEN:-$TESTS/../build/default/adkev-gen}
	[ -x "$gen" ] || { echo "adkev-gen is not built: make $gen" >&2; exit 1; }
}

db_of_lines() {
	sqlite3 "$CORPUS/db/adkpy-sqlite.db" .schema >schema.sql
	sqlite3 "$2" <<SQL
.read schema.sql
CREATE TABLE line (t TEXT);
.mode ascii
.separator "\037" "\n"
.import $1 line
SQL
}
