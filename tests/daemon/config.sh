#!/bin/bash
# config.sh: tacd -n, the configuration's errors, the man pages, the
# translation catalogs and the systemd unit.
. "${abs_top_srcdir:-${top_srcdir:-.}}/tests/daemon/lib.sh"

# tacd -n with a good file.
printf '# tacd\nstate_dir = %s/state  # here\n\nlog_level = debug\n' \
    "$scratch" >good.conf
"$TACD" -n -f good.conf >out 2>err
check "-n accepts a good file" [ $? -eq 0 ]
check "-n says configuration OK" grep -qx 'configuration OK' err

# The built-in defaults, from a file that sets nothing: the same on any
# machine, whatever its /etc holds.
: >empty.conf
"$TACD" -nv -f empty.conf >out 2>&1
check "-nv shows the built-in defaults" grep -q '^state_dir = "./var"$' out
STATE_DIRECTORY=/var/lib/tacd "$TACD" -nv -f empty.conf >out 2>&1
check "-nv takes \$STATE_DIRECTORY" \
    grep -q '^state_dir = "/var/lib/tacd"$' out

# Without -f: /etc/tacd/tacd.conf when it exists, else the built-in
# defaults, no file needed.  Each machine checks the case it is.
"$TACD" -nv >out 2>&1
if [ -e /etc/tacd/tacd.conf ]; then
	check "-n without -f reads /etc/tacd/tacd.conf (this machine has one)" \
	    grep -qx '# tacd configuration, from /etc/tacd/tacd.conf' out
else
	check "-n without -f and no /etc/tacd/tacd.conf: the built-in defaults" \
	    grep -qx '# tacd configuration, from built-in defaults' out
	check "... and says the configuration is OK" \
	    grep -qx 'configuration OK' out
fi

# Errors name the file and the line, and exit 1.
printf 'log_level = info\n\nstat_dir = /tmp\n' >bad.conf
"$TACD" -n -f bad.conf >out 2>err
check "-n refuses a bad file" [ $? -eq 1 ]
check "the error names file and line" \
    grep -q "^tacd: bad.conf:3: unknown key 'stat_dir'$" err
printf 'log_level = loud\n' >bad2.conf
"$TACD" -n -f bad2.conf 2>err
check "a bad value names its line" grep -q 'bad2.conf:1: log_level:' err
"$TACD" -n -f nonexistent.conf 2>err
check "a missing -f file is an error" [ $? -eq 1 ]
check "... naming the file" grep -q 'nonexistent.conf: ' err
"$TACD" -x >/dev/null 2>err
check "a bad option prints the usage" grep -q '^usage: tacd' err

# -nv prints a documented file that loads back to the same values.
"$TACD" -nv -f good.conf >printed.conf 2>/dev/null
check "-nv prints the values" grep -q '^log_level = "debug"$' printed.conf
check "-nv documents the keys" grep -q '^# Default: info' printed.conf
"$TACD" -n -f printed.conf 2>err
check "the printed file loads" grep -qx 'configuration OK' err
"$TACD" -nv -f printed.conf >again.conf 2>/dev/null
check "... to the same values" \
    diff <(grep -v '^# tacd configuration' printed.conf) \
    <(grep -v '^# tacd configuration' again.conf)

# The man pages format without warnings (groff: .ci/deps installs it).
for page in tacd.8 tacd.conf.5 tacctl/tacctl.1; do
	groff -mdoc -Tutf8 -ww -z "$top_srcdir/src/$page" >out 2>&1
	check "man page $page formats cleanly" [ ! -s out ]
done

# The unit: hardened as promised, and so rated by systemd-analyze
# (systemd: .ci/deps installs it where it is missing).
unit=$top_srcdir/systemd/tacd.service.in
for opt in Type=notify DynamicUser=yes StateDirectory=tacd \
    ProtectSystem=strict NoNewPrivileges=yes PrivateTmp=yes ProtectHome=yes \
    'RestrictAddressFamilies=AF_UNIX AF_INET AF_INET6' \
    SystemCallFilter=@system-service WatchdogSec= 'ExecReload=/bin/kill -HUP' \
    LimitNOFILE=8192
do
	check "tacd.service has $opt" grep -q "^$opt" "$unit"
done
sed "s|@sbindir@|$(dirname "$TACD")|" "$unit" >tacd.service
systemd-analyze security --offline=true --threshold=3 tacd.service \
    >out 2>&1
check "systemd-analyze security rates the unit 3 or better" \
    grep -q 'Overall exposure level for tacd.service: [0-2]\.' out

finish
