/*
 * svg.c - the SVG writer behind svg.h. Every element goes on a line of
 * its own; numbers are printed by num() in one fixed format, so the same
 * drawing gives the same bytes everywhere. Text and attribute values are
 * XML-escaped and cleaned of what XML 1.0 does not allow (control
 * characters, malformed UTF-8).
 *
 * The document is assembled in svg_finish: the prolog (XML declaration,
 * the <svg> element with the size, the arrow markers in <defs>), then the
 * body written so far. svg_begin puts the <title> first into the body.
 */
#include <math.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include "umpire/svg.h"

#define ARROW_ID "arrow"

/* A number: at most two decimals, no trailing zeros, no "-0": what
 * "%.2f" prints, trimmed. Most numbers are written from their hundredths
 * rounded (a board has tens of thousands, and printf's exact decimal
 * conversion was most of a replay's time); one whose hundredths lie
 * within a hair of a half, or that is large, goes through snprintf,
 * whose rounding of the exact binary value alone decides there, so the
 * bytes are printf's in every case. */
static void num(struct strbuf *sb, double v)
{
	char buf[64];
	size_t n;

	if (!isfinite(v))
		v = 0;
	double c = v * 100, r = floor(c + 0.5), frac = c - floor(c);
	if (fabs(c) < 1e12 && fabs(frac - 0.5) > 1e-6) {
		long long h = (long long)r;
		int neg = h < 0;
		unsigned long long a = neg ? 0ULL - (unsigned long long)h :
			(unsigned long long)h;
		unsigned cents = (unsigned)(a % 100);
		char *e = buf + sizeof buf, *p = e;
		if (cents) {
			if (cents % 10)
				*--p = (char)('0' + cents % 10);
			*--p = (char)('0' + cents / 10);
			*--p = '.';
		}
		a /= 100;
		do
			*--p = (char)('0' + a % 10);
		while ((a /= 10) > 0);
		if (neg && (p[0] != '0' || p + 1 != e))
			*--p = '-';
		strbuf_add(sb, p, (size_t)(e - p));
		return;
	}
	snprintf(buf, sizeof buf, "%.2f", v);
	n = strlen(buf);
	while (n > 0 && buf[n - 1] == '0')
		buf[--n] = '\0';
	if (n > 0 && buf[n - 1] == '.')
		buf[--n] = '\0';
	if (strcmp(buf, "-0") == 0)
		strcpy(buf, "0");
	strbuf_adds(sb, buf);
}

/* name="number" with a leading space. */
static void num_attr(struct strbuf *sb, const char *name, double v)
{
	strbuf_addc(sb, ' ');
	strbuf_adds(sb, name);
	strbuf_add(sb, "=\"", 2);
	num(sb, v);
	strbuf_addc(sb, '"');
}

/* Length of the well-formed UTF-8 sequence at p (1..4), 0 if malformed. */
static size_t utf8_len(const unsigned char *p)
{
	size_t n, i;
	unsigned long cp;

	if (p[0] < 0x80)
		return 1;
	if (p[0] >= 0xc2 && p[0] <= 0xdf)
		n = 2, cp = p[0] & 0x1f;
	else if (p[0] >= 0xe0 && p[0] <= 0xef)
		n = 3, cp = p[0] & 0x0f;
	else if (p[0] >= 0xf0 && p[0] <= 0xf4)
		n = 4, cp = p[0] & 0x07;
	else
		return 0;
	for (i = 1; i < n; i++) {
		if ((p[i] & 0xc0) != 0x80)
			return 0;
		cp = cp << 6 | (p[i] & 0x3f);
	}
	if ((n == 3 && cp < 0x800) || (n == 4 && cp < 0x10000) ||
	    (cp >= 0xd800 && cp <= 0xdfff) || cp > 0x10ffff ||
	    cp == 0xfffe || cp == 0xffff)
		return 0;
	return n;
}

/* XML-escaped text (element content or attribute value). Line breaks and
 * tabs become spaces; other control characters and malformed UTF-8 become
 * '?'. */
