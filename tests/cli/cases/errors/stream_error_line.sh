# The server's SSE error line is not an event, and not an error for final.
printf 'data: {"error":"Model overloaded"}\n\n' | adkev final -e; echo "status $?"
