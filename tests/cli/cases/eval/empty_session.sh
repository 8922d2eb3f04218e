# A session database with a session that holds no event (adk web leaves one
# for each page opened; here ADK JS's database with one session's events
# deleted): evalset and eval pass it over with one note each, the other
# sessions become cases and pass at full score, and the status is 0
# (issue 36).  A file with no event is still bad input (65).
tmp=$(mktemp -d) && cd "$tmp" || exit 1
trap 'rm -rf "$tmp"' EXIT
cp "$CORPUS"/db/adkjs.db .
python3 -c 'import sqlite3, sys
db = sqlite3.connect("adkjs.db")
db.execute("delete from events where session_id = ?", (sys.argv[1],))
db.commit()' a2158511-0334-4c0d-b1ee-2bd8ead89e39
adkev evalset adkjs.db > set.json; echo "evalset: exit $?"
jq '.eval_cases | length' set.json
adkev eval set.json adkjs.db > out.jsonl; echo "eval: exit $?"
jq -r .status out.jsonl | sort | uniq -c | sed 's/^ *//'
: > empty.jsonl
adkev evalset empty.jsonl; echo "evalset of an empty file: exit $?"
