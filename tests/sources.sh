# tests/sources.sh: the project's own files, never what a build wrote
# beside them.  Sourced by the checks that read the tree (layers.sh,
# view/po.sh), so that a build in the source tree (the README's way) and
# one beside it see the same files.
#
# In a git work tree whose top is the source tree: the files git tracks.
# Anywhere else (an unpacked tarball, make distcheck): the files make dist
# ships, which make check passes in $dist_files (Makefile.am); an
# unpacked tarball holds no build output of its own.

# Print the project's files under each DIR (relative to SRCDIR, one a
# line, sorted): sources_list SRCDIR DIR...  Returns 1, saying why, when
# it cannot tell the sources from the rest.
sources_list() {
	local top=$1 gtop here f d

	shift
	here=$(cd "$top" && pwd -P) || return 1
	if gtop=$(git -C "$top" rev-parse --show-toplevel 2>/dev/null) &&
	    [ "$(cd "$gtop" && pwd -P)" = "$here" ]; then
		# A tracked file deleted in the work tree is gone.
		git -C "$top" ls-files -z -- "$@" |
		    while IFS= read -r -d '' f; do
			[ -f "$top/$f" ] && printf '%s\n' "$f"
		    done | sort
		return 0
	fi
	if [ -z "${dist_files:-}" ]; then
		echo "sources: $top is not a git work tree, and no list of" \
		    "the distributed files was given (run it through make" \
		    "check, which sets dist_files)" >&2
		return 1
	fi
	# make's list names files as dist does: bare, or under $(srcdir)/.
	for f in $dist_files; do
		f=${f#"${srcdir:-.}/"}
		f=${f#./}
		for d in "$@"; do
			case $f in
			"${d%/}"/*)
				if [ -d "$top/$f" ]; then
					# A folder shipped whole (EXTRA_DIST).
					(cd "$top" && find "$f" -type f)
				elif [ -f "$top/$f" ]; then
					printf '%s\n' "$f"
				fi ;;
			esac
		done
	done | sort -u
}
