/*
 * test_svg.c - the SVG writer: escaping, the number format, determinism,
 * well-formedness (balanced tags), arrow markers, placing a drawing,
 * shapes defined once and used, shared paint, paths of segments.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "umpire/svg.h"
#include "unit.h"

static size_t count(const char *hay, const char *needle)
{
	size_t n = 0;
	const char *p = hay;

	while ((p = strstr(p, needle)) != NULL) {
		n++;
		p += strlen(needle);
	}
	return n;
}

/*
 * A minimal XML tag balance check: every <name ...> is closed by </name>
 * in order or is self-closing (<.../>); no stray '<' or '&' in text.
 * Returns 1 if balanced.
 */
static int balanced(const char *s)
{
	char stack[64][32];
	int depth = 0;
	const char *p = s;

	while ((p = strchr(p, '<')) != NULL) {
		const char *e = strchr(p, '>');
		if (!e)
			return 0;
		if (p[1] == '?' || p[1] == '!') {
			p = e + 1;
			continue;
		}
		if (p[1] == '/') {
			size_t n = (size_t)(e - p - 2);
			if (depth == 0 || n != strlen(stack[depth - 1]) ||
			    strncmp(p + 2, stack[depth - 1], n) != 0)
				return 0;
			depth--;
		} else if (e[-1] != '/') {
			size_t n = strcspn(p + 1, " >");
			if (depth == 64 || n >= 32)
				return 0;
			memcpy(stack[depth], p + 1, n);
			stack[depth++][n] = '\0';
		}
		/* text up to the next tag: no raw '<' can be there (the
		 * next strchr finds it as a tag); check '&' is an entity */
		for (const char *t = e + 1; *t && *t != '<'; t++)
			if (*t == '&' && strncmp(t, "&amp;", 5) &&
			    strncmp(t, "&lt;", 4) && strncmp(t, "&gt;", 4) &&
			    strncmp(t, "&quot;", 6) && strncmp(t, "&apos;", 6))
				return 0;
		p = e + 1;
	}
	return depth == 0;
}

static void draw(struct strbuf *out)
{
	struct svg s = SVG_INIT, inner = SVG_INIT;
	const struct svg_style red = { "#ffeeee", "#b03020", 1.5, "4 2",
		0.5 };
	const struct svg_style blue = { NULL, "blue", 2, NULL, 0 };
	const double tri[] = { 0, 0, 10.125, 0, 5, 1.0 / 3 };

	svg_begin(&s, 200, 100.5, "Board <1> & \"two\"");
	svg_rect(&s, 1, 2, 30, 40, 3, &red);
	svg_circle(&s, 10, 10, 5, NULL);
	svg_line(&s, 0, 0, -0.001, 7, &blue);
	svg_polygon(&s, tri, 3, &red);
	svg_star(&s, 100, 50, 10, &blue);
	svg_mark_label(&s, 20, 90, "a13 <moved>");
	svg_arrow(&s, 0, 0, 50, 50, &red);
	svg_arrow(&s, 0, 0, 60, 50, &blue);
	svg_arrow(&s, 0, 0, 70, 50, &red);
	svg_arrow(&s, 0, 0, 80, 50, NULL);
	svg_group(&s, "Tiger <II>");
	svg_text(&s, 5, 6, 12, "middle", "#000", "a < b && c > 'd'");
	svg_text(&s, 5, 6, 12, "bogus", NULL,
		 "bad \x01 \xff utf8 \xe2\x99\xa5");
	svg_group(&s, NULL);
	svg_begin(&inner, 10, 10, "inner");
	svg_group(&inner, "left open");
	svg_rect(&inner, 0, 0, 10, 10, 0, NULL);
	svg_place(&s, 3, 4.5, &inner);
	svg_finish(&s, out);
}

/* The line of a move: cut at both ends, shifted to its left. */
static void segments(void)
{
	struct svg_seg g = svg_seg_between(0, 0, 100, 0, 10, 5);

	CHECK(g.x1 == 10 && g.y1 == 5 && g.x2 == 90 && g.y2 == 5 &&
	      g.len == 100 && g.ux == 1 && g.uy == 0,
	      "a move's line: cut 10 at both ends, 5 to the side");
	g = svg_seg_between(0, 0, 0, 20, 10, 0);
	CHECK(g.y1 == 5 && g.y2 == 15,
	      "a short move is cut by a quarter of its length at most");
	g = svg_seg_between(3, 4, 3, 4, 10, 2);
	CHECK(g.len == 0 && g.x1 == 3 && g.y1 == 4,
	      "a move to the same place stays there");
}

/* Shapes defined once and used, groups of shared paint, paths of many
 * segments: what keeps a large board small. */
