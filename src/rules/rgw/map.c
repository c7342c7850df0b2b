/*
 * map.c - the Russo-German War battle map: a small directed city graph
 * read from the scenario's data (provisional: the map card is not in the
 * rulebook text). Links are written west to east, "a -> b" (solid arrow)
 * or "a ..> b" (dotted arrow); moving toward Moscow follows a link
 * forward, toward Berlin backward. Each city may declare its dead ends,
 * which are checked against the links so that a correction that breaks
 * the map is refused with a message naming the city.
 */
#include <stdio.h>
#include <string.h>
#include "rgw.h"

int rgw_city(const struct rgw_map *m, const char *id)
{
	int i;

	for (i = 0; i < m->n_cities; i++)
		if (strcmp(m->id[i], id) == 0)
			return i;
	return -1;
}

int rgw_next(const struct rgw_map *m, int city, enum side winner,
	     int dotted_only, int *out)
{
	int i, n = 0;

	for (i = 0; i < m->n_links; i++) {
		if (dotted_only && !m->dotted[i])
			continue;
		if (winner == GER && m->from[i] == city)
			out[n++] = m->to[i];
		else if (winner == SOV && m->to[i] == city)
			out[n++] = m->from[i];
	}
	return n;
}

/* "13.4" -> 134 (tenths of a degree), -max..max */
static int parse_deg(const char *s, int max, int *out)
{
	int v = 0, neg = 0, digits = 0, frac = 0;

	if (*s == '-') {
		neg = 1;
		s++;
	}
	for (; *s >= '0' && *s <= '9' && digits < 4; s++, digits++)
		v = v * 10 + (*s - '0');
	v *= 10;
	if (*s == '.') {
		s++;
		if (*s >= '0' && *s <= '9')
			v += *s++ - '0', frac = 1;
		while (*s >= '0' && *s <= '9')
			s++;
	}
	(void)frac;
	if (*s || digits == 0 || v > max)
		return -1;
	*out = neg ? -v : v;
	return 0;
}

static int id_ok(const char *s)
{
	size_t n = strlen(s), i;

	if (n == 0 || n >= MAP_NAME)
		return 0;
	for (i = 0; i < n; i++)
		if (!((s[i] >= 'a' && s[i] <= 'z') || s[i] == '-'))
			return 0;
	return 1;
}

static int side_of(const char *s)
{
	if (strcmp(s, "german") == 0)
		return GER;
	if (strcmp(s, "soviet") == 0)
		return SOV;
	return -1;
}

static int load_city(struct rgw_map *m, const struct doc *scn,
		     const struct doc_node *key, const struct doc_node *v,
		     struct error *err)
{
	static const char *const keys[] = { "name", "lon", "lat",
		"extra-draw", "dead-end", NULL };
	const char *s;
	char w[256];
	int i = m->n_cities, sd;

	if (!id_ok(key->str))
		return errorf(err, EXIT_REFUSED, "%s: city id '%s': lowercase "
			      "letters and '-', under %d characters",
			      doc_where(scn, key, w, sizeof w), key->str,
			      MAP_NAME);
	if (i == MAP_CITIES)
		return errorf(err, EXIT_REFUSED, "%s: more than %d cities",
			      doc_where(scn, key, w, sizeof w), MAP_CITIES);
	if (v->kind != DOC_MAP)
		return errorf(err, EXIT_REFUSED, "%s: city %s: a mapping {name, "
			      "lon, lat, extra-draw, dead-end}",
			      doc_where(scn, v, w, sizeof w), key->str);
	if (doc_only_keys(scn, v, keys, err) < 0 ||
	    doc_need_str(scn, v, "name", &s, err) < 0)
		return -1;
	snprintf(m->id[i], MAP_NAME, "%s", key->str);
	snprintf(m->name[i], MAP_NAME, "%s", s);
	if (doc_need_str(scn, v, "lon", &s, err) < 0)
		return -1;
	if (parse_deg(s, 1800, &m->lon[i]) < 0)
		return errorf(err, EXIT_REFUSED, "%s: city %s: lon is degrees "
			      "east, like 21.0", doc_where(scn, v, w, sizeof w),
			      key->str);
	/* lat only places the city in the picture (umpire render) */
	if (doc_need_str(scn, v, "lat", &s, err) < 0)
		return -1;
	if (parse_deg(s, 900, &m->lat[i]) < 0)
		return errorf(err, EXIT_REFUSED, "%s: city %s: lat is degrees "
			      "north, like 52.2", doc_where(scn, v, w,
			      sizeof w), key->str);
	m->extra[i] = 0;
	if (doc_get(v, "extra-draw")) {
		if (doc_need_str(scn, v, "extra-draw", &s, err) < 0)
			return -1;
		if ((sd = side_of(s)) < 0)
			return errorf(err, EXIT_REFUSED, "%s: city %s: "
				      "extra-draw is german or soviet",
				      doc_where(scn, v, w, sizeof w),
				      key->str);
		m->extra[i] = (unsigned char)(1u << sd);
	}
	m->n_cities++;
	return 0;
}

