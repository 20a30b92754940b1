// Carambole's service worker: keeps the app shell in a versioned cache so that, after the
// first visit, the app opens and works with no network. `cargo xtask build-web` writes
// VERSION (a digest of the shell), FILES (every file of the shell), SHEET_VERSION and
// SHEET_FILES (the sheet module: Typst and its fonts, 30 times the shell's size).
// A new version is installed in the background and waits: the page shows "a new version
// is ready — reload", and the reload sends "skip-waiting".
//
// The sheet module is not part of the first visit: a phone that only scores never
// downloads it. It is cached in its own cache when the worker first loads it (the first
// export or check of a sheet), or when the page sends "keep-sheet-module" (in idle time
// after the first signature, so that the signed sheet can be exported offline later).
const VERSION = "__VERSION__";
const FILES = __FILES__;
const SHEET_VERSION = "__SHEET_VERSION__";
const SHEET_FILES = __SHEET_FILES__;
const CACHE = `carambole-${VERSION}`;
const SHEET_CACHE = `carambole-sheet-${SHEET_VERSION}`;
const SHEET_PATHS = new Set(SHEET_FILES.map((f) => new URL(f, self.location).pathname));

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES)));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys
            .filter((k) => k.startsWith("carambole-") && k !== CACHE && k !== SHEET_CACHE)
            .map((k) => caches.delete(k)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

// The sheet module's files not yet in its cache, fetched and kept.
function keepSheetModule() {
  return caches.open(SHEET_CACHE).then((cache) =>
    Promise.all(
      SHEET_FILES.map((f) =>
        cache.match(f).then((hit) => hit || cache.add(f)),
      ),
    ),
  );
}

self.addEventListener("message", (event) => {
  if (event.data === "skip-waiting") {
    self.skipWaiting();
  } else if (event.data === "keep-sheet-module") {
    event.waitUntil(keepSheetModule().catch(() => {}));
  }
});

// A sheet module file from its cache, or from the network and then kept.
function sheetFile(request) {
  return caches.open(SHEET_CACHE).then((cache) =>
    cache.match(request).then(
      (hit) =>
        hit ||
        fetch(request).then((response) => {
          if (response.ok) {
            cache.put(request, response.clone());
          }
          return response;
        }),
    ),
  );
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) {
    return;
  }
  if (SHEET_PATHS.has(url.pathname)) {
    event.respondWith(sheetFile(request));
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
