# Lines are cut only on a terminal (tests/tty) or with --width: into a file
# or a pipe every value is whole, whatever $COLUMNS says.  With --width an
# author name is cut too, to what the line leaves beside the value's ten
# columns (8 to 32 columns).
f=$CORPUS/adkjs/j_secrets.session.jsonl
unset COLUMNS
adkev show "$f" || echo "exit $?"
echo ---
COLUMNS=60 adkev show "$f"
echo ---
COLUMNS=60 adkev show --width 50 "$f"
echo ---
# Too narrow to hold a value: ten columns of it are shown all the same.
adkev show --width 20 "$f"
echo ---
long=$(printf 'agent%.0s' 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20)
printf '{"author":"%s","content":{"parts":[{"text":"hello, a value longer than any line here, to be cut at the edge"}]}}\n{"author":"b","content":{"parts":[{"text":"hi"}]}}\n' "$long" >long.jsonl
adkev show --width 60 long.jsonl
adkev show --width 100 long.jsonl
adkev show long.jsonl | cut -c1-40
rm -f long.jsonl
# A long author first at the top and then on a deep branch: the second
# line keeps to --width too, as the author's room is taken at its indent.
long=$(printf 'a%.0s' $(seq 1 60))
printf '{"author":"%s","content":{"parts":[{"text":"one"}]}}\n{"author":"%s","branch":"r.a.b.c.d.e.f.g","content":{"parts":[{"text":"two two two two two two two two two two"}]}}\n' \
	"$long" "$long" | adkev show --width 70 | LC_ALL=C.UTF-8 wc -L
