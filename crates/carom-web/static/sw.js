// Carambole's service worker: keeps the whole app shell in a versioned cache so that,
// after the first visit, the app opens and works with no network. `cargo xtask
// build-web` writes VERSION (a digest of the files) and FILES (every file of the shell).
// A new version is installed in the background and waits: the page shows "a new version
// is ready — reload", and the reload sends "skip-waiting".
const VERSION = "__VERSION__";
const FILES = __FILES__;
const CACHE = `carambole-${VERSION}`;

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES)));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys.filter((k) => k.startsWith("carambole-") && k !== CACHE).map((k) => caches.delete(k)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("message", (event) => {
  if (event.data === "skip-waiting") {
    self.skipWaiting();
  }
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) {
    return;
  }
  // The shell from the cache (a page with a query, like the scoreboard tab's, is the
  // same page); anything else from the network.
  event.respondWith(
    caches
      .open(CACHE)
      .then((cache) =>
        cache
          .match(request, { ignoreSearch: request.mode === "navigate" })
          .then((hit) => hit || fetch(request)),
      ),
  );
});
