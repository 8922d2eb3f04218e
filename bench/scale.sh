# bench/scale.sh - the tables of issue 26, sourced by bench/run.sh (whose
# functions and variables they use: run, timed, median, mbps, ratio, mib,
# $file, $bytes, $tmp, $nproc).
#
#   jobs    every command that reads events at -j 1, -j 2 and the default,
#           on every input form, medians; flags where a target is missed
#   rss     peak RSS at -j 1, -j 2 and the default on BENCH_BIG_MB
#   stages  what each stage costs per byte here, the memory bandwidth, and
#           the model of 16 and 64 cores made from them

# The commands that read events, as the jobs and rss tables run them.
# DIR is replaced by a scratch folder.  critic is left out: the generated
# streams hold no critic verdict (it exits 65 on them, after reading).
jobs_commands="final --full-scan|final --concat|reasoning|state|stats|trajectory|partition --split DIR --force|to-a2a|to-otlp|show --width 120"
# Where the targets hold: -j 2 >= 1.8x -j 1, and one core >= 1 GB/s.
jobs_scaling="final --full-scan|state|reasoning|stats|partition --split DIR --force|trajectory|to-a2a"
jobs_gbps="final --full-scan|state|partition --split DIR --force|reasoning"

# in_list ITEM LIST: whether ITEM is one of the |-separated LIST.
in_list() {
	case "|$2|" in *"|$1|"*) return 0 ;; esac
	return 1
}

# takes_jobs ARGS: whether adkev ARGS takes -j (the build at hand).
takes_jobs() {
	"$ADKEV" ${1%% *} -j 1 </dev/null >/dev/null 2>&1
}

# jobs_input NAME: the file of the input form NAME, made once and kept in
# BENCH_DIR (BENCH_MB of events unless the name says a size).
jobs_input() {
	case $1 in
	jsonl) echo "$file" ;;
	100k | 1m)
		f=$BENCH_DIR/adk-$1-s$BENCH_SEED.jsonl
		[ -s "$f" ] || { "$GEN" -s "$BENCH_SEED" -b "$1" >"$f.tmp" && mv "$f.tmp" "$f"; }
		echo "$f" ;;
	sse)
		f=$BENCH_DIR/adk-${BENCH_MB}m-s$BENCH_SEED.sse
		[ -s "$f" ] || { "$GEN" -S -s "$BENCH_SEED" -b "${BENCH_MB}m" >"$f.tmp" && mv "$f.tmp" "$f"; }
		echo "$f" ;;
	gz)
		f=$file.gz
		[ -s "$f" ] || { gzip -c "$file" >"$f.tmp" && mv "$f.tmp" "$f"; }
		echo "$f" ;;
	array)
		# The same events as one JSON array, an element a line.
		f=$BENCH_DIR/adk-${BENCH_MB}m-s$BENCH_SEED.json
		[ -s "$f" ] || { { echo '['; sed '$!s/$/,/' "$file"; echo ']'; } >"$f.tmp" && mv "$f.tmp" "$f"; }
		echo "$f" ;;
	esac
}

