# first-path.sh - sourced by bash: the end-to-end passes' wrappers of
# umpire (tests/valgrind/umpire-vg, tests/asan/umpire-asan), which do
# their costly check once per command path rather than on every repeat.
#
# first_path WHO ARGS...: 0 when this run of umpire ARGS is the first of
# its command path in the bats file running it (it then takes the
# path's slot), 1 for a repeat; outside bats (no BATS_RUN_TMPDIR),
# always 0. A command path is the subcommand, the names of the options
# given (not their values) and the scenario of the game (the first file
# named whose head says "scenario:", or new's argument). judge and open,
# which each test feeds another stranger's message, have a path a test.
# WHO: the wrapper's name, so that two wrappers keep apart.
# It starts no process but the first run's mkdir: on this machine kind
# a fork and exec costs some milliseconds, and a wrapper runs before
# each of thousands of runs.
first_path() {
	[ -n "${BATS_RUN_TMPDIR:-}" ] || return 0
	local who=$1
	shift
	local sub=${1:-} scope=file scn= a head flag
	local -a flags=()
	case $sub in
	judge|open) scope=${BATS_TEST_NAME:-setup_file} ;;
	esac
	[ "$sub" != new ] || scn=${2:-}
	for a in "$@"; do
		case $a in
		-|-?*)
			flag=${a%%=*}
			case " ${flags[*]} " in
			*" $flag "*) ;;
			*) flags+=("$flag") ;;
			esac ;;
		/dev/*|/proc/*) ;;	# never read what the command reads
		*)
			if [ -z "$scn" ] && [ -f "$a" ] && [ -r "$a" ]; then
				head=
				read -r -d '' -N 512 head <"$a" 2>/dev/null
				head=$'\n'$head
				case $head in
				*$'\n'scenario:*)
					scn=${head#*$'\n'scenario:}
					scn=${scn%%$'\n'*}
					scn=${scn#"${scn%%[! ]*}"} ;;
				esac
			fi ;;
		esac
	done
	# the options' names in order, so that their order does not count
	local i j t
	for ((i = 1; i < ${#flags[@]}; i++)); do
		for ((j = i; j > 0; j--)); do
			[[ ${flags[j-1]} > ${flags[j]} ]] || break
			t=${flags[j]}
			flags[j]=${flags[j-1]}
			flags[j-1]=$t
		done
	done
	local key="${BATS_TEST_FILENAME##*/}|$scope|$sub|${flags[*]}|$scn"
	key=${key//\//%}
	[ "${#key}" -le 240 ] || key="${key:0:120}${key: -120}"
	local seen="$BATS_RUN_TMPDIR/$who"
	[ -d "$seen" ] || mkdir -p "$seen"
	# the first run of the path takes its slot (a file made with
	# O_EXCL, noclobber: of two runs at once, one takes it)
	local rc
	set -C
	{ : >"$seen/$key"; } 2>/dev/null
	rc=$?
	set +C
	return $rc
}
