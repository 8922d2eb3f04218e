# A directory that cannot be made or used: exit 73 before any input is read,
# one message.  Tests run as root, which a read-only directory does not
# stop, so these use a path under a regular file and one under /proc.
t=$(mktemp -d) && cd "$t" || exit 1
echo 'not a directory' > somefile
adkev partition --split somefile/sub "$CORPUS"/adkjs/a_plain.jsonl; echo "status $?"
adkev partition --split somefile "$CORPUS"/adkjs/a_plain.jsonl; echo "status $?"
adkev partition --split /proc/adkev-test/out "$CORPUS"/adkjs/a_plain.jsonl; echo "status $?"
ls -A
cd / && rm -rf "$t"
