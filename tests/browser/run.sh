#!/bin/sh
# The timeline page in a real browser: headless Chromium, driven through the
# DevTools protocol by tests/browser/cdp.js (node's standard library only),
# loads the page adkev timeline writes for each corpus stream and for a
# generated run of 10,000 events.  The page must finish its script with no
# exception, console message or log entry (the page logs nothing, and every
# host name resolves to nothing, so a network fetch would show there), and
# its DOM must hold one lane per agent, one tool-call bar per tool call, one
# answer per final-response text no rewind undid, one greyed item per item
# marked rewound, and the run's total tokens, as adkev stats
# and adkev trajectory count them in the same input.  Screenshots of a few
# pages are kept in OUT for people to look at; the timings of the large page
# are printed, not judged (they are measurements: adkev-timeline(1)).
#
#   ADKEV=... ADKEV_GEN=... OUT=build/browser sh tests/browser/run.sh
#
# First the checker must fail on a page whose script breaks, so a browser
# that shows nothing cannot pass.  Skipped, loudly, where Chromium or node
# cannot run.
set -u
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
: "${ADKEV:=$top/adkev}"
: "${ADKEV_GEN:=$top/build/default/adkev-gen}"
: "${OUT:=$top/build/browser}"
corpus=$top/tests/corpus
browser=$(command -v chromium || command -v chromium-browser || true)
rm -rf "$OUT"
mkdir -p "$OUT"

skip() {
	echo "check-browser: SKIPPED: $1" >&2
	exit 0
}
[ -n "$browser" ] || skip "no chromium here (Debian package chromium)"
command -v node >/dev/null 2>&1 || skip "no node here (Debian package nodejs)"
probe=$(node "$here/cdp.js" "$browser" "$top/README.md" 2>&1)
case "$probe" in *'"load_ms"'*) ;; *) skip "$browser does not run here: $(echo "$probe" | head -c 600)" ;; esac