# jobs_output ARGS FILE J: adkev ARGS at J (- the default) on FILE, its
# output, standard error and status (and the files of --split) in one text.
jobs_output() {
	j=""
	[ "$3" = - ] || j="-j $3"
	rm -rf "$tmp/jd"
	a=$(echo "$1" | sed "s|DIR|$tmp/jd|")
	st=0
	sh -c "exec $ADKEV $a $j $2" >"$tmp/jo" 2>"$tmp/je" || st=$?
	echo "status $st"
	cat "$tmp/jo" "$tmp/je"
	[ ! -d "$tmp/jd" ] || (cd "$tmp/jd" && ls && cat ./*)
}

# jobs_fresh ARGS: a command that writes into DIR (partition --split) is
# timed into a fresh directory each run, removed before the clock starts
# (run()), as a first split writes it; --force is then only a safeguard.
jobs_fresh() {
	fresh_dir=
	case $1 in *DIR*) fresh_dir=$tmp/jd ;; esac
}

# jobs_row ARGS FORM: one row of the jobs table.  The three settings take
# turns, BENCH_RUNS runs each, so that a busy moment falls on all three;
# their outputs must be the same bytes.
jobs_row() {
	f=$(jobs_input "$2")
	b=$(wc -c <"$f" | tr -d ' ')
	if [ "$2" = gz ]; then b=$bytes; fi # MB/s of the text it holds
	label=$(echo "$1" | sed 's| DIR --force||')
	if ! takes_jobs "$1"; then
		timed "$ADKEV $(echo "$1" | sed "s|DIR|$tmp/jd|") $f"
		printf '| %-20s | %-6s | %8s | %8s | %8s | %8.3f | %8s | %6s | %6s | %s |\n' "$label" "$2" \
			"$(mib "$((b / 1024))")" - - "$med_secs" - - - "no -j: the default alone"
		return
	fi
	jobs_output "$1" "$f" 1 >"$tmp/j1.out"
	for j in 2 -; do
		jobs_output "$1" "$f" "$j" >"$tmp/jn.out"
		cmp -s "$tmp/j1.out" "$tmp/jn.out" || { echo "bench: $label on $f: -j 1 and -j $j differ" >&2; exit 1; }
	done
	a=$(echo "$1" | sed "s|DIR|$tmp/jd|")
	jobs_fresh "$1"
	s1="" s2="" sd="" i=0
	while [ $i -lt "$BENCH_RUNS" ]; do
		run "$ADKEV $a -j 1 $f"; s1="$s1 $secs"
		run "$ADKEV $a -j 2 $f"; s2="$s2 $secs"
		run "$ADKEV $a $f"; sd="$sd $secs"
		i=$((i + 1))
	done
	fresh_dir=
	t1=$(median "$s1") t2=$(median "$s2") td=$(median "$sd")
	flags=""
	awk -v a="$td" -v b="$t1" 'BEGIN { exit !(a > b * 1.05) }' && flags="$flags default slower than -j 1;"
	case $2 in jsonl | sse | gz)
		in_list "$1" "$jobs_scaling" && awk -v a="$t1" -v b="$t2" 'BEGIN { exit !(a / b < 1.8) }' &&
			flags="$flags -j 2 < 1.8x;" ;;
	esac
	case $2 in jsonl | sse)
		in_list "$1" "$jobs_gbps" && awk -v s="$t1" -v b="$b" 'BEGIN { exit !(b / s < 1e9) }' &&
			flags="$flags one core < 1 GB/s;" ;;
	esac
	flags=$(echo "$flags" | sed 's/^ //; s/;$//')
	printf '| %-20s | %-6s | %8s | %8.3f | %8.3f | %8.3f | %8s | %5s× | %5s× | %s |\n' "$label" "$2" \
		"$(mib "$((b / 1024))")" "$t1" "$t2" "$td" "$(mbps "$b" "$t1")" "$(ratio "$t2" "$t1")" \
		"$(ratio "$td" "$t1")" "${flags:-ok}"
}

jobs_table() {
	echo
	echo "-j: every command that reads events at -j 1, -j 2 and the default, on each input form"
	echo "(jsonl, sse, gz: ${BENCH_MB} MB of events; gz MB/s is of the text; array: the same events"
	echo "as one JSON array; 100k, 1m: small streams).  Seconds are medians of $BENCH_RUNS, the three"
	echo "settings taking turns; the three outputs are checked to be the same bytes.  Flags: the default"
	echo "over 5% slower than -j 1 (any input; closer is the noise of medians of a few runs, and the"
	echo "def/-j1 column shows it); -j 2 < 1.8x -j 1 (the seven commands of the target, on jsonl,"
	echo "sse and gz); one core < 1 GB/s (10^9 bytes; final --full-scan, state, partition --split,"
	echo "reasoning, on jsonl and sse).  MB/s is MiB per second at -j 1.  partition --split writes"
	echo "into a fresh directory each run, removed before the clock starts."
	echo
	echo "| command              | input  | size MiB |  -j 1 s  |  -j 2 s  | default s | -j1 MB/s | -j2/-j1 | def/-j1 | flags |"
	echo "| -------------------- | ------ | -------: | -------: | -------: | --------: | -------: | -----: | -----: | ----- |"
	echo "$jobs_commands" | tr '|' '\n' | while read -r args; do
		has_command "${args%% *}" || continue
		for form in jsonl sse gz array 100k 1m; do
			jobs_row "$args" "$form"
		done
	done
}

# rss_table: peak RSS on BENCH_BIG_MB at -j 1, -j 2 and the default, and
# per worker (the RSS at -j N over N); flags a worker over 8 MiB.
rss_table() {
	big=$(input "$BENCH_BIG_MB")
	bigbytes=$(wc -c <"$big" | tr -d ' ')
	echo
	run "$ADKEV stats -j 1 /dev/null"
	empty=$rss
	echo "peak RSS (MiB, one run each) on $big ($bigbytes bytes); per worker = RSS at -j N / N, flagged"
	echo "where it is over 8 MiB; above empty = (RSS at -j N - the RSS of adkev stats -j 1 on an empty"
	echo "input, $(mib "$empty") MiB: the binary and its shared libraries) / N"
	echo
	echo "| command              | -j 1 | -j 2 | default | per worker -j 1 | per worker -j 2 | above empty -j 1 | above empty -j 2 | flags |"
	echo "| -------------------- | ---: | ---: | ------: | ---: | ---: | ---: | ---: | ----- |"
	echo "$jobs_commands" | tr '|' '\n' | while read -r args; do
		has_command "${args%% *}" || continue
		takes_jobs "$args" || continue
		a=$(echo "$args" | sed "s|DIR|$tmp/jd|")
		run "$ADKEV $a -j 1 $big"; r1=$rss
		run "$ADKEV $a -j 2 $big"; r2=$rss
		run "$ADKEV $a $big"; rd=$rss
		flags=$(awk -v a="$r1" -v b="$r2" 'BEGIN { if (a > 8192 || b / 2 > 8192) print "over 8 MiB a worker"; else print "ok" }')
		printf '| %-20s | %5s | %5s | %5s | %5s | %5s | %5s | %5s | %s |\n' "$(echo "$args" | sed 's| DIR --force||')" \
			"$(mib "$r1")" "$(mib "$r2")" "$(mib "$rd")" "$(mib "$r1")" "$(mib "$((r2 / 2))")" \
			"$(mib "$((r1 - empty))")" "$(mib "$(((r2 - empty) / 2))")" "$flags"
	done
}

# merge_cost SUB: seconds per partial result that adkev SUB --merge takes,
# from BENCH_PIECES partials of $file's pieces against one; checks that the
# merge of all equals one run over the file.  - where SUB has no --merge.
merge_cost() {
	"$ADKEV" "$1" --merge </dev/null >/dev/null 2>&1 || [ $? -ne 64 ] || { echo -; return; }
	rm -f "$tmp/part."*
	for p in "$tmp/pieces/"*; do
		"$ADKEV" "$1" --partial -j 1 "$p" >"$tmp/part.${p##*/}"
	done
	cat "$tmp/part."* | "$ADKEV" "$1" --merge >"$tmp/merged"
	"$ADKEV" "$1" -j 1 "$file" | cmp -s - "$tmp/merged" ||
		{ echo "bench: $1 --merge of the pieces differs from one run over $file" >&2; exit 1; }
	first=$(ls "$tmp/part."* | head -n 1)
	timed "sh -c 'cat $tmp/part.* | exec $ADKEV $1 --merge'"
	all_s=$med_secs
	timed "$ADKEV $1 --merge $first"
	awk -v a="$all_s" -v o="$med_secs" -v n="$BENCH_PIECES" 'BEGIN { d = (a - o) / (n - 1); printf "%.6f", (d > 0 ? d : 0) }'
}

