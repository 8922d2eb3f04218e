# events -f over a session database, as over a growing file (issue 34):
# the events a live adk web session commits are written as they come,
# each once, until a signal ends the run (exit 0).  The rows are ADK JS's
# own, put back a turn at a time into a copy that lost them, in WAL and in
# rollback-journal mode; the writer waits for a lock no longer than
# sqlite3's .timeout, and never times out.
command -v sqlite3 > /dev/null || { echo "skipped: sqlite3 is not installed (make check-cli installs it)" >&2; exit 77; }
tmp=$(mktemp -d) && cd "$tmp" || exit 1
trap 'cd / && rm -rf "$tmp"' EXIT
. "$TESTS/cli/follow.sh"
s=878fe4a5-9202-43ea-85b3-ba08c36c00db
cp "$CORPUS"/db/adkjs.db orig.db
adkev events --session $s orig.db > want.jsonl
# Waits up to 20 s for FILE to hold N lines.
lines() {
	k=0
	while [ "$(wc -l < "$1")" -lt "$2" ] && [ $k -lt 200 ]; do sleep 0.1; k=$((k + 1)); done
	wc -l < "$1"
}
for mode in wal delete; do
	rm -f live.db live.db-wal live.db-shm
	cp orig.db live.db
	sqlite3 live.db "PRAGMA journal_mode = $mode;" "DELETE FROM events WHERE session_id = '$s';" > /dev/null
	follow_start events -f --session $s live.db
	want=0
	for inv in $(sqlite3 orig.db "SELECT DISTINCT invocation_id FROM events WHERE session_id = '$s' ORDER BY timestamp"); do
		sqlite3 live.db ".timeout 5000" "ATTACH 'orig.db' AS o;" \
			"INSERT INTO events SELECT * FROM o.events WHERE session_id = '$s' AND invocation_id = '$inv';"
		want=$((want + $(sqlite3 orig.db "SELECT count(*) FROM events WHERE session_id = '$s' AND invocation_id = '$inv'")))
		echo "$mode: a turn committed, $(lines out $want) events written"
	done
	echo "$mode: interrupted"
	follow_stop INT
	cmp out want.jsonl && echo "$mode: each event once, in order"
done
