# A file name reaches standard error escaped like terminal text: an escape
# sequence that would retitle the terminal, a BEL, a newline that would forge
# a second message, and a byte that is not UTF-8 come out as \e, \x07, \n and
# \xff; a UTF-8 name stays as it is.  Open errors, bad input, partition.
evil=$(printf 'evil\033]0;PWNED\007\nadkev: all good\377.jsonl')
printf '{"a":\n' >"$evil"
adkev final "$evil" 2>&1 >/dev/null; echo "exit $?"
adkev final "nope-$evil" 2>&1; echo "exit $?"
printf '{"a":\n' >données.jsonl
adkev stats données.jsonl 2>&1 >/dev/null; echo "exit $?"
rm -f "$evil" données.jsonl
