# bench/tools.sh - the tables of adkev beside gojq and DuckDB, sourced by
# bench/run.sh (whose functions and variables they use).
#
#   gojq    the plain and full-contract jq filters run by gojq (Debian's
#           gojq), checked against adkev, then timed beside it
#   duckdb  DuckDB's read_json (npm @duckdb/node-api, installed under
#           BENCH_DIR, never in the tree) on the queries that fit: the
#           counts and tokens of stats, and the plain final answer

# tool_agree NAME ADKEV_CMD TOOL_CMD ADKEV_NORM TOOL_NORM: whether the two
# print the same after their normalisers; says on stderr where they do not.
tool_agree() {
	sh -c "exec $2" >"$tmp/a.raw" 2>/dev/null || [ $? -eq 1 ] || return 1
	sh -c "exec $3" >"$tmp/g.raw" 2>"$tmp/g.err" || { echo "bench: $1: failed: $3" >&2; head -c 500 "$tmp/g.err" >&2; return 1; }
	$4 <"$tmp/a.raw" >"$tmp/a.out" && $5 <"$tmp/g.raw" >"$tmp/g.out"
	cmp -s "$tmp/a.out" "$tmp/g.out" && return 0
	echo "bench: $1: adkev and $3 disagree:" >&2
	diff "$tmp/a.out" "$tmp/g.out" | head -c 1000 >&2
	return 1
}

# gojq_case NAME ADKEV_ARGS FULL_FILTER ADKEV_NORM FULL_NORM PLAIN_FILTER ADKEV_PLAIN_NORM PLAIN_NORM:
# a row of the gojq table; a filter is gojq's arguments (- none).  A filter
# gojq cannot run, or whose answer differs, shows why in place of its time.
gojq_case() {
	name=$1 a=$2
	has_command "${a%% *}" || return 0
	if tool_agree "$name (plain)" "$ADKEV $a $camel" "$GOJQ $6 $camel" "$7" "$8"; then
		plain_timed "$GOJQ $6" "$a"
	else
		p_mbps="disagrees" p_rss=- p_ratio="- | -"
	fi
	f_mbps=- f_rss=- f_ratio="- | -"
	if [ "$3" != - ]; then
		if tool_agree "$name (full)" "$ADKEV $a $file" "$GOJQ -L $here/jq $3 $file" "$4" "$5"; then
			timed "$GOJQ -L $here/jq $3 $file"
			f_s=$med_secs f_rss=$(mib "$max_rss") f_mbps=$(mbps "$bytes" "$med_secs")
			f_ratio=ok
		else
			f_mbps="fails or disagrees"
		fi
	fi
	gojq_row "$name" "$a"
}

# plain_timed PLAIN_CMD ADKEV_ARGS: times PLAIN_CMD and adkev ADKEV_ARGS at
# -j 1 and the default on the camelCase twin; sets p_mbps, p_rss, p_ratio.
plain_timed() {
	timed "$1 $camel"
	p_s=$med_secs p_rss=$(mib "$max_rss") p_mbps=$(mbps "$camel_bytes" "$med_secs")
	timed "$ADKEV $2 -j 1 $camel"; c1=$med_secs
	timed "$ADKEV $2 $camel"; cd=$med_secs
	p_ratio="$(ratio "$c1" "$p_s")× | $(ratio "$cd" "$p_s")×"
}

# gojq_row NAME ADKEV_ARGS: times adkev on the mixed stream and prints the
# row, with the plain and full columns set before (f_ratio ok: to be made).
gojq_row() {
	timed "$ADKEV $2 -j 1 $file"; m1=$med_secs
	timed "$ADKEV $2 $file"; md=$med_secs
	[ "$f_ratio" != ok ] || f_ratio="$(ratio "$m1" "$f_s")× | $(ratio "$md" "$f_s")×"
	printf '| %-30s | %9s | %9s | %9s | %9s | %s | %s | %7s | %7s |\n' "$1" "$p_mbps" "$f_mbps" \
		"$(mbps "$bytes" "$m1")" "$(mbps "$bytes" "$md")" "$p_ratio" "$f_ratio" "$p_rss" "$f_rss"
}