static void esc(struct strbuf *sb, const char *s)
{
	const unsigned char *p = (const unsigned char *)(s ? s : "");
	size_t n;

	while (*p) {
		switch (*p) {
		case '&': strbuf_adds(sb, "&amp;"); p++; continue;
		case '<': strbuf_adds(sb, "&lt;"); p++; continue;
		case '>': strbuf_adds(sb, "&gt;"); p++; continue;
		case '"': strbuf_adds(sb, "&quot;"); p++; continue;
		case '\'': strbuf_adds(sb, "&apos;"); p++; continue;
		case '\t': case '\n': case '\r':
			strbuf_addc(sb, ' '); p++; continue;
		default:
			break;
		}
		if (*p < 0x20 || *p == 0x7f) {
			strbuf_addc(sb, '?');
			p++;
			continue;
		}
		n = utf8_len(p);
		if (n == 0) {
			strbuf_addc(sb, '?');
			p++;
			continue;
		}
		strbuf_add(sb, p, n);
		p += n;
	}
}

static void str_attr(struct strbuf *sb, const char *name, const char *v)
{
	strbuf_addc(sb, ' ');
	strbuf_adds(sb, name);
	strbuf_add(sb, "=\"", 2);
	esc(sb, v);
	strbuf_addc(sb, '"');
}

/* The presentation attributes of st; NULL is a thin black outline. */
static void style(struct strbuf *sb, const struct svg_style *st)
{
	static const struct svg_style outline = { "none", "#000000", 1,
		NULL, 0 };

	if (!st)
		st = &outline;
	str_attr(sb, "fill", st->fill ? st->fill : "none");
	if (st->stroke && strcmp(st->stroke, "none") != 0) {
		str_attr(sb, "stroke", st->stroke);
		num_attr(sb, "stroke-width",
			 st->stroke_width > 0 ? st->stroke_width : 1);
		if (st->dash)
			str_attr(sb, "stroke-dasharray", st->dash);
	}
	if (st->opacity > 0 && st->opacity < 1)
		num_attr(sb, "opacity", st->opacity);
}

void svg_begin(struct svg *s, double width, double height,
	       const char *title)
{
	struct svg_memo *memo = s->memo;
	int spots = s->spots;
	memset(s, 0, sizeof *s);
	s->memo = memo;
	s->spots = spots;
	s->width = width > 0 ? width : 1;
	s->height = height > 0 ? height : 1;
	strbuf_adds(&s->body, "<title>");
	esc(&s->body, title);
	strbuf_adds(&s->body, "</title>\n");
}

void svg_spot(struct svg *s, const char *kind, const char *id, double x,
	      double y, double w, double h)
{
	if (!s->spots)
		return;
	strbuf_adds(&s->body, "<rect class=\"spot\" data-kind=\"");
	esc(&s->body, kind);
	strbuf_adds(&s->body, "\" data-id=\"");
	esc(&s->body, id);
	strbuf_adds(&s->body, "\"");
	num_attr(&s->body, "x", x);
	num_attr(&s->body, "y", y);
	num_attr(&s->body, "width", w > 0 ? w : 0);
	num_attr(&s->body, "height", h > 0 ? h : 0);
	strbuf_adds(&s->body, " fill=\"none\" pointer-events=\"all\"/>\n");
}

void svg_rect(struct svg *s, double x, double y, double w, double h,
	      double radius, const struct svg_style *st)
{
	strbuf_adds(&s->body, "<rect");
	num_attr(&s->body, "x", x);
	num_attr(&s->body, "y", y);
	num_attr(&s->body, "width", w > 0 ? w : 0);
	num_attr(&s->body, "height", h > 0 ? h : 0);
	if (radius > 0) {
		num_attr(&s->body, "rx", radius);
		num_attr(&s->body, "ry", radius);
	}
	style(&s->body, st);
	strbuf_adds(&s->body, "/>\n");
}

void svg_circle(struct svg *s, double cx, double cy, double r,
		const struct svg_style *st)
{
	strbuf_adds(&s->body, "<circle");
	num_attr(&s->body, "cx", cx);
	num_attr(&s->body, "cy", cy);
	num_attr(&s->body, "r", r > 0 ? r : 0);
	style(&s->body, st);
	strbuf_adds(&s->body, "/>\n");
}

