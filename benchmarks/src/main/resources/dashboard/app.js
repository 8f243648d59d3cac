// The wirebench dashboard: plain DOM, no build step, nothing loaded from elsewhere.
'use strict';

const $ = (selector, root = document) => root.querySelector(selector);

/** An element with attributes (data-* included) and children (strings become text). */
function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    node.setAttribute(name, value);
  }
  node.append(...children);
  return node;
}

// Longs beyond 2^53 (epoch-nanosecond timestamps, Long.MAX_VALUE) would be rounded by a plain JSON.parse.
// Where the browser has JSON.rawJSON (Chromium 114+, Firefox 135+) their digits are kept exactly.
const EXACT = typeof JSON.rawJSON === 'function';

function parseExact(text) {
  if (!EXACT) {
    return JSON.parse(text);
  }
  return JSON.parse(text, (key, value, context) =>
    typeof value === 'number' && !Number.isSafeInteger(value) && context && /^-?\d+$/.test(context.source)
      ? JSON.rawJSON(context.source) : value);
}

async function getJson(url) {
  const response = await fetch(url, {headers: {Accept: 'application/json'}});
  const text = await response.text();
  let body;
  try {
    body = parseExact(text);
  } catch (e) {
    body = {error: `the server answered ${response.status} with something that is not JSON`};
  }
  return {ok: response.ok, status: response.status, body};
}

function showStatus(node, text, isError) {
  node.hidden = !text;
  node.textContent = text || '';
  node.classList.toggle('error', Boolean(isError));
}

/** 812 ns, 12.3 µs, 4.56 ms: three significant digits at most. */
function duration(nanos) {
  const units = [[1e6, 'ms'], [1e3, 'µs']];
  for (const [scale, unit] of units) {
    if (nanos >= scale) {
      return `${Number((nanos / scale).toPrecision(3))} ${unit}`;
    }
  }
  return `${nanos} ns`;
}

// ---- codecs ------------------------------------------------------------------------------------------

async function loadCodecs() {
  const status = $('#codecs-status');
  const {ok, body} = await getJson('api/codecs');
  if (!ok) {
    showStatus(status, body.error, true);
    return;
  }
  const select = $('#sample');
  (body.samples[body.messages[0]] || []).forEach((name, i) => select.append(new Option(`${i} · ${name}`, String(i))));

  const grid = $('#codec-grid');
  const head = el('tr', {}, el('th', {class: 'corner'}, 'message \\ format'));
  body.formats.forEach(format => head.append(el('th', {scope: 'col'}, format)));
  grid.append(el('thead', {}, head));
  const rows = el('tbody');
  for (const message of body.messages) {
    const row = el('tr', {}, el('th', {scope: 'row'}, message));
    for (const format of body.formats) {
      const codec = `${format}/${message}`;
      row.append(el('td', {}, body.codecs.includes(codec)
        ? el('button', {type: 'button', 'data-codec': codec, 'data-format': format, 'data-message': message,
          title: `round-trip ${codec}`}, 'test')
        : el('span', {class: 'none', title: `no ${codec} codec`}, '–')));
    }
    rows.append(row);
  }
  grid.append(rows);
  grid.addEventListener('click', event => {
    const button = event.target.closest('button[data-codec]');
    if (button) {
      roundTrip(button);
    }
  });
  showStatus(status, `${body.codecs.length} codecs: ${body.formats.length} formats × ${body.messages.length} messages`);
}

