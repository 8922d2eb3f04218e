# adkev --help lists every command; for each, 'adkev help X' and
# 'adkev X --help' print the same text, which names its man page.
adkev --help > list.tmp; echo "status $?"
sed -n '1,5p' list.tmp
commands=$(sed -n 's/^  \([a-z0-9-]*\)  .*/\1/p' list.tmp)
for c in $commands; do
	adkev help "$c" > a.tmp; s1=$?
	adkev "$c" --help > b.tmp; s2=$?
	if [ $s1 = 0 ] && [ $s2 = 0 ] && cmp -s a.tmp b.tmp && grep -q "^usage: adkev $c" a.tmp &&
		grep -q "adkev-$c(1)" a.tmp; then
		echo "$c: help ok"
	else
		echo "$c: help differs or fails ($s1 $s2)"
	fi
done | grep -v ': help ok$'
echo "$(echo $commands | wc -w) commands"
# The table in main.c is sorted, and --help lists it as it is.
printf '%s\n' $commands | LC_ALL=C sort -c && echo "commands: sorted"
adkev help final
adkev reasoning -h
rm -f list.tmp a.tmp b.tmp
