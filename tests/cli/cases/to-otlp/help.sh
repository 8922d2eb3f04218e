adkev to-otlp --help; echo "exit $?"
