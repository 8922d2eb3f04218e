# A recorded session holds the user's own messages: they are dropped.  The
# stored session as JSONL and as one session object give the same result.
# A private scratch directory: cases may run side by side.
t=$(mktemp -d) && cd "$t" || exit 1
adkev partition "$CORPUS"/adkjs/g_transfer.session.jsonl > jsonl.tmp; echo "status $?"
adkev partition "$CORPUS"/adkjs/g_transfer.session.json > json.tmp; echo "status $?"
cmp jsonl.tmp json.tmp && echo "same result"
cat json.tmp
grep -c '"author":"user"' "$CORPUS"/adkjs/g_transfer.session.jsonl
grep -c '"author":"user"' json.tmp
cd / && rm -rf "$t"
adkev partition "$CORPUS"/adkjs/l_multi_turn.session.json
