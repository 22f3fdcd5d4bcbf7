/*
 * tacd-files.h: the state directory, and a lost database's copy.
 */
#ifndef TACD_FILES_H
#define TACD_FILES_H

struct store;

int	tacd_files_mkdirs(const char *);
void	tacd_files_rescue(struct store *, const char *);

#endif
