# --invocation takes a unique prefix of an id, as git takes one of an object
# name: the man page's own example, e-9855d051, names the first turn of
# g_transfer.  A prefix of several ids is a usage error (64) that names them,
# and nothing is written for it by a command that writes after the read; a
# filter that matches nothing says so on standard error, and the status is
# the result's (0, or 1 with -e, as for any empty result).
cd "$CORPUS"/adkjs || exit 1
adkev final -r --invocation e-9855d051 g_transfer.jsonl; echo "prefix: status $?"
adkev final -r --invocation e-9855d051-b523-434c-821c-3704eaa4d317 g_transfer.jsonl
echo "whole id: status $?"
adkev final -r --invocation e-c0c76f2f g_transfer.jsonl; echo "other turn: status $?"
page=$(adkev timeline --invocation e-9855d051 g_transfer.jsonl); echo "timeline: status $?"
printf '%s\n' "$page" | grep -c 'e-9855d051-b523-434c-821c-3704eaa4d317'
printf '%s\n' "$page" | grep -c 'e-c0c76f2f'
adkev stats --invocation e-9855 g_transfer.jsonl g_transfer.jsonl; echo "twice: status $?"
adkev final --invocation e- l_multi_turn.session.json; echo "ambiguous: status $?"
page=$(adkev timeline --invocation e- l_multi_turn.session.json); echo "ambiguous timeline: status $?"
echo "page: ${#page} bytes"
adkev final -e --invocation e-0000 g_transfer.jsonl; echo "no match: status $?"
adkev final --author nobody g_transfer.jsonl; echo "no author: status $?"
adkev final --per-file --author nobody g_transfer.jsonl l_multi_turn.session.json
echo "no author in a batch: status $?"
# show holds a session's lines until the session ends (its header gives the
# time of its last event), so the ambiguity stops it before it writes any.
adkev show --invocation e- l_multi_turn.session.json; echo "ambiguous show: status $?"
# An id is counted once however many events it has, also past the eight the
# message names: the corpus together holds more than eight ids.
ids=$(cat ./*.jsonl | grep -o '"invocationId":"e-[^"]*"' | sort -u | wc -l)
said=$(cat ./*.jsonl | adkev stats --invocation e- 2>&1 >/dev/null |
	sed -n 's/.* is ambiguous: \([0-9]*\) invocation ids .*/\1/p')
[ "$ids" -gt 8 ] && [ "$said" = "$ids" ] && echo "every id once: $said" ||
	echo "ids counted: $said of $ids"
