# Over a database of several sessions the page holds one run a session,
# each under its heading (id, app, user, local times), in the order
# sessions lists them, for the page to show one at a time; each run is the
# one that session alone gives.  One session (--session) is one run, as
# before, with no heading; so is a stream.
t=$(mktemp -d) && cd "$CORPUS"/db || exit 1
data() { sed -n 's/^<script type="application\/json" id="adkev-run">\(.*\)<\/script>$/\1/p' "$1"; }
TZ=UTC adkev timeline adkjs.db >"$t"/all.html || echo "exit $?"
data "$t"/all.html | jq -r '.title, (.sessions | length), .sessions[0:3][].heading'
k=0
for id in $(adkev sessions -c adkjs.db | jq -r .session_id); do
	adkev timeline --session "$id" adkjs.db >"$t"/one.html
	data "$t"/one.html >"$t"/one.json
	if data "$t"/all.html | jq -e --argjson k $k --slurpfile one "$t"/one.json \
		'.sessions[$k] | del(.heading) == ($one[0] | del(.title, .redacted))' >/dev/null; then
		:
	else
		echo "session $k ($id): not the run it gives alone"
	fi
	k=$((k + 1))
done
echo "$k sessions checked"
adkev timeline --session last adkjs.db >"$t"/one.html
data "$t"/one.html | jq -c '[has("sessions"), has("heading"), .events]'
adkev timeline ../adkjs/d_thinking.session.json >"$t"/one.html
data "$t"/one.html | jq -c '[has("sessions"), has("heading"), .events]'
echo "-- a file of two session objects, a stream before them"
cat ../adkjs/a_plain.jsonl ../adkjs/d_thinking.session.json ../adkjs/b_tool_call.session.json |
	TZ=UTC adkev timeline >"$t"/two.html
data "$t"/two.html | jq -c '.sessions[] | [.heading, .events]'
rm -rf "$t"
