#!/bin/sh
# bench/default_jobs.sh - is the default -j ever slower than -j 1?
#
#   sh bench/default_jobs.sh [ADKEV] [GEN]
#   DJ_SIZES="1k 100k 2m 100m" DJ_FORMS="file pipe gz" DJ_RUNS=3 DJ_ONLY="state stats"
#
# For every command that reads events (and from-a2a, and eval over runs), on
# inputs of DJ_SIZES (1k: samples/c_streaming.jsonl, the corpus's 1 KB
# stream; the others made by adkev-gen -s 1 -b SIZE) in each of DJ_FORMS (a
# regular file, the same through a pipe, gzip'd), runs the default -j and
# -j 1 in turns DJ_RUNS times (inputs under 2 MB 20 or 4 runs in a row
# each time, as the clock counts 10 ms) and prints the medians: wall seconds and CPU
# seconds (user+sys) of each, and the ratio default/-j 1 of wall time.  A
# row whose default is over 10% and 1 ms slower than -j 1 in wall time is
# flagged SLOWER: the rule of issue 26 is a default never slower.  The two
# outputs (and standard error and status) must be the same bytes, or the
# row says DIFFERENT.  Scratch files go in a temporary directory.
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
adkev=${1:-$here/build/default/adkev}
gen=${2:-$here/build/default/adkev-gen}
sizes=${DJ_SIZES:-1k 100k 2m 100m}
forms=${DJ_FORMS:-file pipe gz}
runs=${DJ_RUNS:-3}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/adkev-dj.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
commands="final|final --full-scan|reasoning|trajectory|partition|partition --split DIR|state|stats|critic --author critic|show|timeline|to-a2a|from-a2a|to-otlp|eval"
[ -n "${DJ_ONLY:-}" ] && commands=$DJ_ONLY

# The median of the numbers on standard input.
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

# One timed run of $loops runs: wall and CPU seconds of one, appended to
# $tmp/t.TAG; the output of the last kept in $tmp/out.TAG.
timed() {
	tag=$1 && shift
	rm -rf "$tmp/DIR"
	/usr/bin/time -f '%e %U %S' -o "$tmp/time" sh -c "i=1; while [ \$i -lt $loops ]; do
		rm -rf '$tmp/DIR'; ($*) >/dev/null 2>&1; i=\$((i + 1)); done; rm -rf '$tmp/DIR'; $*" \
		>"$tmp/out.$tag" 2>"$tmp/err.$tag"
	echo "status $?" >>"$tmp/out.$tag"
	[ -d "$tmp/DIR" ] && cat "$tmp"/DIR/* >>"$tmp/out.$tag"
	# GNU time says "Command exited with non-zero status N" on a line before the figures.
	tail -n 1 "$tmp/time" | awk -v n="$loops" '{ printf "%.4f %.4f\n", $1 / n, ($2 + $3) / n }' >>"$tmp/t.$tag"
}

printf '%-22s %-5s %-5s %9s %9s %9s %9s %7s\n' command size form "wall -j1" "wall def" \
	"cpu -j1" "cpu def" "def/-j1"
for size in $sizes; do
	if [ "$size" = 1k ]; then
		cp "$here/samples/c_streaming.jsonl" "$tmp/in.jsonl"
	else
		"$gen" -s 1 -b "$size" >"$tmp/in.jsonl"
	fi
	gzip -c "$tmp/in.jsonl" >"$tmp/in.jsonl.gz"
	"$adkev" to-a2a -j 1 "$tmp/in.jsonl" >"$tmp/in.a2a.jsonl" 2>/dev/null
	"$adkev" evalset -j 1 "$tmp/in.jsonl" >"$tmp/set.json" 2>/dev/null
	# Small inputs run many times in a row, so that the clock (10 ms) can tell them apart.
	case $size in 1k | 100k) loops=20 ;; 2m) loops=4 ;; *) loops=1 ;; esac
	echo "$commands" | tr '|' '\n' | while read -r cmd; do
		case $cmd in show | timeline | to-otlp)
			printf '%-22s %-5s (no -j: one thread always)\n' "$cmd" "$size"
			continue ;;
		esac
		for form in $forms; do
			file=$tmp/in.jsonl
			[ "$cmd" = from-a2a ] && file=$tmp/in.a2a.jsonl
			args=$(echo "$cmd" | sed "s|DIR|$tmp/DIR|")
			[ "$cmd" = eval ] && args="eval $tmp/set.json"
			case $form in
			file) run="'$adkev' $args '$file'" ;;
			pipe) run="cat '$file' | '$adkev' $args" ;;
			gz)
				[ "$cmd" = from-a2a ] && continue
				run="'$adkev' $args '$file.gz'" ;;
			esac
			[ "$cmd" = eval ] && [ "$form" = pipe ] && run="cat '$file' | '$adkev' $args -"
			rm -f "$tmp"/t.one "$tmp"/t.def
			i=0
			while [ "$i" -lt "$runs" ]; do
				timed one "$run -j 1"
				timed def "$run"
				i=$((i + 1))
			done
			same=
			# from-a2a makes new event ids and time stamps on every run.
			[ "$cmd" = from-a2a ] && sed -i 's/"id":"[^"]*"//g; s/"invocationId":"[^"]*"//g;
				s/"timestamp":[0-9.]*//g' "$tmp/out.one" "$tmp/out.def"
			if ! cmp -s "$tmp/out.one" "$tmp/out.def" || ! cmp -s "$tmp/err.one" "$tmp/err.def"; then
				same=" DIFFERENT"
			fi
			w1=$(cut -d' ' -f1 "$tmp/t.one" | median)
			wd=$(cut -d' ' -f1 "$tmp/t.def" | median)
			c1=$(cut -d' ' -f2 "$tmp/t.one" | median)
			cd=$(cut -d' ' -f2 "$tmp/t.def" | median)
			awk -v c="$cmd" -v s="$size" -v f="$form" -v w1="$w1" -v wd="$wd" -v c1="$c1" \
				-v cd="$cd" -v same="$same" 'BEGIN {
				r = w1 > 0 ? wd / w1 : 1
				flag = (wd > w1 * 1.10 && wd - w1 > 0.001) ? " SLOWER" : ""
				printf "%-22s %-5s %-5s %9.4f %9.4f %9.4f %9.4f %6.2fx%s%s\n", c, s, f, w1, wd, c1, cd, r, flag, same
			}'
		done
	done
done
