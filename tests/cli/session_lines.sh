# Sourced by the sessiondb cases that put generated events in a session
# database (pages, jobs_identity, jobs_writer):
#
#   db_of_lines EVENTS DB
#
# makes DB with the tables of the corpus' SqliteSessionService database and
# a table line whose column t holds each line of EVENTS as it is (rowid: its
# line number), from which the case's INSERTs fill events and sessions.
# adkev tells the layout by the columns of events and sessions, so the extra
# table changes nothing it reads.
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
