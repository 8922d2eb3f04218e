# -j identity over every command and every input form.  Each command runs
# at -j 1 and at -j 2 with chunks of 2000 bytes (ADKEV_CHUNK_BYTES), so
# that whatever reads in chunks crosses many chunk ends, over: a regular
# file, the same on standard input through a pipe, gzip'd and zstd'd files,
# gzip'd data on a pipe, an SSE stream, the events as one pretty-printed
# array, as a session object, in an ADK session database, a directory of
# runs, several operands, and a stream with bad lines mid-way (with and
# without --skip-invalid).  Standard output, standard error, the exit
# status (and partition --split's files) must be the same bytes.  show,
# timeline and to-otlp take no -j (they read on one thread): they run with
# and without small chunks.  from-a2a makes new event ids and time stamps
# on every run, so those are left out of its comparison.  One line per
# command says how many forms agreed; a difference names the form.
set -u
tmp=$(mktemp -d) && cd "$tmp" || exit 1
trap 'rm -rf "$tmp"' EXIT
gen=${ADKEV_GEN:-$TESTS/../build/default/adkev-gen}
[ -x "$gen" ] || { echo "adkev-gen is not built: make $gen" >&2; exit 1; }
for codec in gzip zstd; do
	command -v $codec >/dev/null || { echo "skipped: no $codec tool here" >&2; exit 77; }
	printf '' | $codec -c | adkev final --full-scan >/dev/null 2>codec.err
	if grep -q 'built without' codec.err; then
		echo "skipped: this adkev reads no $codec data ($(cat codec.err))" >&2
		exit 77
	fi
done
"$gen" -s 21 -n 200 >good.jsonl
"$gen" -s 22 -n 200 -i 15 >bad.jsonl
"$gen" -s 23 -n 150 -S >good.sse
gzip -c good.jsonl >good.jsonl.gz
zstd -q -c good.jsonl >good.jsonl.zst
gzip -c bad.jsonl >bad.jsonl.gz
# The same events as one array and as a session, written by jq.
jq -s . good.jsonl >array.json
jq -s '{id: "s-1", appName: "app", userId: "u", state: {}, events: ., lastUpdateTime: 1}' \
	good.jsonl >session.json
mkdir runs && "$gen" -s 24 -n 40 >runs/a.jsonl && "$gen" -s 25 -n 40 -S >runs/b.sse
adkev to-a2a -j 1 good.jsonl >a2a.jsonl
adkev evalset -j 1 good.jsonl >set.json 2>/dev/null
db=$CORPUS/db/adkjs.db
forms="file pipe gz zst gzpipe sse array session db dir several bad badpipe badgz"

# The operands (or the pipe) of form $1 for a command reading events from $2.
form_args() {
	case $1 in
	file) echo "$2" ;;
	pipe) echo "< $2" ;;
	gz) echo "$2.gz" ;;
	zst) echo "$2.zst" ;;
	gzpipe) echo "< $2.gz" ;;
	sse) echo good.sse ;;
	array) echo array.json ;;
	session) echo session.json ;;
	db) echo "$db" ;;
	dir) echo runs ;;
	several) echo "good.sse $2 - < runs/a.jsonl" ;;
	bad) echo bad.jsonl ;;
	badpipe) echo "--skip-invalid < bad.jsonl" ;;
	badgz) echo bad.jsonl.gz ;;
	esac
}

# run OUT CMD...: adkev's stdout, stderr and status, and --split's files, in OUT.*.
run() {
	out=$1
	shift
	rm -rf split
	eval "adkev $*" >"$out.out" 2>"$out.err"
	echo "status $?" >>"$out.out"
	[ -d split ] && (cd split && for f in *; do echo "== $f" && cat "$f"; done) >>"$out.out"
	case $* in from-a2a*)
		sed -i 's/"id":"[^"]*"//g; s/"invocationId":"[^"]*"//g; s/"timestamp":[0-9.]*//g' "$out.out" ;;
	esac
}

check() {
	name=$1 cmd=$2 input=$3
	agreed=0 differ=
	for form in $forms; do
		case "$name:$form" in from-a2a:db | from-a2a:dir | from-a2a:sse | from-a2a:array | \
			from-a2a:session | from-a2a:bad*) continue ;; esac
		args=$(form_args "$form" "$input")
		case $name in show* | timeline* | to-otlp*) j1= j2= ;; *) j1="-j 1" j2="-j 2" ;; esac
		run one "$cmd $j1 $args"
		ADKEV_CHUNK_BYTES=2000 run two "$cmd $j2 $args"
		if cmp -s one.out two.out && cmp -s one.err two.err; then
			agreed=$((agreed + 1))
		else
			differ="$differ $form"
		fi
	done
	echo "$name: $agreed forms the same${differ:+; DIFFERENT:$differ}"
}

for c in final "final --full-scan" "final --concat" reasoning trajectory partition \
	"partition --split split" state stats "critic --author critic" "show --color=never" \
	"timeline -o page.html" to-a2a to-otlp; do
	check "$c" "$c" good.jsonl
done
check from-a2a from-a2a a2a.jsonl
check eval "eval set.json" good.jsonl
