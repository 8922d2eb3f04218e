# partition --split when writing fails (the cases partition/ does not
# already cover): a failed --force run leaves the files of the earlier run
# whole, and a mapping that cannot be printed (full disk) is exit 74 with
# one message and no file given its name (the manual says none is
# created): the next run, without --force, succeeds, and a --force run
# that cannot print its mapping leaves the earlier run's files as they were.
t=$(mktemp -d) && cd "$t" || exit 1
printf '{"author":"a","n":1}\n{"author":"b","n":2}\n' >small.jsonl
awk '{ for (i = 0; i < 50; i++) print }' "$CORPUS"/adkjs/g_transfer.jsonl >big.jsonl
adkev partition --split out small.jsonl; echo "status $?"
(trap '' XFSZ; ulimit -f 10; adkev partition --force --split out big.jsonl); echo "status $?"
ls -A out
cat out/a.jsonl out/b.jsonl
adkev partition --split out2 small.jsonl >/dev/full; echo "status $?"
echo "out2 after a full disk: $(ls -A out2 | wc -l | tr -d ' ') files"
adkev partition --split out2 small.jsonl; echo "status $?"
adkev partition --force --split out2 "$CORPUS"/adkjs/g_transfer.jsonl >/dev/full; echo "status $?"
ls -A out2
cat out2/a.jsonl out2/b.jsonl
cd / && rm -rf "$t"
