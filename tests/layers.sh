#!/bin/bash
# tests/layers.sh: the layers of the tree, and a check that every
# #include "..." in src/ and bot/ points down them.
#
# This table is the one place the layer order is written.  A folder may
# include headers of its own and of the folders listed after it; "tacd" is
# src/tacd*.  The build gives each folder the include paths of what it
# may use (Makefile.am), so most wrong includes do not even compile; this
# check also catches the ones that would through a lower folder's path,
# an internal header (NAME-int.h) used outside its folder, and a folder
# that is not in the table.  (tests/sizes.sh keeps files short.)
#
# It reads the project's sources only (tests/sources.sh: what git tracks,
# or what make dist ships), never what a build wrote into the tree, so a
# build in the source tree and one beside it give the same answer.
#
# Run by make check; by hand: bash tests/layers.sh [SRCDIR].  Prints the
# include graph between folders.
layers='
common:
engine:
play:     engine common
store:    engine common
view:     engine common
service:  store play engine common
compose:  service view play engine common
tacctl:   service store view play engine common
bridge:   common
console:  compose service view engine common
telegram: bridge compose service view engine common
webapp:   telegram bridge compose service view engine common
tacd:     webapp telegram console bridge compose service store view common
'

top=${1:-${top_srcdir:-$(dirname "$0")/..}}
cd "$top" || exit 99
. tests/sources.sh

declare -A allowed
while read -r name rest; do
	[ -n "$name" ] || continue
	allowed[${name%:}]=" $rest "
done <<<"$layers"

# The layer of a file: its folder under src/; under bot/, its bridge's
# folder, or bridge for what they share beside them; tacd for src/*.c.
layer_of() {
	case $1 in
	src/*/*) local d=${1#src/}; echo "${d%%/*}" ;;
	src/tacd*) echo tacd ;;
	bot/*/*) local d=${1#bot/}; echo "${d%%/*}" ;;
	bot/*) echo bridge ;;
	*) echo "?" ;;
	esac
}

# Check the files named in $1 (one a line, relative to the current
# folder); print the graph; 1 if broken.
check_tree() {
	local files=$1 f b me h there them got name rest fail=0
	local -A folder_of uses

	fail=0
	for f in $files; do
		b=${f##*/}
		if [ -n "${folder_of[$b]}" ]; then
			echo "FAIL: $b is in $(dirname "${folder_of[$b]}") and $(dirname "$f"): header names must be unique"
			fail=1
		fi
		folder_of[$b]=$f
	done

	for f in $files; do
		me=$(layer_of "$f")
		if [ -z "${allowed[$me]+x}" ]; then
			echo "FAIL: $f: folder $me is not in the layer table"
			fail=1
			continue
		fi
		while read -r h; do
			there=${folder_of[${h##*/}]}
			# Not one of ours (a generated file, a system header).
			[ -n "$there" ] || continue
			them=$(layer_of "$there")
			[ "$them" = "$me" ] && continue
			uses[$me]="${uses[$me]} $them"
			case $h in
			*-int.h)
				echo "FAIL: $f includes $h, the insides of $them"
				fail=1
				continue ;;
			esac
			case ${allowed[$me]} in
			*" $them "*) ;;
			*)
				echo "FAIL: $f includes $h: $me may not use $them (it uses:${allowed[$me]% })"
				fail=1 ;;
			esac
		done < <(sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' "$f")
	done

	# The graph as it is: each folder and the folders it includes from.
	while read -r name rest; do
		[ -n "$name" ] || continue
		name=${name%:}
		got=$(tr ' ' '\n' <<<"${uses[$name]}" | sed '/^$/d' | sort -u | tr '\n' ' ')
		printf '%-8s <- %s\n' "$name" "${got:-(nothing)}"
	done <<<"$layers"
	return $fail
}

files=$(sources_list . src bot | grep '\.[ch]$') || exit 99
nfiles=$(wc -l <<<"$files")
# A list that lost the tree (a bad parse, a wrong folder) cannot pass.
if [ "$nfiles" -lt 100 ] || ! grep -qx src/engine/rng.c <<<"$files"; then
	echo "FAIL: only $nfiles source files found under src/ and bot/"
	exit 1
fi
if ! check_tree "$files"; then
	echo "FAIL: the layers are broken"
	exit 1
fi

# The check must see a wrong include: the engine using the service, in a
# copy of the sources.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
tar cf - $files | tar xf - -C "$tmp"
printf '#include "service.h"\n' >>"$tmp/src/engine/rng.c"
if (cd "$tmp" && check_tree "$files" >out 2>&1); then
	echo "FAIL: an include of service.h from the engine passed the check"
	exit 1
fi
sed -n "s/^FAIL: /the self-test is caught: /p" "$tmp/out"
echo "PASS: every include of $nfiles files points down the layers"
exit 0
