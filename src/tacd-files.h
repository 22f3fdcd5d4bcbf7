/*
 * tacd-files.h: the state directory, the database, a lost one's copy.
 */
#ifndef TACD_FILES_H
#define TACD_FILES_H

struct store;

int	tacd_files_mkdirs(const char *);
void	tacd_files_rescue(struct store *, const char *);
struct store *tacd_files_open(const char *, int *);
struct store *tacd_files_writable(struct store *, const char *);

#endif
