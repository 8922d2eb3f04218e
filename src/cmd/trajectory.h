/*
 * trajectory.h - the options of adkev trajectory, which adkev partition
 * --trajectories and adkev timeline take too, with their values in a
 * struct trajectory_config (adk/trajectory.h).
 */
#ifndef ADKEV_CMD_TRAJECTORY_H
#define ADKEV_CMD_TRAJECTORY_H

#include "command.h"

/*
 * The trajectory options, in groups: timeline takes those that say how
 * values are redacted and cut, not those that leave parts out.
 * OPTION_INCLUDE_ROW(trajectory_option_table, TRAJECTORY_ALL, struct x, traj).
 */
enum trajectory_option_group {
	TRAJECTORY_VALUES =
	    1 << 0, /* --no-redact, --redact-key, --redact-exact, --max-string, ... */
	TRAJECTORY_PARTS = 1 << 1, /* --no-tool-calls, --no-state-deltas, --no-token-usage */
	TRAJECTORY_ALL = (1 << 2) - 1
};
extern const struct option_row trajectory_option_table[];

#endif