# gojq_split: partition --split beside bench/jq/plain-split.sh run by gojq
# (no full-contract filter writes files); the files are compared event by
# event, as in the jq table.
gojq_split() {
	has_command partition || return 0
	plain="env JQ=$GOJQ sh $here/jq/plain-split.sh $tmp/sg"
	sh -c "exec $ADKEV partition --split $tmp/sa --force $camel" >/dev/null
	sh -c "exec $plain $camel"
	split_files "$tmp/sa" >"$tmp/a.out"
	split_files "$tmp/sg" >"$tmp/g.out"
	# Into a fresh directory each run, as in the jq table (split_case).
	fresh_dir=$tmp/sa
	if cmp -s "$tmp/a.out" "$tmp/g.out"; then
		plain_timed "$plain" "partition --split $tmp/sa"
	else
		echo "bench: partition --split: adkev and gojq's plain-split.sh disagree" >&2
		p_mbps="disagrees" p_rss=- p_ratio="- | -"
	fi
	f_mbps=- f_rss=- f_ratio="- | -"
	gojq_row "partition --split, fresh dir" "partition --split $tmp/sa"
	fresh_dir=
}

gojq_table() {
	echo
	if ! command -v "$GOJQ" >/dev/null 2>&1; then
		echo "(NO GOJQ TABLE: $GOJQ is not installed; on Debian: apt-get install gojq)"
		return
	fi
	echo "gojq ($($GOJQ --version)) with the same filters as jq: plain ones on the camelCase twin, full-contract"
	echo "ones on the mixed stream; medians of $BENCH_RUNS; adkev/gojq plain is against adkev on the twin"
	echo
	echo "| case                           | gojq plain MB/s | gojq full MB/s | adkev -j1 | adkev -j$nproc | adkev/plain -j1 | adkev/plain -j$nproc | adkev/full -j1 | adkev/full -j$nproc | plain RSS | full RSS |"
	echo "| ------------------------------ | ------: | ------: | ------: | ------: | ------: | ------: | ------: | ------: | ------: | ------: |"
	gojq_case "final --concat -r" "final --concat -r" "-n -j -f $here/jq/final-concat.jq" same_bytes add_newline \
		"-n -j -f $here/jq/plain-final-concat.jq" same_bytes add_newline
	gojq_case "final --full-scan" "final --full-scan" "-n -f $here/jq/final.jq" same_bytes same_bytes \
		"-n -f $here/jq/plain-final.jq" same_bytes same_bytes
	gojq_case "reasoning" "reasoning" "-n -f $here/jq/reasoning.jq" same_bytes same_bytes \
		"-n -f $here/jq/plain-reasoning.jq" same_bytes same_bytes
	gojq_case "trajectory" "trajectory" "-n -c --argjson clean true -f $here/jq/trajectory.jq" json_sorted json_sorted \
		"-n -c --argjson clean true -f $here/jq/plain-trajectory.jq" tool_calls json_sorted
	gojq_case "state" "state" "-n -c -f $here/jq/state.jq" json_sorted json_sorted \
		"-n -c -f $here/jq/plain-state.jq" json_sorted json_sorted
	gojq_case "partition" "partition" "-n -c -f $here/jq/partition.jq" json_sorted json_sorted \
		"-n -c -f $here/jq/plain-partition.jq" json_sorted json_sorted
	gojq_split
	gojq_case "stats" "stats" - same_bytes same_bytes "-n -c -f $here/jq/plain-stats.jq" stats_head json_sorted
	gojq_case "to-a2a --lossless" "to-a2a --lossless" "-c -f $here/jq/to-a2a.jq" json_sorted json_sorted \
		"-c -f $here/jq/plain-to-a2a.jq" plain_a2a json_sorted
}

# duckdb_ready: installs @duckdb/node-api into BENCH_DIR/duckdb once (npm,
# outside the tree) beside a copy of bench/duckdb/query.mjs; says why not.
duckdb_ready() {
	d=$BENCH_DIR/duckdb
	{ command -v node && command -v npm; } >/dev/null 2>&1 || { echo "no node and npm here (Debian packages nodejs npm)"; return 1; }
	if [ ! -d "$d/node_modules/@duckdb/node-api" ]; then
		mkdir -p "$d"
		(cd "$d" && { [ -f package.json ] || npm init -y >/dev/null 2>&1; } &&
			timeout 600 npm install --no-audit --no-fund "@duckdb/node-api@$BENCH_DUCKDB" >npm.log 2>&1) ||
			{ echo "npm could not install @duckdb/node-api@$BENCH_DUCKDB: $(tail -n 2 "$d/npm.log" | tr '\n' ' ')"; return 1; }
	fi
	cp "$here/duckdb/query.mjs" "$d/query.mjs"
	# Installed is not yet working (a native binding may not load here).
	echo '{"author":"a","invocationId":"i"}' >"$tmp/probe.jsonl"
	node "$d/query.mjs" stats "$tmp/probe.jsonl" 1 >/dev/null 2>"$tmp/probe.err" ||
		{ echo "DuckDB does not run here: $(head -n 2 "$tmp/probe.err" | tr '\n' ' ')"; return 1; }
}

