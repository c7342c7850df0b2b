/*
 * state.c - Kampfgruppe Peiper: the state's declaration, from which
 * statedecl.h saves it and loads it back (for test positions). The start
 * state is setup.c's, the look-ups the rules share are board.c's.
 */
#include <stddef.h>
#include <stdio.h>
#include "umpire/statedecl.h"
#include "peiper.h"

_Static_assert(COUNTERS_MAX <= CUP_WORD_BITS,
	       "a cup of the game's counters is its first word (statedecl.h: "
	       "SD_BITS)");

/* ---- the places and items of the declaration ---- */

static const char *town_id(const void *vst, int i)
{
	const struct kgp *st = vst;

	return i < st->map.n_nodes ? st->map.nodes[i].id : NULL;
}

static const char *counter_id(const void *vst, int i)
{
	const struct kgp *st = vst;

	return i < st->n_counters ? st->counters[i].id : NULL;
}

/* a link, "TOWN/TOWN" */
static const char *link_key(const void *vst, int l, char *buf, size_t size)
{
	const struct kgp *st = vst;

	if (l >= st->map.n_links)
		return NULL;
	snprintf(buf, size, "%s/%s", st->map.nodes[st->map.links[l].a].id,
		 st->map.nodes[st->map.links[l].b].id);
	return buf;
}

/* a box of the turn track */
static const char *box_key(const void *st, int b, char *buf, size_t size)
{
	if (b > TURNS_MAX + 1)
		return NULL;
	snprintf(buf, size, "%d", b);
	return buf;
}

/* 6.2: the US engineers blow a bridge */
static int bridge_link(const void *vst, int l)
{
	const struct kgp *st = vst;

	return graph_link_flag(&st->map, l, "bridge");
}

static int engineer(const void *vst, int k)
{
	const struct kgp *st = vst;

	return st->counters[k].type == CT_ENGINEER;
}

/* 6.1, 6.3: box t holds the counters back in the cup at the end of turn
 * t, from 1 to the turn after the last */
static int track_box_ok(const void *vst, int b)
{
	const struct kgp *st = vst;

	return b >= 1 && b <= st->last_turn + 1;
}

static long long left(const void *st, int i)
{
	return kgp_cup_left(st);
}

/* ---- what a position must hold ---- */

static int on_map(const struct kgp *st, int k)
{
	int t, i, l;

	for (t = 0; t < st->map.n_nodes; t++)
		for (i = 0; i < st->us[t].n; i++)
			if (st->us[t].c[i] == k)
				return 1;
	for (l = 0; l < st->map.n_links; l++)
		if (st->bridge[l] == k)
			return 1;
	return 0;
}

/* The turn on the track, a support unit's 3 points (3.0), and every
 * counter somewhere (that none is in two places is SDD_ONE_PLACE; the
 * cup left out holds the rest, SDF_REST below); no more face-down
 * counters than the cup holds. */
static int complete(void *vst, const struct doc *d,
		    const struct doc_node *map, struct error *err)
{
	struct kgp *st = vst;
	const char *name = d && d->name ? d->name : "position";
	char where[256];
	int u, k;

	if (st->turn > st->last_turn)
		return errorf(err, EXIT_REFUSED, "%s: turn: %d, but the turn "
			      "track ends at %d", doc_where(d, doc_get(map,
			      "turn"), where, sizeof where), st->turn,
			      st->last_turn);
	for (u = HEAVY; u < UNITS; u++)
		if (st->units[u] > SUPPORT_MAX)
			return errorf(err, EXIT_REFUSED, "%s: group: %s holds "
				      "up to %d points (3.0)", doc_where(d,
				      doc_get(map, "group"), where,
				      sizeof where), kgp_unit_names[u],
				      SUPPORT_MAX);
	for (k = 0; k < st->n_counters; k++)
		if (!cup_has(&st->cup, k) && !cup_has(&st->removed, k) &&
		    !kgp_track_box(st, k) && !on_map(st, k))
			return errorf(err, EXIT_REFUSED, "%s: counter %s is in "
				      "no place", name, st->counters[k].id);
	if (kgp_face_down(st) > cup_count(&st->cup))
		return errorf(err, EXIT_REFUSED, "%s: %d face-down counters "
			      "but only %d in the cup", name, kgp_face_down(st),
			      cup_count(&st->cup));
	return 0;
}

