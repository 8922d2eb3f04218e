# Many tool calls (answered out of order, some twice, some never) and state deltas:
# -j 2 gives the bytes -j 1 gives, and the spooled result equals the per-invocation
# one built in memory when the stream is one invocation.
tmp=$(mktemp -d) && cd "$tmp" || exit 1
trap 'rm -rf "$tmp"' EXIT
awk 'BEGIN {
	for (i = 0; i < 3000; i++) {
		printf "{\"author\":\"agent%d\",\"invocationId\":\"inv\",\"timestamp\":%d.5,\"content\":{\"role\":\"model\",\"parts\":[{\"functionCall\":{\"id\":\"call-%d\",\"name\":\"tool%d\",\"args\":{\"n\":%d,\"token\":\"t%d\",\"text\":\"%0300d\"}}}]},\"actions\":{\"stateDelta\":{\"k%d\":%d}}}\n", i % 3, i, i, i % 7, i, i, i, i % 5, i
		if (i % 4 == 0)
			printf "{\"author\":\"agent0\",\"invocationId\":\"inv\",\"content\":{\"role\":\"user\",\"parts\":[{\"functionResponse\":{\"id\":\"call-%d\",\"name\":\"tool%d\",\"response\":{\"pending\":true}}}]}}\n", i, i % 7
		if (i % 3 == 0 && i >= 10)
			printf "{\"author\":\"agent1\",\"invocationId\":\"inv\",\"content\":{\"role\":\"user\",\"parts\":[{\"functionResponse\":{\"id\":\"call-%d\",\"name\":\"tool%d\",\"response\":{\"done\":%d,\"password\":\"p\"}}}]}}\n", i - 10, (i - 10) % 7, i
	}
}' >many.jsonl
adkev trajectory -j 1 many.jsonl >one.out; echo "-j 1: exit $?"
adkev trajectory -j 2 many.jsonl >two.out; echo "-j 2: exit $?"
cmp one.out two.out && echo "-j 2 = -j 1"
adkev trajectory -j 2 -p many.jsonl >two-p.out; echo "-j 2 -p: exit $?"
adkev trajectory -j 1 -p many.jsonl >one-p.out; echo "-j 1 -p: exit $?"
cmp one-p.out two-p.out && echo "-j 2 -p = -j 1 -p"
adkev trajectory --per-invocation many.jsonl | sed 's/^{"invocation_id":"inv","trajectory":\(.*\)}$/\1/' >mem.out
cmp one.out mem.out && echo "spooled = in memory"
wc -c <one.out
cksum <one.out
