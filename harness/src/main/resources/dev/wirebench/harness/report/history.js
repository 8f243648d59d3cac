// wirebench history: draws every series of data.js (window.HISTORY) as a small SVG trend chart, and the runs table.
(function () {
  'use strict';
  const data = window.HISTORY;
  const runs = data.runs;
  const SVG = 'http://www.w3.org/2000/svg';
  const W = 330, H = 140, LEFT = 52, RIGHT = 8, TOP = 8, BOTTOM = 22;

  function fmt(v) {
    const a = Math.abs(v);
    if (!isFinite(v)) return '–';
    if (a >= 1000) return v.toFixed(0);
    if (a >= 100) return v.toFixed(1);
    if (a >= 10) return v.toFixed(2);
    return v.toFixed(3);
  }

  function el(name, attrs, parent, ns) {
    const e = ns ? document.createElementNS(SVG, name) : document.createElement(name);
    for (const k in attrs) {
      if (k === 'text') e.textContent = attrs[k]; else e.setAttribute(k, attrs[k]);
    }
    if (parent) parent.appendChild(e);
    return e;
  }

  function day(run) {
    return run.started.substring(0, 10) + (run.commit ? ' ' + run.commit.substring(0, 7) : '');
  }

  function chart(series, parent) {
    const box = el('div', {class: 'chart'}, parent);
    box.dataset.label = (series.line + ' ' + series.case + ' ' + series.metric).toLowerCase();
    // the values alone read best (sbe · order · decode · heap); the names are in the tooltip and the filter
    const values = series.case.split(' ').map(d => d.substring(d.indexOf('=') + 1)).join(' · ');
    el('div', {class: 'case', text: values, title: series.case}, box);
    const head = el('div', {}, box);
    el('span', {class: 'metric', text: series.metric + ' (' + series.unit + ') '}, head);
    el('span', {class: 'direction', text: series.better === 'lower' ? '↓ lower is better' : '↑ higher is better'}, head);
    const pts = series.points;
    let lo = Infinity, hi = -Infinity;
    for (const p of pts) {
      lo = Math.min(lo, p[2], p[1]);
      hi = Math.max(hi, p[3], p[1]);
    }
    if (!(hi > lo)) { const pad = Math.abs(hi) * 0.01 || 1; lo -= pad; hi += pad; }
    const span = hi - lo;
    lo -= span * 0.05; hi += span * 0.05;
    const x = i => pts.length === 1 ? LEFT + (W - LEFT - RIGHT) / 2 : LEFT + i * (W - LEFT - RIGHT) / (pts.length - 1);
    const y = v => TOP + (hi - v) / (hi - lo) * (H - TOP - BOTTOM);
    const svg = el('svg', {width: W, height: H, viewBox: '0 0 ' + W + ' ' + H}, box, true);
    el('text', {class: 'axis', x: LEFT - 4, y: TOP + 8, 'text-anchor': 'end', text: fmt(hi)}, svg, true);
    el('text', {class: 'axis', x: LEFT - 4, y: H - BOTTOM, 'text-anchor': 'end', text: fmt(lo)}, svg, true);
    el('text', {class: 'axis', x: LEFT, y: H - 6, text: day(runs[pts[0][0]])}, svg, true);
    if (pts.length > 1) {
      el('text', {class: 'axis', x: W - RIGHT, y: H - 6, 'text-anchor': 'end', text: day(runs[pts[pts.length - 1][0]])}, svg, true);
    }
    const upper = pts.map((p, i) => x(i) + ',' + y(p[3]));
    const lower = pts.map((p, i) => x(i) + ',' + y(p[2])).reverse();
    el('polygon', {class: 'band', points: upper.concat(lower).join(' ')}, svg, true);
    el('polyline', {class: 'median', points: pts.map((p, i) => x(i) + ',' + y(p[1])).join(' ')}, svg, true);
    pts.forEach((p, i) => {
      const run = runs[p[0]];
      const verdict = p[5];
      const dot = el('circle', {class: 'point' + (verdict ? ' ' + verdict : ''), cx: x(i), cy: y(p[1]), r: verdict ? 5 : 3},
        svg, true);
      el('title', {text: run.started + ' ' + (run.commit || 'no commit').substring(0, 10) + ': ' + fmt(p[1]) + ' ['
          + fmt(p[2]) + ', ' + fmt(p[3]) + '] ' + series.unit + ', ' + p[4] + (p[4] === 1 ? ' sample' : ' samples')
          + (verdict ? ' — ' + verdict + ' than the run before' : '')}, dot, true);
      dot.addEventListener('click', () => { window.location.href = run.page; });
    });
    return box;
  }

  const main = document.getElementById('charts');
  const lines = new Map();
  for (const s of data.series) {
    if (!lines.has(s.line)) lines.set(s.line, new Map());
    const groups = lines.get(s.line);
    if (!groups.has(s.group)) groups.set(s.group, []);
    groups.get(s.group).push(s);
  }
  const sections = [];
  for (const [line, groups] of lines) {
    const section = el('section', {class: 'line'}, main);
    el('h2', {text: line}, section);
    const details = [];
    for (const [group, members] of groups) {
      const d = el('details', {open: ''}, section);
      const heading = el('summary', {text: group + ' (' + members.length + ')'}, d);
      const grid = el('div', {class: 'grid'}, d);
      details.push({d: d, heading: heading, group: group, charts: members.map(s => chart(s, grid))});
    }
    sections.push({section: section, details: details});
  }

  const body = document.querySelector('#runs tbody');
  runs.slice().reverse().forEach(run => {
    const tr = el('tr', {}, body);
    const a = el('a', {href: run.page, text: run.started}, el('td', {}, tr));
    a.title = run.id;
    el('td', {text: run.line}, tr);
    el('td', {text: (run.commit || '').substring(0, 10)}, tr);
    el('td', {text: String(run.measures)}, tr);
    const against = el('td', {}, tr);
    if (run.previous === null) {
      against.textContent = 'first of its line';
    } else {
      el('span', {class: 'worse', text: run.worse + ' worse'}, against);
      against.appendChild(document.createTextNode(', '));
      el('span', {class: 'better', text: run.better + ' better'}, against);
    }
    el('td', {text: String(run.failures.length)}, tr);
  });

  const total = data.series.length;
  document.getElementById('summary').textContent = runs.length + ' runs, ' + total + ' series';
  const shown = document.getElementById('shown');
  function filter() {
    const words = document.getElementById('filter').value.toLowerCase().split(/\s+/).filter(w => w);
    let visible = 0;
    for (const s of sections) {
      let inSection = 0;
      for (const g of s.details) {
        let inGroup = 0;
        for (const c of g.charts) {
          const show = words.every(w => c.dataset.label.includes(w));
          c.classList.toggle('hidden', !show);
          inGroup += show ? 1 : 0;
        }
        g.d.classList.toggle('hidden', inGroup === 0);
        g.heading.textContent = g.group + ' (' + inGroup + ')';
        inSection += inGroup;
      }
      s.section.classList.toggle('hidden', inSection === 0);
      visible += inSection;
    }
    shown.textContent = visible + ' of ' + total + ' charts';
  }
  document.getElementById('filter').addEventListener('input', filter);
  filter();
})();
