#!/bin/sh
# bench/run.sh - adkev against jq, side by side, on the same generated input.
#
#   make bench [BENCH_MB=100] [BENCH_RUNS=3] [BENCH_BIG_MB=1024] [BENCH_SEED=1]
#              [BENCH_AGAINST=bb02df4] [BENCH_TABLES="jq gojq duckdb simdjson backward
#              compressed sqlite against jobs big rss eval stages"] [BENCH_EVAL_CASES=1000]
#              [BENCH_MEMBW_MIB=1024] [BENCH_PIECES=16] [BENCH_DUCKDB=1.5.6-r.1]
#
# Every case has two jq filters: the full-contract one (bench/jq/NAME.jq,
# both spellings and every rule of events.md, as adkev) and the plain one a
# user would write (bench/jq/plain-NAME.jq, camelCase only, the obvious
# fields).  The full one reads the generator's usual stream, both spellings
# mixed; the plain one would be wrong there, so it reads a camelCase twin of
# it (adkev-gen -c: the same events, spelt one way), and adkev is timed on
# both.  First every case is run once by each side and the outputs compared
# (after a normaliser where the two print the same JSON differently, or the
# plain filter computes less than adkev); a disagreement fails the run.
# Then each is timed BENCH_RUNS times and the median kept: MB/s of input,
# peak RSS (GNU time), adkev -j 1, adkev with every core, and the ratios
# adkev/plain jq and adkev/full jq at -j 1 and with every core.  With BENCH_BIG_MB set (0 skips it) a second table shows
# adkev alone on a file that large: throughput and peak RSS of each streaming
# command (constant memory), and the backward read of `final`.  A third table
# reads gzip'd and zstd'd copies of the input (MB/s of their text), by
# adkev itself and through zcat or zstdcat piped in.  The sqlite table reads
# the same events from an ADK session database (SqliteSessionService's
# layout, one session, made with the sqlite3 tool) beside the same events as
# JSONL, in the database's order, and fails when the two do not print the
# same bytes.  With BENCH_AGAINST (a
# commit) a fourth table times every command that reads ADK events, in the
# adkev of that commit, built from this repository's history, against this
# one, and marks a row where the two do not print the same bytes (show and
# timeline changed their output on purpose since bb02df4).  The eval table
# scores an eval set of BENCH_EVAL_CASES cases (made by adkev evalset from as
# many recorded runs of adkev-gen, one invocation or a few each) against
# those runs, and a tenth as many, in every output format: the wall time and
# the peak RSS, which grows with the eval set's text only (the reader holds
# it while it hands the cases out one at a time), not with the runs.  The
# gojq and duckdb tables (bench/tools.sh) set gojq and DuckDB's read_json
# beside adkev, the simdjson table simdjson's parse of every line beside
# adkev -j 1 (the one-core target); the jobs, rss and stages tables (bench/scale.sh) measure
# issue 26's targets: -j 1, -j 2 and the default on every input form, peak
# RSS per worker, and what each stage costs for the model of many cores.
# Each table ends with the time it took.
#
# Environment: ADKEV (the binary), GEN (adkev-gen), MEMBW (adkev-membw),
# BENCH_DIR (where the generated inputs are cached), JQ (jq), GOJQ (gojq).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/.." && pwd)
: "${ADKEV:=$top/adkev}" "${GEN:=$top/build/bench/adkev-gen}" "${JQ:=jq}"
: "${BENCH_MB:=100}" "${BENCH_RUNS:=3}" "${BENCH_BIG_MB:=1024}" "${BENCH_SEED:=1}"
: "${BENCH_AGAINST=}"
# BENCH_TABLES: which tables to make, of "jq gojq duckdb simdjson backward
# compressed sqlite against jobs big rss eval stages".
: "${BENCH_TABLES:=jq gojq duckdb simdjson backward compressed sqlite against jobs big rss eval stages}"
: "${BENCH_EVAL_CASES:=1000}"
# gojq, DuckDB's npm package (pinned), adkev-membw and how much memory it
# touches per thread (MiB), and how many pieces the merge costs are made of.
: "${GOJQ:=gojq}" "${BENCH_DUCKDB:=1.5.6-r.1}" "${MEMBW:=$top/build/default/adkev-membw}"
: "${BENCH_MEMBW_MIB:=1024}" "${BENCH_PIECES:=16}"
: "${BENCH_DIR:=$top/build/bench}"
TIME=/usr/bin/time
export LC_ALL=C
jqf="$JQ -L $here/jq"
nproc=$(getconf _NPROCESSORS_ONLN 2>/dev/null || nproc)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/adkev-bench.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM

. "$here/scale.sh"
. "$here/tools.sh"

# wants TABLE: whether BENCH_TABLES asks for TABLE.
wants() {
	case " $BENCH_TABLES " in *" $1 "*) return 0 ;; esac
	return 1
}