void svg_line(struct svg *s, double x1, double y1, double x2, double y2,
	      const struct svg_style *st)
{
	strbuf_adds(&s->body, "<line");
	num_attr(&s->body, "x1", x1);
	num_attr(&s->body, "y1", y1);
	num_attr(&s->body, "x2", x2);
	num_attr(&s->body, "y2", y2);
	style(&s->body, st);
	strbuf_adds(&s->body, "/>\n");
}

void svg_polygon(struct svg *s, const double *xy, int n,
		 const struct svg_style *st)
{
	int i;

	if (n < 1)
		return;
	strbuf_adds(&s->body, "<polygon points=\"");
	for (i = 0; i < n; i++) {
		if (i)
			strbuf_addc(&s->body, ' ');
		num(&s->body, xy[2 * i]);
		strbuf_addc(&s->body, ',');
		num(&s->body, xy[2 * i + 1]);
	}
	strbuf_addc(&s->body, '"');
	style(&s->body, st);
	strbuf_adds(&s->body, "/>\n");
}

void svg_star(struct svg *s, double cx, double cy, double r,
	      const struct svg_style *st)
{
	/* the ten points for r = 1: outer, inner, outer, ... */
	static const double unit[] = { 0, -1, 0.2245, -0.309, 0.9511,
		-0.309, 0.3633, 0.118, 0.5878, 0.809, 0, 0.382, -0.5878,
		0.809, -0.3633, 0.118, -0.9511, -0.309, -0.2245, -0.309 };
	double xy[20];
	int i;

	for (i = 0; i < 10; i++) {
		xy[2 * i] = cx + r * unit[2 * i];
		xy[2 * i + 1] = cy + r * unit[2 * i + 1];
	}
	svg_polygon(s, xy, 10, st);
}

struct svg_seg svg_seg_between(double ax, double ay, double bx, double by,
			       double cut, double off)
{
	struct svg_seg g;
	double dx = bx - ax, dy = by - ay;

	g.len = sqrt(dx * dx + dy * dy);
	g.ux = g.len > 0 ? dx / g.len : 0;
	g.uy = g.len > 0 ? dy / g.len : 0;
	if (cut > g.len / 4)
		cut = g.len / 4;
	g.x1 = ax + g.ux * cut - g.uy * off;
	g.y1 = ay + g.uy * cut + g.ux * off;
	g.x2 = bx - g.ux * cut - g.uy * off;
	g.y2 = by - g.uy * cut + g.ux * off;
	return g;
}

#define MARK_RED "#c0392b"
const struct svg_style svg_mark_arrow = { "none", MARK_RED, 3.5, NULL,
	0.85 };
const struct svg_style svg_mark_burst = { "#f39c12", MARK_RED, 2, NULL,
	0.9 };
const struct svg_style svg_mark_lost = { "none", MARK_RED, 4, NULL, 0 };
const struct svg_style svg_mark_placed = { "none", "#1e7a3c", 3, "4 2",
	0 };

void svg_mark_label(struct svg *s, double x, double y, const char *text)
{
	static const struct svg_style halo = { "#ffffff", NULL, 0, NULL,
		0.8 };
	double w = 6.2 * (double)strlen(text) + 8;

	svg_rect(s, x - w / 2, y - 11, w, 15, 3, &halo);
	svg_text(s, x, y, 11, "middle", "#6b1d14", text);
}

/* The marker id for an arrow of stroke colour c: "arrow-_b03020" for
 * "#b03020", "arrow-red" for "red"; the black "arrow" for anything else
 * (a colour that is not a plain name or #hex). */