duckdb_version() {
	sed -n 's/^ *"version": "\(.*\)",*$/\1/p' "$BENCH_DIR/duckdb/node_modules/@duckdb/node-api/package.json" | head -n 1
}

# duck QUERY FILE THREADS: DuckDB's answer into $tmp/duck.out; duck_s is
# the median of the query's own time, med_secs of the whole node process.
duck() {
	q="" i=0
	while [ $i -lt "$BENCH_RUNS" ]; do
		node "$BENCH_DIR/duckdb/query.mjs" "$1" "$2" "$3" >"$tmp/duck.out" 2>"$tmp/duck.err" ||
			{ echo "bench: DuckDB failed:" >&2; cat "$tmp/duck.err" >&2; exit 1; }
		q="$q $(tail -n 1 "$tmp/duck.err")"
		i=$((i + 1))
	done
	duck_s=$(median "$q")
	timed "node $BENCH_DIR/duckdb/query.mjs $1 $2 $3"
}

# duck_row NAME QUERY FILE ADKEV_ARGS: DuckDB at 1 and $nproc threads, adkev at
# -j 1, -j 2 and the default, and adkev's time over DuckDB's query.
duck_row() {
	duck "$2" "$3" 1; q1=$duck_s p1=$med_secs
	duck "$2" "$3" "$nproc"; qn=$duck_s pn=$med_secs
	timed "$ADKEV $4 -j 1 $3"; a1=$med_secs
	timed "$ADKEV $4 -j 2 $3"; a2=$med_secs
	timed "$ADKEV $4 $3"; ad=$med_secs
	printf '| %-26s | %7.3f | %7.3f | %7.3f | %7.3f | %7.3f | %7.3f | %7.3f | %6s× | %6s× |\n' "$1" \
		"$q1" "$p1" "$qn" "$pn" "$a1" "$a2" "$ad" "$(ratio "$a1" "$q1")" "$(ratio "$ad" "$qn")"
}

duckdb_table() {
	echo
	if ! why=$(duckdb_ready); then
		echo "(NO DUCKDB TABLE: $why)"
		return
	fi
	# The answers first: DuckDB's counts and tokens against adkev stats, its
	# plain final answer against adkev final on the camelCase twin.
	node "$BENCH_DIR/duckdb/query.mjs" stats "$file" "$nproc" 2>/dev/null | $JQ -S -c 'map_values(tonumber)' >"$tmp/d.out"
	"$ADKEV" stats "$file" | $JQ -S -c '{events, invocations} + (.token_usage | del(.cached_tokens))' >"$tmp/a.out"
	cmp -s "$tmp/d.out" "$tmp/a.out" || { echo "bench: DuckDB and adkev stats disagree:" >&2; cat "$tmp/d.out" "$tmp/a.out" >&2; exit 1; }
	node "$BENCH_DIR/duckdb/query.mjs" final "$camel" "$nproc" 2>/dev/null | $JQ -c .final >"$tmp/d.out"
	"$ADKEV" final "$camel" >"$tmp/a.out"
	cmp -s "$tmp/d.out" "$tmp/a.out" || { echo "bench: DuckDB and adkev final disagree" >&2; exit 1; }
	echo "DuckDB $(duckdb_version) read_json (bench/duckdb/query.mjs) beside adkev; seconds, medians of $BENCH_RUNS."
	echo "query = DuckDB's own time for the query; node = the whole process (node, the module, the query)."
	echo "stats: events, invocations and the four token sums, both spellings, by adkev-stats(1)'s rule, on"
	echo "the mixed stream; final: the plain answer (bench/jq/plain-final.jq's rule) on the camelCase twin."
	echo "Both answers were checked equal to adkev's.  adkev/duck: DuckDB's query time over adkev's time."
	echo
	echo "| query                      | duck 1 query | duck 1 node | duck $nproc query | duck $nproc node | adkev -j 1 | adkev -j 2 | adkev default | adkev/duck 1 vs -j1 | adkev/duck $nproc vs default |"
	echo "| -------------------------- | ------: | ------: | ------: | ------: | ------: | ------: | ------: | ------: | ------: |"
	duck_row "stats (counts, tokens)" stats "$file" stats
	duck_row "final (full scan)" final "$camel" "final --full-scan"
	duck_row "final (adkev reads back)" final "$camel" final
}

