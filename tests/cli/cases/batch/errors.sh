# --per-file and the statuses: a file that cannot be opened (missing, a
# folder) is reported and gets no line, the others are read, and the status
# is 66 at the end.  Bad input stops the run, as it stops one read of every
# operand: its file gets the result of the events before the bad one, the
# files after it are not read, 65.  With --skip-invalid every file is read
# and the count of skipped values comes once, at the end.
printf '%s\n' '{"author":"a","content":{"parts":[{"text":"before"}]}}' 'not json' \
	'{"author":"a","content":{"parts":[{"text":"after"}]}}' >bad.jsonl
cp "$SAMPLES"/a_plain.jsonl "$SAMPLES"/e_sequential_critic.jsonl .
a=a_plain.jsonl
adkev final --per-file missing.jsonl "$a" . "$a"; echo "missing: status $?"
adkev final --per-file missing.jsonl; echo "only missing: status $?"
adkev final --per-file "$a" bad.jsonl "$a"; echo "bad: status $?"
adkev final --per-file --full-scan "$a" bad.jsonl "$a"; echo "bad, --full-scan: status $?"
adkev trajectory --per-file "$a" bad.jsonl "$a" >out.jsonl; echo "trajectory, bad: status $?"
cut -c1-60 out.jsonl
adkev final --per-file --skip-invalid bad.jsonl "$a" bad.jsonl; echo "--skip-invalid: status $?"
adkev final --per-file --skip-invalid bad.jsonl missing.jsonl "$a"; echo "--skip-invalid, missing: status $?"
# A file whose result cannot be made (critic: no verdict) is reported and
# gets no line; the other files are still judged, and the status is 65.
adkev critic --per-file "$a" e_sequential_critic.jsonl; echo "critic: status $?"
rm -f bad.jsonl out.jsonl a_plain.jsonl e_sequential_critic.jsonl
