/*
 * deskkeys.js - the player's key in the desk page (after desk.js, which
 * hands it the rules' module when they have started: the
 * "umpire-desk" event). The key is made here or read from a key file
 * picked from disk with its passphrase, by the C of umpire keygen and
 * of every command that reads a key (src/desk/keys.c); it is held in
 * the module's memory alone, and "Lock" wipes it there. The passphrase
 * is copied into the module only for the call that needs it, wiped
 * there after it, and its field emptied. Neither is ever put in
 * localStorage, IndexedDB or the draft, and nothing is fetched.
 *
 * With the key: a view from the referee (a letter's attachment picked
 * or dropped on the page, or the letter's text pasted from its
 * "umpire:" line) is checked and opened, and the desk takes its
 * question; the answers are signed and sealed to the referee as
 * `umpire orders VIEW --answers FILE --sign` does, offered as a file
 * to attach and as text to paste into a reply. An invitation's game
 * file is joined as umpire join joins it, with the key and the side
 * and address typed.
 */
(function () {
  'use strict';
  const $ = (id) => document.getElementById(id);
  let M = null;
  let api = null;
  let holder = 0;
  /* the name of the desk's view in messages: the file it came from */
  let viewName = decodeURIComponent(location.pathname.split('/').pop()) ||
    'this page\'s view';

  function el(tag, text, attrs) {
    const e = document.createElement(tag);
    if (text !== undefined) {
      e.textContent = text;
    }
    for (const [k, v] of Object.entries(attrs || {})) {
      e.setAttribute(k, v);
    }
    return e;
  }

  function say(text, cls) {
    $('key-said').textContent = text;
    $('key-said').className = cls || '';
  }

  /* A string into the module's memory; after fn, wiped and freed. */
  function withC(s, fn) {
    const n = M.lengthBytesUTF8(s) + 1;
    const p = M._malloc(n);
    M.stringToUTF8(s, p, n);
    try {
      return fn(p, n - 1);
    } finally {
      M._sodium_memzero(p, n);
      M._free(p);
    }
  }

  /* A passphrase field's text, the field emptied. */
  function takePass(id) {
    const v = $(id).value;
    $(id).value = '';
    return v;
  }

  function json(p) {
    return JSON.parse(M.UTF8ToString(p));
  }

  function offer(link, text, name) {
    if (link.href) {
      URL.revokeObjectURL(link.href);
    }
    link.href = URL.createObjectURL(new Blob([text],
      { type: 'application/octet-stream' }));
    link.download = name;
    link.textContent = 'Download ' + name;
    link.hidden = false;
  }

  function keyShown(r) {
    $('key-status').textContent = 'Key ' + r.keyid + ' open (in this ' +
      'page\'s memory only; Lock wipes it).';
    $('key-lock').disabled = false;
    $('key-pub').textContent = r.pubkey_file;
  }

  /* A long call (scrypt) after the status is drawn. */
  function later(text, fn) {
    say(text, '');
    setTimeout(fn, 30);
  }

  function makeKey() {
    const a = takePass('key-new-pass');
    const b = takePass('key-new-pass2');
    if (a !== b) {
      say('The two passphrases differ: nothing made.', 'refused');
      return;
    }
    later('Making the key (scrypt, as umpire keygen)\u2026', () => {
      const r = withC(a, (p) => json(M._desk_key_make(holder, p)));
      if (r.error) {
        say('Refused: ' + r.error, 'refused');
        return;
      }
      keyShown(r);
      offer($('key-sec-link'), r.seckey_file, 'umpire.key');
      offer($('key-pub-link'), r.pubkey_file, 'umpire.pub');
      say('Key ' + r.keyid + ' made: save both files; the secret one ' +
        'is encrypted with your passphrase.', 'taken');
    });
  }

  function readFile(input) {
    return new Promise((resolve, reject) => {
      const f = input.files && input.files[0];
      if (!f) {
        reject(new Error('no file picked'));
        return;
      }
      const r = new FileReader();
      r.onload = () => resolve(r.result);
      r.onerror = () => reject(r.error);
      r.readAsText(f);
    });
  }

  async function openKey() {
    let text;
    try {
      text = await readFile($('key-file'));
    } catch (e) {
      say('Pick your secret key file first.', 'refused');
      return;
    }
    const pass = takePass('key-pass');
    later('Opening the key (scrypt, as umpire keygen)\u2026', () => {
      const t0 = performance.now();
      const r = withC(text, (tp, tl) => withC(pass, (pp) =>
        json(M._desk_key_read(holder, tp, tl, pp))));
      document.body.dataset.keyOpenMs =
        String(Math.round(performance.now() - t0));
      if (r.error) {
        say('Refused: ' + r.error, 'refused');
        return;
      }
      keyShown(r);
      if (!api.view()) {
        /* the judge's page: no view of its own */
        say('Key ' + r.keyid + ' open: now pick the view attached to ' +
          'the referee\'s letter (or drop it on the page).', 'taken');
        return;
      }
      /* the page's own view, checked with the key (an edited page's
       * view is refused here) */
      const v = withC(viewName, (np) => withC(api.view(), (p, n) =>
        json(M._desk_key_view(holder, np, p, n))));
      if (v.error) {
        say('Key ' + r.keyid + ' open, but this page\'s view is refused: ' +
          v.error, 'refused');
      } else {
        say('Key ' + r.keyid + ' open; this page\'s view checks with ' +
          'it.', 'taken');
      }
    });
  }

  function lock() {
    M._desk_key_lock(holder);
    $('key-status').textContent = 'No key open.';
    $('key-pub').textContent = '';
    $('key-lock').disabled = true;
    $('signed-text').value = '';
    $('signed-link').hidden = true;
    say('Locked: the key is wiped from this page\'s memory.', 'taken');
  }

  /* A view's text: from its "umpire:" line (a pasted letter). */
  function viewOf(text) {
    const at = text.search(/^umpire: /m);
    return at > 0 ? text.slice(at) : text;
  }

  /* A view's text opened, name its file's (for messages); the desk's
   * view and its name then. */
  function openView(text, name) {
    const r = withC(name, (np) => withC(viewOf(text), (p, n) =>
      json(M._desk_key_view(holder, np, p, n))));
    if (r.error) {
      say('Refused: ' + r.error, 'refused');
      return;
    }
    const s = api.reopen(r.view);
    if (s.error) {
      say('Refused: ' + s.error, 'refused');
      return;
    }
    viewName = name;
    say('View opened: step ' + r.step + ' of game ' + r.game.slice(0, 8) +
      ', ' + r.side + '.', 'taken');
  }

  function sign() {
    const t0 = performance.now();
    const r = withC(viewName, (np) => withC(api.view(), (vp, vl) =>
      withC(api.answers(), (ap, al) =>
        json(M._desk_key_sign(holder, np, vp, vl, ap, al)))));
    document.body.dataset.signMs = String(Math.round(performance.now() - t0));
    if (r.error) {
      say('Refused: ' + r.error, 'refused');
      return;
    }
    $('signed-text').value = r.signed;
    offer($('signed-link'), r.signed, r.name);
    say('Signed and sealed to the referee: attach ' + r.name +
      ' to your reply, or paste the text below into it.', 'taken');
  }

  /* An invitation's game file joined as the side typed, with the
   * address typed (none: ''). */
  async function join() {
    let text;
    try {
      text = await readFile($('join-file'));
    } catch (e) {
      say('Pick the game file of the invitation first.', 'refused');
      return;
    }
    const side = $('join-side').value.trim();
    const r = withC(text, (gp, gl) => withC(side, (sp) =>
      withC($('join-address').value.trim(), (ap) =>
        json(M._desk_key_join(holder, gp, gl, sp, ap)))));
    if (r.error) {
      say('Refused: ' + r.error, 'refused');
      return;
    }
    $('join-text').value = r.joined;
    offer($('join-link'), r.joined, r.name);
    say('Joined game ' + r.game.slice(0, 8) + ' as ' + side + (r.waiting
      ? '; waiting for ' + r.waiting + ' to join'
      : '; all roles joined') + ': send ' + r.name + ' back (or paste ' +
      'the text below into your reply).', 'taken');
  }

  function build() {
    const sec = el('section', undefined, { id: 'key-section' });
    sec.append(el('h2', 'Your key'),
      el('p', 'No key open.', { id: 'key-status' }),
      el('pre', '', { id: 'key-pub' }));
    const make = el('details');
    make.append(el('summary', 'Make a new key'),
      el('input', undefined, { id: 'key-new-pass', type: 'password',
        'aria-label': 'new passphrase', autocomplete: 'new-password' }),
      ' ', el('input', undefined, { id: 'key-new-pass2', type: 'password',
        'aria-label': 'the passphrase again', autocomplete: 'new-password' }),
      ' ', el('button', 'Make key', { id: 'key-make', type: 'button' }),
      el('br'), el('a', '', { id: 'key-sec-link', hidden: '' }), ' ',
      el('a', '', { id: 'key-pub-link', hidden: '' }));
    const open = el('p');
    open.append('Your secret key file: ',
      el('input', undefined, { id: 'key-file', type: 'file' }), ' ',
      el('input', undefined, { id: 'key-pass', type: 'password',
        'aria-label': 'passphrase', autocomplete: 'current-password' }),
      ' ', el('button', 'Open key', { id: 'key-open', type: 'button' }),
      ' ', el('button', 'Lock', { id: 'key-lock', type: 'button',
        disabled: '' }));
    const view = el('p');
    view.append('A view from the referee (or drop it on the page): ',
      el('input', undefined, { id: 'view-file', type: 'file' }), ' or ',
      el('button', 'Open the pasted letter', { id: 'view-open',
        type: 'button' }));
    const paste = el('textarea', undefined, { id: 'view-paste', rows: '3',
      spellcheck: 'false', 'aria-label': 'a letter\'s text' });
    const signP = el('p');
    signP.append(el('button', 'Sign and seal the answers',
      { id: 'sign', type: 'button' }), ' ',
    el('a', '', { id: 'signed-link', hidden: '' }));
    const signed = el('textarea', undefined, { id: 'signed-text', rows: '4',
      readonly: '', spellcheck: 'false', 'aria-label': 'signed orders' });
    const joinD = el('details');
    joinD.append(el('summary', 'Join a game (an invitation\'s game file)'),
      el('input', undefined, { id: 'join-file', type: 'file' }), ' side ',
      el('input', undefined, { id: 'join-side', 'aria-label': 'your side',
        size: '10' }), ' your mail address ',
      el('input', undefined, { id: 'join-address', type: 'email',
        'aria-label': 'your mail address' }), ' ',
      el('button', 'Join', { id: 'join', type: 'button' }), ' ',
      el('a', '', { id: 'join-link', hidden: '' }),
      el('textarea', undefined, { id: 'join-text', rows: '3', readonly: '',
        spellcheck: 'false', 'aria-label': 'the joined game file' }));
    sec.append(make, open, joinD, view, paste, signP, signed,
      el('p', '', { id: 'key-said', role: 'status' }));
    /* after the desk's own sections: Tab reaches the question first */
    document.querySelector('main').append(sec);
    $('key-make').addEventListener('click', makeKey);
    $('key-open').addEventListener('click', openKey);
    $('key-lock').addEventListener('click', lock);
    $('sign').addEventListener('click', sign);
    $('join').addEventListener('click', join);
    $('view-open').addEventListener('click', () =>
      openView($('view-paste').value, 'the pasted letter'));
    $('view-file').addEventListener('change', () =>
      readFile($('view-file')).then((t) =>
        openView(t, $('view-file').files[0].name),
      () => say('The view could not be read.', 'refused')));
    document.addEventListener('dragover', (e) => e.preventDefault());
    document.addEventListener('drop', (e) => {
      e.preventDefault();
      const f = e.dataTransfer.files[0];
      if (f) {
        f.text().then((t) => openView(t, f.name));
      }
    });
    window.addEventListener('pagehide', lock);
  }

  document.addEventListener('umpire-desk', (e) => {
    api = e.detail;
    M = api.M;
    holder = M._desk_key_new();
    if (!holder) {
      return;
    }
    build();
    document.body.dataset.keys = 'ready';
  });
}());
