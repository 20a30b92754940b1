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
