# More agents than open descriptors allow (ulimit -n 40): files are closed
# and reopened for appending as needed; every event lands in its file.
t=$(mktemp -d) && cd "$t" || exit 1
awk 'BEGIN { for (i = 0; i < 600; i++) printf "{\"author\":\"agent%d\",\"n\":%d}\n", i % 200, i }' > in.jsonl
(ulimit -n 40; adkev partition --split out in.jsonl > map); echo "status $?"
ls out | wc -l
cat out/agent7.jsonl out/agent199.jsonl
cat out/*.jsonl | wc -l
grep -o '"agent199":"[^"]*"' map
cd / && rm -rf "$t"
