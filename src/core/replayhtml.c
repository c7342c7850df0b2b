/*
 * replayhtml.c - a replay as one HTML page (replay_html): a header, the
 * navigation, the board, the report, the draws and the luck of the step
 * shown. Nothing is fetched: the CSS and the script are in the page,
 * and the data is one JSON block the script reads.
 *
 * The boards share their lines (replay_lines_add): every distinct line
 * of every board's SVG text is written once, in a table, and each
 * step's board is a list of ranges of that table. The map, and every
 * counter that did not move, is written once for the whole game; the
 * script joins a step's lines back into the very text `umpire render`
 * writes for it.
 */
#include <stdlib.h>
#include <string.h>
#include "umpire/json.h"
#include "umpire/replay.h"

/* ---- the page ---- */

/* JSON inside <script>: no '<' at all, so that no "</script>" or "<!--"
 * can end or change the block ('<' occurs only in strings). */
static void script_json(struct strbuf *out, const struct strbuf *js)
{
	for (size_t i = 0; i < js->len; i++) {
		if (js->buf[i] == '<')
			strbuf_adds(out, "\\u003c");
		else
			strbuf_addc(out, js->buf[i]);
	}
}

static void data(const struct replay *r, struct strbuf *out)
{
	const struct replay_lines *t = &r->lines;
	struct strbuf js = STRBUF_INIT;
	struct json j;
	json_init(&j, &js);
	json_begin_object(&j);
	json_key(&j, "roles");
	json_begin_array(&j);
	for (size_t i = 0; i < r->n_roles; i++)
		json_string(&j, r->roles[i]);
	json_end_array(&j);
	json_kint(&j, "total", (long long)r->total);
	json_key(&j, "steps");
	json_begin_array(&j);
	for (size_t i = 0; i < r->n; i++) {
		const struct replay_frame *f = &r->frames[i];
		json_begin_object(&j);
		json_kint(&j, "step", (long long)f->step);
		json_kint(&j, "turn", f->turn);
		json_kstring(&j, "actor", f->actor);
		json_kstring(&j, "board", f->board ? f->board : "");
		json_kstring(&j, "report", f->report);
		json_end_object(&j);
	}
	json_end_array(&j);
	json_key(&j, "lines");
	json_begin_array(&j);
	for (size_t i = 0; i < t->n; i++)
		json_stringn(&j, t->line[i], t->len[i]);
	json_end_array(&j);
	json_key(&j, "draws");
	if (r->draws.len) {
		/* a JSON array made already (replay.c), as the key's value */
		strbuf_add(&js, r->draws.buf, r->draws.len);
		j.after_key = 0;
	} else
		json_null(&j);
	json_end_object(&j);
	json_finish(&j);
	script_json(out, &js);
	strbuf_free(&js);
}

static const char style[] =
"body{margin:0;font:14px/1.4 'DejaVu Sans',Arial,sans-serif;color:#222;"
"background:#f4f1ea}\n"
"header{background:#2b2b2b;color:#eee;padding:8px 16px}\n"
"header h1{font-size:20px;margin:0 0 4px}\n"
"header dl{display:grid;grid-template-columns:max-content 1fr;gap:0 12px;"
"margin:0;font-size:13px}\n"
"header dt{color:#aaa}header dd{margin:0}\n"
"header code{background:#444;padding:0 4px;border-radius:3px}\n"
"nav{position:sticky;top:0;z-index:2;background:#ddd6c6;padding:6px 16px;"
"display:flex;flex-wrap:wrap;align-items:center;gap:6px;"
"border-bottom:1px solid #b8ae98}\n"
"nav button{font:inherit;padding:2px 10px;min-width:3em}\n"
"nav .where{margin:0 8px;font-weight:bold}\n"
"#turns{display:flex;flex-wrap:wrap;gap:2px 4px;list-style:none;margin:0;"
"padding:0}\n"
"#turns a{padding:1px 5px;border-radius:3px;color:#1d3f73;"
"text-decoration:none}\n"
"#turns a.here{background:#1d3f73;color:#fff}\n"
"main{display:flex;flex-wrap:wrap;gap:12px;padding:12px 16px}\n"
"#board{flex:0 1 auto;max-width:100%;overflow:auto;background:#fff;"
"border:1px solid #b8ae98}\n"
"#board svg{display:block}\n"
"aside{flex:1 1 30em;min-width:22em;overflow-x:auto}\n"
"aside h2{font-size:15px;margin:8px 0 4px}\n"
"pre{background:#fff;border:1px solid #ccc;padding:6px 8px;margin:0;"
"font:12.5px/1.35 'DejaVu Sans Mono',monospace;white-space:pre;overflow-x:auto}\n"
"table{border-collapse:collapse;background:#fff;font-size:12.5px}\n"
"td,th{border:1px solid #ccc;padding:1px 5px;text-align:left}\n"
".none{color:#777;font-style:italic}\n";

