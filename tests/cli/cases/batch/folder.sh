# --per-file over a folder gives a result for each file the folder stands
# for, as --per-session does: recursively, in the order a read of the
# folder takes them (each folder's entries sorted by their bytes), each
# file named by the folder's path joined with its own, as one would type
# it.  The lines are those of the same files given one by one, at -j 1 and
# -j 2 alike, for every command that takes --per-file.  A bad file in the
# folder (bad JSON, a cut gzip stream) ends only its own read, and the
# count at the end is of files, not of operands.
set -u
t=$(mktemp -d) && cd "$t" || exit 1
trap 'cd / && rm -rf "$t"' EXIT
mkdir -p runs/later runs/.hidden empty
cp "$CORPUS"/adkjs/a_plain.jsonl runs/
gzip -c "$CORPUS"/adkjs/b_tool_call.jsonl >runs/b_tool_call.jsonl.gz
cp "$CORPUS"/adkjs/d_thinking.session.json runs/later/
cp "$CORPUS"/adkjs/f_state.jsonl "$CORPUS"/adkjs/l_multi_turn.jsonl runs/later/
cp "$CORPUS"/db/adkjs.db runs/sessions.db
# What a read of the folder leaves out.
cp "$CORPUS"/README.md runs/
cp "$CORPUS"/adkjs/c_streaming.jsonl runs/.hidden/
files="runs/a_plain.jsonl runs/b_tool_call.jsonl.gz runs/later/d_thinking.session.json
runs/later/f_state.jsonl runs/later/l_multi_turn.jsonl runs/sessions.db"
echo "== final --per-file runs"
adkev final --per-file runs; echo "exit $?"
echo "== the same lines as the files one by one, for each command"
for cmd in "final" "final --concat" "final --per-invocation" "final --invocation last" \
	"reasoning" "trajectory" "state" "state --per-invocation" "stats" "stats --table" \
	"partition --trajectories"; do
	# shellcheck disable=SC2086 # the words of the command and the list of files
	adkev $cmd --per-file -j 1 runs >folder1.out; s1=$?
	# shellcheck disable=SC2086
	adkev $cmd --per-file -j 2 runs >folder2.out; s2=$?
	# shellcheck disable=SC2086
	adkev $cmd --per-file -j 1 $files >files.out; s3=$?
	if cmp -s folder1.out files.out && cmp -s folder2.out files.out; then
		echo "$cmd: equal at -j 1 and -j 2 ($(wc -l <files.out) lines), status $s1 $s2 $s3"
	else
		echo "$cmd: DIFFERENT, status $s1 $s2 $s3"
		diff folder1.out files.out | head -n 5
		diff folder2.out files.out | head -n 5
	fi
done
# critic judges a critic's verdicts: a folder of them.
mkdir critics
cp "$CORPUS"/adkjs/e_sequential_critic.jsonl critics/
cp "$CORPUS"/adkjs/e_sequential_critic.session.jsonl critics/
echo "== critic --per-file critics/ (a slash at the end is not doubled)"
adkev critic --per-file critics/; echo "exit $?"
echo "== operands and folders mixed, in operand order; a folder with no event file"
adkev final --per-file critics/e_sequential_critic.jsonl empty runs/later runs/a_plain.jsonl
echo "exit $?"
echo "== --per-session over the folder: the same files, a result per session in them"
adkev final --per-session runs >sessions.out; echo "exit $?"
cut -c1-100 sessions.out
echo "== bad files in the folder end only their own reads"
printf '%s\n' '{"author":"a","content":{"parts":[{"text":"before"}]}}' 'not json' \
	'{"author":"a","content":{"parts":[{"text":"after"}]}}' >runs/later/bad.jsonl
size=$(wc -c <runs/b_tool_call.jsonl.gz)
head -c $((size - 20)) runs/b_tool_call.jsonl.gz >runs/later/cut.jsonl.gz
for j in 1 2; do
	adkev final --per-file -j $j runs >bad$j.out; echo "-j $j: exit $?"
done
cmp bad1.out bad2.out && cat bad1.out
adkev trajectory --per-file runs/later >traj.out; echo "trajectory: exit $?"
cut -c1-70 traj.out
echo "== --skip-invalid reads each file whole, and counts once"
adkev final --per-file --skip-invalid runs/later; echo "exit $?"
echo "== a folder's files are never followed, as in a read of the folder"
rm runs/later/bad.jsonl runs/later/cut.jsonl.gz
timeout 60 adkev final --per-file -f runs/later; echo "exit $?"
