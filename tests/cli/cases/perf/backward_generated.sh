# final on a generated stream of 4000 events (bench/gen.c): the backward read
# gives the forward read's answer for the whole stream and for each agent.
set -u
gen=${ADKEV_GEN:-$TESTS/../build/default/adkev-gen}
[ -x "$gen" ] || { echo "adkev-gen is not built" >&2; exit 1; }
"$gen" -s 11 -n 4000 -t >gen.jsonl
"$gen" -s 12 -n 4000 -t -S >gen.sse
for f in gen.jsonl gen.sse; do
	for author in "" coordinator researcher weather_agent writer critic data_analyst travel_planner code_runner user; do
		set -- ${author:+--author "$author"}
		b=$(adkev final "$@" $f; echo "status $?")
		s=$(adkev final --full-scan "$@" $f; echo "status $?")
		[ "$b" = "$s" ] && echo "$f ${author:-(all)}: same, $(printf '%s' "$b" | wc -c) bytes" ||
			echo "$f ${author:-(all)}: DIFFERENT"
	done
done
rm -f gen.jsonl gen.sse
