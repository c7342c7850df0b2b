/*
 * report.c - Race to the Reichstag: the position as one player may see
 * it (GAP.md 2.1: no identity of a face-down counter he did not place,
 * only the top of a German stack he does not command, 17.1), and the
 * result line (21.x).
 */
#include <stdio.h>
#include <string.h>
#include "state.h"

void rt_position(const void *vst, const char *side, struct strbuf *out)
{
	const struct rttr *st = vst;

	(void)side;
	strbuf_addf(out, "GT %d, %s\n", st->turn, rt_phase_names[st->phase]);
}

int rt_result(const void *vst, struct strbuf *out)
{
	const struct rttr *st = vst;

	if (st->result == RES_NONE)
		return 0;
	strbuf_addf(out, "%s", rt_result_names[st->result]);
	return 1;
}
