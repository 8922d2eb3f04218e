# With -j workers a line longer than --max-line costs what it costs with
# -j 1: one copy, up to the limit, then it is given up (65).  The workers'
# reading thread passes a long line on in pieces of 1 MiB instead of holding
# it whole too; it held it growing to twice the limit, and the reader copied
# it again (a 1.5 GB line in 6.9 MB of gzip took 3.6 GB and 15 s at -j 2,
# 1.06 GB and 0.7 s at -j 1).  Here a 48 MB line, 210 KB of gzip, under a
# 32 MiB limit and an address space of 160 MB: -j 2 and -j 4 died of it with
# 71 ("out of memory"), as -j 1 never did.  Lines around it are read the same
# with any -j.
set -u
{
	printf '{"author":"a","content":{"parts":[{"text":"'
	head -c 48000000 /dev/zero | tr '\0' 'x'
	printf '"}]}}\n'
} | gzip -1 >long.gz
# -j 1 is the measure: where it cannot run in 160 MB (a sanitizer's shadow
# memory, valgrind), nothing here can be measured.
(ulimit -v 160000; exec adkev stats -j 1 --max-line 32M long.gz >/dev/null 2>&1)
[ $? = 65 ] || { rm -f long.gz; echo "adkev -j 1 cannot run in 160 MB here (a sanitizer or valgrind?)" >&2; exit 77; }
for j in 1 2 4; do
	(ulimit -v 160000; exec adkev stats -j $j --max-line 32M long.gz >/dev/null); echo "-j $j: status $?"
done
# Long lines (3 MB, CRLF; 2.5 MB without a line end last) between short
# ones: the same events and answer with any -j, from a file and a pipe.
{
	head -n 2 "$SAMPLES/b_tool_call.jsonl"
	printf '{"author":"a","content":{"parts":[{"text":"'
	head -c 3000000 /dev/zero | tr '\0' 'y'
	printf '"}]}}\r\n'
	tail -n 1 "$SAMPLES/b_tool_call.jsonl"
	printf '{"author":"z","content":{"parts":[{"text":"'
	head -c 2500000 /dev/zero | tr '\0' 'z'
	printf '"}]}}'
} >mixed.jsonl
for j in 1 2 3; do
	adkev stats -j $j mixed.jsonl >stats.$j || echo "stats -j $j: exit $?"
	adkev final -j $j --concat -r <mixed.jsonl | wc -c | tr -d ' '
done
cmp -s stats.1 stats.2 && cmp -s stats.1 stats.3 && echo "stats: the same with -j 1, 2 and 3"
cut -c1-60 stats.1
rm -f long.gz mixed.jsonl stats.1 stats.2 stats.3