need() {
	command -v "$1" >/dev/null 2>&1 || { echo "bench: $1 is missing" >&2; exit 1; }
}
need "$JQ"
[ -x "$TIME" ] || { echo "bench: $TIME (GNU time) is missing" >&2; exit 1; }
[ -x "$ADKEV" ] || { echo "bench: $ADKEV is missing" >&2; exit 1; }
[ -x "$GEN" ] || { echo "bench: $GEN is missing" >&2; exit 1; }

# input SIZE [camel]: the input, generated once per size, seed and spelling
# and kept.
input() {
	f=$BENCH_DIR/adk-${1}m-s$BENCH_SEED${2:+-$2}.jsonl
	if [ ! -s "$f" ]; then
		mkdir -p "$BENCH_DIR"
		"$GEN" ${2:+-c} -s "$BENCH_SEED" -b "${1}m" >"$f.tmp" && mv "$f.tmp" "$f"
	fi
	cat "$f" >/dev/null # into the page cache: the table measures parsing, not the disk
	echo "$f"
}

# lap TABLE: where BENCH_TABLES asks for TABLE, how long it took (since the
# last lap), so that a run says what each table costs.
lap() {
	wants "$1" || return 0
	[ "$1" != against ] || [ -n "$BENCH_AGAINST" ] || return 0
	t=$(now_ns)
	echo "($1 table: $(awk -v a="$lapped" -v b="$t" 'BEGIN { printf "%.0f", (b - a) / 1e9 }') s)"
	lapped=$t
}

has_command() {
	"$ADKEV" help "$1" >/dev/null 2>&1
}

now_ns() {
	date +%s%N
}

# run CMD: runs the shell command CMD once with output to /dev/null;
# sets secs (wall time) and rss (peak resident set, KiB).  Where fresh_dir
# is set, that directory is removed first, before the clock starts.
run() {
	[ -z "${fresh_dir:-}" ] || rm -rf "$fresh_dir"
	t0=$(now_ns)
	$TIME -f %M -o "$tmp/rss" sh -c "exec $1" >/dev/null 2>"$tmp/err" || {
		st=$?
		# -e style statuses (1) are results, not failures; anything else is.
		if [ $st -ne 1 ]; then
			echo "bench: failed ($st): $1" >&2
			cat "$tmp/err" >&2
			exit 1
		fi
	}
	t1=$(now_ns)
	secs=$(echo "$t0 $t1" | awk '{ printf "%.4f", ($2 - $1) / 1e9 }')
	rss=$(tail -n 1 "$tmp/rss")
}

# median LIST: the median of the numbers in LIST (the mean of the middle two for an even count).
median() {
	echo "$1" | tr ' ' '\n' | grep . | sort -g | awk '{ v[NR] = $1 } END {
		if (NR % 2) printf "%.4f", v[(NR + 1) / 2]; else printf "%.4f", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# timed CMD: BENCH_RUNS runs of CMD; sets med_secs (the median wall time)
# and max_rss (the largest peak RSS of the runs).
timed() {
	all_secs="" max_rss=0
	i=0
	while [ $i -lt "$BENCH_RUNS" ]; do
		run "$1"
		all_secs="$all_secs $secs"
		[ "$rss" -gt "$max_rss" ] && max_rss=$rss
		i=$((i + 1))
	done
	med_secs=$(median "$all_secs")
}

mbps() {
	awk -v b="$1" -v s="$2" 'BEGIN { printf "%.1f", b / 1048576 / s }'
}

ratio() {
	awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", b / a }'
}

mib() {
	awk -v k="$1" 'BEGIN { printf "%.1f", k / 1024 }'
}

describe_machine() {
	cpu=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo 2>/dev/null | head -n 1)
	mem=$(awk '/^MemTotal/ { printf "%.1f GiB", $2 / 1048576 }' /proc/meminfo 2>/dev/null)
	echo "machine: ${cpu:-unknown cpu}, $nproc online CPUs, ${mem:-? GiB} RAM, $(uname -sr)"
	echo "tools:   $("$ADKEV" --version), $($JQ --version), jansson $(pkg-config --modversion jansson 2>/dev/null || echo '?'), $(${CC:-cc} --version 2>/dev/null | head -n 1)"
	echo "         gojq: $($GOJQ --version 2>/dev/null || echo 'not installed'); DuckDB: ${duckdb_says:-not used}"
}

# The normalisers: how both outputs are brought to one form before comparing.
same_bytes() { cat; }
json_sorted() { $JQ -S -c .; }
# adkev -r prints the text and a newline; jq -j prints the text alone.
add_newline() { cat; echo; }
# adkev's output cut down to what the plain trajectory and to-a2a filters compute.
tool_calls() { $JQ -S -c '[.tool_calls[] | {id, name, arguments, result}]'; }
stats_head() { $JQ -S -c '{events, authors, invocations}'; }
plain_a2a() { $JQ -S -c '.parts[] |= del(.metadata) | .metadata |= {adk_author, adk_invocation_id, adk_usage_metadata}'; }

