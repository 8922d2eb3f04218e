# Events without a timestamp keep their place in the sequence: they take the
# time of the event before them (the first timed event's time when none came
# before) and are marked untimed.  A run with no timestamp at all is "timed":
# false, and its page is drawn in event order.
extract() {
	page=$(adkev timeline "$@") || echo "exit $?"
	printf '%s\n' "$page" | sed -n 's/^<script type="application\/json" id="adkev-run">\(.*\)<\/script>$/\1/p' | sed 's/,{"kind"/,\n{"kind"/g'
}
extract --title some <<'IN'
{"author":"a","content":{"role":"model","parts":[{"text":"before any time"}]}}
{"author":"a","timestamp":1767254415002,"content":{"role":"model","parts":[{"text":"at 0"}]}}
{"author":"a","content":{"role":"model","parts":[{"text":"after, untimed"}]}}
{"author":"a","timestamp":1767254416502,"content":{"role":"model","parts":[{"text":"at 1.5"}]}}
IN
extract --title none <<'IN'
{"author":"a","content":{"role":"model","parts":[{"text":"one"}]}}
{"author":"b","content":{"role":"model","parts":[{"text":"two"}]}}
IN
