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
until_true() { # COMMAND: true once COMMAND is, within 10 s
	i=0
	while ! eval "$1"; do
		i=$((i + 1))
		[ $i -gt 100 ] && { echo "gave up waiting for: $1"; return 1; }
		sleep 0.1
	done
}
# adkev under timeout under the test's wrapper: SIGINT at its default (a
# background job of a script would ignore it), sent to adkev itself.
start() { # ARGS...: adkev ARGS in the background, out and err its output
	# The background job empties out itself, maybe after the first look at
	# it: the last run's out must not be there to be found.
	rm -f out err
	env --default-signal=INT timeout -s KILL 30 adkev "$@" >out 2>err &
	watch=$!
}
find_real() { # sets real: adkev's own process, under timeout and the wrapper
	until_true 'shim=$(pgrep -P $watch) && real=$(pgrep -P $shim)'
}
read_to_end() { # FILE: whether adkev has read FILE to its end (its offset is the size)
	for fd in /proc/$real/fd/*; do
		[ "$(readlink "$fd")" = "$PWD/$1" ] || continue
		[ "$(sed -n 's/^pos:[[:space:]]*//p' "/proc/$real/fdinfo/${fd##*/}")" = \
			"$(wc -c <"$1" | tr -d ' ')" ] && return 0
	done
	return 1
}
stop() { # SIGNAL
	find_real
	kill -"$1" $real
	wait $watch
	echo "status $?"
}
for cmd in "show --width 60" "final --concat -r --separator=| -j 2"; do
	echo "== $cmd"
	ev first >run.jsonl
	start $cmd -f run.jsonl
	until_true 'grep -qs first out' && echo "the first event is out before any other is written"
	ev second >>run.jsonl
	printf '{"author":"agent","content":{"parts":[{"text":"thi' >>run.jsonl
	until_true 'grep -qs second out' && echo "the second arrived"
	sleep 0.5
	grep -c thi out
	printf 'rd"}]}}\n' >>run.jsonl
	until_true 'grep -qs third out' && echo "the third, once its line ended"
	stop INT
	cat out
	cat err >&2
done
echo "== stats, ended by SIGTERM"
ev one >run.jsonl
start stats -f run.jsonl
find_real
until_true 'read_to_end run.jsonl'
ev two >>run.jsonl
until_true 'read_to_end run.jsonl'
stop TERM
cat out
echo "== interrupted while a line is half written"
ev one >run.jsonl
printf '{"author":"agent","content":' >>run.jsonl
start to-a2a -f -j 1 run.jsonl
until_true 'grep -qs one out'
stop INT
cat err >&2
echo "== a pipe is read to its end"
{ ev piped; sleep 0.3; ev end; } | timeout 10 adkev stats -f | cut -c 1-40
echo "status $?"
echo "== the last operand only is followed"
ev before >first.jsonl
ev last >run.jsonl
start final -f -r first.jsonl run.jsonl
find_real
until_true 'read_to_end run.jsonl'
ev "the answer" >>run.jsonl
until_true 'read_to_end run.jsonl'
stop INT
cat out
echo "== a file that does not exist yet is waited for, as tail -F does"
rm -f late.jsonl
start show --width 60 -f late.jsonl
until_true 'grep -qs "waiting for it" err' && echo "the wait is said"
ev "it came" >late.jsonl
until_true 'grep -qs "it came" out' && echo "the file is read once it appears"
ev "and grew" >>late.jsonl
until_true 'grep -qs "and grew" out' && echo "and followed"
stop INT
cat err >&2
echo "== a signal ends the wait for it"
rm -f never.jsonl
start final -f never.jsonl
until_true 'grep -qs "waiting for it" err'
stop INT
cat out err
echo "== without -f a missing file is an error"
adkev final never.jsonl; echo "status $?"