# cmp_outputs NAME ADKEV_CMD JQ_CMD ADKEV_NORM JQ_NORM
agree() {
	sh -c "exec $2" >"$tmp/a.raw" 2>"$tmp/a.err" || [ $? -eq 1 ] || { echo "bench: adkev failed: $2" >&2; cat "$tmp/a.err" >&2; exit 1; }
	sh -c "exec $3" >"$tmp/j.raw" 2>"$tmp/j.err" || { echo "bench: jq failed: $3" >&2; cat "$tmp/j.err" >&2; exit 1; }
	$4 <"$tmp/a.raw" >"$tmp/a.out"
	$5 <"$tmp/j.raw" >"$tmp/j.out"
	if ! cmp -s "$tmp/a.out" "$tmp/j.out"; then
		echo "bench: $1: adkev and jq disagree:" >&2
		diff "$tmp/a.out" "$tmp/j.out" | head -c 2000 >&2
		exit 1
	fi
}

# Whether adkev SUBCOMMAND takes OPTION (older builds lack -j and --full-scan).
has_option() {
	"$ADKEV" "$1" $2 </dev/null >/dev/null 2>&1
}

# time_adkev ARGS FILE: the median of adkev ARGS -j 1 (one_s, or - where this build
# has no -j) and of adkev ARGS with every core (all_s, all_rss), on FILE.
time_adkev() {
	one_s=-
	if has_option "$sub" "-j 1"; then
		timed "$ADKEV $1 -j 1 $2"
		one_s=$med_secs
	fi
	timed "$ADKEV $1 $2"
	all_s=$med_secs all_rss=$max_rss
}

# ratios JQ_S: "adkev/jq at -j 1 | with every core" against JQ_S seconds.
ratios() {
	if [ "$one_s" = - ]; then r1=-; else r1="$(ratio "$one_s" "$1")×"; fi
	printf '%7s | %7s' "$r1" "$(ratio "$all_s" "$1")×"
}

# bench_case NAME ADKEV_ARGS FULL_JQ ADKEV_NORM FULL_NORM PLAIN_JQ ADKEV_PLAIN_NORM PLAIN_NORM:
# one row of the table.  The full filter reads $file, the plain one $camel;
# FULL_JQ - where there is no full-contract filter (its columns show -).
bench_case() {
	name=$1 args=$2 jqcmd=$3 plaincmd=$6
	sub=${args%% *}
	if ! has_command "$sub"; then
		printf '| %-30s | %s |\n' "$name" "(adkev $sub not built)"
		return
	fi
	case $args in *--full-scan*) has_option "$sub" --full-scan || args=$(echo "$args" | sed 's/ *--full-scan//') ;; esac
	[ "$jqcmd" = - ] || agree "$name" "$ADKEV $args $file" "$jqcmd $file" "$4" "$5"
	agree "$name (plain)" "$ADKEV $args $camel" "$plaincmd $camel" "$7" "$8"
	if has_option "$sub" "-j 1"; then
		[ "$jqcmd" = - ] || agree "$name -j 1" "$ADKEV $args -j 1 $file" "$jqcmd $file" "$4" "$5"
		agree "$name -j 1 (plain)" "$ADKEV $args -j 1 $camel" "$plaincmd $camel" "$7" "$8"
	fi
	timed "$plaincmd $camel"
	pjq_s=$med_secs pjq_rss=$max_rss
	time_adkev "$args" "$camel"
	plain_ratios=$(ratios "$pjq_s")
	row_end "$jqcmd $file" "$args" "$file"
}

# row_end FULL_JQ_CMD ADKEV_ARGS FILE: times the full filter (- : none) and
# adkev on FILE, and prints the row after the plain columns measured.
row_end() {
	if [ "$1" = "- $3" ]; then
		jq_s=- jq_rss=-
	else
		timed "$1"
		jq_s=$med_secs jq_rss=$(mib "$max_rss")
	fi
	time_adkev "$2" "$3"
	if [ "$one_s" = - ]; then one_mbps=- one_ratio=-; else one_mbps=$(mbps "$bytes" "$one_s") one_ratio="$(ratio "$all_s" "$one_s")×"; fi
	if [ "$jq_s" = - ]; then full_mbps=- full_ratios="      - |       -"; else
		full_mbps=$(mbps "$bytes" "$jq_s") full_ratios=$(ratios "$jq_s"); fi
	printf '| %-30s | %7s | %7s | %9s | %9s | %s | %s | %7s | %8s | %7s | %7s |\n' "$name" \
		"$(mbps "$camel_bytes" "$pjq_s")" "$full_mbps" "$one_mbps" "$(mbps "$bytes" "$all_s")" \
		"$plain_ratios" "$full_ratios" "$one_ratio" "$(mib "$pjq_rss")" "$jq_rss" "$(mib "$all_rss")"
}