static int load_link(struct rgw_map *m, const struct doc *scn,
		     const struct doc_node *v, struct error *err)
{
	char a[MAP_NAME * 2], arrow[8], b[MAP_NAME * 2], extra[2], w[256];
	int i = m->n_links, fa, fb;

	if (v->kind != DOC_SCALAR ||
	    sscanf(v->str, "%47s %7s %47s %1s", a, arrow, b, extra) != 3 ||
	    (strcmp(arrow, "->") && strcmp(arrow, "..>")))
		return errorf(err, EXIT_REFUSED, "%s: a link is \"west -> "
			      "east\" or \"west ..> east\" (dotted)",
			      doc_where(scn, v, w, sizeof w));
	fa = rgw_city(m, a);
	fb = rgw_city(m, b);
	if (fa < 0 || fb < 0 || fa == fb)
		return errorf(err, EXIT_REFUSED, "%s: link '%s': %s is not a "
			      "city of the map", doc_where(scn, v, w, sizeof w),
			      v->str, fa < 0 ? a : b);
	if (i == MAP_LINKS)
		return errorf(err, EXIT_REFUSED, "%s: more than %d links",
			      doc_where(scn, v, w, sizeof w), MAP_LINKS);
	m->from[i] = (unsigned char)fa;
	m->to[i] = (unsigned char)fb;
	m->dotted[i] = arrow[0] == '.';
	m->n_links++;
	return 0;
}

/* The dead ends a city declares must be the ones its links give. */
static int check_dead_ends(const struct rgw_map *m, const struct doc *scn,
			   const struct doc_node *cities, struct error *err)
{
	static const char *const names[] = { "none", "toward-moscow",
		"toward-berlin", "both" };
	int out[MAP_LINKS], i, have, want;
	const struct doc_node *v, *de;
	char w[256];

	for (i = 0; i < m->n_cities; i++) {
		have = (rgw_next(m, i, GER, 0, out) == 0 ? 1 : 0) |
		       (rgw_next(m, i, SOV, 0, out) == 0 ? 2 : 0);
		v = cities->items[i];
		de = doc_get(v, "dead-end");
		for (want = 0; de && want < 4; want++)
			if (de->kind == DOC_SCALAR &&
			    strcmp(de->str, names[want]) == 0)
				break;
		if (!de)
			want = 0;
		if (want == 4)
			return errorf(err, EXIT_REFUSED, "%s: city %s: "
				      "dead-end is toward-moscow, "
				      "toward-berlin or both",
				      doc_where(scn, de, w, sizeof w),
				      m->id[i]);
		if (want != have)
			return errorf(err, EXIT_REFUSED, "%s: city %s: its "
				      "links make it a dead end %s, but it "
				      "declares dead-end: %s",
				      doc_where(scn, v, w, sizeof w), m->id[i],
				      names[have], names[want]);
	}
	return 0;
}

static int need_city(const struct rgw_map *m, const struct doc *scn,
		     const struct doc_node *map, const char *key, int *out,
		     struct error *err)
{
	const char *s;
	char w[256];

	if (doc_need_str(scn, map, key, &s, err) < 0)
		return -1;
	if ((*out = rgw_city(m, s)) < 0)
		return errorf(err, EXIT_REFUSED, "%s: %s: '%s' is not a city "
			      "of the map", doc_where(scn, doc_get(map, key), w,
			      sizeof w), key, s);
	return 0;
}

int rgw_map_load(struct rgw_map *m, const struct doc *scn,
		 const struct doc_node *data, struct error *err)
{
	static const char *const keys[] = { "start", "capitals", "verdict",
		"cities", "links", NULL };
	static const char *const cap_keys[] = { "german", "soviet", NULL };
	const struct doc_node *cities, *links, *caps;
	char w[256];
	size_t i;

	memset(m, 0, sizeof *m);
	if (!data || data->kind != DOC_MAP)
		return errorf(err, EXIT_REFUSED, "%s: data must be a mapping "
			      "with start, capitals, verdict, cities, links",
			      scn && scn->name ? scn->name : "scenario");
	if (doc_only_keys(scn, data, keys, err) < 0 ||
	    doc_need(scn, data, "cities", DOC_MAP, &cities, err) < 0 ||
	    doc_need(scn, data, "links", DOC_SEQ, &links, err) < 0 ||
	    doc_need(scn, data, "capitals", DOC_MAP, &caps, err) < 0 ||
	    doc_only_keys(scn, caps, cap_keys, err) < 0)
		return -1;
	for (i = 0; i < cities->n; i++)
		if (load_city(m, scn, cities->keys[i], cities->items[i],
			      err) < 0)
			return -1;
	for (i = 0; i < links->n; i++)
		if (load_link(m, scn, links->items[i], err) < 0)
			return -1;
	if (need_city(m, scn, data, "start", &m->start, err) < 0 ||
	    need_city(m, scn, data, "verdict", &m->verdict, err) < 0 ||
	    need_city(m, scn, caps, "german", &m->capital[GER], err) < 0 ||
	    need_city(m, scn, caps, "soviet", &m->capital[SOV], err) < 0)
		return -1;
	if (check_dead_ends(m, scn, cities, err) < 0)
		return -1;
	if (m->n_cities < 2)
		return errorf(err, EXIT_REFUSED, "%s: the map needs cities",
			      doc_where(scn, cities, w, sizeof w));
	return 0;
}

/* 5.0 (3): at the verdict city (Minsk) or east of it. */
int rgw_east_of_verdict(const struct rgw *st, int city)
{
	return st->map.lon[city] >= st->map.lon[st->map.verdict];
}
