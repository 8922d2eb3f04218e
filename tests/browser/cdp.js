// cdp.js - loads one timeline page in headless Chromium and reports what it
// shows, through the DevTools protocol over --remote-debugging-pipe (node's
// standard library only: the pipe is file descriptors 3 and 4).
//
//   node cdp.js CHROMIUM PAGE.html[,[SCREENSHOT.png][,FRAGMENT]] ...
//
// One browser loads every page in turn (starting one per page would cost
// seconds each).  Prints one JSON line per page: its name, whether the page's script finished, the console
// messages, script exceptions and log entries (a blocked network fetch is
// one), the counts of lanes, tool-call bars and answers in the DOM, the
// tokens the header shows, the page's own timings (first render, one
// layout), how long a zoom takes from the click to the next frame, and any
// script error once the axis is switched and an item of each kind clicked.
// FRAGMENT is the URL's fragment the page is opened with (item=N selects
// item N, session=K shows session K of several); with SCREENSHOT the page is
// saved as PNG.  A page of several sessions also reports how many its list
// offers, which one it shows, and whether picking the next one in the list
// shows that one.
'use strict';
const { spawn } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');

const [browser, ...pages] = process.argv.slice(2);
const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'adkev-cdp-'));
const args = ['--headless', '--disable-gpu', '--no-first-run', '--hide-scrollbars',
  '--remote-debugging-pipe', '--user-data-dir=' + profile,
  '--host-resolver-rules=MAP * ~NOTFOUND', 'about:blank'];
