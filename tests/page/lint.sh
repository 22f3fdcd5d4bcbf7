#!/bin/bash
# tests/page/lint.sh: the JavaScript of the project, checked.  Every
# script (the Mini App's page, bot/webapp/page/, and the tests' own) must
# parse (node --check); the page, which runs in people's phones, is
# linted with eslint (tests/page/eslint.config.js says with what), the
# version pinned in tests/page/package-lock.json and installed from npm
# into the build tree on first use.  No node, or no npm registry, is a
# failure that says what to install, never a skip.  Lint of the page must
# catch a fault: a copy with an undefined name in it fails.
#
# Run by make check; by hand: bash tests/page/lint.sh.
top_srcdir=${abs_top_srcdir:-${top_srcdir:-$(dirname "$0")/../..}}
top_builddir=${abs_top_builddir:-${top_builddir:-.}}
cd "$top_srcdir" || exit 99
top_srcdir=$(pwd)
. tests/sources.sh

for prog in node npm; do
	if ! command -v "$prog" >/dev/null; then
		echo "FAIL: $prog is not installed (bash .ci/deps installs it)"
		exit 1
	fi
done

scripts=$(sources_list . bot tests | grep '\.js$') || exit 99
page=$(grep '^bot/webapp/page/' <<<"$scripts")
if ! grep -qx bot/webapp/page/app.js <<<"$page" ||
    ! grep -qx tests/tg/fakeapi.js <<<"$scripts"; then
	echo "FAIL: the scripts were not found"
	exit 1
fi
fail=0
n=0
for f in $scripts; do
	n=$((n + 1))
	if ! node --check "$f"; then
		echo "FAIL: $f does not parse"
		fail=1
	fi
done
[ $fail -eq 0 ] && echo "ok: $n scripts parse"

# eslint, as the lock file pins it.
npmdir=$top_builddir/tests/page/npm
mkdir -p "$npmdir"
npmdir=$(cd "$npmdir" && pwd)
if [ ! -x "$npmdir/node_modules/.bin/eslint" ] ||
    ! cmp -s tests/page/package-lock.json "$npmdir/package-lock.json"; then
	cp tests/page/package.json tests/page/package-lock.json "$npmdir/"
	if ! (cd "$npmdir" && npm ci --no-audit --no-fund --loglevel=error) \
	    >"$npmdir/npm.log" 2>&1; then
		cat "$npmdir/npm.log"
		echo "FAIL: npm ci of eslint (tests/page/package-lock.json): the npm registry must be reachable"
		exit 1
	fi
fi
lint() {
	NODE_PATH=$npmdir/node_modules "$npmdir/node_modules/.bin/eslint" \
	    --no-config-lookup -c "$top_srcdir/tests/page/eslint.config.js" \
	    "$@"
}
# shellcheck disable=SC2086 # one word a file
if lint $page; then
	echo "ok: the page lints clean ($(wc -w <<<"$page") scripts)"
else
	echo "FAIL: eslint finds faults in the page"
	fail=1
fi

# The lint must catch a fault: the page's app.js with a name it never
# defined.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
{ cat bot/webapp/page/app.js; echo 'undefinedName();'; } >"$tmp/app.js"
if (cd "$tmp" && lint app.js) >"$tmp/out" 2>&1 ||
    ! grep -q "'undefinedName' is not defined" "$tmp/out"; then
	cat "$tmp/out"
	echo "FAIL: eslint passed a page with an undefined name"
	fail=1
else
	echo "the self-test is caught: 'undefinedName' is not defined"
fi
[ $fail -eq 0 ] && echo "PASS: the scripts parse and the page lints clean"
exit $fail
