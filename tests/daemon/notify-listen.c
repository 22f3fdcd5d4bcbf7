/*
 * notify-listen.c: stand in for systemd's end of sd_notify in tests.
 *
 * usage: notify-listen SOCKET SECONDS
 *
 * Binds a unix datagram socket at SOCKET (a path, or "@name" for an
 * abstract one) and prints every message received, one assignment a line,
 * until a message with STOPPING=1 arrives or SECONDS pass (the tests'
 * hang guard: a tacd that never stops).  Lines are flushed at once, so a
 * test can wait for READY=1.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <sys/socket.h>
#include <sys/un.h>

#include <poll.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* Bind, then print messages until STOPPING=1 or the time is up. */
int
main(int argc, char **argv)
{
	struct sockaddr_un	 sun;
	struct pollfd		 pfd;
	char			 buf[4096];
	size_t			 len;
	ssize_t			 n;
	time_t			 end;
	int			 fd;

	if (argc != 3) {
		fprintf(stderr, "usage: notify-listen SOCKET SECONDS\n");
		return (2);
	}
	len = strlen(argv[1]);
	memset(&sun, 0, sizeof sun);
	sun.sun_family = AF_UNIX;
	if (len >= sizeof sun.sun_path) {
		fprintf(stderr, "notify-listen: name too long\n");
		return (2);
	}
	memcpy(sun.sun_path, argv[1], len);
	if (sun.sun_path[0] == '@')
		sun.sun_path[0] = '\0';
	if ((fd = socket(AF_UNIX, SOCK_DGRAM, 0)) == -1 ||
	    bind(fd, (struct sockaddr *)&sun, (socklen_t)(offsetof(struct
	    sockaddr_un, sun_path) + len + (argv[1][0] == '@' ? 0 : 1))) ==
	    -1) {
		perror("notify-listen");
		return (1);
	}
	printf("LISTENING=1\n");
	fflush(stdout);

	end = time(NULL) + atoi(argv[2]);	/* hang guard */
	pfd.fd = fd;
	pfd.events = POLLIN;
	while (time(NULL) < end) {	/* hang guard */
		if (poll(&pfd, 1, 200) <= 0)
			continue;
		if ((n = recv(fd, buf, sizeof buf - 1, 0)) <= 0)
			continue;
		buf[n] = '\0';
		printf("%s\n", buf);
		fflush(stdout);
		if (strstr(buf, "STOPPING=1") != NULL)
			break;
	}
	close(fd);
	if (argv[1][0] != '@')
		unlink(argv[1]);
	return (0);
}