if (process.getuid && process.getuid() === 0) args.unshift('--no-sandbox');
const child = spawn(browser, args, { stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe'] });
let stderr = '';
child.stdio[2].on('data', (d) => { stderr += d; });

let nextId = 1, buffered = '';
const waiting = new Map(), listeners = [];
child.stdio[4].on('data', (chunk) => {
  buffered += chunk;
  let end;
  while ((end = buffered.indexOf('\0')) >= 0) {
    const msg = JSON.parse(buffered.slice(0, end));
    buffered = buffered.slice(end + 1);
    if (msg.id && waiting.has(msg.id)) {
      const { resolve, reject } = waiting.get(msg.id);
      waiting.delete(msg.id);
      if (msg.error) reject(new Error(msg.error.message)); else resolve(msg.result);
    } else if (msg.method) {
      listeners.forEach((fn) => fn(msg));
    }
  }
});
function send(method, params, sessionId) {
  const id = nextId++;
  child.stdio[3].write(JSON.stringify({ id, method, params: params || {}, sessionId }) + '\0');
  return new Promise((resolve, reject) => waiting.set(id, { resolve, reject }));
}
function once(method) {
  return new Promise((resolve) => {
    const fn = (msg) => {
      if (msg.method === method) {
        listeners.splice(listeners.indexOf(fn), 1);
        resolve(msg.params);
      }
    };
    listeners.push(fn);
  });
}

let report;
async function main() {
  listeners.push((msg) => {
    const p = msg.params;
    if (msg.method === 'Runtime.consoleAPICalled')
      report.console.push(p.type + ': ' + p.args.map((a) => a.value !== undefined ? a.value : a.description).join(' '));
    else if (msg.method === 'Runtime.exceptionThrown')
      report.exceptions.push(p.exceptionDetails.exception ? p.exceptionDetails.exception.description : p.exceptionDetails.text);
    else if (msg.method === 'Log.entryAdded')
      report.log.push(p.entry.level + ': ' + p.entry.text + (p.entry.url ? ' ' + p.entry.url : ''));
  });
  const { targetId } = await send('Target.createTarget', { url: 'about:blank' });
  const { sessionId } = await send('Target.attachToTarget', { targetId, flatten: true });
  const s = (method, params) => send(method, params, sessionId);
  await s('Runtime.enable');
  await s('Log.enable');
  await s('Page.enable');
  await s('Emulation.setDeviceMetricsOverride', { width: 1400, height: 900, deviceScaleFactor: 1, mobile: false });
  for (const arg of pages) {
    const [page, shot, fragment] = arg.split(',');
    report = { page, fragment: fragment || '', console: [], exceptions: [], log: [] };
    try {
      await visit(s, page, shot, fragment);
    } catch (e) {
      report.error = String(e);
    }
    console.log(JSON.stringify(report));
  }
  await send('Browser.close');
}

async function visit(s, page, shot, fragment) {
  const blank = once('Page.loadEventFired');
  await s('Page.navigate', { url: 'about:blank' });
  await blank;
  const loaded = once('Page.loadEventFired');
  const started = Date.now();
  await s('Page.navigate', { url: 'file://' + path.resolve(page) + (fragment ? '#' + fragment : '') });
  await loaded;
  report.load_ms = Date.now() - started;
  const evaluate = async (expression) =>
    (await s('Runtime.evaluate', { expression, returnByValue: true, awaitPromise: true })).result.value;
  // An adk_request_input call (ADK 2.x) is drawn as a request for input, but
  // trajectory counts it among the tool calls, as ADK does.  An answer a
  // rewind undid is drawn greyed, and stats leaves it out of its finals.
  Object.assign(report, await evaluate(`({
    ready: document.body.dataset.ready === '1',
    error: document.body.dataset.error || null,
    lanes: document.querySelectorAll('.lane').length,
    calls: document.querySelectorAll('.item.k-call, .item.k-ask').length,
    finals: document.querySelectorAll('.item.k-final:not(.rewound)').length,
    rewound: document.querySelectorAll('.item.rewound').length,
    items: document.querySelectorAll('.item').length,
    tokens: Number((document.querySelector('[data-tokens]') || {dataset: {}}).dataset.tokens),
    sessions: document.querySelectorAll('#session option').length,
    session: (document.getElementById('session-pick') || {hidden: true}).hidden ? null :
      Number(document.getElementById('session').value),
    render_ms: Number(document.body.dataset.renderMs),
    layout_ms: Number(document.body.dataset.layoutMs)
  })`));
  report.zoom_ms = await evaluate(`new Promise((done) => {
    const t0 = performance.now();
    document.getElementById('zoom-in').click();
    requestAnimationFrame(() => requestAnimationFrame(() => done(Math.round(performance.now() - t0))));
  })`);
  /* The other controls: the event-order axis, selecting every kind of item once. */
  report.controls_error = await evaluate(`(() => {
    document.getElementById('axis-seq').click();
    const seen = {};
    document.querySelectorAll('.item').forEach((e) => {
      const k = e.className.split(' ')[1];
      if (!seen[k]) { seen[k] = true; e.click(); }
    });
    document.getElementById('axis-time').click();
    return document.body.dataset.error || null;
  })()`);
  if (report.sessions > 1) await pickNext(s, evaluate);
  if (shot) {
    await evaluate(`document.getElementById('zoom-fit').click()`);
    /* Down to the last lane, the run's picture without the empty page below it. */
    const height = await evaluate(`Math.max(Math.min(900, document.querySelector('main').offsetTop +
      document.getElementById('canvas').offsetHeight + 16), 300)`);
    const clip = { x: 0, y: 0, width: 1400, height, scale: 1 };
    const { data } = await s('Page.captureScreenshot', { format: 'png', clip });
    fs.writeFileSync(shot, Buffer.from(data, 'base64'));
  }
}

/* Picks the next session in the page's list: the page must load again showing it. */
async function pickNext(s, evaluate) {
  const want = (report.session + 1) % report.sessions;
  const loaded = once('Page.loadEventFired');
  await evaluate(`(() => {
    const select = document.getElementById('session');
    select.value = '${want}';
    select.dispatchEvent(new Event('change'));
  })()`);
  await loaded;
  report.picked = await evaluate(`document.body.dataset.ready === '1' &&
    Number(document.getElementById('session').value) === ${want} && !document.body.dataset.error`);
}

const timer = setTimeout(() => {
  console.log(JSON.stringify({ error: 'timed out', stderr: stderr.slice(-2000) }));
  child.kill();
  process.exit(1);
}, 600000);
main().then(() => {
  clearTimeout(timer);
}, (e) => {
  clearTimeout(timer);
  console.log(JSON.stringify({ error: String(e), stderr: stderr.slice(-2000) }));
  child.kill();
}).finally(() => {
  child.on('exit', () => fs.rmSync(profile, { recursive: true, force: true }));
});
