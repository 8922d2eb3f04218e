adkev partition --help
adkev help partition | head -n 1
