# evalset -o FILE writes the set through a temporary file renamed over FILE,
# and --in-place writes --append's set back to its file: a run that fails
# leaves the old set as it was, where `> set.json` would have emptied it
# (issue 36).  --append of a file not there yet starts a new set, with a
# note.  A set replaced keeps its mode, and no temporary file is left.
tmp=$(mktemp -d) && cd "$tmp" || exit 1
trap 'rm -rf "$tmp"' EXIT
a="$CORPUS"/adkjs
cp "$a"/a_plain.session.json "$a"/b_tool_call.session.json "$a"/f_state.session.json .
adkev evalset -o set.json a_plain.session.json > out.txt; echo "-o: exit $?, $(wc -c < out.txt) bytes on stdout"
adkev evalset a_plain.session.json | cmp - set.json && echo "-o wrote what stdout gets"
chmod 640 set.json
adkev evalset --append set.json --in-place b_tool_call.session.json; echo "--in-place: exit $?"
jq -c '[.eval_cases[].eval_id]' set.json
stat -c 'mode %a' set.json
cp set.json before.json
adkev evalset --append set.json --in-place b_tool_call.session.json f_state.session.json
echo "an eval_id there already: exit $?"
cmp -s set.json before.json && echo "set.json as it was"
adkev evalset --append new.json --in-place f_state.session.json; echo "--append of a new file: exit $?"
jq -c '[.eval_set_id, [.eval_cases[].eval_id]]' new.json
adkev evalset -o missing/set.json a_plain.session.json; echo "-o in a missing folder: exit $?"
adkev evalset --in-place a_plain.session.json; echo "--in-place without --append: exit $?"
adkev evalset --append set.json --in-place -o x.json a_plain.session.json; echo "--in-place and -o: exit $?"
ls -A
