# from-a2a --aggregate is linear in the chunks appended to one artifact, as
# token-by-token A2A streaming sends them: 50,000 chunks are joined within
# 10 s of CPU time (ulimit -t, so a loaded machine does not matter; about
# 0.3 s here; joining by copying the text so far each time took 2.1 s for
# 5,000, 22.6 s for 20,000 and over a minute for 50,000).  The stream is
# samples/a2a_stream.sse with its answer's appended chunk repeated.
s=$SAMPLES/a2a_stream.sse
first=$(grep -n '"artifactId":"art-3"' "$s" | head -n 1 | cut -d: -f1)
chunk=$(grep '"artifactId":"art-3"' "$s" | sed -n 2p)
{
	sed -n "1,${first}p" "$s"
	echo
	awk -v c="$chunk" 'BEGIN { for (i = 0; i < 50000; i++) { print c; print "" } }'
	tail -n 2 "$s"
} >chunks.sse
(ulimit -t 10; exec adkev from-a2a --deterministic --aggregate chunks.sse >events.jsonl)
echo "status $?, events $(wc -l <events.jsonl | tr -d ' ')"
# The aggregate's text: the first chunk, then 50,000 times the appended one.
adkev final -r events.jsonl >answer.txt; echo "final: status $?"
echo "answer: $(head -c 30 answer.txt)..., $(grep -o ' in Paris\.' answer.txt | wc -l | tr -d ' ') times ' in Paris.'"
rm -f chunks.sse events.jsonl answer.txt
