# --per-file over a folder: one result per file read, named by its path, in
# the folder reader's order, nested folders included, as --per-session gives
# each session its own.  A bad file in the folder ends only its own read
# (status 65, and the count of such files at the end); -j 2 writes what -j 1
# writes.
t=$(mktemp -d) && cd "$t" || exit 1
trap 'cd / && rm -rf "$t"' EXIT
mkdir -p runs/more
cp "$SAMPLES"/a_plain.jsonl "$SAMPLES"/b_tool_call.jsonl runs/
cp "$SAMPLES"/e_sequential_critic.jsonl runs/more/
adkev final --per-file runs; echo "final: status $?"
adkev stats --per-file -c runs | jq -c "{file, events: .stats.events}"
adkev final --per-file -j 1 runs "$SAMPLES"/a_plain.jsonl >j1.out
adkev final --per-file -j 2 runs "$SAMPLES"/a_plain.jsonl >j2.out
cmp j1.out j2.out && echo "-j 1 and -j 2: same"
{ head -n 1 "$SAMPLES"/a_plain.jsonl; echo 'not json'; } >runs/more/bad.jsonl
adkev final --per-file runs; echo "a bad file: status $?"
# -f follows the last operand only: the one before it is read to its end.
cp "$SAMPLES"/a_plain.jsonl "$SAMPLES"/b_tool_call.jsonl .
. "$TESTS/cli/follow.sh"
follow_start final --per-file -f a_plain.jsonl b_tool_call.jsonl
until_true 'read_to_end b_tool_call.jsonl'
follow_stop INT
cat out err