# problems REPORT INPUT...: what is wrong with the page made of INPUT, one
# line each; INPUT is adkev's operands (and options) for what the page shows.
problems() {
	report=$1
	shift
	printf '%s\n' "$report" | jq -r '
		if .error and (.ready | not) then "the page did not load: \(.error)" else
		(if .ready then empty else "the page'"'"'s script did not finish" end),
		(if .error then "script error: \(.error)" else empty end),
		(if .controls_error then "script error after using the controls: \(.controls_error)" else empty end),
		(.exceptions[] | "exception: \(.)"), (.console[] | "console: \(.)"), (.log[] | "log: \(.)")
		end'
	stats=$("$ADKEV" stats "$@")
	# The page shows every call made, a rewound one greyed: for a rewound
	# run the reference is the trajectory of its events, rewinds unmarked.
	case $* in
	*/rewind/*) traj=$(jq -c 'del(.actions.rewindBeforeInvocationId, .actions.rewind_before_invocation_id)' "$@" |
		"$ADKEV" trajectory) ;;
	*) traj=$("$ADKEV" trajectory "$@") ;;
	esac
	for what in "lanes:$(printf '%s\n' "$stats" | jq '.authors | length')" \
		"calls:$(printf '%s\n' "$traj" | jq '.tool_calls | length')" \
		"finals:$(printf '%s\n' "$stats" | jq '.kinds.final // 0')" \
		"tokens:$(printf '%s\n' "$traj" | jq '.token_usage.total_tokens // 0')" \
		"rewound:$("$ADKEV" timeline "$@" | grep -o '"rewound":true' | wc -l)"; do
		got=$(printf '%s\n' "$report" | jq ".${what%%:*}")
		[ "$got" = "${what#*:}" ] || echo "${what%%:*}: the page shows $got, adkev counts ${what#*:}"
	done
}

# The checker must catch a page whose script breaks.
in=$corpus/adkjs/b_tool_call.jsonl
"$ADKEV" timeline "$in" | sed 's/"items":\[/"items":[null,/' >"$OUT/broken.html"
if [ -z "$(problems "$(node "$here/cdp.js" "$browser" "$OUT/broken.html")" "$in")" ]; then
	echo "check-browser: FAIL: a page with a broken script passed the checks" >&2
	exit 1
fi
rm -f "$OUT/broken.html"

# The pages, and what they were made of, in one list; a few get a screenshot.
"$ADKEV_GEN" -n 10000 -t >"$OUT/generated-10000.jsonl"
set --
# The event streams of the corpus: db/ holds session databases and what ADK
# reads back from them, which are not streams; nor are what ADK read back or
# computed beside a stream (adk2/*.readback.json, *.expected.json).
adkev_failed=0
for input in "$corpus"/*/*.json "$corpus"/*/*.jsonl "$corpus"/adk2/rewind/*.jsonl \
	"$OUT/generated-10000.jsonl"; do
	case $input in "$corpus"/db/* | *.readback.json | *.expected.json) continue ;; esac
	name=$(basename "$input")
	# A page adkev could not write is one failure, and is not opened.
	"$ADKEV" timeline "$input" >"$OUT/$name.html"
	status=$?
	if [ $status != 0 ]; then
		echo "FAIL $name: adkev exit $status"
		adkev_failed=$((adkev_failed + 1))
		continue
	fi
	case $name in
	g_transfer.session.json | d_thinking.session.json | i_long_running.session.json)
		set -- "$@" "$OUT/$name.html,$OUT/$name.png,item=2" ;;
	*) set -- "$@" "$OUT/$name.html" ;;
	esac
	echo "$input" >>"$OUT/inputs"
done
node "$here/cdp.js" "$browser" "$@" >"$OUT/reports.jsonl"

pass=0 fail=0
# verdict NAME FOUND: a page passes when FOUND, its problems, is empty.
verdict() {
	if [ -n "$2" ]; then
		echo "FAIL $1"
		printf '%s\n' "$2" | sed 's/^/  /'
		fail=$((fail + 1))
	else
		pass=$((pass + 1))
	fi
}
while read -r input; do
	name=$(basename "$input")
	report=$(grep -F "\"page\":\"$OUT/$name.html\"" "$OUT/reports.jsonl")
	found=$(if [ -n "$report" ]; then problems "$report" "$input"; else echo "no report"; fi)
	verdict "$name" "$found"
done <"$OUT/inputs"
# A database of several sessions is one page that shows one session at a
# time.  Each session the page shows must hold what adkev counts in that
# session alone; its list must offer every session, and picking the next
# one must show it.
db=$corpus/db/adkjs.db
ids=$("$ADKEV" sessions -c "$db" | jq -r .session_id)
count=$(printf '%s\n' "$ids" | wc -l)
if "$ADKEV" timeline "$db" >"$OUT/adkjs.db.html"; then
	set --
	k=0
	for id in $ids; do
		set -- "$@" "$OUT/adkjs.db.html,,session=$k"
		k=$((k + 1))
	done
	node "$here/cdp.js" "$browser" "$@" >"$OUT/db-reports.jsonl"
	k=0
	for id in $ids; do
		report=$(jq -c "select(.fragment == \"session=$k\")" "$OUT/db-reports.jsonl")
		found=$(if [ -z "$report" ]; then echo "no report"; else
			problems "$report" --session "$id" "$db"
			printf '%s\n' "$report" | jq -r --argjson n "$count" --argjson k "$k" '
				(if .sessions != $n then "its list offers \(.sessions) sessions of \($n)" else empty end),
				(if .session != $k then "session=\($k) shows session \(.session)" else empty end),
				(if .picked != true then "picking the next session did not show it" else empty end)'
		fi)
		verdict "adkjs.db session $k ($id)" "$found"
		k=$((k + 1))
	done
else
	echo "FAIL adkjs.db: adkev exit $?"
	adkev_failed=$((adkev_failed + 1))
fi

grep -F generated-10000 "$OUT/reports.jsonl" | jq -r '"10,000 generated events (\(.items) items): loaded in \(.load_ms) ms, script \(.render_ms) ms, one layout \(.layout_ms) ms, a zoom to the next frame \(.zoom_ms) ms"'
rm -f "$OUT/generated-10000.jsonl" "$OUT/inputs"
fail=$((fail + adkev_failed))
echo "browser: $pass pages passed, $fail failed; screenshots in ${OUT#"$top"/}"
[ $fail = 0 ]
