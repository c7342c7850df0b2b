/* overlap.js - run in a hex board's SVG page (cdp.py): what of the
 * counters' words (ids, factors, a red mark such as "down") something
 * drawn over them covers. A word: a 9-unit text inside a counter (34 by
 * 31). Returns { words, marks, covered: [...] }: covered lists each word
 * that a move's line or head (the groups "moves", "moves' ends") drawn
 * after it (so over it) crosses, and
 * each red mark that is not inside its own counter or meets another
 * counter. Translations only (the board's own groups). */
(() => {
  const root = document.querySelector('svg');
  const all = Array.from(root.querySelectorAll('*'));
  const at = new Map(all.map((e, i) => [e, i]));
  const box = e => {
    const b = e.getBBox(), m = e.getCTM();
    return { x: b.x + m.e, y: b.y + m.f, w: b.width, h: b.height };
  };
  const meet = (a, b) => a.x < b.x + b.w && b.x < a.x + a.w &&
    a.y < b.y + b.h && b.y < a.y + a.h;
  const inside = (a, b) => a.x >= b.x - 0.5 && a.y >= b.y - 0.5 &&
    a.x + a.w <= b.x + b.w + 0.5 && a.y + a.h <= b.y + b.h + 0.5;
  const counters = all.filter(e => e.tagName === 'rect' &&
    e.getAttribute('width') === '34' && e.getAttribute('height') === '31')
    .map(e => ({ e, b: box(e) }));
  const words = [];
  all.filter(e => e.tagName === 'text' && e.getAttribute('font-size') === '9')
    .forEach(e => {
      const b = box(e), own = counters.filter(c => inside(b, c.b));
      if (own.length) words.push({ e, b, own: own[own.length - 1],
        red: e.getAttribute('fill') === '#c00000', t: e.textContent });
    });
  /* a segment meets a box: sampled every half unit */
  const crosses = (x1, y1, x2, y2, b) => {
    const n = Math.max(1, Math.ceil(Math.hypot(x2 - x1, y2 - y1) * 2));
    for (let i = 0; i <= n; i++) {
      const x = x1 + (x2 - x1) * i / n, y = y1 + (y2 - y1) * i / n;
      if (x > b.x && x < b.x + b.w && y > b.y && y < b.y + b.h) return true;
    }
    return false;
  };
  const covered = [];
  /* the moves' lines and heads: the groups "moves" and "moves' ends",
   * and whatever has an arrowhead */
  const arrows = all.filter(e => (e.tagName === 'line' ||
    e.tagName === 'polyline') && (e.getAttribute('marker-end') ||
    e.parentNode.firstElementChild &&
    e.parentNode.firstElementChild.tagName === 'title' &&
    /^moves/.test(e.parentNode.firstElementChild.textContent)));
  arrows.forEach(a => {
    const m = a.getCTM();
    let p;
    if (a.tagName === 'line')
      p = ['x1', 'y1', 'x2', 'y2'].map(k => +a.getAttribute(k));
    else
      p = a.getAttribute('points').trim().split(/\s+/)
        .map(q => q.split(',').map(Number)).flat();
    const pts = [];
    for (let i = 0; i < p.length; i += 2) pts.push([p[i] + m.e, p[i + 1] + m.f]);
    const segs = [], head = [];
    let from = null;
    for (let i = 1; i < pts.length; i++) segs.push([...pts[i - 1], ...pts[i]]);
    if (a.getAttribute('marker-end') && pts.length > 1) {
      /* the head: 10.5 back from the end, 5.25 either side */
      const [x1, y1] = pts[pts.length - 2], [x2, y2] = pts[pts.length - 1];
      const l = Math.hypot(x2 - x1, y2 - y1) || 1;
      const ux = (x2 - x1) / l, uy = (y2 - y1) / l;
      const bx = x2 - ux * 10.5, by = y2 - uy * 10.5;
      head.push([bx + uy * 5.25, by - ux * 5.25, x2, y2]);
      head.push([bx - uy * 5.25, by + ux * 5.25, x2, y2]);
      head.push([bx + uy * 5.25, by - ux * 5.25, bx - uy * 5.25, by + ux * 5.25]);
      /* a head may lie on the counter its leg leaves, one hex away:
       * two counters 7 units apart leave no room for it between them */
      from = [x2 - ux * 13, y2 - uy * 13];
    }
    words.forEach(w => {
      if (at.get(a) < at.get(w.e)) return;   /* drawn under it */
      const c = w.own.b, leaves = from && from[0] > c.x &&
        from[0] < c.x + c.w && from[1] > c.y && from[1] < c.y + c.h;
      if (segs.concat(leaves ? [] : head).some(s => crosses(...s, w.b)))
        covered.push('arrow over ' + w.t + ' at ' + Math.round(w.b.x) + ',' +
          Math.round(w.b.y));
    });
  });
  words.filter(w => w.red).forEach(w => {
    counters.forEach(c => {
      if (c !== w.own && at.get(c.e) > at.get(w.e) && meet(c.b, w.b))
        covered.push('a counter over mark ' + w.t);
    });
  });
  /* a red mark anywhere else: outside every counter */
  const loose = all.filter(e => e.tagName === 'text' &&
    e.getAttribute('font-size') === '9' && e.getAttribute('fill') === '#c00000' &&
    /^(down|OOS)$/.test(e.textContent) && !words.some(w => w.e === e));
  loose.forEach(e => covered.push('mark ' + e.textContent + ' outside its counter'));
  return { words: words.length, marks: words.filter(w => w.red).length +
    loose.length, arrows: arrows.length, covered };
})()
