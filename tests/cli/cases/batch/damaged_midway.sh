# gzip data damaged mid-way can decode to text before zlib finds the damage
# (at a later block, or at the trailer's check): the text is not blamed ("invalid JSON: ':'
# expected"), the damage is, at the compressed offset, as for a cut stream:
# exit 65, with -j 1, -j 2 and on standard input.  With --skip-invalid the
# text is read as it comes (its bad values warned of and skipped) until the
# damage ends the operand's read.
set -u
t=$(mktemp -d) && cd "$t" || exit 1
trap 'cd / && rm -rf "$t"' EXIT
i=0
while [ $i -lt 40 ]; do cat "$CORPUS"/adkjs/*.jsonl; i=$((i + 1)); done >run.jsonl
gzip -c run.jsonl >run.gz
size=$(wc -c <run.gz)
# One byte changed a fifth and a quarter of the way in.
for at in 5 4; do
	cp run.gz hit.gz
	printf 'A' | dd of=hit.gz bs=1 seek=$((size / at)) conv=notrunc 2>/dev/null
	gzip -t hit.gz 2>/dev/null || echo "gzip -t: damaged at 1/$at"
	adkev stats -j 1 hit.gz >/dev/null; echo "stats -j 1: status $?"
	adkev stats -j 2 hit.gz >/dev/null; echo "stats -j 2: status $?"
	adkev final -j 2 <hit.gz >/dev/null; echo "final -j 2 <hit.gz: status $?"
	adkev stats --skip-invalid hit.gz 2>err >/dev/null; echo "--skip-invalid: status $?"
	tail -n 2 err | sed 's/^adkev: hit.gz:[0-9]*:[0-9]*: .*/adkev: hit.gz:LINE:COLUMN: (a bad value of the damaged text)/' >&2
done
