# --follow notices a file truncated and written anew (read again from its
# start) and a file replaced under its name (reopened by the name), as
# tail -F does, and says so; the waits are bounded (10 s).
set -u
t=$(mktemp -d) && cd "$t" || exit 1
trap 'cd / && rm -rf "$t"' EXIT
ev() {
	printf '{"author":"agent","invocationId":"e-1","content":{"parts":[{"text":"%s"}]}}\n' "$1"
}
until_true() { # COMMAND: true once COMMAND is, within 10 s
	i=0
	while ! eval "$1"; do
		i=$((i + 1))
		[ $i -gt 100 ] && { echo "gave up waiting for: $1"; return 1; }
		sleep 0.1
	done
}
for jobs in 1 2; do
	echo "== -j $jobs"
	ev "first run, event 1" >run.jsonl
	ev "first run, event 2" >>run.jsonl
	# The background job empties out itself, maybe after the first look at
	# it: the last run's out, which holds "event 2", must not be there.
	rm -f out err
	env --default-signal=INT timeout -s KILL 30 adkev final --concat -r --separator=/ \
		-j $jobs -f run.jsonl >out 2>err &
	watch=$!
	until_true 'grep -qs "event 2" out'
	: >run.jsonl
	until_true 'grep -qs truncated err' && echo "the truncation was noticed"
	ev "second run" >>run.jsonl
	until_true 'grep -qs "second run" out' && echo "the new text was read"
	ev "third run" >new.jsonl
	mv new.jsonl run.jsonl
	until_true 'grep -qs replaced err' && echo "the replacement was noticed"
	until_true 'grep -qs "third run" out' && echo "the new file was read"
	ev "third run, event 2" >>run.jsonl
	until_true 'grep -qs "third run, event 2" out' && echo "and followed"
	until_true 'shim=$(pgrep -P $watch) && real=$(pgrep -P $shim)'
	kill -INT $real
	wait $watch
	echo "status $?"
	cat out
	cat err >&2
done
