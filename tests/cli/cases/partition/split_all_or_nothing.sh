# --split is all or nothing: a target that appears while the input is read
# (another process, here the producer itself) is found before the first
# rename, so no file of the run is created or, with --force, overwritten.
t=$(mktemp -d) && cd "$t" || exit 1
mkfifo in
produce() { # $1: what to make appear once adkev has started its files
	printf '%s\n' '{"author":"a","n":1}' '{"author":"b","n":2}'
	i=0
	while ! ls -A out | grep -q '\.tmp$'; do
		i=$((i + 1)); [ $i -gt 400 ] && break; sleep 0.05
	done
	sleep 0.2
	eval "$1"
}
mkdir out
produce 'echo other >out/b.jsonl' >in &
adkev partition --split out in; echo "status $?"
wait
ls -A out
printf '{"author":"a","n":"old"}\n' >out/a.jsonl; rm out/b.jsonl
produce 'mkdir out/b.jsonl' >in &
adkev partition --force --split out in; echo "status $?"
wait
ls -A out
cat out/a.jsonl
cd / && rm -rf "$t"
