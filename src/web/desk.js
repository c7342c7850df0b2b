/*
 * desk.js - the player's desk page (umpire desk): the rules compiled to
 * WebAssembly (src/desk/api.c, emcc's loader before this script) ask
 * the question now asked of the side; a click on a legal answer, or a
 * free-text answer, goes to the rules, which take it or say why not.
 * Everything the page needs is in it, in base64 blocks: the view, the
 * scenario, the WebAssembly gzipped (inflated by DecompressionStream).
 * Nothing is fetched and nothing leaves the page but the answers file
 * the player saves. The judge's page holds no view (an empty view
 * block): it waits for the key's panel to open one (reopen).
 *
 * The browser's storage (localStorage, this file's own) keeps two
 * things across a reload: the draft, the answers of the step so far and
 * the standing orders set (keyed by game, side and step: a draft of
 * another step of the same game and side is dropped when the page opens
 * on a new one), given to the rules again when the page opens, the
 * answers first, those the rules no longer take dropped with a word;
 * and the notepad, the side's private notes of the game (keyed by game
 * and side), which are in no answers file and go nowhere.
 *
 * The standing orders the rules take are one entry a key, its rule's
 * words once, and a toggle and a value (the example until changed) for
 * the bare key and for each of its scopes (move-front, move-german):
 * each set or taken back is checked by the rules, as the answers are,
 * and goes in the answers file and the draft.
 *
 * The board (desk_board) stands beside the question: the pieces and
 * places its options name lit, a click on one answers or narrows, a
 * click elsewhere says why not, a free-text answer is built by clicks
 * as its form goes, and a lit place that would end a move shows the
 * move's path when hovered or focused (startBoard, below).
 *
 * The page opens on the steps since the side's own last step, the
 * view's report split by step in C (the desk-steps block: deskhtml.c),
 * shown one at a time with Previous and Next as the replay page steps,
 * then lands on the question now asked (or at once: Skip to the
 * question; a report of no step opens on the question).
 *
 * Keys: 1 to 9 answer with the n-th legal answer, u or Backspace takes
 * the last answer back (on the question), s saves the answers, the
 * left and right arrows step back and on through the steps and the
 * question (outside a text field); every button is reached by Tab and
 * pressed by Enter or Space; the lit spots of the board too (Tab,
 * then Enter or Space clicks the spot).
 */
