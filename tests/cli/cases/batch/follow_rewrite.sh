# --follow notices a file truncated and written anew (read again from its
# start) and a file replaced under its name (reopened by the name), as
# tail -F does, and says so; the waits are bounded (10 s).
set -u
t=$(mktemp -d) && cd "$t" || exit 1
trap 'cd / && rm -rf "$t"' EXIT
ev() {
	printf '{"author":"agent","invocationId":"e-1","content":{"parts":[{"text":"%s"}]}}\n' "$1"
}
. "$TESTS/cli/follow.sh"
for jobs in 1 2; do
	echo "== -j $jobs"
	ev "first run, event 1" >run.jsonl
	ev "first run, event 2" >>run.jsonl
	follow_start final --concat -r --separator=/ -j $jobs -f run.jsonl
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
	follow_stop INT
	cat out
	cat err >&2
done