/* ---- the state, declared (include/umpire/statedecl.h) ---- */

static const char *const yes_no[] = { "no", "yes" };

/* the names the state gives, in words for umpire-protocol(7) VIEWS */
#define TOWNS "the towns of the map"
#define COUNTER_IDS "the ids of the counters"

#define INT(k, m, l, h) .key = k, .type = SD_INT, SD_MEMBER(struct kgp, m), \
	.lo = l, .hi = h
#define WORD(k, m, list, n) .key = k, .type = SD_NAME, \
	SD_MEMBER(struct kgp, m), SD_NAMES(list, n)
#define TOWN(k, m) .key = k, .type = SD_NAME, SD_MEMBER(struct kgp, m), \
	.name_of = town_id, .domain = TOWNS
/* a set of counters: a cup of at most 32 is its first word */
#define COUNTERS(m) .type = SD_BITS, .off = offsetof(struct kgp, m), \
	.size = sizeof(uint32_t), .name_of = counter_id, .domain = COUNTER_IDS

static const struct sd_field us_value[] = {
	{ .key = "us", .type = SD_LIST, .off = offsetof(struct kgp, us),
	  .size = sizeof(int), .hi = SLOTS, .name_of = counter_id,
	  .domain = COUNTER_IDS,
	  .flags = SDF_NONE, .none = DOWN, .none_word = "down" },
};

static const struct sd_field blown_value[] = {
	{ .key = "blown", .type = SD_NAME, SD_ELEM(struct kgp, bridge),
	  .name_of = counter_id, .domain = COUNTER_IDS, .flags = SDF_NONE,
	  .none = NONE,
	  .accept = engineer },
};

static const struct sd_field track_value[] = {
	{ .key = "track", COUNTERS(track) },
};

static const struct sd_field fields[] = {
	{ INT("turn", turn, 1, TURNS_MAX) },
	{ WORD("phase", phase, kgp_phase_names, PHASES) },
	{ TOWN("at", at) },
	{ TOWN("toward", toward), .flags = SDF_NONE | SDF_NONE_OMIT,
	  .none = NONE },
	{ .key = "group", .type = SD_INTS, SD_ELEM(struct kgp, units),
	  SD_NAMES(kgp_unit_names, UNITS), .hi = MAIN_MAX },
	{ INT("fuel", fuel, 0, FUEL_MAX) },
	{ .key = "us", .type = SD_MAP, .size = sizeof(struct town_us),
	  .name_of = town_id, .domain = TOWNS, .sub = us_value,
	  .flags = SDF_BLOCK },
	{ .key = "blown", .type = SD_MAP, .size = sizeof(int),
	  .key_of = link_key, .domain = "the links of the map with a "
	  "bridge (TOWN/TOWN)", .accept = bridge_link, .sub = blown_value,
	  .flags = SDF_BLOCK },
	{ .key = "cup", COUNTERS(cup), .flags = SDF_REST },
	{ .key = "cup-left", .type = SD_COUNT, .hi = COUNTERS_MAX,
	  .value = left },
	{ .key = "track", .type = SD_MAP, .size = sizeof(struct cup),
	  .key_of = box_key, .domain = "the boxes of the turn track (1 to "
	  "the turn after the last)", .accept = track_box_ok,
	  .sub = track_value },
	{ .key = "removed", COUNTERS(removed) },
	{ INT("greif-turn", greif_turn, 0, TURNS_MAX) },
	{ WORD("draw-earned", draw_earned, yes_no, 2) },
	{ WORD("result", result, kgp_result_names, RESULTS) },
	{ .key = NULL }
};

const struct state_decl kgp_state = {
	"kampfgruppe-peiper", kgp_side_names, sizeof(struct kgp), fields,
	complete, SDD_ONE_PLACE
};

struct doc_node *kgp_save(const void *st, struct doc *d)
{
	return sd_save(&kgp_state, st, d);
}

int kgp_load(void *st, const struct doc *d, const struct doc_node *map,
	     struct error *err)
{
	return sd_load(&kgp_state, st, d, map, err);
}
