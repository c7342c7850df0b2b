(function () {
'use strict';
var D = JSON.parse(document.getElementById('data').textContent);
var S = D.steps, L = D.lines, cur = -1, timer = null;
var $ = function (id) { return document.getElementById(id); };
var NS = 'http://www.w3.org/2000/svg', drawn = null;
function lines(i) {
  var idx = [], parts = S[i].board ? S[i].board.split(',') : [];
  for (var p = 0; p < parts.length; p++) {
    var ab = parts[p].split('-'), a = +ab[0];
    var b = ab.length > 1 ? +ab[1] : a;
    for (var k = a; k <= b; k++) idx.push(k);
  }
  return idx;
}
function board(i) {
  return lines(i).map(function (k) { return L[k]; }).join('');
}
window.umpireBoard = function (i) { return board(i); };
/* A step's board as a tree of its lines (each line one element, or the
 * start or end of a group): a node's key names its lines, so that a
 * step drawn after another changes only the elements whose lines
 * differ. null: lines this does not follow (the whole board is drawn
 * again). */
function tree(i) { return parse(lines(i)); }
function parse(idx) {
  var root = { kids: [] }, stack = [root];
  for (var p = 0; p < idx.length; p++) {
    var s = L[idx[p]], top = stack[stack.length - 1];
    if (s.charAt(0) !== '<') return null;
    if (s.charAt(1) === '/') {
      if (stack.length < 2) return null;
      top.end = p;
      stack.pop();
      continue;
    }
    var node = { start: p, end: p, kids: [] };
    top.kids.push(node);
    if (/^<[A-Za-z]/.test(s) && !/\/>\n?$/.test(s) && s.indexOf('</') < 0)
      stack.push(node);
  }
  if (stack.length !== 1) return null;
  (function keys(n) {
    n.key = idx.slice(n.start, n.end + 1).join(',');
    n.kids.forEach(keys);
  })({ start: 0, end: idx.length - 1, kids: root.kids });
  return { idx: idx, kids: root.kids };
}
/* The board in layers, stacked in the order of its lines: a fixed
 * layer holds a long run of elements every step draws alike, in the
 * same place (the map: terrain, grid, hex numbers, rivers, roads), a
 * live layer the rest. Each layer is an <svg> of its own
 * (the board's <svg> line and the groups around its elements again,
 * every <defs> in each layer), so that a step changes no fixed layer:
 * the browser neither lays out nor paints the map again. The layers'
 * lines, one after the other, are the board's lines in their order
 * (groups and <defs> repeated). */
var fixed = null, FIXED_MIN = 100;
/* a node's key where it is: the opening lines of the groups around
 * it, then its own lines */
function keysOf(t, into) {
  (function walk(n, up) {
    into[up + '|' + n.key] = 1;
    n.kids.forEach(function (k) { walk(k, up + '>' + t.idx[k.start]); });
  })({ key: '', kids: t ? t.kids : [] }, '');
  return into;
}
/* the nodes every step draws alike, where they are (steps up to 40,
 * the first and the last among them, spread evenly: a page with more
 * only redraws its fixed layer at a step that changes it) */
function fixedKeys() {
  if (fixed) return fixed;
  var n = Math.min(S.length, 40), seen = {};
  for (var j = 0; j < n; j++) {
    var ks = keysOf(tree(n > 1 ? Math.round(j * (S.length - 1) / (n - 1)) :
      0), {});
    for (var k in ks) seen[k] = (seen[k] || 0) + 1;
  }
  fixed = {};
  for (var k2 in seen) if (seen[k2] === n) fixed[k2] = 1;
  return fixed;
}
/* what a node is: defs and title (in every layer; a title only in a
 * live one), a group whose elements may go to several layers (a long
 * one with no effect on its elements as a whole: a short one that
 * changes is live whole, so that the layers' bounds move seldom), or
 * an element of one */
function classify(t, n, fx, leaves, up) {
  var s = L[t.idx[n.start]];
  n.fixed = fx[up + '|' + n.key] === 1;
  if (/^<defs[\s>]/.test(s)) n.kind = 'defs';
  else if (/^<title[\s>]/.test(s)) n.kind = 'title';
  else if (n.fixed) n.kind = 'fix';
  else if (n.kids.length && /^<(g|svg)[\s>]/.test(s) &&
      (n.end - n.start >= FIXED_MIN || /^<svg/.test(s)) &&
      !/\s(opacity|filter|mask|clip-path)=/.test(s)) n.kind = 'wrap';
  else n.kind = 'live';
  if (n.kind === 'wrap')
    n.kids.forEach(function (k) {
      classify(t, k, fx, leaves, up + '>' + t.idx[k.start]);
    });
  else if (n.kind === 'fix' || n.kind === 'live') leaves.push(n);
}
function has(n) {
  n.in = {};
  if (n.kind === 'wrap')
    n.kids.forEach(function (k) {
      has(k);
      for (var l in k.in) n.in[l] = 1;
    });
  else if (n.layer !== undefined) n.in[n.layer] = 1;
}
/* a layer's lines: a live layer has every <defs>, a fixed one those
 * every step shares and those it uses (uses: the text
 * of its elements), so that a step changes it as seldom as can be */
function emit(t, n, layer, uses, out) {
  var k;
  if (n.kind === 'wrap') {
    if (!n.in[layer]) return;
    out.push(t.idx[n.start]);
    n.kids.forEach(function (c) { emit(t, c, layer, uses, out); });
    out.push(t.idx[n.end]);
  } else if (n.layer === layer || (n.kind === 'title' && uses === null) ||
      (n.kind === 'defs' && (uses === null || n.fixed || used(t, n, uses))))
    for (k = n.start; k <= n.end; k++) out.push(t.idx[k]);
}
function used(t, n, uses) {
  for (var k = n.start; k <= n.end; k++) {
    var m = /\sid="([^"]*)"/.exec(L[t.idx[k]]);
    if (m && (uses.indexOf('#' + m[1] + '"') >= 0 ||
        uses.indexOf('#' + m[1] + ')') >= 0)) return true;
  }
  return false;
}
function leafText(t, leaves, layer) {
  return leaves.filter(function (n) { return n.layer === layer; })
    .map(function (n) {
      return t.idx.slice(n.start, n.end + 1).map(function (x) {
        return L[x]; }).join('');
    }).join('');
}
/* step i's layers: [{ fixed, idx, text }], or null (one layer: the
 * board's lines are not a tree this follows) */
