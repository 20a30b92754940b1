// Carambole's backend in the browser: a dedicated worker running carom-app (carom-web's
// wasm) over SQLite in the origin's private file system. It answers each request of the
// page ({id, command, args}) with {id, answer} once the commit is durable.
//
// One worker of the origin holds the database: the one that got the Web Lock
// "carambole-database". A worker of another tab (a second app tab, the scoreboard tab)
// forwards its requests to the holder over a BroadcastChannel and answers with the
// holder's reply; when the holder's tab closes, the lock passes to a waiting worker,
// which opens the database itself and replays what it had forwarded without a reply
// (a replayed scoring action is refused as stale if it was already committed).
import init, {
  start,
  handle,
  needs_sheet_engine,
  stage,
  clear_staged,
  internal_error,
  take_updates,
  events_channel,
  bench_append,
} from "./carom-web.js";

const RPC = "carambole-rpc";
const me = `${Date.now()}-${Math.random()}`;
const rpc = new BroadcastChannel(RPC);
let holder = false;
let nextForward = 1;
const forwarded = new Map(); // forward id -> {request, reply}

const loaded = init({ module_or_path: "./carom-web_bg.wasm" });

// Backend events (a play, a change of settings) go to the other tabs' workers on one
// channel, and each passes them on to its page. A channel does not echo what it posts,
// so the page that tapped is not woken by the news of its own tap (it has the answer).
const events = loaded.then(() => {
  const channel = new BroadcastChannel(events_channel());
  channel.onmessage = (e) => self.postMessage({ event: e.data });
  return channel;
});

// The sheet module (Typst and its fonts: several megabytes), loaded at the first export
// or check of a sheet.
let sheet = null;
function loadSheet() {
  if (!sheet) {
    sheet = import("./carom-web-sheet.js").then(async (m) => {
      await m.default({ module_or_path: "./carom-web-sheet_bg.wasm" });
      self.__caramboleSheet = m;
    });
  }
  return sheet;
}

// Runs one request here (this worker holds the database): the files the page chose for
// it first, the sheet module if it prints or checks a sheet.
async function run({ command, args, files }) {
  if (needs_sheet_engine(command)) {
    try {
      await loadSheet();
    } catch (e) {
      sheet = null;
      return internal_error(`${command}: ${e}`);
    }
  }
  clear_staged();
  for (const f of files || []) {
    stage(f.name, f.bytes);
  }
  return handle(command, args);
}

// Runs `request` here and gives its answer to `reply`; then tells the other tabs what
// changed (after the answer, so that the tapping page is not kept waiting behind the news).
// A request forwarded by another tab's worker is news for this worker's page too.
async function answer(request, reply, forwardedHere = false) {
  reply(await run(request));
  const news = take_updates();
  if (news.length > 0) {
    const channel = await events;
    for (const n of news) {
      channel.postMessage(n);
      if (forwardedHere) {
        self.postMessage({ event: n });
      }
    }
  }
}

// Opens the database here; tells the page when the browser keeps nothing (no private
// file system: the matches live in memory, for this tab only).
async function open() {
  const kept = await start();
  if (!kept) {
    self.postMessage({ storage: "memory" });
  }
}

// Settles when this worker knows whether it holds the database.
const ready = loaded.then(
  () =>
    new Promise((settled) => {
      if (!navigator.locks) {
        // No Web Locks: the pool's exclusive access handles still refuse a second tab.
        open().then(() => {
          holder = true;
          settled();
        });
        return;
      }
      navigator.locks.request("carambole-database", { ifAvailable: true }, async (lock) => {
        if (lock) {
          await open();
          holder = true;
          settled();
          return new Promise(() => {}); // held for the life of the worker
        }
        settled();
        // Wait in line: when the holder goes away, take over.
        navigator.locks.request("carambole-database", async () => {
          await open();
          holder = true;
          for (const { request, reply } of forwarded.values()) {
            await answer(request, reply);
          }
          forwarded.clear();
          return new Promise(() => {});
        });
      });
    }),
);

rpc.onmessage = async (e) => {
  const m = e.data;
  if (m.kind === "request") {
    await ready;
    if (holder) {
      const reply = (a) => rpc.postMessage({ kind: "reply", to: m.from, id: m.id, answer: a });
      await answer(m, reply, true);
    }
  } else if (m.kind === "reply" && m.to === me) {
    const f = forwarded.get(m.id);
    if (f) {
      forwarded.delete(m.id);
      f.reply(m.answer);
    }
  }
};

// Requests are answered one at a time, in order (a commit never interleaves another).
let queue = Promise.resolve();
self.onmessage = (e) => {
  if (e.data.bench) {
    // `cargo xtask bench`: appends in a pool of the benchmark's own.
    loaded
      .then(() => bench_append(e.data.bench))
      .then(
        (r) => self.postMessage({ bench: Array.from(r) }),
        (err) => self.postMessage({ bench_error: String(err) }),
      );
    return;
  }
  const { id, command, args, files } = e.data;
  const reply = (answer) => self.postMessage({ id, answer });
  queue = queue.then(async () => {
    await ready;
    if (holder) {
      await answer({ command, args, files }, reply);
      return;
    }
    const fid = nextForward++;
    forwarded.set(fid, { request: { command, args, files }, reply });
    rpc.postMessage({ kind: "request", from: me, id: fid, command, args, files });
  });
};
