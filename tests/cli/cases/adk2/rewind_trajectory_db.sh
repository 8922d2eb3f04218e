# trajectory over a rewound session in a database (named as a file and as
# a sqlite:// URL), and over adkev events
# of it piped on (the everyday way to pick one session): each leaves the
# rewound call out (adk2/rewind_trajectory), the pipe copied to a
# temporary file first and read twice as the database is.
command -v sqlite3 >/dev/null || { echo "skipped: sqlite3 is not installed" >&2; exit 77; }
t=$(mktemp -d) && cd "$t" || exit 1
trap 'cd / && rm -rf "$t"' EXIT
cp "$CORPUS"/db/adkpy-sqlite.db run.db
cp "$CORPUS"/adk2/rewind/rewind_thinking.jsonl events.jsonl
sqlite3 run.db "DELETE FROM events; DELETE FROM sessions;
	INSERT INTO sessions VALUES ('app', 'u', 'thinking', '{}', 1767603600, 1767603800);
	INSERT INTO events SELECT json_extract(value, '\$.id'), 'app', 'u', 'thinking',
		coalesce(json_extract(value, '\$.invocationId'), ''), json_extract(value, '\$.timestamp') / 1000.0, value
	FROM json_each('[' || replace(trim(readfile('events.jsonl'), char(10)), char(10), ',') || ']')"
names() { jq -c '[[.tool_calls[].name], .final_output]' "$1"; }
adkev trajectory -c run.db >db.json
echo "status $?"
names db.json
adkev trajectory -c sqlite:///run.db >url.json
echo "status $?"
names url.json
adkev events run.db --session thinking | adkev trajectory -c >pipe.json
echo "status $?"
names pipe.json
adkev events run.db --session thinking | adkev trajectory -c -j 2 >pipe2.json
echo "status $?"
names pipe2.json
# Before the rewind, the same session held the call: what the rewind undid.
head -n 4 events.jsonl | adkev trajectory -c >before.json
echo "status $?"
jq -c '[.tool_calls[].name]' before.json
