# --follow reads a file as a runner appends to it: what is there is written
# out before adkev waits, a line is taken once its end is written, and
# SIGINT (or SIGTERM) ends the run as the end of the input would, with the
# result of a summing command and status 0.  -j 2 follows the same way; a
# pipe is read to its end; a line half written when the signal comes is left.  The waits here are bounded (10 s), and `timeout`
# kills adkev if it never ends.
set -u
t=$(mktemp -d) && cd "$t" || exit 1
trap 'cd / && rm -rf "$t"' EXIT
ev() {
	printf '{"author":"agent","invocationId":"e-1","content":{"parts":[{"text":"%s"}]}}\n' "$1"
}
# grep -s: the output file may not exist yet when the first look is taken.
. "$TESTS/cli/follow.sh"
for cmd in "show --width 60" "final --concat -r --separator=| -j 2"; do
	echo "== $cmd"
	ev first >run.jsonl
	follow_start $cmd -f run.jsonl
	until_true 'grep -qs first out' && echo "the first event is out before any other is written"
	ev second >>run.jsonl
	printf '{"author":"agent","content":{"parts":[{"text":"thi' >>run.jsonl
	until_true 'grep -qs second out' && echo "the second arrived"
	sleep 0.5
	grep -c thi out
	printf 'rd"}]}}\n' >>run.jsonl
	until_true 'grep -qs third out' && echo "the third, once its line ended"
	follow_stop INT
	cat out
	cat err >&2
done
echo "== stats, ended by SIGTERM"
ev one >run.jsonl
follow_start stats -f run.jsonl
until_true 'read_to_end run.jsonl'
ev two >>run.jsonl
until_true 'read_to_end run.jsonl'
follow_stop TERM
cat out
echo "== interrupted while a line is half written"
ev one >run.jsonl
printf '{"author":"agent","content":' >>run.jsonl
follow_start to-a2a -f -j 1 run.jsonl
until_true 'grep -qs one out'
follow_stop INT
cat err >&2
echo "== a pipe is read to its end"
{ ev piped; sleep 0.3; ev end; } | timeout 10 adkev stats -f | cut -c 1-40
echo "status $?"
echo "== the last operand only is followed"
ev before >first.jsonl
ev last >run.jsonl
follow_start final -f -r first.jsonl run.jsonl
until_true 'read_to_end run.jsonl'
ev "the answer" >>run.jsonl
until_true 'read_to_end run.jsonl'
follow_stop INT
cat out
echo "== a file that does not exist yet is waited for, as tail -F does"
rm -f late.jsonl
follow_start show --width 60 -f late.jsonl
until_true 'grep -qs "waiting for it" err' && echo "the wait is said"
ev "it came" >late.jsonl
until_true 'grep -qs "it came" out' && echo "the file is read once it appears"
ev "and grew" >>late.jsonl
until_true 'grep -qs "and grew" out' && echo "and followed"
follow_stop INT
cat err >&2
echo "== a signal ends the wait for it"
rm -f never.jsonl
follow_start final -f never.jsonl
until_true 'grep -qs "waiting for it" err'
follow_stop INT
cat out err
echo "== without -f a missing file is an error"
adkev final never.jsonl; echo "status $?"