static void arrow_id(char *out, size_t size, const char *c)
{
	size_t i, n = c ? strlen(c) : 0;

	if (n == 0 || n > 24) {
		snprintf(out, size, ARROW_ID);
		return;
	}
	for (i = 0; i < n; i++)
		if (!((c[i] >= 'a' && c[i] <= 'z') ||
		      (c[i] >= 'A' && c[i] <= 'Z') ||
		      (c[i] >= '0' && c[i] <= '9') || (c[i] == '#' && !i))) {
			snprintf(out, size, ARROW_ID);
			return;
		}
	snprintf(out, size, ARROW_ID "-%s", c);
	if (c[0] == '#')
		out[sizeof ARROW_ID] = '_';
}

void svg_arrow(struct svg *s, double x1, double y1, double x2, double y2,
	       const struct svg_style *st)
{
	char id[48];

	arrow_id(id, sizeof id, st && st->stroke ? st->stroke : NULL);
	strbuf_adds(&s->body, "<line");
	num_attr(&s->body, "x1", x1);
	num_attr(&s->body, "y1", y1);
	num_attr(&s->body, "x2", x2);
	num_attr(&s->body, "y2", y2);
	style(&s->body, st);
	strbuf_addf(&s->body, " marker-end=\"url(#%s)\"/>\n", id);
}

void svg_polyline(struct svg *s, const double *xy, int n,
		  const struct svg_style *st)
{
	if (n < 2)
		return;
	strbuf_adds(&s->body, "<polyline points=\"");
	for (int i = 0; i < n; i++) {
		if (i)
			strbuf_addc(&s->body, ' ');
		num(&s->body, xy[2 * i]);
		strbuf_addc(&s->body, ',');
		num(&s->body, xy[2 * i + 1]);
	}
	strbuf_addc(&s->body, '"');
	style(&s->body, st);
	strbuf_adds(&s->body, "/>\n");
}

void svg_text(struct svg *s, double x, double y, double size,
	      const char *anchor, const char *fill, const char *text)
{
	if (!anchor || (strcmp(anchor, "middle") != 0 &&
			strcmp(anchor, "end") != 0))
		anchor = "start";
	strbuf_adds(&s->body, "<text");
	num_attr(&s->body, "x", x);
	num_attr(&s->body, "y", y);
	num_attr(&s->body, "font-size", size > 0 ? size : 12);
	strbuf_addf(&s->body, " font-family=\"DejaVu Sans, Arial, "
		    "sans-serif\" text-anchor=\"%s\"", anchor);
	str_attr(&s->body, "fill", fill ? fill : "#000000");
	strbuf_addc(&s->body, '>');
	esc(&s->body, text);
	strbuf_adds(&s->body, "</text>\n");
}

void svg_def_polygon(struct svg *s, const char *id, const double *xy,
		     int n)
{
	int i;

	if (n < 1)
		return;
	strbuf_adds(&s->body, "<defs>\n<polygon points=\"");
	for (i = 0; i < n; i++) {
		if (i)
			strbuf_addc(&s->body, ' ');
		num(&s->body, xy[2 * i]);
		strbuf_addc(&s->body, ',');
		num(&s->body, xy[2 * i + 1]);
	}
	strbuf_addc(&s->body, '"');
	str_attr(&s->body, "id", id);
	strbuf_adds(&s->body, "/>\n</defs>\n");
}

void svg_def_begin(struct svg *s, const char *id)
{
	strbuf_adds(&s->body, "<defs>\n<g");
	str_attr(&s->body, "id", id);
	strbuf_adds(&s->body, ">\n");
}

void svg_def_end(struct svg *s)
{
	strbuf_adds(&s->body, "</g>\n</defs>\n");
}

void svg_use(struct svg *s, const char *id, double x, double y,
	     const char *fill)
{
	strbuf_adds(&s->body, "<use xlink:href=\"#");
	esc(&s->body, id);
	strbuf_addc(&s->body, '"');
	num_attr(&s->body, "x", x);
	num_attr(&s->body, "y", y);
	if (fill)
		str_attr(&s->body, "fill", fill);
	strbuf_adds(&s->body, "/>\n");
}

void svg_group_style(struct svg *s, const struct svg_style *st)
{
	strbuf_adds(&s->body, "<g");
	style(&s->body, st);
	strbuf_adds(&s->body, ">\n");
	s->open_groups++;
}

