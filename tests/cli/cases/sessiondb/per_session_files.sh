# --per-session over files of session objects gives what it gives over a
# session database: one result per session, tagged with its app, user and
# id.  adkjs.db holds the twelve corpus sessions (ADK JS wrote it from the
# session files): the same sessions as session objects, one per line in the
# database's update order, give each command's results line for line, but
# for the operand's name.  Each line counts the commands that agreed.
# Standard error is compared after standard output, which a pipe buffers:
# final's warnings of runs that end in an error name the operand.
export TZ=UTC
t=$(mktemp -d) && cd "$t" || exit 1
trap 'cd / && rm -rf "$t"' EXIT
adkev sessions "$CORPUS/db/adkjs.db" | sed 's/.*"session_id":"\([^"]*\)".*/\1/' | while read -r id; do
	grep -l "\"id\":\"$id\"" "$CORPUS"/adkjs/*.session.json | xargs cat
done >sessions.jsonl
echo "$(wc -l <sessions.jsonl) session objects"
for cmd in "stats" "final" "final -r" "final --per-invocation" "final --invocation last" "reasoning" \
	"trajectory" "trajectory --per-invocation" "state" "stats --author user"; do
	# shellcheck disable=SC2086
	a=$(adkev $cmd --per-session "$CORPUS/db/adkjs.db" 2>a.err | sed 's/^{"file":"[^"]*",/{/; s/^adkjs.db	//'; sed 's/^adkev: final: .*: warning: /adkev: final: FILE: warning: /' a.err; echo "exit $?")
	# shellcheck disable=SC2086
	b=$(adkev $cmd --per-session sessions.jsonl 2>b.err | sed 's/^{"file":"[^"]*",/{/; s/^sessions.jsonl	//'; sed 's/^adkev: final: .*: warning: /adkev: final: FILE: warning: /' b.err; echo "exit $?")
	if [ "$a" = "$b" ]; then echo same; else echo "DIFF $cmd"; fi
done | sort | uniq -c
# What the lines say: two session files, a stream of plain events (one
# result, its session fields null) and standard input.
cd "$CORPUS/adkjs" || exit 1
adkev final --per-session a_plain.session.json b_tool_call.session.json a_plain.jsonl
cat d_thinking.session.json f_state.session.json | adkev stats --per-session | cut -c1-160
# -e fails when one session's result is empty: b_tool_call's answer comes
# from weather_agent, so --author assistant leaves its session nothing.
cat a_plain.session.json b_tool_call.session.json | adkev final -e --author assistant --per-session
