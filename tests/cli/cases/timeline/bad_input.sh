# Bad input ends the read with 65, and the page shows the run up to it; with
# --skip-invalid the rest is shown too.  A missing file is 66.
printf '%s\n' '{"author":"a","timestamp":1,"content":{"role":"model","parts":[{"text":"one"}]}}' 'nope' \
	'{"author":"a","timestamp":2,"content":{"role":"model","parts":[{"text":"two"}]}}' >in.jsonl
adkev timeline in.jsonl >page.html; echo "exit $?"
grep -o '"text":"[^"]*"' page.html
adkev timeline --skip-invalid in.jsonl >page.html; echo "exit $?"
grep -o '"text":"[^"]*"' page.html
adkev timeline --skip-invalid missing.jsonl in.jsonl >/dev/null; echo "exit $?"
rm -f in.jsonl page.html