void svg_group_text(struct svg *s, double size, const char *anchor,
		    const char *fill)
{
	if (!anchor || (strcmp(anchor, "middle") != 0 &&
			strcmp(anchor, "end") != 0))
		anchor = "start";
	strbuf_adds(&s->body, "<g");
	num_attr(&s->body, "font-size", size > 0 ? size : 12);
	strbuf_addf(&s->body, " font-family=\"DejaVu Sans, Arial, "
		    "sans-serif\" text-anchor=\"%s\"", anchor);
	str_attr(&s->body, "fill", fill ? fill : "#000000");
	strbuf_adds(&s->body, ">\n");
	s->open_groups++;
}

void svg_label(struct svg *s, double x, double y, const char *text)
{
	strbuf_adds(&s->body, "<text");
	num_attr(&s->body, "x", x);
	num_attr(&s->body, "y", y);
	strbuf_addc(&s->body, '>');
	esc(&s->body, text);
	strbuf_adds(&s->body, "</text>\n");
}

void svg_path_begin(struct svg *s, const struct svg_style *st)
{
	strbuf_adds(&s->body, "<path");
	style(&s->body, st);
	strbuf_adds(&s->body, " d=\"");
}

void svg_path_seg(struct svg *s, double x1, double y1, double x2,
		  double y2)
{
	strbuf_addc(&s->body, 'M');
	num(&s->body, x1);
	strbuf_addc(&s->body, ' ');
	num(&s->body, y1);
	strbuf_addc(&s->body, 'L');
	num(&s->body, x2);
	strbuf_addc(&s->body, ' ');
	num(&s->body, y2);
}

void svg_path_shape(struct svg *s, const double *xy, int n)
{
	for (int i = 0; i < n; i++) {
		strbuf_addc(&s->body, i ? 'L' : 'M');
		num(&s->body, xy[2 * i]);
		strbuf_addc(&s->body, ' ');
		num(&s->body, xy[2 * i + 1]);
	}
	if (n > 0)
		strbuf_addc(&s->body, 'Z');
}

void svg_path_end(struct svg *s)
{
	strbuf_adds(&s->body, "\"/>\n");
}

void svg_group(struct svg *s, const char *title)
{
	strbuf_adds(&s->body, "<g>\n");
	if (title) {
		strbuf_adds(&s->body, "<title>");
		esc(&s->body, title);
		strbuf_adds(&s->body, "</title>\n");
	}
	s->open_groups++;
}

void svg_end_group(struct svg *s)
{
	if (s->open_groups <= 0)
		return;
	strbuf_adds(&s->body, "</g>\n");
	s->open_groups--;
}

void svg_place(struct svg *s, double x, double y, struct svg *inner)
{
	while (inner->open_groups > 0)
		svg_end_group(inner);
	strbuf_adds(&s->body, "<g transform=\"translate(");
	num(&s->body, x);
	strbuf_addc(&s->body, ' ');
	num(&s->body, y);
	strbuf_adds(&s->body, ")\">\n");
	if (inner->body.len)
		strbuf_add(&s->body, inner->body.buf, inner->body.len);
	strbuf_adds(&s->body, "</g>\n");
	strbuf_free(&inner->body);
	memset(inner, 0, sizeof *inner);
}

/* One marker per arrow colour used in body, in order of first use. */
static void markers(struct strbuf *out, const char *body)
{
	static const char ref[] = "marker-end=\"url(#" ARROW_ID "-";
	struct strbuf seen = STRBUF_INIT;
	const char *p = body, *e;
	char id[48], key[52];

	while ((p = strstr(p, ref)) != NULL) {
		p += sizeof "marker-end=\"url(#" - 1;
		e = strchr(p, ')');
		if (!e || (size_t)(e - p) >= sizeof id)
			break;
		snprintf(id, sizeof id, "%.*s", (int)(e - p), p);
		snprintf(key, sizeof key, " %s ", id);
		p = e;
		if (seen.buf && strstr(seen.buf, key))
			continue;
		strbuf_addf(&seen, "%s", key);
		strbuf_addf(out, "<marker id=\"%s\" viewBox=\"0 0 10 10\" "
			    "refX=\"9\" refY=\"5\" markerWidth=\"7\" "
			    "markerHeight=\"7\" orient=\"auto\">\n", id);
		strbuf_addf(out, "<path d=\"M0,0 L10,5 L0,10 z\" "
			    "fill=\"%s%s\"/>\n</marker>\n",
			    id[sizeof ARROW_ID] == '_' ? "#" : "",
			    id + sizeof ARROW_ID +
			    (id[sizeof ARROW_ID] == '_'));
	}
	strbuf_free(&seen);
}