/* global UmpireDesk, DecompressionStream */
(function () {
  'use strict';
  const $ = (id) => document.getElementById(id);
  const game = $('desk-view').dataset.game;
  let M = null;
  let desk = 0;
  let state = null;
  /* the storage key of this page's draft (set once the rules say whose
   * step it is) */
  let draftKey = null;

  /* The steps since the side's last step ({heading, text}), and the
   * one shown: steps.length is the question. */
  let steps = [];
  let at = 0;

  /* The bytes of a base64 block of the page. */
  function block(id) {
    return Uint8Array.from(atob($(id).textContent.trim()),
      (c) => c.charCodeAt(0));
  }

  async function inflate(bin) {
    const s = new Blob([bin]).stream()
      .pipeThrough(new DecompressionStream('gzip'));
    return new Uint8Array(await new Response(s).arrayBuffer());
  }

  /* A string into the module's memory: its address and its length in
   * bytes (the caller frees it). */
  function cstr(s) {
    const n = M.lengthBytesUTF8(s) + 1;
    const p = M._malloc(n);
    M.stringToUTF8(s, p, n);
    return [p, n - 1];
  }

  /* fn(desk, text...) of the C API, its JSON read back. */
  function call(fn, text) {
    let p = 0;
    if (text !== undefined) {
      p = cstr(text)[0];
    }
    try {
      return JSON.parse(M.UTF8ToString(fn(desk, p)));
    } finally {
      if (p) {
        M._free(p);
      }
    }
  }

  function el(tag, text, cls) {
    const e = document.createElement(tag);
    if (text !== undefined) {
      e.textContent = text;
    }
    if (cls) {
      e.className = cls;
    }
    return e;
  }

  /* localStorage, which a browser may refuse (private mode, a full
   * disk): the page works without it */
  function stored(key) {
    try {
      return localStorage.getItem(key);
    } catch (e) {
      return null;
    }
  }

  function store(key, value) {
    try {
      if (value === null) {
        localStorage.removeItem(key);
      } else {
        localStorage.setItem(key, value);
      }
    } catch (e) {
      /* kept in the page only */
    }
  }

  /* The standing orders set: {name: value} (desk_standing). */
  function standingSet() {
    const set = {};
    for (const k of call(M._desk_standing).standing || []) {
      for (const o of k.orders) {
        if (o.value !== null) {
          set[o.name] = o.value;
        }
      }
    }
    return set;
  }

  /* The answers so far and the standing orders set as the draft of the
   * step, {answers: [value...], standing: {name: value}} (neither: no
   * draft). */
  function keepDraft(s) {
    if (!draftKey || s.error) {
      return;
    }
    const values = (s.answers || []).map((a) => a.value);
    const standing = standingSet();
    const empty = !values.length && !Object.keys(standing).length;
    store(draftKey, empty ? null
      : JSON.stringify({ answers: values, standing }));
    $('discard').disabled = empty;
  }

  function answer(text) {
    show(call(M._desk_answer, text));
  }

  function showAnswers(s) {
    const ol = $('answers');
    ol.replaceChildren();
    for (const a of s.answers || []) {
      const li = el('li');
      li.append(el('span', 'rule ' + a.rule, 'rule'), ' ' + a.key + ': ',
        el('code', a.value));
      ol.append(li);
    }
    $('undo').disabled = !(s.answers && s.answers.length);
    $('answers-yaml').textContent = M.UTF8ToString(M._desk_answers_yaml(desk));
  }

  function showQuestion(q) {
    const opts = $('options');
    /* an answer pressed by key: the focus stays on the answers */
    const focused = opts.contains(document.activeElement);
    opts.replaceChildren();
    $('free').hidden = !(q && q.free_text);
    /* no label over no answers (the step ended for the side) */
    $('options-label').hidden = !(q && q.options.length);
    if (!q) {
      $('rule').textContent = '';
      $('text').textContent = 'No more questions for you this step: ' +
        'save your answers.';
      return;
    }
    $('rule').textContent = 'rule ' + q.rule;
    $('text').textContent = q.text;
    $('options-label').textContent = q.free_text
      ? 'Examples (the rules check any answer typed below):'
      : 'Legal answers:';
    q.options.forEach((o, i) => {
      const b = el('button', o);
      b.type = 'button';
      b.dataset.index = String(i);
      b.addEventListener('click', () => answer(o));
      opts.append(b);
    });
    if (q.more) {
      opts.append(el('span', ' and more'));
    }
    if (focused && opts.firstChild) {
      opts.firstChild.focus();
    }
  }

  /* ---- the board (desk_board): the spots the question's options name
   * lit; a click on a lit spot answers (one option names it) or
   * narrows (several); a free-text question with a form (struct
   * question.form, rules.h) built by clicks, part by part, each part
   * checked by the rules (desk_probe lights what may come next); a lit
   * spot that would complete a move, hovered or focused, shows its
   * path (desk_preview) before it is chosen. ---- */

  /* the kinds a form names (q_target's); any other lowercase word of a
   * form is written as it stands */
  const KINDS = ['unit', 'hex', 'card', 'box'];
  /* the board as the rules drew it at the question (an element) */
  let boardSvg = null;
  /* the board with the path built so far drawn (pathBoard), null none */
  let builtSvg = null;
  /* the options the clicks so far leave (indices), null: all */
  let narrowed = null;
  /* a free-text answer built by clicks (newBuild) */
  let build = { words: [], at: 0, many: null };
  /* what a click on each lit spot does: "kind:id" -> {answer: the
   * answer it makes, '' none yet (a spot that narrows the options, or
   * a part of an answer); b: the build it makes} */
  let lit = new Map();
  /* what desk_probe said of each answer tried at the question now
   * asked (answer -> why, '' taken), kept until another is asked */
  let probed = new Map();
  /* the answer the board previews now ('' none) */
  let previewed = '';

  function spotKey(s) {
    return s.dataset.kind + ':' + s.dataset.id;
  }

  const SVG_NS = 'http://www.w3.org/2000/svg';

  /* An SVG text of the rules (render) as the page's element (null:
   * none): the drawing an image (a data: URL; the browser draws it
   * apart from the page), under an SVG of its own that takes the
   * clicks. Its spots (svg_spot) are kept as data, its .spots: {kind,
   * id, x, y, w, h} in the order drawn (the pieces after the places);
   * only the lit ones are elements (relight): a map's thousands of
   * places made elements took 0.3 to 0.6 s a board. */
  function svgNode(svg) {
    const size = /<svg[^>]*?width="([\d.]+)" height="([\d.]+)"/.exec(svg);
    if (!size) {
      return null;
    }
    const [w, h] = [size[1], size[2]];
    const over = document.createElementNS(SVG_NS, 'svg');
    over.setAttribute('width', w);
    over.setAttribute('height', h);
    over.setAttribute('viewBox', '0 0 ' + w + ' ' + h);
    /* the attributes as svg_spot writes them, unescaped */
    const unesc = (v) => v.replace(/&(lt|gt|quot|apos|amp);/g, (m, e) =>
      ({ lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' })[e]);
    over.spots = [];
    const art = svg.replace(/<rect class="spot"([^>]*)\/>\n?/g, (m, a) => {
      const t = {};
      for (const [, k, v] of a.matchAll(/ ([a-z-]+)="([^"]*)"/g)) {
        t[k] = unesc(v);
      }
      over.spots.push({ kind: t['data-kind'], id: t['data-id'],
        x: +t.x, y: +t.y, w: +t.width, h: +t.height });
      return '';
    });
    const img = el('img');
    img.alt = 'the board';
    img.width = +w;
    img.height = +h;
    img.src = 'data:image/svg+xml;charset=utf-8,' + encodeURIComponent(art);
    const node = el('div', undefined, 'board-art');
    node.append(img, over);
    return node;
  }

  /* The spots of the board shown (svgNode), [] none. */
  function boardSpots() {
    const over = $('board').querySelector('svg');
    return over && over.spots ? over.spots : [];
  }

  /* The spot a click at (clientX, clientY) finds: the last drawn there
   * (a piece before the place it stands on), or null. */
  function spotAt(e) {
    const over = $('board').querySelector('svg');
    if (!over || !over.spots) {
      return null;
    }
    const r = over.getBoundingClientRect();
    const x = e.clientX - r.left;
    const y = e.clientY - r.top;
    for (let i = over.spots.length - 1; i >= 0; i--) {
      const s = over.spots[i];
      if (x >= s.x && x <= s.x + s.w && y >= s.y && y <= s.y + s.h) {
        return s;
      }
    }
    return null;
  }

  /* The board shown: node (the board at the question, or a preview),
   * its spots lit as lit says. */
  function drawBoard(node) {
    const box = $('board');
    $('board-section').hidden = !node;
    if (box.firstChild !== node) {
      box.replaceChildren();
      if (node) {
        box.append(node);
      }
    }
    relight();
  }

  /* The lit spots as elements (buttons reached by Tab), as lit says. */
  function relight() {
    const over = $('board').querySelector('svg');
    if (!over) {
      return;
    }
    over.replaceChildren();
    for (const s of over.spots) {
      if (!lit.has(s.kind + ':' + s.id)) {
        continue;
      }
      const r = document.createElementNS(SVG_NS, 'rect');
      r.setAttribute('class', 'spot lit');
      r.dataset.kind = s.kind;
      r.dataset.id = s.id;
      for (const [k, v] of [['x', s.x], ['y', s.y], ['width', s.w],
        ['height', s.h]]) {
        r.setAttribute(k, String(v));
      }
      r.setAttribute('role', 'button');
      r.setAttribute('tabindex', '0');
      r.setAttribute('aria-label', s.kind + ' ' + s.id);
      over.append(r);
    }
  }

  function boardSays(text, cls) {
    $('board-said').textContent = text;
    $('board-said').className = cls || '';
  }

  /* The alternatives of a form (" | " between them), each its parts:
   * {kind} (one piece), {kind, many} (one or more), {kind, join} (one
   * written after the piece before it, joined by join: "hex,hex"),
   * {word} (written as it stands) or {words} (optionally one). */
  function formAlts(form) {
    return form.split(' | ').map((alt) => alt.split(' ').filter((w) => w)
      .flatMap((w) => {
        if (/^\[.*\]$/.test(w)) {
          return [{ words: w.slice(1, -1).split('|') }];
        }
        const many = w.endsWith('...');
        const k = many ? w.slice(0, -3) : w;
        const joined = k.split(',');
        if (joined.length > 1 && joined.every((x) => KINDS.includes(x))) {
          return joined.map((x, i) => i ? { kind: x, join: ',' }
            : { kind: x });
        }
        return [KINDS.includes(k) ? { kind: k, many } : { word: w }];
      }));
  }

  /* The parts of the alternative of q's form the build b follows (the
   * build now when b is not given). */
  function formParts(q, b) {
    return formAlts(q.form)[(b || build).alt] || [];
  }

  /* A free-text answer built by clicks, as the form goes: the
   * alternative of the form it follows, the clicks made ([kind, id]),
   * its words so far, the index of the form's next part, and the
   * kind... part now repeating (null: none). */
  function newBuild(alt) {
    return { alt: alt || 0, clicks: [], words: [], at: 0, many: null };
  }

  /* The clicks of build b followed by alternative alt of q's form: the
   * build they make, or null where that alternative takes them not. */
  function rebuilt(q, b, alt) {
    const parts = formAlts(q.form)[alt];
    let n = newBuild(alt);
    for (const [kind, id] of b.clicks) {
      n = n && parts && built1(parts, n, kind, id);
    }
    return n || null;
  }

  /* The build b with the form's words that stand as they are, up to
   * its next part that is not one, added (a copy). */
  function withWords(parts, b) {
    const n = { alt: b.alt, clicks: b.clicks, words: b.words.slice(),
      at: b.at, many: b.many };
    while (n.at < parts.length && parts[n.at].word) {
      n.words.push(parts[n.at].word);
      n.at++;
      n.many = null;
    }
    return n;
  }

  /* Where build b stands: the parts a click may give next (the kind...
   * part repeating, then the next kind part), whether its words are a
   * whole answer, and the optional words that may end it. */
  function whereBuilt(parts, b) {
    const n = withWords(parts, b);
    const next = [];
    if (b.many) {
      next.push(b.many);
    }
    if (n.at < parts.length && parts[n.at].kind) {
      next.push(parts[n.at]);
    }
    const rest = parts.slice(b.at);
    const whole = b.words.length > 0 && rest.every((p) => p.words);
    const optional = [];
    rest.forEach((p) => optional.push(...(p.words || [])));
    return { next, whole, optional };
  }

  /* The build b with id (of kind) given, or null where the form takes
   * no such piece now; done: nothing may follow it. */
  function built1(parts, b, kind, id) {
    const clicks = b.clicks.concat([[kind, id]]);
    if (b.many && b.many.kind === kind && !b.words.includes(id)) {
      return { alt: b.alt, clicks, words: b.words.concat([id]), at: b.at,
        many: b.many, done: false };
    }
    const n = withWords(parts, b);
    const p = parts[n.at];
    const last = n.words.length - 1;
    if (!p || p.kind !== kind || (p.join && (last < 0 ||
      n.words[last].split(p.join).includes(id)))) {
      return null;
    }
    n.clicks = clicks;
    if (p.join) {
      n.words[last] += p.join + id;
    } else {
      n.words.push(id);
    }
    n.at++;
    n.many = p.many ? p : null;
    n.done = !n.many && n.at === parts.length;
    return n;
  }

  /* Whether the build b is a whole answer (whereBuilt). */
  function isWhole(parts, b) {
    return whereBuilt(parts, b).whole;
  }

  /* The board's spots of kind. */
  function spotsOf(kind) {
    return boardSpots().filter((s) => s.kind === kind);
  }

  /* The rules' checks of many answers at once (desk_probe): answer ->
   * why ('' taken). */
  function probe(answers) {
    const ask = answers.filter((a) => !probed.has(a));
    if (ask.length) {
      const r = call(M._desk_probe, ask.join('\n'));
      for (const p of r.probe || []) {
        probed.set(p.answer, p.ok ? '' : p.why);
      }
    }
    const m = new Map();
    for (const a of answers) {
      if (probed.has(a)) {
        m.set(a, probed.get(a));
      }
    }
    return m;
  }

  /* The ids of kind the rules' examples name (q.targets). */
  function namedIds(q, kind) {
    const ids = new Set();
    for (const t of q.targets) {
      for (const g of t || []) {
        if (g.kind === kind) {
          ids.add(g.id);
        }
      }
    }
    return ids;
  }

  /* Whether the build b, not yet whole, is made whole by the pieces
   * the rules' examples name, in a way the rules take (desk_probe):
   * one more piece, or (a kind... part) all of those the examples
   * naming b's pieces name with them. A second hex of "hex,hex
   * unit...": a unit next to both, or the attackers of each hex. */
  function completes(q, b) {
    const parts = formParts(q, b);
    const answers = [];
    const mine = new Set(b.clicks.map((c) => c[1]));
    for (const p of whereBuilt(parts, b).next) {
      let all = b;
      q.options.forEach((o, i) => {
        const t = q.targets[i] || [];
        if (!t.some((g) => mine.has(g.id))) {
          return;
        }
        for (const g of t) {
          const c = g.kind === p.kind && p.many && all &&
            built1(parts, all, g.kind, g.id);
          all = c || all;
        }
      });
      if (all !== b && isWhole(parts, all)) {
        answers.push(all.words.join(' '));
      }
      for (const id of namedIds(q, p.kind)) {
        const c = built1(parts, b, p.kind, id);
        if (c && isWhole(parts, c)) {
          answers.push(c.words.join(' '));
        }
      }
    }
    return [...probe(answers).values()].includes('');
  }

  /* The spots a click on part may choose: a path's next hex (a hex...
   * part after a piece) the hexes next to the piece clicked last (by
   * the board's geometry: a path goes hex by hex); the hex joined to
   * another (hex,hex) those the rules' examples name; else every spot
   * of its kind. Only what is lit: a click elsewhere is checked by the
   * rules all the same (whyNot). */
  function candidates(q, part) {
    const all = spotsOf(part.kind);
    if (part.join) {
      const ids = namedIds(q, part.kind);
      return all.filter((s) => ids.has(s.id));
    }
    const last = build.clicks[build.clicks.length - 1];
    const piece = last && part.many && part.kind === 'hex' &&
      boardSpots().find((s) => s.kind === last[0] && s.id === last[1]);
    if (!piece || !all.length) {
      return all;
    }
    const far = (a, b) => Math.hypot(a.x + a.w / 2 - b.x - b.w / 2,
      a.y + a.h / 2 - b.y - b.h / 2);
    /* the hex the piece stands in (its spot's nearest), and its
     * neighbours: a hex's box (hexsvg.c) is as wide as the distance
     * between neighbours' centres, the next ring 1.7 times as far */
    const at = all.reduce((a, b) => far(b, piece) < far(a, piece) ? b : a);
    const near = 1.3 * Math.max(at.w, at.h);
    return all.filter((s) => s !== at && far(s, at) <= near);
  }

  /* For a click on part of the build: each spot's id, the build it
   * makes and, where that is a whole answer, the answer. */
  function tries(q, part) {
    const parts = formParts(q);
    const kind = part.kind;
    return candidates(q, part).map((s) => {
      const b = built1(parts, build, kind, s.id);
      return b ? { id: s.id, b,
        answer: isWhole(parts, b) ? b.words.join(' ') : '' } : null;
    }).filter((t) => t);
  }

  /* The spots lit for the question q now (lit: what a click on each
   * does). A free-text question with a form: where a click makes a
   * whole answer, the spots whose answers the rules take (desk_probe,
   * one run); else those the rules' examples name (q.targets). Other
   * questions: the spots the options left name. */
  function lightUp(q) {
    lit = new Map();
    if (!q) {
      return;
    }
    if (q.free_text && q.form) {
      const parts = formParts(q);
      for (const part of whereBuilt(parts, build).next) {
        const t = tries(q, part);
        const whole = t.filter((x) => x.answer);
        const ok = probe(whole.map((x) => x.answer));
        for (const x of t) {
          if (x.answer ? ok.get(x.answer) === ''
            : part.join ? completes(q, x.b) : named(q, x)) {
            lit.set(part.kind + ':' + x.id, x);
          }
        }
        if (!t.some((x) => x.answer)) {
          offBoard(q, part);
        }
      }
      return;
    }
    q.options.forEach((o, i) => {
      if (narrowed && !narrowed.includes(i)) {
        return;
      }
      for (const t of q.targets[i] || []) {
        const k = t.kind + ':' + t.id;
        const was = lit.get(k);
        lit.set(k, was === undefined || was.answer === o
          ? { answer: o } : { answer: '' });
      }
    });
  }

  /* The pieces of part's kind the rules' examples name that the board
   * does not show (units still to enter): lit, clicked by buttons
   * (showBuilt). */
  function offBoard(q, part) {
    const shown = new Set(spotsOf(part.kind).map((s) => s.id));
    const parts = formParts(q);
    q.options.forEach((o, i) => {
      for (const g of q.targets[i] || []) {
        const b = g.kind === part.kind && !shown.has(g.id) &&
          built1(parts, build, g.kind, g.id);
        if (b && named(q, { id: g.id, b })) {
          lit.set(g.kind + ':' + g.id, { id: g.id, b, answer: '',
            off: true });
        }
      }
    });
  }

  /* Whether an example of q names the build x's words as its first. */
  function named(q, x) {
    const kinds = formParts(q).filter((p) => p.kind);
    return q.options.some((o, i) => {
      const w = o.split(' ');
      const t = q.targets[i] || [];
      return x.b.words.every((v, j) => w[j] === v) &&
        t.some((g) => g.id === x.id && kinds.some((p) => p.kind === g.kind));
    });
  }

  /* The board is drawn in a task of its own after the question and
   * the answers are shown (they are what a click waits for; the board,
   * the rules' drawing of the whole map, costs more than the check):
   * body's data-board says "pending" until it is drawn, then "drawn".
   * Anything that uses the board draws it first (boardNow): a click,
   * a key, a hover or a focus on it, and the event umpire-desk-board on
   * the document (what the tests send before they read it). */
  let boardFor = null;
  /* a task of its own by a message (a timer of a page out of sight is
   * held back to a second) */
  const boardTask = new MessageChannel();
  boardTask.port1.onmessage = () => boardNow();

  function laterBoard(q) {
    boardFor = q;
    document.body.dataset.board = 'pending';
    boardTask.port2.postMessage(0);
  }

  function boardNow() {
    if (document.body.dataset.board !== 'pending') {
      return;
    }
    document.body.dataset.board = 'drawn';
    boardQuestion(boardFor);
  }

  /* The board at the question now asked, lit. */
  function showBoard(q) {
    const b = call(M._desk_board);
    boardSvg = b.board ? svgNode(b.board) : null;
    relightQuestion(q);
  }

  /* The spots lit again for q as the clicks so far leave it, on the
   * board with the path built so far. */
  function relightQuestion(q) {
    lightUp(q);
    builtSvg = pathBoard(q);
    drawBoard(builtSvg || boardSvg);
    previewed = '';
    showBuilt(q);
    inSight();
  }

  /* A path built hex by hex (the build's kind... part a hex... one, its
   * words a whole answer the rules take): the board as the rules draw
   * that move (desk_preview: its path marked), what it does said; else
   * null (the board at the question). */
  function pathBoard(q) {
    const parts = q && q.free_text && q.form ? formParts(q) : [];
    if (!build.many || build.many.kind !== 'hex' || !isWhole(parts, build)) {
      return null;
    }
    const text = build.words.join(' ');
    if (probe([text]).get(text) !== '') {
      return null;
    }
    const p = call(M._desk_preview, text);
    if (p.refused || !p.board) {
      return null;
    }
    boardSays('Path so far, ' + text + ': ' + ((p.events || [])
      .map((e) => e.text).join(' ') || 'the board as it would be.'),
    'preview');
    return svgNode(p.board);
  }

  /* The board scrolled to its first lit spot where none is in sight. */
  function inSight() {
    const box = $('board');
    const on = boardSpots().filter((s) => lit.has(s.kind + ':' + s.id));
    const seen = (s) => s.x + s.w > box.scrollLeft &&
      s.x < box.scrollLeft + box.clientWidth && s.y + s.h > box.scrollTop &&
      s.y < box.scrollTop + box.clientHeight;
    if (on.length && !on.some(seen)) {
      box.scrollLeft = on[0].x - box.clientWidth / 2;
      box.scrollTop = on[0].y - box.clientHeight / 2;
    }
  }

  /* The question now asked, afresh: nothing narrowed or built. */
  function boardQuestion(q) {
    probed = new Map();
    narrowed = null;
    build = newBuild();
    boardSays('');
    showBoard(q);
  }

  /* The answer built so far, in the answer's field, and the words the
   * form allows to end it as buttons. */
  function showBuilt(q) {
    const box = $('build');
    box.replaceChildren();
    const on = !!(q && q.free_text && q.form);
    box.hidden = !on;
    if (!on) {
      return;
    }
    const parts = formParts(q);
    const at = whereBuilt(parts, build);
    /* the kinds a click may give next, where one is lit */
    const next = at.next.map((p) => p.kind).filter((k) =>
      [...lit.keys()].some((x) => x.startsWith(k + ':')));
    /* with the words the form adds after them ("35G to") */
    $('free-text').value = build.words.length
      ? withWords(parts, build).words.join(' ') : '';
    const alts = q.form.split(' | ');
    box.append(el('span', 'Built by clicks (' + alts[build.alt] + '): ',
      'keys'), el('code', $('free-text').value || 'nothing yet'),
    el('span', next.length ? ' next: a lit ' + next.join(' or a lit ') +
      '. ' : '. ', 'keys'));
    /* the form's other ways that take the clicks so far: a button each
     * (a path hex by hex, an attack on two hexes) */
    alts.forEach((a, i) => {
      const b = i !== build.alt && rebuilt(q, build, i);
      if (!b) {
        return;
      }
      const go = el('button', 'Build as ' + a);
      go.type = 'button';
      go.className = 'build-alt';
      go.dataset.alt = String(i);
      go.addEventListener('click', () => {
        build = b;
        boardSays('');
        relightQuestion(q);
      });
      box.append(go, ' ');
    });
    for (const [k, x] of lit) {
      if (x.off) {
        const b = el('button', x.id);
        b.type = 'button';
        b.className = 'off-board';
        b.title = 'not shown on the board (off it, or under another counter)';
        b.addEventListener('click', () => clickAt(k.split(':')[0], x.id));
        box.append(b, ' ');
      }
    }
    if (at.whole) {
      const send = el('button', 'Send ' + build.words.join(' '));
      send.type = 'button';
      send.id = 'build-send';
      send.addEventListener('click', () => answer(build.words.join(' ')));
      box.append(send, ' ');
      for (const w of at.optional) {
        const b = el('button', 'Send with ' + w);
        b.type = 'button';
        b.addEventListener('click', () =>
          answer(build.words.concat([w]).join(' ')));
        box.append(b, ' ');
      }
    }
    const clear = el('button', 'Clear');
    clear.type = 'button';
    clear.id = 'build-clear';
    clear.disabled = !build.words.length;
    clear.addEventListener('click', () => boardQuestion(q));
    box.append(clear);
  }

  /* The reason most of the rules' refusals give (the answers' whys). */
  function mostSaid(whys) {
    const count = new Map();
    let best = '';
    for (const w of whys) {
      count.set(w, (count.get(w) || 0) + 1);
      if (!best || count.get(w) > count.get(best)) {
        best = w;
      }
    }
    return best;
  }

  /* Why a click on an unlit spot does nothing, in the rules' words
   * where they give them ('': the click is taken after all: the rules
   * take an answer their examples did not show). */
  function whyNot(q, kind, id) {
    const said = kind + ' ' + id + ' is not an answer to "' + q.text +
      '" (rule ' + q.rule + ')';
    if (!q.free_text || !q.form) {
      return said;
    }
    const parts = formParts(q);
    const b = built1(parts, build, kind, id);
    if (!b) {
      const at = whereBuilt(parts, build);
      /* another way of the form's takes it: its button says so */
      const alts = q.form.split(' | ');
      const other = alts.findIndex((a, i) => i !== build.alt &&
        rebuilt(q, { clicks: build.clicks.concat([[kind, id]]) }, i));
      return said + (at.next.length ? ': click a lit ' +
        at.next.map((p) => p.kind).join(' or ') : '') +
        (other >= 0 ? ' (or "Build as ' + alts[other] + '" first)' : '');
    }
    if (!isWhole(parts, b) && completes(q, b)) {
      return '';
    }
    /* the answers it would make: itself, or with each next piece */
    let answers = [b.words.join(' ')];
    if (!isWhole(parts, b)) {
      answers = [];
      for (const p of whereBuilt(parts, b).next) {
        for (const s of spotsOf(p.kind)) {
          const c = built1(parts, b, p.kind, s.id);
          if (c && isWhole(parts, c)) {
            answers.push(c.words.join(' '));
          }
        }
      }
    }
    const ok = probe(answers);
    const whys = [...ok.values()];
    if (whys.includes('')) {
      return '';
    }
    const best = mostSaid(whys);
    return best ? id + ' cannot be chosen now: ' + best : said;
  }

  /* A click (or Enter, Space) on a spot, or on the button of a piece
   * the board does not show: kind and id. */
  function clickAt(kind, id) {
    const q = state && state.question;
    if (!q) {
      return;
    }
    let does = lit.get(kind + ':' + id);
    if (!does) {
      const why = whyNot(q, kind, id);
      if (why) {
        boardSays(why, 'refused');
        return;
      }
    }
    boardSays('');
    if (q.free_text && q.form) {
      const b = does ? does.b : built1(formParts(q), build, kind, id);
      if (b.done) {
        answer(b.words.join(' '));
        return;
      }
      build = b;
      relightQuestion(q);
      return;
    }
    if (does.answer) {
      answer(does.answer);
      return;
    }
    /* several options name it: those left, on the board and below */
    narrowed = q.options.map((o, i) => i).filter((i) =>
      (!narrowed || narrowed.includes(i)) &&
      (q.targets[i] || []).some((t) => t.kind === kind && t.id === id));
    lightUp(q);
    drawBoard(boardSvg);
    for (const b of document.querySelectorAll('#options button')) {
      b.hidden = !narrowed.includes(+b.dataset.index);
    }
    does = null;
    boardSays(narrowed.length + ' answers name ' + kind + ' ' + id +
      ': click what else they name, or one of them below.');
  }

  /* A lit spot hovered or focused: what its answer would do, drawn
   * (a move's path); null: the board as it is. */
  function previewSpot(s) {
    const q = state && state.question;
    const does = s ? lit.get(spotKey(s)) : null;
    const text = does && does.answer;
    if (!q || !text) {
      if (previewed) {
        previewed = '';
        drawBoard(builtSvg || boardSvg);
        boardSays('');
      }
      return;
    }
    if (text === previewed) {
      return;
    }
    const p = call(M._desk_preview, text);
    if (p.refused || !p.board) {
      return;
    }
    previewed = text;
    const focused = document.activeElement === s;
    drawBoard(svgNode(p.board));
    const again = [...$('board').querySelectorAll('.spot')]
      .find((x) => spotKey(x) === spotKey(s));
    if (focused && again) {
      again.focus();
    }
    boardSays('If ' + text + ': ' + ((p.events || []).map((e) => e.text)
      .join(' ') || 'the board as it would be.'), 'preview');
  }

  function startBoard() {
    const box = $('board');
    for (const type of ['click', 'keydown', 'mouseover', 'focusin']) {
      box.addEventListener(type, boardNow, true);
    }
    document.addEventListener('umpire-desk-board', boardNow);
    const spot = (e) => e.target.closest && e.target.closest('.spot');
    box.addEventListener('click', (e) => {
      const s = spot(e) ? spot(e).dataset : spotAt(e);
      if (s) {
        clickAt(s.kind, s.id);
      }
    });
    box.addEventListener('keydown', (e) => {
      const s = spot(e);
      if (s && (e.key === 'Enter' || e.key === ' ')) {
        e.preventDefault();
        e.stopPropagation();
        clickAt(s.dataset.kind, s.dataset.id);
      }
    });
    box.addEventListener('mouseover', (e) => previewSpot(spot(e)));
    box.addEventListener('focusin', (e) => previewSpot(spot(e)));
    box.addEventListener('mouseleave', () => previewSpot(null));
  }

  function show(s) {
    state = s;
    const said = $('said');
    if (s.error) {
      $('status').textContent = s.error;
      $('status').className = 'error';
      return;
    }
    $('status').textContent = 'Step ' + s.step + ', ' + s.side + ' to order.';
    said.textContent = s.refused ? 'Refused: ' + s.refused : '';
    said.className = s.refused ? 'refused' : '';
    showQuestion(s.question);
    laterBoard(s.question);
    showAnswers(s);
    keepDraft(s);
    $('report').textContent = s.report || '';
    $('ends').textContent = s.ends || '';
  }

  function save() {
    const yaml = M.UTF8ToString(M._desk_answers_yaml(desk));
    const a = document.createElement('a');
    a.href = URL.createObjectURL(new Blob([yaml], { type: 'text/yaml' }));
    a.download = 'answers-' + game.slice(0, 8) + '-step-' +
      (state ? state.step : 0) + '-' + (state ? state.side : '') + '.yaml';
    document.body.append(a);
    a.click();
    a.remove();
    $('said').textContent = 'Saved as ' + a.download + '.';
    $('said').className = 'taken';
  }

  /* The most standing orders a draft gives the rules again. */
  const STANDING_MAX = 64;

  /* n things, in words: "1 answer", "2 standing orders". */
  function count(n, what) {
    return n + ' ' + what + (n === 1 ? '' : 's');
  }

  /* The draft kept for this step, given to the rules again answer by
   * answer, then standing order by standing order; a draft of another
   * step of this game and side dropped. A draft of answers alone (an
   * array: the page before standing orders were kept) is read too. */
  function restoreDraft(s) {
    const prefix = 'umpire-desk/draft/' + s.game + '/' + s.side + '/';
    draftKey = prefix + s.step;
    try {
      for (let i = localStorage.length - 1; i >= 0; i--) {
        const k = localStorage.key(i);
        if (k.startsWith(prefix) && k !== draftKey) {
          localStorage.removeItem(k);
        }
      }
    } catch (e) {
      /* no storage: no draft */
    }
    let draft = null;
    try {
      draft = JSON.parse(stored(draftKey) || 'null');
    } catch (e) {
      draft = null;
    }
    if (Array.isArray(draft)) {
      draft = { answers: draft };
    }
    if (!draft || typeof draft !== 'object') {
      return s;
    }
    const values = Array.isArray(draft.answers) ? draft.answers : [];
    /* at most STANDING_MAX orders (more than any game's names: the
     * rest are not tried) */
    const standing = draft.standing && typeof draft.standing === 'object'
      ? Object.entries(draft.standing).slice(0, STANDING_MAX) : [];
    if (!values.length && !standing.length) {
      return s;
    }
    let taken = 0;
    for (const v of values) {
      const next = call(M._desk_answer, String(v));
      if (next.refused || next.error) {
        break;
      }
      s = next;
      taken++;
    }
    const dropped = [];
    for (const [name, value] of standing) {
      const next = setStandingCall(String(name), String(value));
      if (next.refused || next.error) {
        dropped.push(name + ' (' + (next.refused || next.error) + ')');
      } else {
        s = next;
      }
    }
    const kept = standing.length - dropped.length;
    const lost = [];
    if (taken < values.length) {
      lost.push(count(values.length - taken, 'answer') +
        ' no longer taken by the rules, dropped');
    }
    if (dropped.length) {
      lost.push('standing orders the rules refuse, dropped: ' +
        dropped.join('; '));
    }
    $('draft').textContent = 'Draft restored: ' + count(taken, 'answer') +
      (kept ? ' and ' + count(kept, 'standing order') : '') +
      ' kept in this browser' +
      (lost.length ? ' (' + lost.join('; ') + ')' : '') + '.';
    return s;
  }

  /* Every answer of the step and every standing order taken back, the
   * draft dropped. */
  function discardDraft() {
    let s = state;
    while (s && s.answers && s.answers.length) {
      s = call(M._desk_undo);
    }
    for (const name of Object.keys(standingSet())) {
      s = setStandingCall(name, '');
    }
    store(draftKey, null);
    $('draft').textContent = 'Draft discarded.';
    show(s);
    showStanding();
  }

  /* One standing order's row: its toggle (id standing-NAME), its label
   * and its value. */
  function standingRow(o, example, label) {
    const on = el('input');
    on.type = 'checkbox';
    on.id = 'standing-' + o.name;
    on.checked = o.value !== null;
    const value = el('input');
    value.type = 'text';
    value.value = o.value !== null ? o.value : example;
    value.setAttribute('aria-label', o.name + ': the answer');
    const l = el('label');
    l.htmlFor = on.id;
    l.append(...label);
    const set = () => setStanding(o.name,
      on.checked ? value.value.trim() : '');
    on.addEventListener('change', set);
    value.addEventListener('change', () => {
      if (on.checked) {
        set();
      }
    });
    const row = el('div', undefined, 'standing');
    row.append(on, l, value);
    return row;
  }

  /* The standing orders (desk_standing), one entry a key: a key of no
   * scope one row, its words in its label; a key with scopes its words
   * once, then a row for the bare key and one a scope. */
  function showStanding() {
    const list = call(M._desk_standing).standing || [];
    const box = $('standing');
    box.replaceChildren();
    $('standing-section').hidden = !list.length;
    for (const k of list) {
      const entry = el('div', undefined, 'standing-key');
      entry.id = 'standing-key-' + k.key;
      if (k.orders.length === 1) {
        entry.append(standingRow(k.orders[0], k.example,
          [el('code', k.key), ' ', el('span', k.help)]));
      } else {
        entry.append(el('p', undefined, 'standing-help'));
        entry.firstChild.append(el('code', k.key), ' ', el('span', k.help));
        for (const o of k.orders) {
          entry.append(standingRow(o, k.example, o.scope
            ? [el('code', o.name)]
            : [el('code', o.name), ' (bare)']));
        }
      }
      box.append(entry);
    }
  }

  /* desk_set_standing: the standing order name set (value) or taken
   * back (''), checked; the state. */
  function setStandingCall(name, value) {
    const n = cstr(name)[0];
    const v = cstr(value)[0];
    try {
      return JSON.parse(M.UTF8ToString(M._desk_set_standing(desk, n, v)));
    } finally {
      M._free(n);
      M._free(v);
    }
  }

  /* A standing order set (value) or taken back (''), checked. */
  function setStanding(name, value) {
    show(setStandingCall(name, value));
    showStanding();
  }

  /* The side's private notes of this game, kept as they are typed. */
  function startNotes(s) {
    const key = 'umpire-desk/notes/' + s.game + '/' + s.side;
    const t = $('notes');
    t.value = stored(key) || '';
    t.addEventListener('input', () => store(key, t.value || null));
  }

  /* Step i of the steps since the side's last step shown, or the
   * question (i at or past the last step). */
  function go(i) {
    at = Math.max(0, Math.min(i, steps.length));
    const onQuestion = at === steps.length;
    $('since').hidden = onQuestion;
    $('question').hidden = !onQuestion;
    $('back').hidden = !steps.length;
    if (onQuestion) {
      return;
    }
    $('since-at').textContent = (at + 1) + ' of ' + steps.length;
    $('since-heading').textContent = steps[at].heading;
    $('since-text').textContent = steps[at].text;
    $('prev').disabled = at === 0;
    $('next').textContent = at === steps.length - 1
      ? 'To the question' : 'Next';
  }

  function startSteps() {
    const text = new TextDecoder().decode(block('desk-steps'));
    steps = JSON.parse(text).steps || [];
    $('prev').addEventListener('click', () => go(at - 1));
    $('next').addEventListener('click', () => go(at + 1));
    $('skip').addEventListener('click', () => go(steps.length));
    $('back').addEventListener('click', () => go(steps.length - 1));
    go(0);
  }

  /* The keys: outside a text field, the arrows step; on the question,
   * 1-9 answer with the n-th legal answer, u or Backspace undoes; s
   * saves. */
  function onKey(e) {
    const t = e.target;
    if (e.ctrlKey || e.altKey || e.metaKey || (t && (t.isContentEditable ||
        /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName)))) {
      return;
    }
    if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
      go(at + (e.key === 'ArrowLeft' ? -1 : 1));
    } else if (e.key === 's') {
      save();
    } else if (at !== steps.length) {
      return;
    } else if (/^[1-9]$/.test(e.key)) {
      const b = document.querySelectorAll('#options button')[+e.key - 1];
      if (b) {
        b.click();
      } else {
        $('said').textContent = 'No answer ' + e.key + ' here.';
        $('said').className = 'refused';
      }
    } else if (e.key === 'u' || e.key === 'Backspace') {
      if (!$('undo').disabled) {
        $('undo').click();
      }
    } else {
      return;
    }
    e.preventDefault();
  }

  /* Another view of the game, unsealed (the key's panel opens one:
   * deskkeys.js), in the page's place: its state, or {error} and the
   * desk as it was. */
  let viewText = '';
  function reopen(text) {
    const [vp, vl] = cstr(text);
    const d = M._desk_open(vp, vl);
    M._free(vp);
    const s = JSON.parse(M.UTF8ToString(M._desk_question(d)));
    if (s.error) {
      M._desk_close(d);
      return s;
    }
    const first = !viewText;
    M._desk_close(desk);
    desk = d;
    viewText = text;
    steps = [];
    go(0);
    if (first) {
      /* a page that held no view: its first view opened */
      startInput();
      startNotes(s);
    }
    show(restoreDraft(s));
    showStanding();
    return s;
  }

  /* The page's buttons, keys and board, once it has a view. */
  function startInput() {
    $('undo').addEventListener('click', () => show(call(M._desk_undo)));
    $('save').addEventListener('click', save);
    $('discard').addEventListener('click', discardDraft);
    document.addEventListener('keydown', onKey);
    startBoard();
    $('free').addEventListener('submit', (e) => {
      e.preventDefault();
      const t = $('free-text').value.trim();
      if (t) {
        answer(t);
      }
    });
  }

  async function start() {
    const text = (id) => new TextDecoder().decode(block(id));
    startSteps();
    M = await UmpireDesk({ wasmBinary: await inflate(block('desk-wasm')) });
    const [sp, sl] = cstr(text('desk-scenario'));
    const [np] = cstr($('desk-scenario').dataset.id);
    M._desk_put_scenario(np, sp, sl);
    M._free(sp);
    M._free(np);
    viewText = text('desk-view');
    if (!viewText) {
      /* the judge's page holds no view: the player's key opens each
       * view the referee mails (deskkeys.js), and reopen takes it */
      startKeys();
      $('status').textContent = 'This page holds no view: open your ' +
        'key below, then pick (or drop here) the view attached to the ' +
        'referee\'s letter.';
      return;
    }
    const [vp, vl] = cstr(viewText);
    // a page made from a game file (honour mode) holds a view no
    // referee signed (umpire desk GAME)
    desk = ($('desk-view').dataset.unsigned ? M._desk_open_unsigned
      : M._desk_open)(vp, vl);
    M._free(vp);
    startInput();
    let s = call(M._desk_question);
    if (!s.error) {
      startNotes(s);
      s = restoreDraft(s);
    }
    show(s);
    boardNow();
    if (!s.error) {
      showStanding();
    }
    startKeys();
  }

  /* The key's panel (deskkeys.js) handed the rules. */
  function startKeys() {
    document.dispatchEvent(new CustomEvent('umpire-desk', { detail: {
      M,
      reopen,
      view: () => viewText,
      answers: () => M.UTF8ToString(M._desk_answers_yaml(desk))
    } }));
    /* ready: when, in ms since the page's start (a benchmark reads it) */
    document.body.dataset.ready = String(Math.round(performance.now()));
  }

  start().catch((e) => {
    $('status').textContent = 'The page could not start its rules: ' + e;
    $('status').className = 'error';
  });
}());
