/*
 * rewind_search.h - whether an input may hold a rewind (adk/rewind.h),
 * found cheaply before a command reads it a second time: show's marks
 * (show_rewind.h) and trajectory's first read (trajectory_rewind.h) are
 * made only where it may.
 */
#ifndef ADKEV_REWIND_SEARCH_H
#define ADKEV_REWIND_SEARCH_H

#include <stdbool.h>
#include <sys/types.h>

/*
 * Whether the bytes of fd from start may hold a rewind: one of the
 * member's spellings is among them, or they cannot be searched as text
 * (source_may_hold(): compressed data, an SQLite file, a read error).
 */
bool rewind_bytes_may_hold(int fd, off_t start);
/*
 * Whether the operand named (a file or a session database, not "-") may
 * hold a rewind.  A database's rows cannot be searched so, and may; a file
 * that cannot be opened holds no event for either read, and does not.
 */
bool rewind_operand_may_hold(const char *operand);

#endif