# simdjson_ready: builds bench/simdjson/lines.cpp against Debian's
# libsimdjson-dev into BENCH_DIR once; says why not.
simdjson_ready() {
	command -v "${CXX:-g++}" >/dev/null 2>&1 || { echo "no C++ compiler here (Debian package g++)"; return 1; }
	s=$BENCH_DIR/simdjson-lines
	if [ ! -x "$s" ] || [ -n "$(find "$here/simdjson/lines.cpp" -newer "$s")" ]; then
		"${CXX:-g++}" -O2 -std=c++17 -o "$s" "$here/simdjson/lines.cpp" -lsimdjson 2>"$tmp/sj.err" ||
			{ echo "bench/simdjson/lines.cpp does not build (Debian package libsimdjson-dev): $(head -n 1 "$tmp/sj.err")"; return 1; }
	fi
}

# simdjson_row KERNEL: simdjson parsing every line of $file with that kernel
# (SIMDJSON_FORCE_IMPLEMENTATION): the medians of its parse calls' own time
# and of the whole process (reading the file too).
simdjson_row() {
	p="" i=0
	while [ $i -lt "$BENCH_RUNS" ]; do
		st=0
		SIMDJSON_FORCE_IMPLEMENTATION=$1 "$BENCH_DIR/simdjson-lines" "$file" >"$tmp/sj.out" 2>"$tmp/sj.err" || st=$?
		read -r secs kernel <"$tmp/sj.err" || :
		# A kernel this CPU lacks is refused, or replaced by another.
		if [ "${kernel:-}" != "$1" ]; then
			printf '| %-36s | %s |\n' "simdjson $1" "(not on this CPU: simdjson chose $kernel)"
			return
		fi
		if [ $st -ne 0 ] || [ "$(cat "$tmp/sj.out")" != "$lines 0" ]; then
			echo "bench: simdjson-lines failed or refused lines of $file: $(cat "$tmp/sj.out" "$tmp/sj.err")" >&2
			exit 1
		fi
		p="$p $secs"
		i=$((i + 1))
	done
	parse_s=$(median "$p")
	timed "env SIMDJSON_FORCE_IMPLEMENTATION=$1 $BENCH_DIR/simdjson-lines $file"
	printf '| %-36s | %7.3f | %7.2f | %7.3f | %7.2f |\n' "simdjson $1: every line, DOM" \
		"$parse_s" "$(gbps "$parse_s")" "$med_secs" "$(gbps "$med_secs")"
}

gbps() {
	awk -v b="$bytes" -v s="$1" 'BEGIN { printf "%.2f", b / s / 1e9 }'
}

# simdjson_table: the fastest validating JSON parser there is, on this core,
# beside adkev -j 1 on the commands of the one-core target: how far 1 GB/s
# is from what checking every byte costs here.
simdjson_table() {
	echo
	if ! why=$(simdjson_ready); then
		echo "(NO SIMDJSON TABLE: $why)"
		return
	fi
	echo "one core against simdjson $(pkg-config --modversion simdjson 2>/dev/null || echo '(version ?)') (bench/simdjson/lines.cpp: every line of $file"
	echo "parsed, checked and its DOM built, as adkev checks every line), medians of $BENCH_RUNS; GB/s = 10^9"
	echo "bytes/s.  parse = its own clock, the parse calls alone; whole = the process, reading the file"
	echo "too, as adkev reads it (1 MiB at a time into one buffer).  haswell is simdjson's AVX2 kernel,"
	echo "as wide as adkev's stage goes; icelake its AVX-512 one.  adkev -j 1: the whole process."
	echo
	echo "| reader                               | parse s | GB/s    | whole s | GB/s    |"
	echo "| ------------------------------------ | ------: | ------: | ------: | ------: |"
	simdjson_row haswell
	simdjson_row icelake
	echo "$jobs_gbps" | tr '|' '\n' | while read -r args; do
		has_command "${args%% *}" || continue
		a=$(echo "$args" | sed "s|DIR|$tmp/jd|")
		jobs_fresh "$args"
		timed "$ADKEV $a -j 1 $file"
		fresh_dir=
		printf '| %-36s | %7s | %7s | %7.3f | %7.2f |\n' "adkev $(echo "$args" | sed 's| DIR --force||') -j 1" \
			"" "" "$med_secs" "$(gbps "$med_secs")"
	done
}