# adkev_row NAME ARGS: a row of adkev alone on $file, for a command no jq
# filter does (to-otlp: the OTLP mapping is too much for one); its jq
# columns show -.  The output must be read back as JSON lines by jq.
adkev_row() {
	name=$1 args=$2
	sub=${args%% *}
	if ! has_command "$sub"; then
		printf '| %-30s | %s |\n' "$name" "(adkev $sub not built)"
		return
	fi
	sh -c "exec $ADKEV $args $file" >"$tmp/a.raw" || { echo "bench: adkev failed: $args" >&2; exit 1; }
	$JQ -e -c '.resourceSpans[0].scopeSpans[0].spans | length > 0' "$tmp/a.raw" >/dev/null ||
		{ echo "bench: $name: adkev's output is not TracesData lines" >&2; exit 1; }
	rm -f "$tmp/a.raw"
	time_adkev "$args" "$file"
	if [ "$one_s" = - ]; then one_mbps=- one_ratio=-; else one_mbps=$(mbps "$bytes" "$one_s") one_ratio="$(ratio "$all_s" "$one_s")×"; fi
	printf '| %-30s | %7s | %7s | %9s | %9s | %s | %s | %7s | %8s | %7s | %7s |\n' "$name" \
		- - "$one_mbps" "$(mbps "$bytes" "$all_s")" "      - |       -" "      - |       -" \
		"$one_ratio" - - "$(mib "$all_rss")"
}

# The files of directory $1, each brought to one form (jq -S -c), as one text.
split_files() {
	for f in $(ls "$1"); do echo "== $f"; $JQ -S -c . "$1/$f"; done
}

# partition --split: adkev writes a file per agent; the plain way is jq
# printing each event after its author and awk writing the lines out.
# Both directories are compared file by file, each event brought to one form.
split_case() {
	name="partition --split"
	has_command partition || return
	plain="env JQ=$JQ sh $here/jq/plain-split.sh $tmp/sj"
	for j in "" "-j 1"; do
		sh -c "exec $ADKEV partition --split $tmp/sa --force $j $camel" >/dev/null
		sh -c "exec $plain $camel"
		split_files "$tmp/sa" >"$tmp/a.out"
		split_files "$tmp/sj" >"$tmp/j.out"
		cmp -s "$tmp/a.out" "$tmp/j.out" || { echo "bench: $name$j: adkev and jq disagree" >&2; diff "$tmp/a.out" "$tmp/j.out" | head -c 2000 >&2; exit 1; }
	done
	timed "$plain $camel"
	pjq_s=$med_secs pjq_rss=$max_rss
	sub=partition
	# The row writes into a fresh directory each run, as the plain way does
	# (plain-split.sh removes its own): the directory is removed before the
	# clock starts.  Over the files of the run before (--force: each one
	# swapped in, the old ones deleted) is timed too, and said under the table.
	name="partition --split, fresh dir"
	fresh_dir=$tmp/sa
	time_adkev "partition --split $tmp/sa" "$camel"
	plain_ratios=$(ratios "$pjq_s")
	row_end "- $file" "partition --split $tmp/sa" "$file"
	fresh_dir=
	time_adkev "partition --split $tmp/sa --force" "$file"
	split_force="partition --split --force over the files of the run before, on $file:"
	split_force="$split_force -j 1 $(printf '%.3f' "$one_s") s, -j $nproc $(printf '%.3f' "$all_s") s ($(ratio "$all_s" "$one_s")×)"
}

# The backward read of final: wall time on FILE, against the forward read.
backward_row() {
	f=$1 size=$2
	if ! has_option final --full-scan; then
		printf '| %-30s | %s |\n' "final, $size" "(no backward read in this build)"
		return
	fi
	a=$(sh -c "exec $ADKEV final $f")
	b=$(sh -c "exec $ADKEV final --full-scan $f")
	[ "$a" = "$b" ] || { echo "bench: final: the backward read and --full-scan disagree on $f" >&2; exit 1; }
	timed "$ADKEV final $f"
	back_s=$med_secs back_rss=$max_rss
	timed "$ADKEV final --full-scan $f"
	printf '| %-30s | %9s ms | %9s ms | %6s× | %6s |\n' "final, $size" \
		"$(awk -v s="$back_s" 'BEGIN { printf "%.1f", s * 1000 }')" \
		"$(awk -v s="$med_secs" 'BEGIN { printf "%.0f", s * 1000 }')" \
		"$(ratio "$back_s" "$med_secs")" "$(mib "$back_rss")"
}

if wants duckdb; then
	if duckdb_says=$(duckdb_ready); then duckdb_says="@duckdb/node-api $(duckdb_version), node $(node --version)"; fi
