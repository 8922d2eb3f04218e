/*
 * trajectory.h - the options of adkev trajectory, which adkev partition
 * --trajectories takes too; adk/trajectory.h's trajectory_option() takes
 * them.
 */
#ifndef ADKEV_CMD_TRAJECTORY_H
#define ADKEV_CMD_TRAJECTORY_H

#include "command.h"

extern const struct option_row trajectory_option_table[];

#endif
