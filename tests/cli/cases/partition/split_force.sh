# --force replaces existing files (a symbolic link is replaced, never
# followed); a directory in the way is still refused.
t=$(mktemp -d) && cd "$t" || exit 1
mkdir out && echo 'old' > out/router.jsonl && echo 'target' > victim
ln -s ../victim out/billing_agent.jsonl
adkev partition --split out --force "$CORPUS"/adkjs/g_transfer.jsonl; echo "status $?"
ls -A out
wc -l out/router.jsonl out/billing_agent.jsonl | awk '{ print $1, $2 }'
test -L out/billing_agent.jsonl || echo "the link was replaced by a file"
cat victim
rm out/tech_support_agent.jsonl && mkdir out/tech_support_agent.jsonl
adkev partition --split out --force "$CORPUS"/adkjs/g_transfer.jsonl; echo "status $?"
ls -A out
cd / && rm -rf "$t"
