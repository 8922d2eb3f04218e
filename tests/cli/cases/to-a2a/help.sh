adkev to-a2a -h; echo "exit $?"