function layers(i) {
  var t = tree(i), leaves = [], runs = [], out = [];
  if (!t) return null;
  var roots = t.kids.filter(function (n) {
    return /^<svg[\s>]/.test(L[t.idx[n.start]]); });
  if (roots.length !== 1) return null;
  var svg = roots[0], fx = fixedKeys();
  classify(t, svg, fx, leaves, '>' + t.idx[svg.start]);
  if (svg.kind !== 'wrap') return null;
  leaves.forEach(function (n) {
    var f = n.kind === 'fix', r = runs[runs.length - 1];
    if (!r || r.fixed !== f) runs.push(r = { fixed: f, n: 0, leaves: [] });
    r.n += n.end - n.start + 1;
    r.leaves.push(n);
  });
  runs.forEach(function (r) {
    var f = r.fixed && r.n >= FIXED_MIN, l = out[out.length - 1];
    if (!l || l.fixed !== f) out.push(l = { fixed: f });
    r.leaves.forEach(function (n) { n.layer = out.length - 1; });
  });
  has(svg);
  out.forEach(function (l, k) {
    l.idx = [];
    emit(t, svg, k, l.fixed ? leafText(t, leaves, k) : null, l.idx);
    l.text = l.idx.map(function (x) { return L[x]; }).join('');
  });
  return out;
}
window.umpireLayers = function (i) {
  var ls = layers(i);
  return ls ? ls.map(function (l) { return l.text; }) : [board(i)];
};
function elements(t, nodes) {
  var text = nodes.map(function (n) {
    return t.idx.slice(n.start, n.end + 1).map(function (k) {
      return L[k]; }).join('');
  }).join('');
  var doc = new DOMParser().parseFromString('<svg xmlns="' + NS +
    '" xmlns:xlink="http://www.w3.org/1999/xlink">' + text + '</svg>',
    'image/svg+xml');
  return Array.prototype.map.call(doc.documentElement.children,
    function (e) { return document.importNode(e, true); });
}
/* el's children (the old nodes olds) made the new nodes news: a child
 * whose key is the same is kept as it is; one whose opening line is the
 * same is changed inside; any other is made from its lines. */
