/*
 * rewind_search.c - whether an input may hold a rewind (rewind_search.h).
 */
#include "cmd/rewind_search.h"

#include "adk/event.h"
#include "read/sessiondb.h"
#include "read/source.h"

#include <fcntl.h>
#include <unistd.h>

bool rewind_bytes_may_hold(int fd, off_t start)
{
	const char *names[2];
	size_t n = adk_field_spellings(ADK_REWIND_BEFORE_INVOCATION_ID, names);
	return source_may_hold(fd, start, names, n);
}

bool rewind_operand_may_hold(const char *operand)
{
	if (sessiondb_claims(operand))
		return true;
	int fd = open(operand, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return false;
	bool may = rewind_bytes_may_hold(fd, 0);
	close(fd);
	return may;
}
