# --split DIR: one JSONL file per agent (DIR is created, parents too), each
# event on its own line as its input bytes; the mapping goes to stdout.
t=$(mktemp -d) && cd "$t" || exit 1
adkev partition --split out/run1 "$CORPUS"/adkjs/g_transfer.session.jsonl; echo "status $?"
ls -A out/run1
for f in out/run1/*; do echo "== $f"; cat "$f"; done
# Every agent event of the input is in a file, byte for byte.
grep -v '"author":"user"' "$CORPUS"/adkjs/g_transfer.session.jsonl | sort > want
cat out/run1/* | sort | cmp - want && echo "files hold exactly the agent events"
# A pretty-printed event becomes one line; -p indents the mapping only.
printf '{\n  "author": "a",\n  "n": 0.1\n}\n{"author":"b/c"}\n' | adkev partition -p --split out/run2/; echo "status $?"
ls -A out/run2
cat out/run2/a.jsonl
# DIR "." is the current directory.
cd out && adkev partition --split . "$CORPUS"/adkjs/a_plain.jsonl; echo "status $?"
ls -A
cd / && rm -rf "$t"
