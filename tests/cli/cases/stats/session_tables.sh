# stats --table over a session database gives each session a table of its
# own under a header (id, app, user), never one table summed across other
# users' sessions.  Each table is the one that session alone gives, in the
# order sessions lists them; one session (--session) shows as before, with
# no header; no session at all is the table of no events.  JSON is still
# one result over them all, and --per-session --table names file and
# session.
t=$(mktemp -d) && cd "$CORPUS"/db || exit 1
adkev stats --table adkjs.db >"$t"/all || exit 1
echo "headers: $(grep -c '^session ' "$t"/all)"
head -18 "$t"/all
: >"$t"/each
for id in $(adkev sessions -c adkjs.db | jq -r .session_id); do
	[ -s "$t"/each ] && echo >>"$t"/each
	adkev sessions -c --session "$id" adkjs.db |
		jq -r '"session \(.session_id), app \(.app_name), user \(.user_id)"' >>"$t"/each
	adkev stats --table --session "$id" adkjs.db >>"$t"/each
done
cmp "$t"/all "$t"/each && echo "each table is its session's alone"
echo "-- one session"
adkev stats --table --session 878fe4a5 adkjs.db | head -3
echo "-- no session"
adkev stats --table --app nobody adkjs.db | head -3; echo "status $?"
echo "-- JSON"
adkev stats -c adkjs.db | jq -c '{events, invocations}'
echo "-- --per-session --table"
adkev stats --table --per-session --session last adkjs.db | head -3
echo "-- one table: --invocation last (of all the sessions), --partial"
adkev stats --table --invocation last adkjs.db | grep -c '^session '
adkev stats --table --partial adkjs.db | head -1 | jq -c '{adkev_partial, command}'
echo "-- a session that does not match: no table, status 65"
adkev stats --table --session nomatch adkjs.db 2>/dev/null; echo "status $?"
rm -rf "$t"
