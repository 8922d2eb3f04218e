# adkev to-a2a --lossless | adkev from-a2a gives back every member of real events: for
# every stream of the corpus (ADK JS, ADK Python spelling, ADK 2.x) and the samples, in
# both protocol versions, the round-tripped events are compared with the originals member
# by member with jq.  Empty objects and arrays and null members are left out on both
# sides (from-a2a leaves them out, as ADK does); false and "" count.  A file prints
# "same", or each differing member path (- lost, + added, ~ changed; [] for any index)
# with the number of events it differs in.  The originals are the file's lines; a file in
# ADK Python's snake_case, or a session, is compared in the camelCase that from-a2a
# writes, as adkev events --camel gives it.
tmp=$(mktemp -d) && cd "$tmp" || exit 1
trap 'rm -rf "$tmp"' EXIT
cat >diff.jq <<'JQ'
def clean: walk(if type == "object"
	then with_entries(select(.value != null and .value != {} and .value != [])) else . end);
def leaves: [paths(scalars) as $p | {key: ($p | map(if type == "number" then "[]" else . end)
	| join(".")), value: getpath($p)}];
def changes($a; $b): ($a | leaves) as $x | ($b | leaves) as $y
	| ($x | map(.key) | unique) as $xk | ($y | map(.key) | unique) as $yk
	| (($xk - $yk) | map("-" + .)) + (($yk - $xk) | map("+" + .))
	+ [($xk - ($xk - $yk))[] as $k | select(($x | map(select(.key == $k).value))
		!= ($y | map(select(.key == $k).value))) | "~" + $k];
if ($a | length) != ($b | length) then "\($a | length) events became \($b | length)"
else [range($a | length) as $i | changes($a[$i] | clean; $b[$i] | clean)[]]
	| if length == 0 then "same"
	else group_by(.) | map("\(.[0]) (\(length))") | join(", ") end end
JQ
for f in "$CORPUS"/adkjs/* "$CORPUS"/adkpy-style/*.jsonl "$CORPUS"/adk2/*.jsonl \
	"$CORPUS"/adk2/members/*.jsonl "$CORPUS"/adk2/rewind/*.jsonl \
	"$SAMPLES"/*.jsonl "$SAMPLES"/*.session.json; do
	case $f in
	*snake* | *.json) adkev events --camel -c "$f" >orig.jsonl || echo "exit $?" ;;
	*) jq -c . "$f" >orig.jsonl ;;
	esac
	for v in 0.3 1.0; do
		adkev to-a2a --lossless --a2a-version $v "$f" >a2a.jsonl || echo "exit $?"
		adkev from-a2a a2a.jsonl >back.jsonl || echo "exit $?"
		echo "$(basename "$f") $v: $(jq -n -r --slurpfile a orig.jsonl --slurpfile b back.jsonl \
			-f diff.jq)"
	done
done