fi
describe_machine
started=$(now_ns) lapped=$started
file=$(input "$BENCH_MB")
bytes=$(wc -c <"$file" | tr -d ' ')
lines=$(wc -l <"$file" | tr -d ' ')
echo "input:   $file: $bytes bytes, $lines events (adkev-gen -s $BENCH_SEED -b ${BENCH_MB}m), page-cached"
camel=$(input "$BENCH_MB" camel)
camel_bytes=$(wc -c <"$camel" | tr -d ' ')
echo "         $camel: $camel_bytes bytes, the same events in camelCase only (adkev-gen -c), for the plain jq filters"
echo "runs:    median of $BENCH_RUNS; MB/s = input MiB per wall-clock second; RSS = peak, MiB"
echo "         plain jq = bench/jq/plain-*.jq on the camelCase twin, full jq = bench/jq/*.jq on the mixed input;"
echo "         adkev/plain is against adkev's own time on the twin; adkev MB/s columns are on the mixed input"
if wants jq; then
timed "cat $file"
cat_s=$med_secs
timed "$JQ -c . $file"
echo "reference: cat $(mbps "$bytes" "$cat_s") MB/s; jq -c . $(mbps "$bytes" "$med_secs") MB/s, $(mib "$max_rss") MiB"
echo
echo "| case                           | plain jq MB/s | full jq MB/s | adkev -j1 | adkev -j$nproc | adkev/plain -j1 | adkev/plain -j$nproc | adkev/full -j1 | adkev/full -j$nproc | -j$nproc/-j1 | plain jq RSS | full jq RSS | adkev RSS |"
echo "| ------------------------------ | ------: | ------: | --------: | --------: | ------: | ------: | ------: | ------: | ------: | -----: | -----: | ------: |"
bench_case "final --concat -r" "final --concat -r" "$jqf -n -j -f $here/jq/final-concat.jq" same_bytes add_newline \
	"$JQ -n -j -f $here/jq/plain-final-concat.jq" same_bytes add_newline
bench_case "final --full-scan" "final --full-scan" "$jqf -n -f $here/jq/final.jq" same_bytes same_bytes \
	"$JQ -n -f $here/jq/plain-final.jq" same_bytes same_bytes
bench_case "reasoning" "reasoning" "$jqf -n -f $here/jq/reasoning.jq" same_bytes same_bytes \
	"$JQ -n -f $here/jq/plain-reasoning.jq" same_bytes same_bytes
bench_case "trajectory --no-redact --no-truncate" "trajectory --no-redact --no-truncate" \
	"$jqf -n -c --argjson clean false -f $here/jq/trajectory.jq" json_sorted json_sorted \
	"$JQ -n -c --argjson clean false -f $here/jq/plain-trajectory.jq" tool_calls json_sorted
bench_case "trajectory" "trajectory" "$jqf -n -c --argjson clean true -f $here/jq/trajectory.jq" \
	json_sorted json_sorted \
	"$JQ -n -c --argjson clean true -f $here/jq/plain-trajectory.jq" tool_calls json_sorted
bench_case "state" "state" "$jqf -n -c -f $here/jq/state.jq" json_sorted json_sorted \
	"$JQ -n -c -f $here/jq/plain-state.jq" json_sorted json_sorted
bench_case "partition" "partition" "$jqf -n -c -f $here/jq/partition.jq" json_sorted json_sorted \
	"$JQ -n -c -f $here/jq/plain-partition.jq" json_sorted json_sorted
split_case
# stats: no full-contract jq filter (the kinds of show and the tool errors
# are too much for one); the plain one counts the head of its output.
bench_case "stats" "stats" - same_bytes same_bytes \
	"$JQ -n -c -f $here/jq/plain-stats.jq" stats_head json_sorted
# to-a2a --lossless: the full jq filter writes adk_actions and thought
# signatures, which the default (ADK Go's keys only) leaves out; the work is
# the same.  The plain filter writes less (plain-to-a2a.jq says what).
bench_case "to-a2a --lossless" "to-a2a --lossless" "$jqf -c -f $here/jq/to-a2a.jq" json_sorted json_sorted \
	"$JQ -c -f $here/jq/plain-to-a2a.jq" plain_a2a json_sorted
# events: the events as JSON lines, each as it was read, beside jq -c .,
# which writes every value anew; and the function calls of --kind call.
bench_case "events" "events" "$JQ -c ." json_sorted json_sorted "$JQ -c ." json_sorted json_sorted
bench_case "events --kind call" "events --kind call" "$jqf -c -f $here/jq/events-call.jq" \
	json_sorted json_sorted "$JQ -c -f $here/jq/plain-events-call.jq" json_sorted json_sorted
# to-otlp: adkev alone, beside to-a2a (no jq filter maps a run to OTLP).
adkev_row "to-otlp" "to-otlp"
adkev_row "to-otlp --content" "to-otlp --content"
[ -z "${split_force:-}" ] || { echo; echo "$split_force"; }
fi
lap jq
wants gojq && gojq_table
lap gojq
wants duckdb && duckdb_table
lap duckdb
wants simdjson && simdjson_table
lap simdjson
if wants backward; then
echo
echo "| backward read                  | final     | --full-scan  | speed-up | RSS |"
echo "| ------------------------------ | --------: | ----------: | ------: | --: |"
backward_row "$file" "${BENCH_MB} MB"

