# Existing files are never overwritten without --force: exit 73, one message
# naming the file, no mapping, and nothing written or left behind -- not even
# the file of an agent that came before the one in the way.
t=$(mktemp -d) && cd "$t" || exit 1
adkev partition --split out "$CORPUS"/adkjs/g_transfer.jsonl > /dev/null; echo "status $?"
ls -l out/*.jsonl | awk '{ print $5, $9 }' > before
adkev partition --split out "$CORPUS"/adkjs/g_transfer.jsonl; echo "status $?"
ls -l out/*.jsonl | awk '{ print $5, $9 }' | cmp - before && echo "unchanged"
mkdir fresh && echo 'keep me' > fresh/billing_agent.jsonl
adkev partition --split fresh "$CORPUS"/adkjs/g_transfer.jsonl; echo "status $?"
ls -A fresh
cat fresh/billing_agent.jsonl
cd / && rm -rf "$t"
