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
# The directory ends holding this run's files: those an earlier run wrote
# (listed in out/.adkev-split) and this one does not are taken away with
# --force, in the same all-or-nothing commit; a file partition never wrote
# (an input beside them) stays.  Without --force they stay, and are listed.
rm -rf out
adkev partition --split out "$CORPUS"/adkjs/g_transfer.jsonl >/dev/null; echo "status $?"
cp "$CORPUS"/adkjs/b_tool_call.jsonl out/input.jsonl
adkev partition --split out "$CORPUS"/adkjs/a_plain.jsonl; echo "without --force: status $?"
ls -A out
cat out/.adkev-split
adkev partition --split out --force out/input.jsonl; echo "--force: status $?"
ls -A out
cat out/.adkev-split
# A commit that fails (a directory where a file must go) takes nothing away.
rm -rf out
adkev partition --split out "$CORPUS"/adkjs/g_transfer.jsonl >/dev/null
mkdir out/weather_agent.jsonl
adkev partition --split out --force "$CORPUS"/adkjs/b_tool_call.jsonl; echo "failed: status $?"
ls -A out
cd / && rm -rf "$t"
