# adkev with no command prints the command list on standard output, as git
# does, and exits 64: it is still a usage error.
adkev
