# Terminal control sequences, C1 controls and bidirectional overrides in the
# input are written as escapes, never passed to the terminal; wide
# characters count two columns when a line is cut.
f=$(mktemp)
printf '%s\n' \
  '{"author":"m\u001b[2Jx","content":{"parts":[{"text":"red \u001b[31mRED\u001b[0m bell \u0007 c1 \u009b nul \u0000 del \u007f end"}]}}' \
  '{"author":"a","content":{"parts":[{"text":"abc \u202eevil\u202c tab\there"}]}}' \
  '{"author":"a","content":{"parts":[{"text":"日本語のテキストはとても長いのでこの行の終わりで切られます"}]}}' \
  '{"author":"a","content":{"parts":[{"text":"日本語のテキスト"}]}}' >"$f"
adkev show --width 80 "$f" || echo "exit $?"
adkev show --width 58 "$f" | tail -2
# Not one raw control byte reaches the output, with colour or without (the
# only escapes left are adkev's own colour sequences).
adkev show --full --color=never "$f" | tr -d '\n' | LC_ALL=C grep -c '[[:cntrl:]]'
adkev show --full --color=always "$f" | tr -d '\n' | LC_ALL=C sed 's/\x1b\[[0-9;]*m//g' |
	LC_ALL=C grep -c '[[:cntrl:]]'
adkev show --full --color=always "$f" | LC_ALL=C grep -c "$(printf '\033')\\[[0-9;]*m"
rm -f "$f"
