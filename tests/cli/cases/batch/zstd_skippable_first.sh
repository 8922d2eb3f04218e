# A zstd stream may start with a skippable frame (metadata, a seekable
# table): zstd -dc reads past it, and so does adkev, in a file and on
# standard input, with -j 1 and -j 2, as it does between and after frames.
# The frames are zstd's own; the skippable frame is its 8-byte header (magic
# 0x184D2A50 to 0x184D2A5F, little-endian, then the length) and its bytes.
set -u
command -v zstd >/dev/null || { echo "zstd is not installed (make check installs it)" >&2; exit 1; }
f=$SAMPLES/b_tool_call.jsonl
{ printf 'P*M\030\010\000\000\000adkev-md'; zstd -q -c "$f"; } >first.zst
{ printf '_*M\030\000\000\000\000'; zstd -q -c "$f"; printf 'Z*M\030\001\000\000\000x'; } >both.zst
zstd -dc first.zst | cmp -s - "$f" && echo "zstd -dc reads first.zst"
zstd -dc both.zst | cmp -s - "$f" && echo "zstd -dc reads both.zst"
for z in first.zst both.zst; do
	adkev final -r $z; echo "$z: status $?"
	adkev stats -j 2 <$z >out; echo "$z stdin -j 2: status $?"
	cut -c1-40 out
done
# The first byte of a skippable frame's magic is one of P to _: '[' is one,
# and an array whose second byte is no '*' is still an array.
printf '[\n' >arr.jsonl; cat "$f" | sed '$!s/$/,/' >>arr.jsonl; printf ']\n' >>arr.jsonl
adkev final -r arr.jsonl; echo "array: status $?"
# Four bytes that start the magic and end the input are too short for a frame.
printf 'P*M\030' | adkev stats >/dev/null; echo "magic alone: status $?"
rm -f first.zst both.zst arr.jsonl out
