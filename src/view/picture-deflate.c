/*
 * picture-deflate.c: a picture's pixel data as a zlib stream, by zlib at
 * level 6: at 4 a 6-seat board with long names is just over 60 KB; 6
 * keeps it at 58.5 KB for about 1.5 ms more than 4, and 9 takes 60 ms.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdlib.h>
#include <string.h>

#include <zlib.h>

#include "picture-int.h"
#include "xmalloc.h"

#define PIC_ZLEVEL	6

/*
 * Compress n bytes of in (rows of row bytes: not used here) into a
 * malloc'd zlib stream; 0, or -1.
 */
int
pic_deflate(const unsigned char *in, size_t n, size_t row,
    unsigned char **out, size_t *len)
{
	z_stream	z;
	size_t		cap = compressBound((uLong)n);

	(void)row;
	*out = xmalloc(cap);
	memset(&z, 0, sizeof z);
	if (deflateInit2(&z, PIC_ZLEVEL, Z_DEFLATED, 15, 8,
	    Z_DEFAULT_STRATEGY) != Z_OK) {
		free(*out);
		return (-1);
	}
	z.next_in = (unsigned char *)in;
	z.avail_in = (uInt)n;
	z.next_out = *out;
	z.avail_out = (uInt)cap;
	if (deflate(&z, Z_FINISH) != Z_STREAM_END) {
		deflateEnd(&z);
		free(*out);
		return (-1);
	}
	*len = z.total_out;
	deflateEnd(&z);
	return (0);
}
