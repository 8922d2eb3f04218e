# --invocation last: a gate on the last turn.  The last invocation of this
# session was blocked (no answer) though the first answered, so -e fails;
# without it the earlier answer passes.  The stream error line after the
# blocked turn joins it.  Streaming commands refuse it (64).
s="$CORPUS"/adkjs/l_multi_turn.jsonl
cat >blocked.jsonl <<'J'
{"author":"user","invocationId":"i1","content":{"role":"user","parts":[{"text":"q1"}]}}
{"author":"bot","invocationId":"i1","content":{"parts":[{"text":"answer one"}]}}
{"author":"user","invocationId":"i2","content":{"role":"user","parts":[{"text":"q2"}]}}
{"author":"bot","invocationId":"i2","errorCode":"SAFETY","content":null}
{"error":"blocked"}
J
adkev final -e blocked.jsonl; echo "all: status $?"
adkev final -e --invocation last blocked.jsonl; echo "last: status $?"
adkev final -e --invocation last -r <blocked.jsonl; echo "last, stdin: status $?"
adkev stats --invocation last blocked.jsonl
adkev final -r --invocation last "$s"; echo "multi-turn: status $?"
adkev final --per-invocation "$s" | tail -1
printf '%s\n' '{"author":"a","content":{"parts":[{"text":"x"}]}}' | adkev final -e --invocation last; echo "no ids: status $?"
adkev to-a2a --invocation last blocked.jsonl 2>err; echo "to-a2a: status $?"
head -1 err
# timeline and partition's objects hold the whole run before they write, so
# they take it: the same as naming the last turn's id.
adkev partition --invocation last blocked.jsonl; echo "partition: status $?"
adkev partition --invocation last "$s" >last.json; echo "partition, multi-turn: status $?"
adkev partition --invocation e-85e4718d "$s" | cmp - last.json && echo "partition: the last turn's"
adkev timeline --invocation last "$s" >last.html; echo "timeline: status $?"
adkev timeline --invocation e-85e4718d "$s" | cmp - last.html && echo "timeline: the last turn's"
adkev partition --split out --invocation last blocked.jsonl 2>err; echo "partition --split: status $?"
head -1 err
rm -f last.html last.json
rm -f blocked.jsonl err
# The last turn is the run's, whatever --author keeps of it: b wrote the
# last turn, so a's last answer (turn one) does not pass the gate.
printf '%s\n' '{"author":"a","invocationId":"i1","content":{"parts":[{"text":"turn one"}]}}' \
	'{"author":"b","invocationId":"i2","content":{"parts":[{"text":"from b"}]}}' >two-authors.jsonl
adkev final -e --invocation last --author a two-authors.jsonl; echo "last of a: status $?"
# The later --invocation wins.
adkev final --invocation i1 --invocation last two-authors.jsonl
adkev final --invocation last --invocation i1 two-authors.jsonl
rm -f two-authors.jsonl
