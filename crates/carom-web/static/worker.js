// Carambole's backend in the browser: a dedicated worker running carom-app (carom-web's
// wasm) over SQLite in the origin's private file system. The page's messages and the
// worker's are typed in Rust (carom_api::ToWorker, carom_api::FromWorker; see
// docs/shells.md): this script only carries them, without reading them. carom-web's
// `handle(message)` answers each with {reply, news}: `reply` goes to the page that sent
// the message once the commit is durable, `news` to the other tabs after it.
//
// One worker of the origin holds the database: the one that got the Web Lock
// "carambole-database". A worker of another tab (a second app tab, the scoreboard tab)
// forwards its page's messages to the holder over a BroadcastChannel and posts the
// holder's reply to its page; when the holder's tab closes, the lock passes to a waiting
// worker, which opens the database itself and answers what it had forwarded without a
// reply (a replayed scoring action is refused as stale if it was already committed).
import init, { start, handle, events_channel } from "./carom-web.js";

const RPC = "carambole-rpc";
const me = `${Date.now()}-${Math.random()}`;
const rpc = new BroadcastChannel(RPC);
let holder = false;
let nextForward = 1;
const forwarded = new Map(); // forward id -> {message, reply}

const loaded = init({ module_or_path: "./carom-web_bg.wasm" });

// The news (a play, a change of settings) goes to the other tabs' workers on one
// channel, and each passes it on to its page. A channel does not echo what it posts, so
// the page that tapped is not woken by the news of its own tap (it has the answer).
const events = loaded.then(() => {
  const channel = new BroadcastChannel(events_channel());
  channel.onmessage = (e) => self.postMessage(e.data);
  return channel;
});

// The sheet module (Typst and its fonts: several megabytes), loaded at the first command
// that needs it (the wasm asks, through this loader).
let sheet = null;
function loadSheet() {
  if (!sheet) {
    sheet = import("./carom-web-sheet.js")
      .then(async (m) => {
        await m.default({ module_or_path: "./carom-web-sheet_bg.wasm" });
        self.__caramboleSheet = m;
      })
      .catch((e) => {
        sheet = null;
        throw e;
      });
  }
  return sheet;
}

// Answers `message` here (this worker holds the database) through `reply`; then tells
// the other tabs (after the reply, so that the tapping page is not kept waiting behind
// the news). A message forwarded by another tab's worker is news for this worker's page
// too.
async function answer(message, reply, forwardedHere = false) {
  const handled = await handle(message, loadSheet);
  if (handled.reply) {
    reply(handled.reply);
  }
  if (handled.news.length > 0) {
    const channel = await events;
    for (const n of handled.news) {
      channel.postMessage(n);
      if (forwardedHere) {
        self.postMessage(n);
      }
    }
  }
}

// Opens the database here, and posts what the wasm has to tell the page then.
async function open() {
  for (const m of await start()) {
    self.postMessage(m);
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
          for (const { message, reply } of forwarded.values()) {
            await answer(message, reply);
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
      const reply = (r) => rpc.postMessage({ kind: "reply", to: m.from, id: m.id, reply: r });
      await answer(m.message, reply, true);
    }
  } else if (m.kind === "reply" && m.to === me) {
    const f = forwarded.get(m.id);
    if (f) {
      forwarded.delete(m.id);
      f.reply(m.reply);
    }
  }
};

// The page's messages are answered one at a time, in order (a commit never interleaves
// another).
let queue = Promise.resolve();
self.onmessage = (e) => {
  const message = e.data;
  const reply = (r) => self.postMessage(r);
  queue = queue.then(async () => {
    await ready;
    if (holder) {
      await answer(message, reply);
      return;
    }
    const id = nextForward++;
    forwarded.set(id, { message, reply });
    rpc.postMessage({ kind: "request", from: me, id, message });
  });
};
