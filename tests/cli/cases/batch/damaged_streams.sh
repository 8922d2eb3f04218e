# Compressed data that is damaged or cut short is bad input (65), reported
# once with the compressed offset where it broke; the events before it are
# read, a line left without its end is not, and -j 2 and standard input say
# the same: a zstd frame whose checksum fails has handed out every block
# before the fault, whatever the buffers (libzstd is given a block a call).
# Bytes after the last member that start no other are damage too; one byte
# of a magic number is no magic number.
set -u
command -v zstd >/dev/null || { echo "zstd is not installed (make check installs it)" >&2; exit 1; }
t=$(mktemp -d) && cd "$t" || exit 1
trap 'cd / && rm -rf "$t"' EXIT
i=0
while [ $i -lt 3000 ]; do
	printf '{"author":"agent","invocationId":"e-%d","content":{"parts":[{"text":"event %d of a long run"}]}}\n' $((i % 7)) $i
	i=$((i + 1))
done >run.jsonl
gzip -c run.jsonl >run.gz
zstd -q -c run.jsonl >run.zst
size=$(wc -c <run.gz)
head -c $((size / 2)) run.gz >cut.gz
head -c $(($(wc -c <run.zst) / 2)) run.zst >cut.zst
head -c 1 run.gz >one-byte.gz
# The gzip trailer's CRC spoilt: every byte decodes, and the check fails at the end.
cp run.gz bad-crc.gz
printf '\377\377\377\377' | dd of=bad-crc.gz bs=1 seek=$((size - 8)) conv=notrunc 2>/dev/null
# Bytes spoilt in the middle of the zstd data.
cp run.zst flipped.zst
printf '\377\377\377\377' | dd of=flipped.zst bs=1 seek=$(($(wc -c <run.zst) / 2)) conv=notrunc 2>/dev/null
{ cat run.gz; echo 'trailing text'; } >trailing.gz
# The second frame's checksum spoilt: the frame's offset is named.
{ zstd -q -c "$SAMPLES/a_plain.jsonl"; cat flipped.zst; } >two-frames.zst
for f in cut.gz cut.zst one-byte.gz bad-crc.gz flipped.zst two-frames.zst trailing.gz; do
	adkev stats -j 1 $f >one.out 2>one.err; s1=$?
	adkev stats -j 2 $f >two.out 2>two.err; s2=$?
	adkev stats -j 2 <$f >in.out 2>in.err; s3=$?
	sed "s/^adkev: <stdin>/adkev: $f/" in.err >in.named
	events=same
	cmp -s one.out two.out && cmp -s one.out in.out || events=DIFFERENT
	said=same
	cmp -s one.err two.err && cmp -s one.err in.named || said=DIFFERENT
	echo "$f: status $s1 $s2 $s3, events $(sed 's/^{"events":\([0-9]*\).*/\1/' one.out)," \
		"-j 2 and stdin: events $events, messages $said"
	cat one.err >&2
done
# --skip-invalid does not make it good: the rest of the operand is never read
# (65), but the next operand is (1348 events of cut.zst, then 3000 of run.zst;
# with a good file first, 1 + 1470 + 3000), also from a value spread over
# lines, and with -j 2.
adkev final --skip-invalid -r cut.gz; echo "skip-invalid: status $?"
adkev stats --skip-invalid cut.zst run.zst >out; echo "skip-invalid cut.zst run.zst: status $?"
sed 's/^{"events":\([0-9]*\).*/events \1/' out
adkev stats -j 2 --skip-invalid "$SAMPLES/a_plain.jsonl" cut.gz run.jsonl >out
echo "skip-invalid a_plain.jsonl cut.gz run.jsonl: status $?"
sed 's/^{"events":\([0-9]*\).*/events \1/' out
# A session spread over lines (an event a line), cut inside its events array:
# the value being gathered is given up with the rest of the operand, after
# the events before the damage (handed out as they are read, as JSONL's are).
sed 's/,{"invocationId"/,\n{"invocationId"/g' "$CORPUS/adkjs/l_multi_turn.session.json" |
	gzip -c | head -c 900 >session.gz
adkev stats --skip-invalid session.gz "$SAMPLES/a_plain.jsonl" >out
echo "skip-invalid session.gz a_plain.jsonl: status $?"
sed 's/^{"events":\([0-9]*\).*/events \1/' out
