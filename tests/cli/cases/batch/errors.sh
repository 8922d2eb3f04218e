# --per-file and the statuses: a file that cannot be opened (missing, a
# folder with no event file in it) is reported and gets no line, the others
# are read, and the status is 66 at the end.  Bad input ends the read of its
# file, as it ends one read of every operand: the file gets the result of the
# events before the bad one, the files after it are read, a count of such
# files comes at the end, and the status is 65.  With --skip-invalid every
# file is read whole
# and the count of skipped values comes once, at the end.
printf '%s\n' '{"author":"a","content":{"parts":[{"text":"before"}]}}' 'not json' \
	'{"author":"a","content":{"parts":[{"text":"after"}]}}' >bad.jsonl
cp "$SAMPLES"/a_plain.jsonl "$SAMPLES"/e_sequential_critic.jsonl .
a=a_plain.jsonl
mkdir -p empty
adkev final --per-file missing.jsonl "$a" empty "$a"; echo "missing: status $?"
adkev final --per-file missing.jsonl; echo "only missing: status $?"
adkev final --per-file "$a" bad.jsonl "$a"; echo "bad: status $?"
adkev final --per-file --full-scan "$a" bad.jsonl "$a"; echo "bad, --full-scan: status $?"
adkev trajectory --per-file "$a" bad.jsonl "$a" >out.jsonl; echo "trajectory, bad: status $?"
cut -c1-60 out.jsonl
adkev final --per-file --skip-invalid bad.jsonl "$a" bad.jsonl; echo "--skip-invalid: status $?"
adkev final --per-file --skip-invalid bad.jsonl missing.jsonl "$a"; echo "--skip-invalid, missing: status $?"
# A file whose result cannot be made (critic: no verdict) is reported and
# gets no line; the other files are still judged, and the status is 65.
# A file with no final output at all is named, as there is no event to
# point at.
adkev critic --per-file "$a" e_sequential_critic.jsonl; echo "critic: status $?"
head -n 1 "$CORPUS"/adkjs/b_tool_call.jsonl >tool_call.jsonl
adkev critic --per-file e_sequential_critic.jsonl tool_call.jsonl e_sequential_critic.jsonl
echo "critic, no final output: status $?"
rm -f bad.jsonl out.jsonl a_plain.jsonl e_sequential_critic.jsonl tool_call.jsonl