async function roundTrip(button) {
  const {codec, format, message} = button.dataset;
  const sample = $('#sample').value;
  document.querySelectorAll('button.current').forEach(b => b.classList.remove('current'));
  button.classList.add('current');
  button.disabled = true;
  const result = $('#result');
  result.classList.add('busy');
  let reply;
  try {
    reply = await getJson(`api/test/${encodeURIComponent(format)}?message=${encodeURIComponent(message)}`
      + `&sample=${encodeURIComponent(sample)}`);
  } catch (e) {
    reply = {ok: false, status: 0, body: {error: `the server could not be reached (${e.message})`}};
  } finally {
    button.disabled = false;
    result.classList.remove('busy');
  }
  const {ok, status, body} = reply;
  result.hidden = false;
  $('.codec', result).textContent = codec;
  const match = $('.match', result);
  const error = $('.error', result);
  if (!ok) {
    const known = body.known ? ` Known: ${body.known.join(', ')}.` : '';
    showStatus(error, `${status}: ${body.error}.${known}`, true);
    match.textContent = '';
    match.className = 'match';
    for (const field of ['sample', 'size', 'encode', 'decode', 'decoded', 'original']) {
      $(`.${field}`, result).textContent = '';
    }
    return;
  }
  showStatus(error, '');
  match.textContent = `match: ${body.match}`;
  match.className = `match ${body.match ? 'ok' : 'fail'}`;
  $('.sample', result).textContent = body.sample;
  $('.size', result).textContent = `${body.size} B`;
  $('.encode', result).textContent = duration(body.encodeNanos);
  $('.decode', result).textContent = duration(body.decodeNanos);
  const exactness = EXACT ? '' : '\n\n(this browser rounds integers beyond 2^53 for display)';
  $('.decoded', result).textContent = JSON.stringify(body.decoded, null, 2) + exactness;
  $('.original', result).textContent = JSON.stringify(body.original, null, 2);
  button.textContent = `${body.size} B`;
  button.classList.toggle('ok', body.match);
  button.classList.toggle('fail', !body.match);
}

// ---- the latest run: its summary.md as HTML, its charts -----------------------------------------------

