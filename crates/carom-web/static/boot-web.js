// The backend's worker starts first, before the UI's wasm is even fetched: its wasm
// compiles and its database opens on another thread while the page's wasm compiles on
// this one (a start from the service worker waits for the slower of the two, not their
// sum). What it says before the UI takes it over is kept for the UI
// (window.__caramboleWorker, window.__caramboleEarly).
if (typeof Worker !== "undefined") {
  try {
    const early = [];
    const w = new Worker("./worker.js", { type: "module" });
    w.onmessage = (e) => early.push(e);
    window.__caramboleWorker = w;
    window.__caramboleEarly = early;
  } catch (e) {
    // The UI starts its own.
  }
}
// The web app's part of start-up (the desktop shell has no service worker): registers
// the service worker, tells the page when a new version waits (event
// "carambole-update-ready") and keeps the browser's install prompt for the page's
// "Install" button (event "carambole-installable"). The page calls
// window.__caramboleApplyUpdate() and window.__caramboleInstall().
if ("serviceWorker" in navigator) {
  let reloading = false;
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (!reloading && window.__caramboleUpdating) {
      reloading = true;
      location.reload();
    }
  });
  navigator.serviceWorker.register("./sw.js").then((reg) => {
    const announce = (worker) => {
      window.__caramboleWaiting = worker;
      window.dispatchEvent(new Event("carambole-update-ready"));
    };
    if (reg.waiting && navigator.serviceWorker.controller) {
      announce(reg.waiting);
    }
    reg.addEventListener("updatefound", () => {
      const incoming = reg.installing;
      incoming?.addEventListener("statechange", () => {
        if (incoming.state === "installed" && navigator.serviceWorker.controller) {
          announce(incoming);
        }
      });
    });
  });
}
window.__caramboleApplyUpdate = () => {
  window.__caramboleUpdating = true;
  window.__caramboleWaiting?.postMessage("skip-waiting");
};
window.addEventListener("beforeinstallprompt", (event) => {
  event.preventDefault();
  window.__caramboleInstallPrompt = event;
  window.dispatchEvent(new Event("carambole-installable"));
});
window.__caramboleInstall = () => {
  const prompt = window.__caramboleInstallPrompt;
  window.__caramboleInstallPrompt = undefined;
  prompt?.prompt();
};
// After the first signature: asks the service worker, in idle time, to keep the sheet
// module (left out of the first visit) so that the sheet can be exported offline later.
window.__caramboleKeepSheetModule = () => {
  if (!("serviceWorker" in navigator)) {
    return;
  }
  const idle = window.requestIdleCallback || ((f) => setTimeout(f, 1000));
  navigator.serviceWorker.ready.then((reg) =>
    idle(() => reg.active?.postMessage("keep-sheet-module")),
  );
};
