# A write error (here a file-size limit; SIGXFSZ ignored, so write() fails
# with EFBIG): exit 74, one message naming the file, no mapping, and no file
# left behind, not even a temporary one.
t=$(mktemp -d) && cd "$t" || exit 1
awk '{ for (i = 0; i < 50; i++) print }' "$CORPUS"/adkjs/g_transfer.jsonl > big.jsonl
(trap '' XFSZ; ulimit -f 10; adkev partition --split out big.jsonl); echo "status $?"
ls -A out
cd / && rm -rf "$t"
