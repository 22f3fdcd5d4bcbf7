/*
 * utf8.h: the few things tacd needs to know about UTF-8 text: where a
 * character starts, how many characters a string holds, and where to cut
 * it so that no character is split.  Input is trusted to be UTF-8 (the
 * platforms guarantee it); invalid bytes count as characters of their own.
 */
#ifndef UTF8_H
#define UTF8_H

#include <stddef.h>

/*
 * Bytes of a person's display name or a chat's title, with its NUL:
 * Telegram allows 64 characters each of a first and a last name (and 128
 * of a title), up to four bytes a character.
 */
#define UTF8_NAMEMAX	520

/* utf8.c */
int	 utf8_cont(unsigned char);
size_t	 utf8_cut(const char *, size_t);
size_t	 utf8_width(const char *);
size_t	 utf8_first(const char *);
size_t	 utf8_prefix(const char *, size_t);
void	 utf8_shorten(const char *, size_t, char *, size_t);

#endif /* UTF8_H */