# The same input gzip'd and zstd'd (made once, kept beside it): MB/s of the
# text they hold, adkev reading them itself against a decompressor piped in.
fi
lap backward

compressed_row() { # EXT TOOL DECOMPRESS
	f=$file.$1
	if ! command -v "$2" >/dev/null 2>&1; then
		printf '| %-30s | %s |\n' "$2" "($2 is not installed)"
		return
	fi
	[ -s "$f" ] || { "$2" -c "$file" >"$f.tmp" && mv "$f.tmp" "$f"; }
	cat "$f" >/dev/null
	args="final --full-scan"
	a=$(sh -c "exec $ADKEV $args $f")
	b=$(sh -c "exec $ADKEV $args $file")
	[ "$a" = "$b" ] || { echo "bench: $f reads otherwise than $file" >&2; exit 1; }
	timed "$ADKEV $args $f"
	own_s=$med_secs own_rss=$max_rss
	timed "$3 $f | $ADKEV $args"
	pipe_s=$med_secs
	printf '| %-30s | %8s | %7s | %9s | %9s | %6s |\n' "$args, .$1" \
		"$(awk -v c="$(wc -c <"$f")" -v b="$bytes" 'BEGIN { printf "%.1f", b / c }')" \
		"$(mbps "$bytes" "$own_s")" "$(mbps "$bytes" "$pipe_s")" "$(mbps "$bytes" "$plain_s")" \
		"$(mib "$own_rss")"
}
if wants compressed; then
echo
echo "| compressed input               | ratio | adkev MB/s | piped in MB/s | plain MB/s | RSS |"
echo "| ------------------------------ | -------: | ------: | --------: | --------: | -----: |"
timed "$ADKEV final --full-scan $file"
plain_s=$med_secs
compressed_row gz gzip zcat
compressed_row zst zstd zstdcat
fi
lap compressed

# mib_of FILE...: the size of the files, MiB.
mib_of() {
	cat "$@" | wc -c | awk '{ printf "%.1f", $1 / 1048576 }'
}

# session_db: $file's events in an ADK session database of ADK Python's
# SqliteSessionService layout (one session; event_data the event's line),
# and beside it the same events as JSONL in the order ADK reads them back
# (by timestamp, ties in insertion order), made once and kept.
session_db() {
	db=$file.db
	if [ ! -s "$db" ] || [ ! -s "$db.jsonl" ]; then
		rm -f "$db" "$db.jsonl" "$db.tmp"
		# The tables are those of the corpus' SqliteSessionService database.
		sqlite3 "$top/tests/corpus/db/adkpy-sqlite.db" .schema >"$db.sql"
		sqlite3 "$db.tmp" <<EOF || { echo "bench: sqlite3 could not make $db" >&2; exit 1; }
.read $db.sql
CREATE TEMP TABLE line (t TEXT);
.mode ascii
.separator "\037" "\n"
.import $file line
INSERT INTO events SELECT coalesce(json_extract(t, '\$.id'), 'e' || rowid), 'bench', 'user', 's1',
  coalesce(json_extract(t, '\$.invocationId'), json_extract(t, '\$.invocation_id'), ''),
  json_extract(t, '\$.timestamp'), t FROM line ORDER BY rowid;
INSERT INTO sessions SELECT 'bench', 'user', 's1', '{}', min(timestamp), max(timestamp) FROM events;
EOF
		rm -f "$db.sql"
		sqlite3 "$db.tmp" 'SELECT event_data FROM events ORDER BY timestamp, rowid' >"$db.jsonl.tmp" &&
			mv "$db.jsonl.tmp" "$db.jsonl" && mv "$db.tmp" "$db"
	fi
	cat "$db" "$db.jsonl" >/dev/null
}

# sqlite_row ARGS: adkev ARGS on the database and on its JSONL twin: MB/s
# of the events' text, the ratio of the times, and the peak RSS of each.
sqlite_row() {
	a=$(sh -c "exec $ADKEV $1 $db.jsonl")
	b=$(sh -c "exec $ADKEV $1 $db")
	[ "$a" = "$b" ] || { echo "bench: $1: the database reads otherwise than its JSONL" >&2; exit 1; }
	timed "$ADKEV $1 $db.jsonl"
	jsonl_s=$med_secs jsonl_rss=$max_rss
	timed "$ADKEV $1 $db"
	printf '| %-30s | %7s | %7s | %6s× | %7s | %7s |\n' "$1" "$(mbps "$sbytes" "$jsonl_s")" \
		"$(mbps "$sbytes" "$med_secs")" "$(ratio "$jsonl_s" "$med_secs")" "$(mib "$jsonl_rss")" "$(mib "$max_rss")"
}

