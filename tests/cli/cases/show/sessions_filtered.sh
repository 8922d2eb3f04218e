# A filter over a database of several sessions: a session none of whose
# events pass --author (or --invocation) is left out of show, stats --table
# and the timeline page, header and all, and the sessions that are left are
# always under their headers, even when only one is, so the reader knows
# which session it was.  When none is left: show writes nothing, stats the
# table of no events, the timeline an empty run.
cd "$CORPUS"/db || exit 1
data() { sed -n 's/^<script type="application\/json" id="adkev-run">\(.*\)<\/script>$/\1/p'; }
for author in weather_agent billing_agent; do
	echo "== --author $author"
	TZ=UTC adkev show --width 100 --author "$author" adkjs.db
	adkev stats --table --author "$author" adkjs.db | sed -n '1,3p'
	TZ=UTC adkev timeline --author "$author" adkjs.db | data | jq -c '[.sessions[] | [.heading, .events]]'
done
echo "== --author nobody"
adkev show --author nobody adkjs.db 2>&1; echo "status $?"
adkev stats --table --author nobody adkjs.db 2>/dev/null | sed -n '1p'
adkev timeline --author nobody adkjs.db 2>/dev/null | data | jq -c '[has("sessions"), .events]'