function sync(el, t, olds, news, ot) {
  var kids = Array.prototype.slice.call(el.children), byKey = {}, want = [];
  if (kids.length !== olds.length) return false;
  olds.forEach(function (o, k) {
    (byKey[o.key] = byKey[o.key] || []).push(kids[k]);
  });
  var make = [], at = [];
  news.forEach(function (n, k) {
    var same = byKey[n.key];
    if (same && same.length) { want[k] = same.shift(); return; }
    var o = olds[k];
    if (o && kids[k] && o.kids.length && n.kids.length &&
        ot.idx[o.start] === t.idx[n.start] &&
        want.indexOf(kids[k]) < 0 && byKey[o.key].indexOf(kids[k]) >= 0 &&
        sync(kids[k], t, o.kids, n.kids, ot)) {
      byKey[o.key].splice(byKey[o.key].indexOf(kids[k]), 1);
      want[k] = kids[k];
      return;
    }
    make.push(n);
    at.push(k);
  });
  if (make.length)
    elements(t, make).forEach(function (e, j) { want[at[j]] = e; });
  for (var k = 0; k < want.length; k++)
    if (el.children[k] !== want[k])
      el.insertBefore(want[k], el.children[k] || null);
  while (el.children.length > want.length)
    el.removeChild(el.children[want.length]);
  return true;
}
function elems(t) {
  return t.kids.filter(function (n) {
    return /^<[A-Za-z]/.test(L[t.idx[n.start]]); });
}
/* A layer in a <div>: its <svg>; a fixed one's also painted once into
 * a canvas, from an image of its own SVG text made here (a data: URL,
 * nothing fetched), which then shows in its stead: a bitmap costs the
 * browser nothing to paint again, the SVG stays in the page (hidden)
 * for what reads it. Until the canvas is painted the SVG shows. */
function layerDiv(l) {
  var d = document.createElement('div');
  d.className = l.fixed ? 'layer fixed' : 'layer';
  d.innerHTML = l.text;
  var svg = d.firstElementChild;
  if (!l.fixed || !svg || !document.createElement('canvas').getContext)
    return d;
  var w = parseFloat(svg.getAttribute('width')),
    h = parseFloat(svg.getAttribute('height'));
  var r = Math.min(window.devicePixelRatio || 1, 2);
  if (!(w > 0 && h > 0 && w * h * r * r < 4e7)) return d;
  var c = document.createElement('canvas'), img = new Image();
  c.width = Math.ceil(w * r);
  c.height = Math.ceil(h * r);
  c.style.width = w + 'px';
  c.style.height = h + 'px';
  img.onload = function () {
    c.getContext('2d').drawImage(img, 0, 0, c.width, c.height);
    d.appendChild(c);
    d.className += ' painted';
  };
  img.src = 'data:image/svg+xml;charset=utf-8,' +
    encodeURIComponent(l.text);
  return d;
}
/* A fixed layer the step shares with the one shown stays untouched; a
 * live one changes only the elements whose lines differ. */
