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
adkev state --partial --invocation x --per-invocation "$f"; echo "exit $?"
adkev state --partial --invocation e- "$f" | adkev state --merge --invocation e-a; echo "exit $?"
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
# trajectory: its tool calls and results travel as record lines after their
# fold line, counted by the end line.  A record line lost, a damaged
# record holding a secret (not quoted), a record where a fold line goes,
# other options (exit 64), and a temporary file that cannot be made (71,
# and no end line, so no merge takes what was written).
adkev trajectory --no-redact --partial "$f" >traj
grep -v '"response"' traj | adkev trajectory --no-redact --merge; echo "exit $?"
sed 's/"city":"Paris"/"city":5/; s/"result":{/"result":"sk-live-0123456789abcdef","x":{/' traj |
	adkev trajectory --no-redact --merge 2>&1 | grep -c sk-live
sed 's/"record":{"call"/"record":{"cal"/' traj | adkev trajectory --no-redact --merge; echo "exit $?"
sed 's/^{"record":/{"fold":/' traj | adkev trajectory --no-redact --merge; echo "exit $?"
adkev trajectory --merge traj; echo "exit $?"
adkev trajectory --max-string 9 --no-redact --merge traj; echo "exit $?"
adkev stats --no-redact --merge traj; echo "exit $?"
adkev trajectory --merge good; echo "exit $?"
awk 'BEGIN {
	for (i = 0; i < 200; i++)
		printf "{\"author\":\"a\",\"content\":{\"parts\":[{\"functionCall\":{\"id\":\"c%d\",\"name\":\"t\",\"args\":{\"text\":\"%0500d\"}}}]}}\n", i, i
}' >big.jsonl
TMPDIR=/nonexistent/dir adkev trajectory --partial big.jsonl >big.part; echo "exit $?"
adkev trajectory --merge big.part; echo "exit $?"
# --author filters each piece; a piece without the author's events says
# nothing, and the merge says what one run says: here, that no event has
# the author, once, with the empty result.  A merge without the --author of
# the pieces is refused.
adkev stats --author nobody "$f"; echo "one run: exit $?"
head -n 3 "$f" | adkev stats --author nobody --partial >a1.part
tail -n +4 "$f" | adkev stats --author nobody --partial >a2.part
cat a1.part a2.part | adkev stats --author nobody --merge; echo "merged: exit $?"
cat a1.part a2.part | adkev stats --merge; echo "exit $?"
