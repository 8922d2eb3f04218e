# timeline is linear in the agents of a run: 40,000 agents, and a chain of
# 20,000 agents each nested under the one before (branch "a.b"), are laid out
# within 10 s of CPU time (ulimit -t, so a loaded machine does not matter;
# about 1 s here; the quadratic lane order took 2.5 s for 20,000 agents and
# over a minute for 100,000).  Each agent writes one answer, ADK JS's own
# a_plain event with its author renamed.
line=$(head -n 1 "$SAMPLES/a_plain.jsonl")
# Its files go to a folder of its own: the case folder is the source tree.
work=$(mktemp -d) || exit 1
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
awk -v t="$line" 'BEGIN { for (i = 0; i < 40000; i++) { l = t
	sub(/"author":"assistant"/, "\"author\":\"agent-" i "\"", l); print l } }' >flat.jsonl
awk -v t="$line" 'BEGIN { for (i = 0; i < 20000; i++) { l = t
	sub(/"author":"assistant"/, "\"author\":\"agent-" i "\",\"branch\":\"agent-" (i - 1) ".agent-" i "\"", l)
	print l } }' >chain.jsonl
for f in flat.jsonl chain.jsonl; do
	(ulimit -t 10; exec adkev timeline "$f" >page.html); status=$?
	run=$(sed -n 's/^<script type="application\/json" id="adkev-run">\(.*\)<\/script>$/\1/p' page.html)
	echo "$f: status $status, lanes $(printf '%s' "$run" | grep -o '"depth":' | wc -l | tr -d ' ')," \
		"deepest $(printf '%s' "$run" | grep -o '"depth":[0-9]*' | sort -t: -k2 -n | tail -n 1)"
done