# stage_times: -j 1 and -j 2 of each command of the target on $file (taking
# turns, medians) and its output's size, as lines "ARGS|T1|T2|OUT".
stage_times() {
	echo "$jobs_scaling" | tr '|' '\n' | while read -r args; do
		has_command "${args%% *}" && takes_jobs "$args" || continue
		a=$(echo "$args" | sed "s|DIR|$tmp/jd|")
		rm -rf "$tmp/jd"
		out=$(sh -c "exec $ADKEV $a -j 1 $file" | wc -c)
		[ ! -d "$tmp/jd" ] || out=$(cat "$tmp/jd"/* | wc -c)
		jobs_fresh "$args"
		s1="" s2="" i=0
		while [ $i -lt "$BENCH_RUNS" ]; do
			run "$ADKEV $a -j 1 $file"; s1="$s1 $secs"
			run "$ADKEV $a -j 2 $file"; s2="$s2 $secs"
			i=$((i + 1))
		done
		fresh_dir=
		echo "$(echo "$args" | sed 's| DIR --force||')|$(median "$s1")|$(median "$s2")|$out"
	done
}

stages_table() {
	echo
	echo "stages: what each costs here per input byte, and the model of 16 and 64 cores made of them"
	"$MEMBW" -m "$BENCH_MEMBW_MIB" "$file" >"$tmp/membw" || { echo "bench: $MEMBW failed" >&2; exit 1; }
	echo "memory (adkev-membw -m $BENCH_MEMBW_MIB, best of 3, GB/s = 10^9 bytes/s): $(tr '\n' ' ' <"$tmp/membw")"
	mkdir -p "$tmp/pieces"
	split -n "l/$BENCH_PIECES" "$file" "$tmp/pieces/p"
	m_stats=$(merge_cost stats) m_state=$(merge_cost state) m_traj=$(merge_cost trajectory)
	echo "merge (seconds per partial result, $BENCH_PIECES pieces of $file): stats $m_stats, state $m_state, trajectory $m_traj"
	stage_times >"$tmp/stages"
	echo
	echo "ns per input byte at -j 1 on $file ($bytes bytes, medians of $BENCH_RUNS): read = read(2) of the"
	echo "page-cached file; structure = the scanner, the cheapest of final --full-scan, state and reasoning"
	echo "(which keep little of what they read), minus read; fold = the command minus the scanner minus"
	echo "write; write = write(2) of its output (out/in bytes) into the page cache.  Model, 1 GB on N"
	echo "cores: T = (read + structure + fold) / N + write + merge x N; Amdahl: serial fraction from -j 2"
	echo "(Karp-Flatt, 2 / speed-up - 1).  Traffic: bytes of memory moved per input byte (read copies it,"
	echo "the scan reads it, the output is written and copied), so GB/s x traffic is the bandwidth N needs."
	echo
	echo "| command | -j1 s | -j2 s | -j2/-j1 | ns/B | read | structure | fold | write | out/in | serial | stage 16 GB/s | stage 64 GB/s | Amdahl 16 | Amdahl 64 | traffic | needs at 64 GB/s |"
	echo "| ------- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
	awk -F'|' -v B="$bytes" -v ms="$m_stats" -v mst="$m_state" -v mt="$m_traj" -v mf="$tmp/membw" '
	BEGIN { while ((getline l < mf) > 0) { split(l, kv, " "); bw[kv[1]] = kv[2] } }
	function pos(x) { return x > 0 ? x : 0 }
	{ t1[NR] = $2; t2[NR] = $3; out[NR] = $4; name[NR] = $1 }
	# The scanner: the cheapest of the commands that keep little of what they read.
	$1 == "final --full-scan" || $1 == "state" || $1 == "reasoning" {
		ns = $2 / B * 1e9; if (scan == "" || ns < scan) scan = ns }
	END {
		rd = 1 / bw["pread"]; wr = 1 / bw["write"]; st = pos(scan - rd)
		for (i = 1; i <= NR; i++) {
			ns = t1[i] / B * 1e9; o = out[i] / B; w = wr * o
			fold = pos(ns - scan - w)
			m = name[i] == "stats" ? ms : name[i] == "state" ? mst : name[i] ~ /^trajectory/ ? mt : 0
			if (m == "-") m = 0
			par = rd + st + fold
			s16 = 1 / ((par / 16 + w) + m * 16); s64 = 1 / ((par / 64 + w) + m * 64)
			sp = t1[i] / t2[i]; e = 2 / sp - 1; e = e < 0 ? 0 : e > 1 ? 1 : e
			g1 = B / t1[i] / 1e9
			a16 = g1 / (e + (1 - e) / 16); a64 = g1 / (e + (1 - e) / 64)
			k = 3 + 2 * o
			printf "| %s | %.3f | %.3f | %.2fx | %.2f | %.2f | %.2f | %.2f | %.2f | %.3f | %.2f | %.2f | %.2f | %.2f | %.2f | %.1f | %.0f GB/s |\n",
				name[i], t1[i], t2[i], sp, ns, rd, st, fold, w, o, e, s16, s64, a16, a64, k, s64 * k
		}
	}' "$tmp/stages"
}
