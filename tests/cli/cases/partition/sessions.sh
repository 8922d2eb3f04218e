# A recorded session holds the user's own messages: they are dropped.  The
# stored session as JSONL and as one session object give the same result.
adkev partition "$CORPUS"/adkjs/g_transfer.session.jsonl > jsonl.tmp; echo "status $?"
adkev partition "$CORPUS"/adkjs/g_transfer.session.json > json.tmp; echo "status $?"
cmp jsonl.tmp json.tmp && echo "same result"
cat json.tmp
grep -c '"author":"user"' "$CORPUS"/adkjs/g_transfer.session.jsonl
grep -c '"author":"user"' json.tmp
rm -f jsonl.tmp json.tmp
adkev partition "$CORPUS"/adkjs/l_multi_turn.session.json
