#!/bin/bash
# tests/circles.sh: the call circles inside each folder.
#
# tests/layers.sh keeps the arrows between folders pointing down; inside
# a folder nothing did, and two rooms grew one big circle each (every file
# calling every other through a few shared helpers and dispatchers).  Here
# a file calls another when its object file needs a symbol the other
# defines (nm: undefined against defined, so a table of function pointers
# counts as calls); a circle is a strongly connected part of that graph.
# It prints the largest circle of each folder, and fails when one is
# larger than its folder's limit in the table below ("-": printed only).
#
# It reads the objects the build made (make check runs it in the build
# tree, after the build), so it checks the code as compiled, whatever the
# preprocessor kept.  By hand, in a build tree: bash tests/circles.sh.
#
# (folder     objects                              prefix        limit)
folders='
src/common    src/common/libtaccommon.a            lib[a-z]*_a-  -
src/engine    src/engine/libtacengine.a            lib[a-z]*_a-  -
src/play      src/play/libtacplay.a                lib[a-z]*_a-  -
src/store     src/store/libtacstore.a              lib[a-z]*_a-  -
src/view      src/view/libtacview.a                lib[a-z]*_a-  -
src/service   src/service/libtacservice.a          lib[a-z]*_a-  2

src/compose   src/compose/libtaccompose.a          lib[a-z]*_a-  2
src/tacctl    src/tacctl/tacctl-*.o                tacctl-       -
bot           bot/libtacbridge.a                   lib[a-z]*_a-  2
bot/console   bot/console/libtacconsole.a          lib[a-z]*_a-  2
bot/telegram  bot/telegram/libtactelegram.a        lib[a-z]*_a-  2
bot/webapp    bot/webapp/libtacwebapp.a            lib[a-z]*_a-  2
'
NM=${NM:-nm}

# Print "FILE SYMBOL D" for each global symbol an object defines and
# "FILE SYMBOL U" for each it needs, FILE the source it was built from,
# for the objects (archives or object files) in $2, names less prefix $1.
symbols() {
	local prefix=$1 f

	shift
	for f in "$@"; do
		[ -e "$f" ] || { echo "circles: $f: not built" >&2; return 1; }
		"$NM" -A -P "$f" || return 1
	done | awk -v prefix="$prefix" '
	{
		# "lib.a[member.o]: sym T ..." or "file.o: sym T ...".
		file = $1
		sub(/:$/, "", file)
		if (match(file, /\[[^]]*\]$/))
			file = substr(file, RSTART + 1, RLENGTH - 2)
		sub(/.*\//, "", file)
		sub("^" prefix, "", file)
		sub(/\.o$/, ".c", file)
		if ($3 == "U" || $3 == "w" || $3 == "v")
			print file, $2, "U"
		else if ($3 ~ /^[A-Z]$/)
			print file, $2, "D"
	}'
}

# From symbols' lines, print the largest circle: "N FILE FILE ...", N the
# number of files in it (1 and one file when there is no circle).
largest() {
	awk '
	$3 == "D" { def[$2] = $1; files[$1] = 1; next }
	{ need[$1, $2] = 1; files[$1] = 1 }
	END {
		n = 0
		for (f in files)
			name[++n] = f
		for (i = 1; i <= n; i++)
			id[name[i]] = i
		for (k in need) {
			split(k, p, SUBSEP)
			if ((p[2] in def) && def[p[2]] != p[1])
				reach[id[p[1]], id[def[p[2]]]] = 1
		}
		# Every file a file reaches (Warshall: a folder is small).
		for (k = 1; k <= n; k++)
			for (i = 1; i <= n; i++) {
				if (!((i, k) in reach))
					continue
				for (j = 1; j <= n; j++)
					if ((k, j) in reach)
						reach[i, j] = 1
			}
		best = 0
		for (i = 1; i <= n; i++) {
			m = 1
			list = name[i]
			for (j = 1; j <= n; j++)
				if (j != i && ((i, j) in reach) &&
				    ((j, i) in reach)) {
					m++
					list = list " " name[j]
				}
			if (m > best) {
				best = m
				out = list
			}
		}
		# Its files in order, for a stable line.
		c = split(out, w, " ")
		for (i = 1; i <= c; i++)
			for (j = i + 1; j <= c; j++)
				if (w[j] < w[i]) {
					t = w[i]; w[i] = w[j]; w[j] = t
				}
		line = best
		for (i = 1; i <= c; i++)
			line = line " " w[i]
		print line
	}'
}

# Check one folder: check_folder FOLDER PREFIX LIMIT OBJECT...; prints
# its largest circle, returns 1 when it is over the limit.
check_folder() {
	local folder=$1 prefix=$2 limit=$3 got n files

	shift 3
	got=$(symbols "$prefix" "$@" | largest) || return 2
	n=${got%% *}
	files=${got#* }
	if [ -z "$n" ] || [ "$n" -lt 1 ]; then
		echo "FAIL: $folder: no objects read"
		return 2
	fi
	if [ "$n" -eq 1 ]; then
		printf '%-13s no circle (limit %s)\n' "$folder" "$limit"
	else
		printf '%-13s %d files: %s (limit %s)\n' "$folder" "$n" \
		    "$files" "$limit"
	fi
	if [ "$limit" != - ] && [ "$n" -gt "$limit" ]; then
		echo "FAIL: $folder has a call circle of $n files (at most" \
		    "$limit): give the helpers they share a file below them"
		return 1
	fi
	return 0
}

fail=0
while read -r folder objs prefix limit; do
	[ -n "$folder" ] || continue
	# shellcheck disable=SC2086 # objs is a glob
	check_folder "$folder" "$prefix" "$limit" ${objs} || fail=1
done <<<"$folders"

# The check must see a circle: three files that call one another in a
# ring, built here, against a limit of 2.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf 'int b(int);\nint a(int x) { return x ? b(x - 1) : 0; }\n' >"$tmp/a.c"
printf 'int c(int);\nint b(int x) { return x ? c(x - 1) : 1; }\n' >"$tmp/b.c"
printf 'int a(int);\nint c(int x) { return x ? a(x - 1) : 2; }\n' >"$tmp/c.c"
for f in a b c; do
	${CC:-cc} -c -o "$tmp/$f.o" "$tmp/$f.c" || exit 99
done
if check_folder planted "" 2 "$tmp/a.o" "$tmp/b.o" "$tmp/c.o" >"$tmp/out"; then
	echo "FAIL: a planted circle of three files passed the check"
	cat "$tmp/out"
	exit 1
fi
grep -q '^planted  *3 files: a.c b.c c.c' "$tmp/out" || {
	echo "FAIL: the planted circle was not found as it is:"
	cat "$tmp/out"
	exit 1
}
echo "the self-test is caught: $(grep '^FAIL' "$tmp/out")"
if [ $fail -ne 0 ]; then
	echo "FAIL: a folder has a call circle over its limit"
	exit 1
fi
echo "PASS: no folder has a call circle over its limit"
exit 0