static void shapes(void)
{
	struct svg s = SVG_INIT;
	struct strbuf out = STRBUF_INIT;
	const double sq[8] = { 0, 0, 4, 0, 4, 4, 0, 4 };
	const struct svg_style thin = { NULL, "#9a9a9a", 0.6, NULL, 0 };
	const struct svg_style road = { NULL, "#8a4b1f", 2.5, "5 2", 0 };

	svg_begin(&s, 50, 50, "shapes");
	svg_def_polygon(&s, "sq", sq, 4);
	svg_def_begin(&s, "dot");
	svg_circle(&s, 0, 0, 2, NULL);
	svg_def_end(&s);
	svg_group_style(&s, &thin);
	svg_use(&s, "sq", 1, 2.5, "#efe8c8");
	svg_use(&s, "dot", -1, 0, NULL);
	svg_end_group(&s);
	svg_group_text(&s, 7, "middle", "#505050");
	svg_label(&s, 3, 4, "0101 <a&b>");
	svg_end_group(&s);
	svg_path_begin(&s, &road);
	svg_path_seg(&s, 0, 0, 10.5, -2);
	svg_path_seg(&s, 1, 1, 2, 2);
	svg_path_end(&s);
	svg_finish(&s, &out);
	CHECK(strstr(out.buf, "<svg xmlns=\"http://www.w3.org/2000/svg\" "
		     "version=\"1.1\" xmlns:xlink=\"http://www.w3.org/1999/"
		     "xlink\" width=") != NULL,
	      "a document with uses declares the xlink namespace");
	CHECK(strstr(out.buf, "<defs>\n<polygon points=\"0,0 4,0 4,4 0,4\" "
		     "id=\"sq\"/>\n</defs>\n") != NULL,
	      "a defined polygon has no paint of its own");
	CHECK(strstr(out.buf, "<defs>\n<g id=\"dot\">\n<circle ") != NULL &&
	      strstr(out.buf, "</g>\n</defs>\n") != NULL,
	      "a defined shape is a group in defs");
	CHECK(strstr(out.buf, "<g fill=\"none\" stroke=\"#9a9a9a\" "
		     "stroke-width=\"0.6\">\n<use xlink:href=\"#sq\" x=\"1\" "
		     "y=\"2.5\" fill=\"#efe8c8\"/>\n<use xlink:href=\"#dot\" "
		     "x=\"-1\" y=\"0\"/>\n</g>\n") != NULL,
	      "uses in a group of shared paint, a fill each or none");
	CHECK(strstr(out.buf, "<g font-size=\"7\" font-family=\"DejaVu Sans, "
		     "Arial, sans-serif\" text-anchor=\"middle\" "
		     "fill=\"#505050\">\n<text x=\"3\" y=\"4\">0101 "
		     "&lt;a&amp;b&gt;</text>\n</g>\n") != NULL,
	      "labels in a group of text, escaped");
	CHECK(strstr(out.buf, "<path fill=\"none\" stroke=\"#8a4b1f\" "
		     "stroke-width=\"2.5\" stroke-dasharray=\"5 2\" "
		     "d=\"M0 0L10.5 -2M1 1L2 2\"/>\n") != NULL,
	      "a path of two segments");
	CHECK(balanced(out.buf), "the document is balanced");
	strbuf_free(&out);
}

/* What "%.2f" prints, trimmed of trailing zeros, "-0" as "0": the
 * number format the writer promises, for every value (its fast path
 * must agree with printf's rounding of the exact binary value, near a
 * half hundredth too). */
static void printf_number(char *buf, size_t size, double v)
{
	size_t n;
	snprintf(buf, size, "%.2f", v);
	n = strlen(buf);
	while (n > 0 && buf[n - 1] == '0')
		buf[--n] = '\0';
	if (n > 0 && buf[n - 1] == '.')
		buf[--n] = '\0';
	if (strcmp(buf, "-0") == 0)
		strcpy(buf, "0");
}

static void numbers(void)
{
	struct svg s = SVG_INIT;
	struct strbuf out = STRBUF_INIT;
	char want[64], got[64];
	unsigned long seed = 12345;
	int bad = 0, n = 0;

	for (int i = 0; i < 200000; i++) {
		double v;
		seed = seed * 6364136223846793005ul + 1442695040888963407ul;
		long r = (long)(seed >> 33) % 2000000 - 1000000;
		switch (i % 5) {
		case 0: v = (double)r / 1000; break;       /* halves of .01 */
		case 1: v = (double)r / 100; break;
		case 2: v = (double)r / 8000; break;       /* exact halves */
		case 3: v = (double)r * 0.0131; break;
		default: v = (double)r / 1000 + 1e-9; break;
		}
		if (i < 6)
			v = (double[]){ 0.005, -0.005, 0.125, -0.0049, 1e13,
					-2.675 }[i];
		svg_begin(&s, 10, 10, "n");
		svg_circle(&s, v, 0, 1, NULL);
		svg_finish(&s, &out);
		const char *p = strstr(out.buf, "<circle cx=\"");
		if (!p || sscanf(p, "<circle cx=\"%63[^\"]", got) != 1)
			got[0] = '\0';
		printf_number(want, sizeof want, v);
		if (strcmp(want, got) && bad++ < 5)
			fprintf(stderr, "# %.17g: %s, printf %s\n", v, got,
				want);
		n++;
		strbuf_reset(&out);
	}
	CHECK(bad == 0, "numbers as printf's %%.2f writes them, trimmed "
	      "(%d of %d differ)", bad, n);
	strbuf_free(&out);
}

