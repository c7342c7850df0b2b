#!/bin/sh
# embed.sh OUT.c NAME=FILE... - a C file holding each FILE's bytes as
# `const unsigned char NAME[]`, a NUL after them, and their number as
# `const size_t NAME_len` (a FILE that is absent: length 0, as the
# desk's WebAssembly in a binary built without it). The pages' scripts
# and style sheets (src/web/, umpire/web.h) and the desk's built files
# (umpire/desk.h) go into the program so. Only od and sed: any build
# machine has them.
set -eu
out=$1
shift
tmp=$out.tmp
{
	echo '/* made by src/web/embed.sh: do not edit */'
	echo '#include <stddef.h>'
	for a in "$@"; do
		name=${a%%=*}
		file=${a#*=}
		echo "extern const unsigned char $name[];"
		echo "extern const size_t ${name}_len;"
		if [ -f "$file" ]; then
			n=$(wc -c <"$file")
			echo "/* $file */"
			echo "const unsigned char $name[] = {"
			od -An -v -tx1 "$file" | sed -e 's/ *\([0-9a-f][0-9a-f]\)/0x\1,/g'
			echo '0 };'
		else
			n=0
			echo "const unsigned char $name[] = { 0 };"
		fi
		echo "const size_t ${name}_len = $n;"
	done
} >"$tmp"
mv "$tmp" "$out"
