# Partial results a merge refuses, each in one line that names the place
# and quotes nothing of the partial result; nothing is written to stdout.
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
cp "$CORPUS"/adkjs/j_secrets.jsonl "$t/run.jsonl"
cd "$t" || exit
f=run.jsonl
adkev stats --no-redact --partial "$f" >good
# Cut short at a line end (its end line gone) and in the middle of a line.
head -n 2 good | adkev stats --no-redact --merge; echo "exit $?"
head -c 150 good | adkev stats --no-redact --merge; echo "exit $?"
# Another format version, another command, other options.
sed 's/"adkev_partial":1/"adkev_partial":2/' good | adkev stats --no-redact --merge; echo "exit $?"
adkev stats --no-redact --merge good good >/dev/null; echo "exit $?"
adkev state --merge good; echo "exit $?"
adkev stats --merge good; echo "exit $?"
# A damaged fold holding a secret: the message does not quote it.
sed 's/"events":[0-9]*/"events":"sk-live-0123456789abcdef"/' good |
	adkev stats --no-redact --merge 2>&1 | grep -c sk-live
# Not partial results at all, and options that do not go with them.
adkev stats --merge "$f"; echo "exit $?"
adkev stats --partial --merge "$f"; echo "exit $?"
adkev state --partial --author x "$f"; echo "exit $?"
# Bad input ends the read of a piece: the merge writes the result of the
# pieces up to it and exits 65, as one run over the whole input does.
{
	head -n 2 "$CORPUS"/adkjs/b_tool_call.jsonl
	echo '{"author":"x", broken'
} >bad.jsonl
adkev stats --per-invocation bad.jsonl; echo "one run: exit $?"
head -n 1 bad.jsonl | adkev stats --per-invocation --partial >1.part
tail -n +2 bad.jsonl | adkev stats --per-invocation --partial >2.part; echo "exit $?"
cat 1.part 2.part 1.part | adkev stats --per-invocation --merge; echo "merged: exit $?"