if wants sqlite; then
	echo
	if ! command -v sqlite3 >/dev/null 2>&1; then
		echo "(no session database table: the sqlite3 tool is not installed)"
	elif "$ADKEV" sessions "$tmp/none.db" 2>&1 | grep -q 'without libsqlite3\|libsqlite3 could not be loaded'; then
		echo "(no session database table: this adkev was built without libsqlite3)"
	else
		session_db
		sbytes=$(wc -c <"$db.jsonl" | tr -d ' ')
		echo "the events of $file in an ADK session database (SqliteSessionService's layout, $(mib_of "$db") MiB)"
		echo "beside the same events as JSONL ($sbytes bytes); MB/s of the JSONL's text, medians of $BENCH_RUNS"
		echo
		echo "| session database               | JSONL MB/s | SQLite MB/s | SQLite/JSONL time | JSONL RSS | SQLite RSS |"
		echo "| ------------------------------ | ------: | ------: | ------: | ------: | ------: |"
		for args in "stats -j 1" "stats" "final --full-scan" "trajectory"; do
			sqlite_row "$args"
		done
	fi
fi
lap sqlite

# The adkev of commit BENCH_AGAINST, built once into BENCH_DIR from this
# repository's history; nothing (and a line saying why) where it cannot be.
against_binary() {
	d=$BENCH_DIR/against-$BENCH_AGAINST
	if [ ! -x "$d/build/default/adkev" ]; then
		command -v git >/dev/null 2>&1 || { echo "git is missing"; return 1; }
		rm -rf "$d" && mkdir -p "$d"
		git -C "$top" archive "$BENCH_AGAINST" 2>"$d.log" | tar -x -C "$d" &&
			make -C "$d" build/default/adkev >>"$d.log" 2>&1 ||
			{ echo "cannot build $BENCH_AGAINST (see $d.log)"; return 1; }
	fi
	echo "$d/build/default/adkev"
}

# against_row ARGS: adkev ARGS of BENCH_AGAINST and of this build on $file,
# -j 1 and every core (twice the same run for a command without -j); a row
# whose two outputs are not the same bytes says so, and the two
# binaries take turns, BENCH_RUNS runs each, so a busy moment of the machine
# falls on both.  Medians.
against_row() {
	row="| $(printf '%-36s' "$1")"
	jobs_1="-j 1" jobs_all="-j $nproc"
	# -j where both take it (a help text can name --jobs without the option).
	{ takes_jobs "$1" && "$old" ${1%% *} -j 1 </dev/null >/dev/null 2>&1; } || jobs_1="" jobs_all=""
	for j in "$jobs_1" "$jobs_all"; do
		sh -c "exec $old $1 $j $file" >"$tmp/old.out" 2>&1 || true
		sh -c "exec $ADKEV $1 $j $file" >"$tmp/new.out" 2>&1 || true
		# A command whose output changed on purpose since (show redacts by
		# default, timeline's page grew) is timed all the same, and marked.
		cmp -s "$tmp/old.out" "$tmp/new.out" || {
			echo "bench: $1 $j: adkev $BENCH_AGAINST and this adkev print different bytes:" >&2
			diff "$tmp/old.out" "$tmp/new.out" | head -n 4 | cut -c 1-200 >&2
			differs=" (prints otherwise)"
		}
		old_all="" new_all="" i=0
		while [ $i -lt "$BENCH_RUNS" ]; do
			run "$old $1 $j $file"
			old_all="$old_all $secs"
			run "$ADKEV $1 $j $file"
			new_all="$new_all $secs"
			i=$((i + 1))
		done
		old_s=$(median "$old_all") new_s=$(median "$new_all")
		row="$row | $(printf '%6.3f s | %6.3f s | %6s×' "$old_s" "$new_s" "$(ratio "$new_s" "$old_s")")"
	done
	echo "$row |${differs:-}"
	differs=""
}

if [ -n "$BENCH_AGAINST" ] && wants against; then
	echo
	if old=$(against_binary); then
		echo "adkev at $BENCH_AGAINST against this adkev, on $file; they take turns, medians of $BENCH_RUNS"
		echo
		echo "| case                                 | before -j1 | now -j1 | speed-up | before -j$nproc | now -j$nproc | speed-up |"
		echo "| ------------------------------------ | ------: | ------: | ------: | ------: | ------: | ------: |"
		for args in "final --full-scan" "final --concat" "reasoning" "state" "stats" \
			"trajectory" "trajectory --no-redact --no-truncate" "partition" \
			"partition --trajectories" "to-a2a --lossless" "show --width 120" "timeline"; do
			against_row "$args"
		done
	else
		echo "(no comparison with adkev at $BENCH_AGAINST: $old)"
	fi
fi
lap against

