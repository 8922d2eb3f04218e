# Each kind of invalid input of events.md 1.3: one line with its position, exit 65.
p() { printf "$1" | adkev final; echo "status $?"; }
p '{"author":"a","t":"\377"}\n'
p '{"author":"a","n":123456789012345678901234567890}\n'
p '{"author":"a","n":-1e999}\n'
p '{"author":"a","t":"\\udc00"}\n'
p '{"author":"a","t":"a\000b"}\n'
p '\000\n'
p '42\n'
p '"a string"\n'
p '[{"author":"a"},[]]\n'
p '{"kind":"message","messageId":"m-1","parts":[]}\n'
