# Bad input stops the run with 65, but the events before it are kept, as
# the other subcommands print their result over them.  With --skip-invalid
# the bad line is skipped and the run goes on.
t=$(mktemp -d) && cd "$t" || exit 1
printf '%s\n' '{"author":"a","n":1}' '{"author":"b","n":2}' '{"author":"a",' '{"author":"c","n":3}' > in.jsonl
adkev partition --split out in.jsonl; echo "status $?"
ls -A out
adkev partition --split out2 --skip-invalid in.jsonl; echo "status $?"
ls -A out2
cat out2/a.jsonl
adkev partition in.jsonl; echo "status $?"
cd / && rm -rf "$t"