/* The script: reads the data block, shows a step, keeps the navigation.
 * It fetches nothing and writes nothing but the page. */
static const char script[] =
"(function () {\n"
"'use strict';\n"
"var D = JSON.parse(document.getElementById('data').textContent);\n"
"var S = D.steps, L = D.lines, cur = -1, timer = null;\n"
"var $ = function (id) { return document.getElementById(id); };\n"
"var NS = 'http://www.w3.org/2000/svg', drawn = null;\n"
"function lines(i) {\n"
"  var idx = [], parts = S[i].board ? S[i].board.split(',') : [];\n"
"  for (var p = 0; p < parts.length; p++) {\n"
"    var ab = parts[p].split('-'), a = +ab[0];\n"
"    var b = ab.length > 1 ? +ab[1] : a;\n"
"    for (var k = a; k <= b; k++) idx.push(k);\n"
"  }\n"
"  return idx;\n"
"}\n"
"function board(i) {\n"
"  return lines(i).map(function (k) { return L[k]; }).join('');\n"
"}\n"
"window.umpireBoard = function (i) { return board(i); };\n"
"/* A step's board as a tree of its lines (each line one element, or the\n"
" * start or end of a group): a node's key names its lines, so that a\n"
" * step drawn after another changes only the elements whose lines\n"
" * differ. null: lines this does not follow (the whole board is drawn\n"
" * again). */\n"
"function tree(i) {\n"
"  var idx = lines(i), root = { kids: [] }, stack = [root];\n"
"  for (var p = 0; p < idx.length; p++) {\n"
"    var s = L[idx[p]], top = stack[stack.length - 1];\n"
"    if (s.charAt(0) !== '<') return null;\n"
"    if (s.charAt(1) === '/') {\n"
"      if (stack.length < 2) return null;\n"
"      top.end = p;\n"
"      stack.pop();\n"
"      continue;\n"
"    }\n"
"    var node = { start: p, end: p, kids: [] };\n"
"    top.kids.push(node);\n"
"    if (/^<[A-Za-z]/.test(s) && !/\\/>\\n?$/.test(s) && s.indexOf('</') < 0)\n"
"      stack.push(node);\n"
"  }\n"
"  if (stack.length !== 1) return null;\n"
"  (function keys(n) {\n"
"    n.key = idx.slice(n.start, n.end + 1).join(',');\n"
"    n.kids.forEach(keys);\n"
"  })({ start: 0, end: idx.length - 1, kids: root.kids });\n"
"  return { idx: idx, kids: root.kids };\n"
"}\n"
"function elements(t, nodes) {\n"
"  var text = nodes.map(function (n) {\n"
"    return t.idx.slice(n.start, n.end + 1).map(function (k) {\n"
"      return L[k]; }).join('');\n"
"  }).join('');\n"
"  var doc = new DOMParser().parseFromString('<svg xmlns=\"' + NS +\n"
"    '\" xmlns:xlink=\"http://www.w3.org/1999/xlink\">' + text + '</svg>',\n"
"    'image/svg+xml');\n"
"  return Array.prototype.map.call(doc.documentElement.children,\n"
"    function (e) { return document.importNode(e, true); });\n"
"}\n"
"/* el's children (the old nodes olds) made the new nodes news: a child\n"
" * whose key is the same is kept as it is; one whose opening line is the\n"
" * same is changed inside; any other is made from its lines. */\n"
"function sync(el, t, olds, news, ot) {\n"
"  var kids = Array.prototype.slice.call(el.children), byKey = {}, want = [];\n"
"  if (kids.length !== olds.length) return false;\n"
"  olds.forEach(function (o, k) {\n"
"    (byKey[o.key] = byKey[o.key] || []).push(kids[k]);\n"
"  });\n"
"  var make = [], at = [];\n"
"  news.forEach(function (n, k) {\n"
"    var same = byKey[n.key];\n"
"    if (same && same.length) { want[k] = same.shift(); return; }\n"
"    var o = olds[k];\n"
"    if (o && kids[k] && o.kids.length && n.kids.length &&\n"
"        ot.idx[o.start] === t.idx[n.start] &&\n"
"        want.indexOf(kids[k]) < 0 && byKey[o.key].indexOf(kids[k]) >= 0 &&\n"
"        sync(kids[k], t, o.kids, n.kids, ot)) {\n"
"      byKey[o.key].splice(byKey[o.key].indexOf(kids[k]), 1);\n"
"      want[k] = kids[k];\n"
"      return;\n"
"    }\n"
"    make.push(n);\n"
"    at.push(k);\n"
"  });\n"
"  if (make.length)\n"
"    elements(t, make).forEach(function (e, j) { want[at[j]] = e; });\n"
"  for (var k = 0; k < want.length; k++)\n"
"    if (el.children[k] !== want[k])\n"
"      el.insertBefore(want[k], el.children[k] || null);\n"
"  while (el.children.length > want.length)\n"
"    el.removeChild(el.children[want.length]);\n"
"  return true;\n"
"}\n"
"function elems(t) {\n"
"  return t.kids.filter(function (n) {\n"
"    return /^<[A-Za-z]/.test(L[t.idx[n.start]]); });\n"
"}\n"
"function draw(i) {\n"
"  var t = tree(i), old = drawn;\n"
"  drawn = t;\n"
"  if (t && old && sync($('board'), t, elems(old), elems(t), old)) return;\n"
"  $('board').innerHTML = board(i).replace(/^<\\?xml[^>]*>\\s*/, '');\n"
"}\n"
"function frameOf(step) {\n"
"  var i = 0;\n"
"  while (i + 1 < S.length && S[i + 1].step <= step) i++;\n"
"  return i;\n"
"}\n"
"function erfc(x) {\n"
"  var t = 1 / (1 + 0.5 * Math.abs(x));\n"
"  var y = t * Math.exp(-x * x - 1.26551223 + t * (1.00002368 +\n"
"    t * (0.37409196 + t * (0.09678418 + t * (-0.18628806 +\n"
"    t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 +\n"
"    t * (-0.82215223 + t * 0.17087277)))))))));\n"
"  return x >= 0 ? y : 2 - y;\n"
"}\n"
"function pad(s, n, left) {\n"
"  s = String(s);\n"
"  while (s.length < n) s = left ? ' ' + s : s + ' ';\n"
"  return s;\n"
"}\n"
"function line(label, g) {\n"
"  var z = g.v > 0 ? (g.s - g.m) / Math.sqrt(g.v) : 0;\n"
"  var zs = (z < 0 ? '-' : '+') + Math.abs(z).toFixed(2);\n"
"  return '  ' + pad(label, 24) + ' ' + pad(g.n, 3, 1) + ' draws sum ' +\n"
"    pad(g.s.toFixed(0), 5, 1) + ' vs ' + pad(g.m.toFixed(1), 7, 1) +\n"
"    ' z ' + pad(zs, 5, 1) + ' p ' +\n"
"    erfc(Math.abs(z) / Math.SQRT2).toFixed(2) + '\\n';\n"
"}\n"
"function add(g, d) {\n"
"  var n = d[6];\n"
"  g.n++; g.s += d[7] + 1; g.m += (n + 1) / 2; g.v += (n * n - 1) / 12;\n"
"}\n"
"function luck(step) {\n"
"  var out = '', ds = D.draws.filter(function (d) { return d[0] <= step; });\n"
"  D.roles.forEach(function (role) {\n"
"    var mine = ds.filter(function (d) { return d[9] === role; });\n"
"    if (!mine.length) return;\n"
"    var all = { n: 0, s: 0, m: 0, v: 0 }, groups = {}, keys = [];\n"
"    mine.forEach(function (d) {\n"
"      var rule = d[4].split(' ')[0], k = rule + '\\u0000' + d[5];\n"
"      add(all, d);\n"
"      if (!groups[k]) {\n"
"        groups[k] = { n: 0, s: 0, m: 0, v: 0,\n"
"          label: 'rule ' + rule + ', ' + d[5] };\n"
"        keys.push(k);\n"
"      }\n"
"      add(groups[k], d);\n"
"    });\n"
"    out += role + ':\\n' + line('all draws', all);\n"
"    keys.forEach(function (k) { out += line(groups[k].label, groups[k]); });\n"
"  });\n"
"  return out || 'No draw yet.\\n';\n"
"}\n"
"function cell(tr, text) {\n"
"  var td = document.createElement('td');\n"
"  td.textContent = text;\n"
"  tr.appendChild(td);\n"
"}\n"
"function dice(step) {\n"
"  var t = $('draws');\n"
"  while (t.rows.length > 1) t.deleteRow(1);\n"
"  var n = 0;\n"
"  D.draws.forEach(function (d) {\n"
"    if (d[0] !== step) return;\n"
"    var tr = t.insertRow();\n"
"    [d[1], d[2], d[3], d[4], d[5], d[6], d[7], d[8], d[9]]\n"
"      .forEach(function (x) { cell(tr, x); });\n"
"    n++;\n"
"  });\n"
"  $('nodraw').hidden = n > 0;\n"
"  t.hidden = n === 0;\n"
"}\n"
"function show(i, keepHash) {\n"
"  i = Math.max(0, Math.min(S.length - 1, i));\n"
"  if (i === cur) return;\n"
"  cur = i;\n"
"  var f = S[i];\n"
"  draw(i);\n"
"  $('step').textContent = String(f.step);\n"
"  $('turn').textContent = f.step === 0 ? 'before play' :\n"
"    (f.turn ? 'turn ' + f.turn : '') + (f.actor ? (f.turn ? ', ' : '') +\n"
"    'ordered by ' + f.actor : '');\n"
"  $('report').textContent = f.report;\n"
"  if (D.draws) { dice(f.step); $('luck').textContent = luck(f.step); }\n"
"  $('first').disabled = $('prev').disabled = i === 0;\n"
"  $('next').disabled = $('last').disabled = i === S.length - 1;\n"
"  var as = $('turns').getElementsByTagName('a');\n"
"  for (var k = 0; k < as.length; k++)\n"
"    as[k].className = +as[k].getAttribute('data-turn') === f.turn ?\n"
"      'here' : '';\n"
"  if (!keepHash && history.replaceState)\n"
"    try { history.replaceState(null, '', '#step=' + f.step); }\n"
"    catch (e) { /* a page without history: the hash stays */ }\n"
"}\n"
"function fromHash() {\n"
"  var m = /^#step=(\\d+)$/.exec(location.hash);\n"
"  return m ? frameOf(+m[1]) : S.length - 1;\n"
"}\n"
"function stop() {\n"
"  if (timer) clearInterval(timer);\n"
"  timer = null;\n"
"  $('play').textContent = 'Play';\n"
"}\n"
"function play() {\n"
"  if (timer) return stop();\n"
"  if (cur === S.length - 1) show(0);\n"
"  $('play').textContent = 'Pause';\n"
"  timer = setInterval(function () {\n"
"    if (cur >= S.length - 1) return stop();\n"
"    show(cur + 1);\n"
"  }, 1500);\n"
"}\n"
"var turns = $('turns'), seen = {};\n"
"S.forEach(function (f) {\n"
"  if (seen[f.turn]) return;\n"
"  seen[f.turn] = 1;\n"
"  var li = document.createElement('li'), a = document.createElement('a');\n"
"  a.href = '#step=' + f.step;\n"
"  a.setAttribute('data-turn', f.turn);\n"
"  a.textContent = f.turn ? 'Turn ' + f.turn : (f.step ? 'Step ' + f.step :\n"
"    'Start');\n"
"  li.appendChild(a);\n"
"  turns.appendChild(li);\n"
"});\n"
"$('first').onclick = function () { stop(); show(0); };\n"
"$('prev').onclick = function () { stop(); show(cur - 1); };\n"
"$('next').onclick = function () { stop(); show(cur + 1); };\n"
"$('last').onclick = function () { stop(); show(S.length - 1); };\n"
"$('play').onclick = play;\n"
"window.addEventListener('hashchange', function () {\n"
"  stop(); show(fromHash(), 1);\n"
"});\n"
"document.addEventListener('keydown', function (e) {\n"
"  if (e.altKey || e.ctrlKey || e.metaKey) return;\n"
"  var to = { ArrowLeft: cur - 1, ArrowRight: cur + 1, Home: 0,\n"
"    End: S.length - 1 }[e.key];\n"
"  if (to === undefined) return;\n"
"  e.preventDefault();\n"
"  stop();\n"
"  show(to);\n"
"});\n"
"if (!D.draws) {\n"
"  $('dice').hidden = true;\n"
"}\n"
"show(fromHash(), 1);\n"
"})();\n";