function draw(i) {
  var ls = layers(i), old = drawn, b = $('board');
  drawn = ls;
  if (!ls) {
    b.innerHTML = board(i).replace(/^<\?xml[^>]*>\s*/, '');
    return;
  }
  if (!old || old.length !== ls.length ||
      b.children.length !== ls.length)
    old = null;
  else
    for (var k = 0; k < ls.length; k++)
      if (old[k].fixed !== ls[k].fixed) old = null;
  if (!old) {
    b.textContent = '';
    ls.forEach(function (l) { b.appendChild(layerDiv(l)); });
    return;
  }
  ls.forEach(function (l, k) {
    var o = old[k], el = b.children[k];
    if (o.text === l.text) return;
    var ot = o.t || parse(o.idx), t = l.t = parse(l.idx);
    if (!l.fixed && ot && t && sync(el, t, elems(ot), elems(t), ot))
      return;
    b.replaceChild(layerDiv(l), el);
  });
}
function frameOf(step) {
  var i = 0;
  while (i + 1 < S.length && S[i + 1].step <= step) i++;
  return i;
}
function erfc(x) {
  var t = 1 / (1 + 0.5 * Math.abs(x));
  var y = t * Math.exp(-x * x - 1.26551223 + t * (1.00002368 +
    t * (0.37409196 + t * (0.09678418 + t * (-0.18628806 +
    t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 +
    t * (-0.82215223 + t * 0.17087277)))))))));
  return x >= 0 ? y : 2 - y;
}
function pad(s, n, left) {
  s = String(s);
  while (s.length < n) s = left ? ' ' + s : s + ' ';
  return s;
}
function line(label, g) {
  var z = g.v > 0 ? (g.s - g.m) / Math.sqrt(g.v) : 0;
  var zs = (z < 0 ? '-' : '+') + Math.abs(z).toFixed(2);
  return '  ' + pad(label, 24) + ' ' + pad(g.n, 3, 1) + ' draws sum ' +
    pad(g.s.toFixed(0), 5, 1) + ' vs ' + pad(g.m.toFixed(1), 7, 1) +
    ' z ' + pad(zs, 5, 1) + ' p ' +
    erfc(Math.abs(z) / Math.SQRT2).toFixed(2) + '\n';
}
function add(g, d) {
  var n = d[6];
  g.n++; g.s += d[7] + 1; g.m += (n + 1) / 2; g.v += (n * n - 1) / 12;
}
function luck(step) {
  var out = '', ds = D.draws.filter(function (d) { return d[0] <= step; });
  D.roles.forEach(function (role) {
    var mine = ds.filter(function (d) { return d[9] === role; });
    if (!mine.length) return;
    var all = { n: 0, s: 0, m: 0, v: 0 }, groups = {}, keys = [];
    mine.forEach(function (d) {
      var rule = d[4].split(' ')[0], k = rule + '\u0000' + d[5];
      add(all, d);
      if (!groups[k]) {
        groups[k] = { n: 0, s: 0, m: 0, v: 0,
          label: 'rule ' + rule + ', ' + d[5] };
        keys.push(k);
      }
      add(groups[k], d);
    });
    out += role + ':\n' + line('all draws', all);
    keys.forEach(function (k) { out += line(groups[k].label, groups[k]); });
  });
  return out || 'No draw yet.\n';
}
function cell(tr, text) {
  var td = document.createElement('td');
  td.textContent = text;
  tr.appendChild(td);
}
function dice(step) {
  var t = $('draws');
  while (t.rows.length > 1) t.deleteRow(1);
  var n = 0;
  D.draws.forEach(function (d) {
    if (d[0] !== step) return;
    var tr = t.insertRow();
    [d[1], d[2], d[3], d[4], d[5], d[6], d[7], d[8], d[9]]
      .forEach(function (x) { cell(tr, x); });
    n++;
  });
  $('nodraw').hidden = n > 0;
  t.hidden = n === 0;
}
function show(i, keepHash) {
  i = Math.max(0, Math.min(S.length - 1, i));
  if (i === cur) return;
  cur = i;
  var f = S[i];
  draw(i);
  $('step').textContent = String(f.step);
  /* a replay of views shows the steps its side saw: which of them */
  $('frame').textContent = S.length === D.total + 1 ? '' :
    '(view ' + (i + 1) + ' of ' + S.length + ')';
  $('turn').textContent = f.step === 0 ? 'before play' :
    (f.turn ? 'turn ' + f.turn : '') + (f.actor ? (f.turn ? ', ' : '') +
    'ordered by ' + f.actor : '');
  $('report').textContent = f.report;
  if (D.draws) { dice(f.step); $('luck').textContent = luck(f.step); }
  $('first').disabled = $('prev').disabled = i === 0;
  $('next').disabled = $('last').disabled = i === S.length - 1;
  var as = $('turns').getElementsByTagName('a');
  for (var k = 0; k < as.length; k++)
    as[k].className = +as[k].getAttribute('data-turn') === f.turn ?
      'here' : '';
  if (!keepHash && history.replaceState)
    try { history.replaceState(null, '', '#step=' + f.step); }
    catch (e) { /* a page without history: the hash stays */ }
}
function fromHash() {
  var m = /^#step=(\d+)$/.exec(location.hash);
  return m ? frameOf(+m[1]) : S.length - 1;
}
function stop() {
  if (timer) clearInterval(timer);
  timer = null;
  $('play').textContent = 'Play';
}
function play() {
  if (timer) return stop();
  if (cur === S.length - 1) show(0);
  $('play').textContent = 'Pause';
  timer = setInterval(function () {
    if (cur >= S.length - 1) return stop();
    show(cur + 1);
  }, 1500);
}
var turns = $('turns'), seen = {};
S.forEach(function (f) {
  if (seen[f.turn]) return;
  seen[f.turn] = 1;
  var li = document.createElement('li'), a = document.createElement('a');
  a.href = '#step=' + f.step;
  a.setAttribute('data-turn', f.turn);
  a.textContent = f.turn ? 'Turn ' + f.turn : (f.step ? 'Step ' + f.step :
    'Start');
  li.appendChild(a);
  turns.appendChild(li);
});
$('first').onclick = function () { stop(); show(0); };
$('prev').onclick = function () { stop(); show(cur - 1); };
$('next').onclick = function () { stop(); show(cur + 1); };
$('last').onclick = function () { stop(); show(S.length - 1); };
$('play').onclick = play;
window.addEventListener('hashchange', function () {
  stop(); show(fromHash(), 1);
});
document.addEventListener('keydown', function (e) {
  if (e.altKey || e.ctrlKey || e.metaKey) return;
  var to = { ArrowLeft: cur - 1, ArrowRight: cur + 1, Home: 0,
    End: S.length - 1 }[e.key];
  if (to === undefined) return;
  e.preventDefault();
  stop();
  show(to);
});
if (!D.draws) {
  $('dice').hidden = true;
}
show(fromHash(), 1);
})();