void svg_finish(struct svg *s, struct strbuf *out)
{
	while (s->open_groups > 0)
		svg_end_group(s);
	strbuf_adds(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
	strbuf_adds(out, "<svg xmlns=\"http://www.w3.org/2000/svg\" "
		    "version=\"1.1\"");
	/* the namespace of svg_use's references, where there are some */
	if (s->body.buf && strstr(s->body.buf, "<use xlink:href="))
		strbuf_adds(out, " xmlns:xlink=\"http://www.w3.org/1999/"
			    "xlink\"");
	num_attr(out, "width", s->width);
	num_attr(out, "height", s->height);
	strbuf_adds(out, " viewBox=\"0 0 ");
	num(out, s->width);
	strbuf_addc(out, ' ');
	num(out, s->height);
	strbuf_adds(out, "\">\n");
	/* The title first (svg_begin wrote it), then the markers. */
	const char *body = s->body.buf ? s->body.buf : "";
	const char *rest = body;
	if (strncmp(body, "<title>", 7) == 0) {
		rest = strstr(body, "</title>\n");
		rest = rest ? rest + 9 : body;
		strbuf_add(out, body, (size_t)(rest - body));
	}
	strbuf_adds(out, "<defs>\n<marker id=\"" ARROW_ID "\" viewBox=\"0 0 "
		    "10 10\" refX=\"9\" refY=\"5\" markerWidth=\"7\" "
		    "markerHeight=\"7\" orient=\"auto\">\n<path d=\"M0,0 "
		    "L10,5 L0,10 z\" fill=\"#000000\"/>\n</marker>\n");
	markers(out, rest);
	strbuf_adds(out, "</defs>\n");
	strbuf_adds(out, rest);
	strbuf_adds(out, "</svg>\n");
	strbuf_free(&s->body);
	memset(s, 0, sizeof *s);
}

struct svg_memo {
	uint64_t key;
	int have;
	struct strbuf text;
};

struct svg_memo *svg_memo_new(void)
{
	struct svg_memo *m = xcalloc(1, sizeof *m);
	return m;
}

void svg_memo_free(struct svg_memo *m)
{
	if (!m)
		return;
	strbuf_free(&m->text);
	free(m);
}

int svg_memo_use(struct svg *s, uint64_t key, size_t *mark)
{
	*mark = s->body.len;
	if (!s->memo || !s->memo->have || s->memo->key != key)
		return 0;
	strbuf_add(&s->body, s->memo->text.buf, s->memo->text.len);
	return 1;
}

void svg_memo_keep(struct svg *s, uint64_t key, size_t mark)
{
	if (!s->memo || mark > s->body.len)
		return;
	strbuf_reset(&s->memo->text);
	strbuf_add(&s->memo->text, s->body.buf + mark, s->body.len - mark);
	s->memo->key = key;
	s->memo->have = 1;
}

uint64_t svg_hash(uint64_t h, const void *p, size_t n)
{
	const unsigned char *b = p;
	size_t i = 0;
	if (!h)
		h = 14695981039346656037ull;
	/* eight bytes a round (a map is some hundred KiB), then the rest */
	for (; i + 8 <= n; i += 8) {
		uint64_t w;
		memcpy(&w, b + i, 8);
		h = (h ^ w) * 1099511628211ull;
		h ^= h >> 29;
	}
	for (; i < n; i++)
		h = (h ^ b[i]) * 1099511628211ull;
	return h;
}
