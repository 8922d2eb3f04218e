adkev partition --help || echo "exit $?"
adkev help partition | head -n 1
