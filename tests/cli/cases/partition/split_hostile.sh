# Hostile authors cannot escape DIR, hide a file or collide: separators,
# dots, control characters and non-ASCII characters become '_', long names
# are cut (a hash keeps them apart), and names that clean to one file name,
# ASCII case ignored, get -2, -3, ...
t=$(mktemp -d) && cd "$t" || exit 1
mkdir work && cd work || exit 1
long=$(printf '%0300d' 0)
{
	printf '{"author":"%s","n":%d}\n' '../evil' 1 '/etc/passwd' 2 '.bashrc' 3 'a/b' 4 \
		'a_b' 5 'A_B' 6 '..' 7 '.' 8 'line\nbreak' 9 'esc\u001b[31m' 10 \
		"x${long}1" 11 "x${long}2" 12 '研究员' 13 'user' 14 'User' 15 '' 16 \
		'trailing.' 17 'a..b' 18 'C:\\win' 19 'a/b' 20
} > in.jsonl
adkev partition -p --split out in.jsonl > ../map; echo "status $?"
sed 's/0\{200,\}/<zeros>/' ../map
ls -A out | sed 's/0\{80,\}/<zeros>/'
cat out/a_b.jsonl
# Nothing was written outside out/.
ls -A . ..
rm ../map
cd / && rm -rf "$t"
