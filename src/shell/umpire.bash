# bash completion for umpire(1). Installed by `make install` as
# $(PREFIX)/share/bash-completion/completions/umpire.
#
# Commands and options are read from umpire's own --help, so they are
# always those of the installed binary; scenario ids from `umpire
# scenarios`; sides from `umpire scenarios --options ID` (for `new`) or
# from the roles of the game file on the command line; the roles of
# `mail --to` from the config file's [addresses].

_umpire_sides() {
	local w scn="" file=""
	for w in "${COMP_WORDS[@]:2}"; do
		case "$w" in
		-*) ;;
		*.yaml|*.yml|*.view|*.eml) [ -z "$file" ] && file="$w" ;;
		*) [ -z "$scn" ] && scn="$w" ;;
		esac
	done
	if [ "${COMP_WORDS[1]}" = new ] && [ -n "$scn" ]; then
		umpire scenarios --options "$scn" 2>/dev/null |
			sed -n 's/^sides: //p' | tr -d ',' | tr ' ' '\n' |
			sed 's/$/=/'
	elif [ -n "$file" ] && [ -r "$file" ]; then
		sed -n 's/^- name: *"\{0,1\}\([a-z-]*\)"\{0,1\}$/\1/p' \
			"$file" 2>/dev/null
	fi
}

# The roles of the config file's [addresses] (umpire mail --to).
_umpire_roles() {
	local cfg="${UMPIRE_CONFIG:-${XDG_CONFIG_HOME:-$HOME/.config}/umpire/config.ini}"
	[ -r "$cfg" ] && awk '/^\[/ { on = ($0 == "[addresses]"); next }
		on && /=/ { sub(/[ \t]*=.*/, ""); sub(/^[ \t]*/, ""); print }' \
		"$cfg" 2>/dev/null
}

_umpire() {
	local cur prev cmd
	cur="${COMP_WORDS[COMP_CWORD]}"
	prev="${COMP_WORDS[COMP_CWORD-1]}"
	if [ "$COMP_CWORD" -eq 1 ]; then
		COMPREPLY=($(compgen -W "$(umpire --help 2>/dev/null |
			sed -n 's/^  \([a-z]\{1,\}\) .*/\1/p') --help --version" \
			-- "$cur"))
		return
	fi
	cmd="${COMP_WORDS[1]}"
	case "$prev" in
	--side)
		compopt -o nospace 2>/dev/null || true
		COMPREPLY=($(compgen -W "$(_umpire_sides)" -- "$cur"))
		case "${COMPREPLY[*]}" in
		*=*) ;;
		*) compopt +o nospace 2>/dev/null || true ;;
		esac
		return 0 ;;
	--options)
		COMPREPLY=($(compgen -W "$(umpire scenarios 2>/dev/null |
			cut -d' ' -f1)" -- "$cur"))
		return 0 ;;
	--to)
		COMPREPLY=($(compgen -W "$(_umpire_roles)" -- "$cur"))
		return 0 ;;
	--set|--step|--since|--chain-length|-t|--from|--lmtp-timeout|\
	--lmtp-workers)
		return 0 ;;
	esac
	if [ "$cmd" = new ] && [ "$COMP_CWORD" -eq 2 ] &&
	   [[ "$cur" != -* ]]; then
		COMPREPLY=($(compgen -W "$(umpire scenarios 2>/dev/null |
			cut -d' ' -f1)" -- "$cur"))
		return
	fi
	if [[ "$cur" == -* ]]; then
		COMPREPLY=($(compgen -W "$(umpire "$cmd" --help 2>/dev/null |
			grep -o '^  -[-a-zA-Z]*\(, --[a-z-]*\)\{0,1\}' |
			tr -d ',')" -- "$cur"))
		return
	fi
	COMPREPLY=($(compgen -f -- "$cur"))
}
complete -o filenames -F _umpire umpire