static void field(struct strbuf *out, const char *name, const char *value,
		  int code)
{
	strbuf_addf(out, "<dt>%s</dt><dd>%s", name, code ? "<code>" : "");
	strbuf_add_html(out, value);
	strbuf_addf(out, "%s</dd>\n", code ? "</code>" : "");
}

void replay_html(const struct replay *r, struct strbuf *out)
{
	strbuf_adds(out, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n"
		    "<meta charset=\"utf-8\">\n<meta name=\"viewport\" "
		    "content=\"width=device-width, initial-scale=1\">\n"
		    "<title>");
	strbuf_add_html(out, r->title);
	strbuf_adds(out, ", game ");
	strbuf_add_html(out, r->game_id);
	strbuf_adds(out, ": replay</title>\n<style>\n");
	strbuf_adds(out, style);
	strbuf_adds(out, "</style>\n</head>\n<body>\n<header>\n<h1>");
	strbuf_add_html(out, r->title);
	strbuf_adds(out, "</h1>\n<dl>\n");
	field(out, "game", r->game_id, 0);
	field(out, "scenario", r->scenario, 0);
	field(out, "sides", r->sides, 0);
	field(out, "result", r->result, 0);
	field(out, "shown", r->seen, 0);
	if (r->audit)
		field(out, "proof", r->audit, 1);
	strbuf_adds(out, "</dl>\n</header>\n"
		    "<nav aria-label=\"steps\">\n"
		    "<button id=\"first\" title=\"first step (Home)\">"
		    "|&lt;</button>\n"
		    "<button id=\"prev\" title=\"previous step (left arrow)\">"
		    "&lt;</button>\n"
		    "<button id=\"play\" title=\"step on by itself\">Play"
		    "</button>\n"
		    "<button id=\"next\" title=\"next step (right arrow)\">"
		    "&gt;</button>\n"
		    "<button id=\"last\" title=\"last step (End)\">&gt;|"
		    "</button>\n"
		    "<span class=\"where\">Step <output id=\"step\" "
		    "aria-live=\"polite\"></output>");
	strbuf_addf(out, " of %zu</span> <span id=\"turn\"></span>\n", r->total);
	strbuf_adds(out, "<ol id=\"turns\" aria-label=\"game turns\"></ol>\n"
		    "</nav>\n<main>\n<div id=\"board\"></div>\n<aside>\n"
		    "<h2>Report</h2>\n<pre id=\"report\"></pre>\n"
		    "<section id=\"dice\">\n<h2>Draws of this step</h2>\n"
		    "<p id=\"nodraw\" class=\"none\">No draw in this step."
		    "</p>\n<table id=\"draws\"><tr><th>draw</th><th>turn"
		    "</th><th>phase</th><th>purpose</th><th>pool</th>"
		    "<th>of</th><th>pick</th><th>result</th><th>for</th>"
		    "</tr></table>\n"
		    "<h2>Luck up to this step</h2>\n<pre id=\"luck\"></pre>\n"
		    "</section>\n</aside>\n</main>\n"
		    "<noscript><p>The steps of this replay are shown by its "
		    "script: allow JavaScript for this file (it fetches "
		    "nothing).</p></noscript>\n"
		    "<script type=\"application/json\" id=\"data\">");
	data(r, out);
	strbuf_adds(out, "</script>\n<script>\n");
	strbuf_adds(out, script);
	strbuf_adds(out, "</script>\n</body>\n</html>\n");
}
