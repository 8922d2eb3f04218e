# The fish completion adkev writes from its option tables: one line per
# option form and command, values (a fixed list, a directory, nothing after
# -j) and operands.  tests/tty/cases/fish_completion.sh runs it in fish.
adkev completion fish >adkev.fish || echo "exit $?"
grep -c '^complete -c adkev' adkev.fish
grep -e "-l a2a-version" -e "-l split " -e "from final' -s j" -e "-l color" -e "from completion' -a" adkev.fish
rm -f adkev.fish
