#!/bin/bash
# tests/pg/cluster.sh: run a command against a throwaway PostgreSQL.
#
#	tests/pg/cluster.sh COMMAND [ARG...]
#
# Makes a cluster in a temporary folder (initdb, pg_ctl; Debian keeps them
# in /usr/lib/postgresql/NN/bin), its socket in that folder and no TCP
# (listen_addresses ''), creates the database tacd, and runs COMMAND with
# TACD_TEST_DATABASE set to its postgresql:// URI (TACD_TEST_PGBIN: the
# folder of initdb, whose psql a test may read the store with).  As root the server
# runs as nobody (it refuses root).  The cluster is stopped and removed
# on exit, whatever COMMAND did.  No initdb is a failure, not a skip:
# .ci/deps installs postgresql.  The exit status is COMMAND's.
set -u

bindir=${PG_BINDIR:-}
if [ -z "$bindir" ]; then
	for d in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r) \
	    "$(dirname "$(command -v initdb 2>/dev/null || echo /x/x)")"; do
		if [ -x "$d/initdb" ] && [ -x "$d/pg_ctl" ]; then
			bindir=$d
			break
		fi
	done
fi
if [ -z "$bindir" ]; then
	echo "cluster.sh: no initdb and pg_ctl (install postgresql:" \
	    "bash .ci/deps)" >&2
	exit 1
fi

dir=$(mktemp -d "${TMPDIR:-/tmp}/tacd-pg.XXXXXX") || exit 1
chmod 755 "$dir"
as=()
if [ "$(id -u)" = 0 ]; then
	chown nobody "$dir"
	as=(setpriv --reuid=nobody --regid="$(id -g nobody)" --clear-groups)
fi

# Stop the server and remove the folder, however we leave.
cleanup() {
	"${as[@]}" "$bindir/pg_ctl" -D "$dir/data" -m immediate stop \
	    >/dev/null 2>&1
	rm -rf "$dir"
}
trap cleanup EXIT
trap 'exit 129' HUP
trap 'exit 130' INT
trap 'exit 143' TERM

# Speed over durability: the cluster lives for one test run.  A
# benchmark (PG_DURABLE=1) keeps the server's durable defaults instead.
if ! "${as[@]}" "$bindir/initdb" -D "$dir/data" -U tacd -A trust \
    -E UTF8 --no-locale --no-sync >"$dir/initdb.log" 2>&1; then
	cat "$dir/initdb.log" >&2
	echo "cluster.sh: initdb failed" >&2
	exit 1
fi
cat >>"$dir/data/postgresql.conf" <<CONF
listen_addresses = ''
unix_socket_directories = '$dir'
max_connections = 40
CONF
[ "${PG_DURABLE:-0}" = 1 ] || cat >>"$dir/data/postgresql.conf" <<CONF
fsync = off
synchronous_commit = off
full_page_writes = off
CONF
if ! "${as[@]}" "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w \
    -t 60 start >/dev/null; then
	cat "$dir/server.log" >&2
	echo "cluster.sh: the server did not start" >&2
	exit 1
fi
if ! "${as[@]}" "$bindir/createdb" -h "$dir" -U tacd tacd; then
	echo "cluster.sh: createdb failed" >&2
	exit 1
fi

export TACD_TEST_DATABASE="postgresql:///tacd?host=$dir&user=tacd"
export TACD_TEST_PGDIR=$dir
export TACD_TEST_PGBIN=$bindir
"$@"