if [ "$BENCH_BIG_MB" -gt 0 ] && wants big; then
	big=$(input "$BENCH_BIG_MB")
	bigbytes=$(wc -c <"$big" | tr -d ' ')
	echo
	echo "adkev alone on $big ($bigbytes bytes): throughput and peak RSS (constant memory)"
	echo
	backward_row "$big" "${BENCH_BIG_MB} MB" | sed 1q
	echo
	echo "| command                        | MB/s | peak RSS MiB |"
	echo "| ------------------------------ | ---: | ---: |"
	for args in "final --full-scan" "final --concat" "reasoning" "trajectory" "state" "stats" "to-a2a" "to-otlp" "to-otlp --content" "partition --split $tmp/split --force"; do
		sub=${args%% *}
		has_command "$sub" || continue
		case $args in *--full-scan*) has_option "$sub" --full-scan || args=$(echo "$args" | sed 's/ *--full-scan//') ;; esac
		run "$ADKEV $args $big"
		printf '| %-30s | %5s | %5s |\n' "$args" "$(mbps "$bigbytes" "$secs")" "$(mib "$rss")"
	done | sed "s|$tmp/split|DIR|"
fi
lap big

wants jobs && jobs_table
lap jobs
if wants rss; then
	if [ "$BENCH_BIG_MB" -gt 0 ]; then rss_table; else echo; echo "(NO RSS TABLE: BENCH_BIG_MB=0)"; fi
fi
lap rss

# eval_runs N: a directory of N recorded runs (adkev-gen -t, a seed each,
# about 16 KB: one invocation or a few) and set.json, the eval set adkev
# evalset makes of them, generated once and kept.
eval_runs() {
	d=$BENCH_DIR/eval-$1-s$BENCH_SEED
	if [ ! -s "$d/set.json" ]; then
		rm -rf "$d" && mkdir -p "$d/runs"
		i=1
		while [ $i -le "$1" ]; do
			"$GEN" -t -s $((BENCH_SEED * 100000 + i)) -b 16k >"$d/runs/run-$i.jsonl"
			i=$((i + 1))
		done
		(cd "$d" && "$ADKEV" evalset --set-id bench runs/*.jsonl >set.json.tmp) && mv "$d/set.json.tmp" "$d/set.json"
	fi
	echo "$d"
}

# eval_row N LABEL ARGS [RUNS]: adkev eval ARGS on the eval set of N cases
# and its runs (RUNS: a glob of them, all by default); every case must pass
# (the runs are the ones the set was made from).
eval_row() {
	d=$(eval_runs "$1")
	runs=${4:-runs/*.jsonl}
	(cd "$d" && "$ADKEV" eval set.json runs/*.jsonl) >"$tmp/eval.out" || { echo "bench: eval of $1 cases failed" >&2; exit 1; }
	passed=$($JQ -r .status "$tmp/eval.out" | grep -c PASSED)
	[ "$passed" -eq "$1" ] || { echo "bench: eval: $passed of $1 cases passed" >&2; exit 1; }
	timed "sh -c 'cd $d && exec $ADKEV eval $3 set.json $runs'"
	printf '| %-34s | %5s | %7s | %8s | %7s | %8s |\n' "$2" "$1" "$(mib_of "$d/set.json")" \
		"$(cd "$d" && mib_of $runs)" "$med_secs" "$(mib "$max_rss")"
}

if wants eval && has_command eval; then
	echo
	small=$((BENCH_EVAL_CASES / 10))
	echo "adkev eval: an eval set of N cases (adkev evalset of N runs of adkev-gen -t -b 16k) against those N runs;"
	echo "wall time in seconds (median of $BENCH_RUNS) and peak RSS; sizes in MiB"
	echo
	echo "| command                            |     N | set MiB | runs MiB | seconds | peak RSS |"
	echo "| ---------------------------------- | ----: | ------: | -------: | ------: | -------: |"
	eval_row "$small" "eval (JSON lines)" ""
	eval_row "$BENCH_EVAL_CASES" "eval (JSON lines)" ""
	eval_row "$BENCH_EVAL_CASES" "eval, the first run only" "" runs/run-1.jsonl
	eval_row "$BENCH_EVAL_CASES" "eval --table" "--table"
	eval_row "$BENCH_EVAL_CASES" "eval --format=adk" "--format=adk"
	eval_row "$BENCH_EVAL_CASES" "eval --junit FILE" "--junit $tmp/r.xml"
	d=$(eval_runs "$BENCH_EVAL_CASES")
	timed "sh -c 'cd $d && exec $ADKEV evalset runs/*.jsonl'"
	printf '| %-34s | %5s | %7s | %8s | %7s | %8s |\n' "evalset" "$BENCH_EVAL_CASES" "-" \
		"$(cd "$d" && mib_of runs/*.jsonl)" "$med_secs" "$(mib "$max_rss")"
fi
lap eval
wants stages && stages_table
lap stages
echo
echo "make bench took $(awk -v a="$started" -v b="$(now_ns)" 'BEGIN { printf "%.0f", (b - a) / 1e9 }') s in all"
exit 0
