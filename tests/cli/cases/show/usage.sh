# Bad option values are usage errors (64).
adkev show --color=sometimes x; echo "exit $?"
adkev show --width 0 x; echo "exit $?"
adkev show --width wide x; echo "exit $?"
adkev show --bogus; echo "exit $?"
adkev show --width; echo "exit $?"
adkev show -h | head -3
