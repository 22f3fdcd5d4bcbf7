#!/usr/bin/env bash
# tests/picture/regen.sh: draw the golden board pictures again, after a
# deliberate change to the drawing.  From a build directory:
#
#	make regen-picture
#
# (or: top_srcdir=SRC TACCTL=BUILD/src/tacctl/tacctl bash SRC/tests/picture/regen.sh)
# then look at every tests/picture/golden/*.png before committing them.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
: "${top_srcdir:=$here/../..}"
: "${top_builddir:=$top_srcdir}"
tacctl=${TACCTL:-$top_builddir/src/tacctl/tacctl}
. "$top_srcdir/tests/picture/cases.sh"

# Draw one golden image.
regen_one() {
	local name=$1

	shift
	"$tacctl" render --size "$picture_size" -o \
	    "$top_srcdir/tests/picture/golden/$name.png" "$@"
	echo "wrote tests/picture/golden/$name.png"
}

mkdir -p "$top_srcdir/tests/picture/golden"
picture_cases regen_one