int main(void)
{
	struct strbuf a = STRBUF_INIT, b = STRBUF_INIT;
	const char *prolog = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
		"<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" "
		"width=\"200\" height=\"100.5\" viewBox=\"0 0 200 100.5\">\n"
		"<title>Board &lt;1&gt; &amp; &quot;two&quot;</title>\n"
		"<defs>\n";

	segments();
	shapes();
	numbers();
	draw(&a);
	draw(&b);
	CHECK(a.len > 0 && a.len == b.len && memcmp(a.buf, b.buf, a.len) == 0,
	      "the same drawing gives the same bytes");
	CHECK(strncmp(a.buf, prolog, strlen(prolog)) == 0,
	      "prolog, size and escaped title first");
	CHECK(balanced(a.buf), "tags are balanced, entities well formed");
	CHECK(count(a.buf, "<g") == count(a.buf, "</g>"),
	      "groups left open are closed");
	CHECK(strstr(a.buf, ">a &lt; b &amp;&amp; c &gt; &apos;d&apos;<")
	      != NULL, "text is escaped");
	CHECK(strstr(a.buf, ">bad ? ? utf8 \xe2\x99\xa5<") != NULL,
	      "control bytes and bad UTF-8 replaced, good UTF-8 kept");
	CHECK(strstr(a.buf, "text-anchor=\"start\"") != NULL,
	      "an unknown anchor falls back to start");
	CHECK(strstr(a.buf, "<title>Tiger &lt;II&gt;</title>") != NULL,
	      "group tooltip escaped");
	CHECK(strstr(a.buf, "points=\"0,0 10.13,0 5,0.33\"") != NULL ||
	      strstr(a.buf, "points=\"0,0 10.12,0 5,0.33\"") != NULL,
	      "numbers: two decimals at most, no trailing zeros");
	CHECK(strstr(a.buf, "x2=\"0\" y2=\"7\"") != NULL, "no -0");
	CHECK(strstr(a.buf, "points=\"100,40 102.25,46.91 109.51,46.91 "
		     "103.63,51.18 105.88,58.09 100,53.82 94.12,58.09 "
		     "96.37,51.18 90.49,46.91 97.75,46.91\"") != NULL,
	      "a star: ten points, the first at the top");
	CHECK(strstr(a.buf, ">a13 &lt;moved&gt;</text>") != NULL &&
	      strstr(a.buf, "fill=\"#ffffff\"") != NULL,
	      "a mark's label: escaped text on a white halo");
	CHECK(strstr(a.buf, "stroke-dasharray=\"4 2\" opacity=\"0.5\"")
	      != NULL, "dash and opacity");
	CHECK(strstr(a.buf, "<circle cx=\"10\" cy=\"10\" r=\"5\" "
		     "fill=\"none\" stroke=\"#000000\" stroke-width=\"1\"/>")
	      != NULL, "a NULL style is a thin black outline");
	CHECK(count(a.buf, "<marker id=\"arrow-_b03020\"") == 1 &&
	      count(a.buf, "<marker id=\"arrow-blue\"") == 1 &&
	      count(a.buf, "<marker id=\"arrow\"") == 1 &&
	      count(a.buf, "<marker ") == 3,
	      "one marker per arrow colour, plus the default");
	CHECK(strstr(a.buf, "fill=\"#b03020\"/>\n</marker>") != NULL,
	      "the marker has the arrow's colour");
	CHECK(count(a.buf, "marker-end=\"url(#arrow-_b03020)\"") == 2 &&
	      count(a.buf, "marker-end=\"url(#arrow)\"") == 1,
	      "arrows refer to their markers");
	CHECK(strstr(a.buf, "<g transform=\"translate(3 4.5)\">\n"
		     "<title>inner</title>\n<g>\n<title>left open</title>\n"
		     "<rect x=\"0\" y=\"0\" width=\"10\" height=\"10\" "
		     "fill=\"none\" stroke=\"#000000\" stroke-width=\"1\"/>\n"
		     "</g>\n</g>\n") != NULL,
	      "svg_place: a translated group with the inner drawing closed");
	CHECK(a.len > 7 && strcmp(a.buf + a.len - 7, "</svg>\n") == 0,
	      "the document ends with </svg>");
	CHECK(!balanced("<svg><g></svg></g>") && !balanced("<a>x & y</a>")
	      && balanced("<a><b/>&amp;</a>"), "the balance check works");
	strbuf_free(&a);
	strbuf_free(&b);
	return unit_done("test_svg");
}
