// Starts the Leptos app. A separate file (not an inline script) so the
// content security policy needs no inline-script exception.
import init from "./carambole-ui.js";

init({ module_or_path: "./carambole-ui_bg.wasm" }).catch((e) => {
  console.error("Carambole UI failed to start", e);
  document.body.dataset.startError = String(e);
});
