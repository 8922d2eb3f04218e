# Author names as file names, beyond partition/split_hostile: 10 KB long,
# 10 KB of dots, only dots, a NUL inside (the name is all of the string, not
# what precedes the NUL), a leading dash, shell and Windows specials.  Every
# file lands inside DIR, one per author, and nothing else is written.
t=$(mktemp -d) && cd "$t" || exit 1
mkdir work && cd work || exit 1
long=$(head -c 10240 /dev/zero | tr '\0' y)
dots=$(head -c 10240 /dev/zero | tr '\0' .)
printf '{"author":"%s","n":%d}\n' "$long" 1 "$dots" 2 '...' 3 '....' 4 'a\u0000b' 5 'a' 6 \
	'\u0000' 7 ' ' 8 '--force' 9 '~' 10 '$HOME' 11 'nul\u0000/../../x' 12 '\t' 13 '\u007f' 14 \
	'\u2028' 15 '\ud83d\ude00' 16 'a\\b' 17 >in.jsonl
adkev partition --split out in.jsonl >../map; echo "status $?"
sed 's/y\{100,\}/<10240 y>/; s/\.\{100,\}/<10240 dots>/; s/\(yyyyyyyy\|________\)[y_]*-/\1...-/g' ../map | tr ',' '\n'
# No hidden file but the list of what partition wrote.
echo "hidden: $(ls -A out | grep '^\.' | tr '\n' ' ')"
echo "files: $(ls out | wc -l), longest name: $(ls -A out | awk '{ if (length($0) > n) n = length($0) } END { print n }') bytes"
echo "events: $(cat out/* | wc -l)"
cat out/a.jsonl out/a_b.jsonl
ls -A . ..
cd / && rm -rf "$t"
