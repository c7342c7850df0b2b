/*
 * desk.js - the player's desk page (umpire desk): the rules compiled to
 * WebAssembly (src/desk/api.c, emcc's loader before this script) ask
 * the question now asked of the side; a click on a legal answer, or a
 * free-text answer, goes to the rules, which take it or say why not.
 * Everything the page needs is in it, in base64 blocks: the view, the
 * scenario, the WebAssembly gzipped (inflated by DecompressionStream).
 * Nothing is fetched and nothing leaves the page but the answers file
 * the player saves.
 *
 * The browser's storage (localStorage, this file's own) keeps two
 * things across a reload: the draft, the answers of the step so far
 * (keyed by game, side and step: a draft of another step of the same
 * game and side is dropped when the page opens on a new one), given to
 * the rules again when the page opens; and the notepad, the side's
 * private notes of the game (keyed by game and side), which are in no
 * answers file and go nowhere.
 *
 * The standing orders the rules take are toggles, each with its rule's
 * words and its value (the example until changed): each set or taken
 * back is checked by the rules, as the answers are, and goes in the
 * answers file (not in the draft).
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
 * pressed by Enter or Space.
 */
/* global UmpireDesk, DecompressionStream, Uint8Array, CustomEvent */
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

  /* The answers so far as the draft of the step (none: no draft). */
  function keepDraft(s) {
    if (!draftKey || s.error) {
      return;
    }
    const values = (s.answers || []).map((a) => a.value);
    store(draftKey, values.length ? JSON.stringify(values) : null);
    $('discard').disabled = !values.length;
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
    for (const o of q.options) {
      const b = el('button', o);
      b.type = 'button';
      b.addEventListener('click', () => answer(o));
      opts.append(b);
    }
    if (q.more) {
      opts.append(el('span', ' and more'));
    }
    if (focused && opts.firstChild) {
      opts.firstChild.focus();
    }
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

  /* The draft kept for this step, given to the rules again answer by
   * answer; a draft of another step of this game and side dropped. */
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
    let values = [];
    try {
      values = JSON.parse(stored(draftKey) || '[]');
    } catch (e) {
      values = [];
    }
    if (!Array.isArray(values) || !values.length) {
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
    $('draft').textContent = 'Draft restored: ' + taken + ' answer' +
      (taken === 1 ? '' : 's') + ' kept in this browser' +
      (taken < values.length ? ' (' + (values.length - taken) +
        ' no longer taken by the rules, dropped)' : '') + '.';
    return s;
  }

  /* Every answer of the step taken back, the draft dropped. */
  function discardDraft() {
    let s = state;
    while (s && s.answers && s.answers.length) {
      s = call(M._desk_undo);
    }
    store(draftKey, null);
    $('draft').textContent = 'Draft discarded.';
    show(s);
  }

  /* The standing orders as toggles (desk_standing). */
  function showStanding() {
    const list = call(M._desk_standing).standing || [];
    const box = $('standing');
    box.replaceChildren();
    $('standing-section').hidden = !list.length;
    for (const s of list) {
      const on = el('input');
      on.type = 'checkbox';
      on.id = 'standing-' + s.name;
      on.checked = s.value !== null;
      const value = el('input');
      value.type = 'text';
      value.value = s.value !== null ? s.value : s.example;
      value.setAttribute('aria-label', s.name + ': the answer');
      const label = el('label');
      label.htmlFor = on.id;
      label.append(el('code', s.name), ' ', el('span', s.help));
      const set = () => setStanding(s.name,
        on.checked ? value.value.trim() : '');
      on.addEventListener('change', set);
      value.addEventListener('change', () => {
        if (on.checked) {
          set();
        }
      });
      const row = el('div', undefined, 'standing');
      row.append(on, label, value);
      box.append(row);
    }
  }

  /* A standing order set (value) or taken back (''), checked. */
  function setStanding(name, value) {
    const n = cstr(name)[0];
    const v = cstr(value)[0];
    try {
      show(JSON.parse(M.UTF8ToString(M._desk_set_standing(desk, n, v))));
    } finally {
      M._free(n);
      M._free(v);
    }
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
    M._desk_close(desk);
    desk = d;
    viewText = text;
    steps = [];
    go(0);
    show(restoreDraft(s));
    showStanding();
    return s;
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
    const [vp, vl] = cstr(viewText);
    desk = M._desk_open(vp, vl);
    M._free(vp);
    $('undo').addEventListener('click', () => show(call(M._desk_undo)));
    $('save').addEventListener('click', save);
    $('discard').addEventListener('click', discardDraft);
    document.addEventListener('keydown', onKey);
    $('free').addEventListener('submit', (e) => {
      e.preventDefault();
      const t = $('free-text').value.trim();
      if (t) {
        answer(t);
      }
    });
    let s = call(M._desk_question);
    if (!s.error) {
      startNotes(s);
      s = restoreDraft(s);
    }
    show(s);
    if (!s.error) {
      showStanding();
    }
    /* the key's panel (deskkeys.js) */
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