/** Escaped text with **bold** and `code`; links keep their text only. */
function inline(text) {
  const escaped = text.replace(/[&<>"']/g, c => `&#${c.charCodeAt(0)};`);
  return escaped
    .replace(/`([^`]+)`/g, '<code>$1</code>')
    .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1');
}

function inlineEl(tag, text) {
  const node = el(tag);
  node.innerHTML = inline(text);
  return node;
}

function splitRow(line) {
  let row = line.trim();
  if (row.startsWith('|')) {
    row = row.slice(1);
  }
  if (row.endsWith('|') && !row.endsWith('\\|')) {
    row = row.slice(0, -1);
  }
  return row.split(/(?<!\\)\|/).map(cell => cell.trim().replace(/\\\|/g, '|'));
}

const ALIGNMENT_ROW = /^\s*\|?(\s*:?-{3,}:?\s*\|)*\s*:?-{3,}:?\s*\|?\s*$/;

/** A markdown table (header, alignment row, body) as a <table> in a scrolling box. */
function markdownTable(lines) {
  const table = el('table', {class: 'summary-table'});
  let body = lines;
  let align = [];
  if (lines.length > 1 && ALIGNMENT_ROW.test(lines[1])) {
    align = splitRow(lines[1]).map(c => c.endsWith(':') ? (c.startsWith(':') ? 'center' : 'right') : 'left');
    const head = el('tr');
    splitRow(lines[0]).forEach((cell, i) => head.append(Object.assign(inlineEl('th', cell),
      {className: `align-${align[i] || 'left'}`})));
    table.append(el('thead', {}, head));
    body = lines.slice(2);
  }
  const rows = el('tbody');
  for (const line of body) {
    const row = el('tr');
    splitRow(line).forEach((cell, i) => row.append(Object.assign(inlineEl('td', cell),
      {className: `align-${align[i] || 'left'}`})));
    rows.append(row);
  }
  table.append(rows);
  return el('div', {class: 'table-wrap'}, table);
}

/** An image of the run folder; other sources (paths, URLs) are shown as their text only. */
function chart(folder, file, caption) {
  if (!/^[A-Za-z0-9_-][A-Za-z0-9._-]*\.png$/.test(file)) {
    return el('p', {}, caption || file);
  }
  const src = `runs/${encodeURIComponent(folder)}/${encodeURIComponent(file)}`;
  return el('figure', {}, el('a', {href: src}, el('img', {src, alt: caption || file, loading: 'lazy'})),
    el('figcaption', {}, caption || file));
}

/** Block-level parse: headings, tables, lists, images, paragraphs; all a summary.md holds. */
function blocks(markdown) {
  const lines = markdown.split(/\r?\n/);
  const found = [];
  const starts = /^(#{1,6}\s|\s*\||\s*[-*]\s|!\[)/;
  for (let i = 0; i < lines.length;) {
    const line = lines[i];
    let m;
    if (!line.trim()) {
      i++;
    } else if ((m = /^(#{1,6})\s+(.*)$/.exec(line))) {
      found.push({type: 'heading', level: m[1].length, text: m[2].trim()});
      i++;
    } else if (/^\s*\|/.test(line)) {
      const rows = [];
      while (i < lines.length && /^\s*\|/.test(lines[i])) {
        rows.push(lines[i++]);
      }
      found.push({type: 'table', rows});
    } else if (/^\s*[-*]\s/.test(line)) {
      const items = [];
      while (i < lines.length && /^\s*[-*]\s/.test(lines[i])) {
        items.push(lines[i++].replace(/^\s*[-*]\s+/, ''));
      }
      found.push({type: 'list', items});
    } else if ((m = /^!\[([^\]]*)\]\(([^)\s]+)\)\s*$/.exec(line))) {
      found.push({type: 'image', alt: m[1], src: m[2]});
      i++;
    } else {
      const text = [];
      while (i < lines.length && lines[i].trim() && !starts.test(lines[i])) {
        text.push(lines[i++].trim());
      }
      found.push({type: 'paragraph', text: text.join(' ')});
    }
  }
  return found;
}

/**
 * summary.md as HTML. A heading followed by an image of the same title becomes one captioned figure,
 * and figures in a row share a gallery. Returns the fragment and the images it showed.
 */
function renderSummary(markdown, folder) {
  const fragment = document.createDocumentFragment();
  const shown = new Set();
  let gallery = null;
  const list = blocks(markdown);
  for (let i = 0; i < list.length; i++) {
    const block = list[i];
    const next = list[i + 1];
    let figure = null;
    if (block.type === 'heading' && next && next.type === 'image' && next.alt === block.text) {
      figure = chart(folder, next.src, block.text);
      shown.add(next.src);
      i++;
    } else if (block.type === 'image') {
      figure = chart(folder, block.src, block.alt);
      shown.add(block.src);
    }
    if (figure) {
      if (!gallery) {
        gallery = fragment.appendChild(el('div', {class: 'gallery'}));
      }
      gallery.append(figure);
      continue;
    }
    gallery = null;
    switch (block.type) {
      case 'heading':
        // the card's own heading names the run: its title would only repeat it
        if (block.level > 1) {
          fragment.append(inlineEl(`h${Math.min(block.level + 1, 6)}`, block.text));
        }
        break;
      case 'table':
        fragment.append(markdownTable(block.rows));
        break;
      case 'list':
        fragment.append(el('ul', {}, ...block.items.map(item => inlineEl('li', item))));
        break;
      default:
        fragment.append(inlineEl('p', block.text));
    }
  }
  return {fragment, shown};
}

async function loadRun() {
  const status = $('#run-status');
  const {ok, body} = await getJson('api/runs/latest');
  if (!ok) {
    showStatus(status, body.error, !body.error || !body.error.startsWith('no run folder'));
    return;
  }
  showStatus(status, '');
  $('#run .folder').textContent = body.folder;
  const {fragment, shown} = renderSummary(body.summary, body.folder);
  $('#run .summary').append(fragment);
  const others = body.charts.filter(name => !shown.has(name));
  if (others.length > 0) {
    $('#run .charts').append(el('h3', {}, shown.size > 0 ? 'Other charts' : 'Charts'),
      el('div', {class: 'gallery'}, ...others.map(name => chart(body.folder, name, name))));
  }
}

loadCodecs().catch(e => showStatus($('#codecs-status'), `The codecs could not be loaded: ${e.message}`, true));
loadRun().catch(e => showStatus($('#run-status'), `The latest run could not be loaded: ${e.message}`, true));
