# Standard streams closed by the caller: reading a closed standard input or
# writing a closed standard output is an error (74), and no file adkev
# opens takes their place, so --split never writes the mapping or a
# warning into an agent's file; with standard output closed the mapping
# cannot be written, so no file gets its name either.
t=$(mktemp -d) && cd "$t" || exit 1
printf '{"author":"a","n":1}\n{"author":"b","n":2}\nnot json\n{"author":"a","n":3}\n' >in.jsonl
adkev final -r <&-; echo "final <&-: status $?"
adkev final -r "$SAMPLES"/a_plain.jsonl >&- 2>/dev/null; echo "final >&-: status $?"
adkev final -r "$SAMPLES"/a_plain.jsonl 2>&-; echo "final 2>&-: status $?"
adkev partition --split out --skip-invalid <in.jsonl >&- 2>&-; echo "partition --split >&- 2>&-: status $?"
adkev partition --split out2 --skip-invalid <in.jsonl 2>&-; echo "partition --split 2>&-: status $?"
adkev partition --split out3 --skip-invalid <&- >map 2>/dev/null; echo "partition --split <&-: status $?"
echo "out: $(ls -A out | wc -l | tr -d ' ') files"
head out2/*
ls -A
cd / && rm -rf "$t"
