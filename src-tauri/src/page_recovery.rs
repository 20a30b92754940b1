//! When the engine under a window dies (WebKitGTK's web process: a crash of its own, the
//! out-of-memory killer), the window would stay blank for the rest of the evening. Every
//! referee action was committed before the page showed it, so the window loads its page
//! again; the page opens on what the store holds (the home screen offers the match under
//! way).

use tauri::plugin::TauriPlugin;

/// The plugin that watches every window's page, the scoreboard's included (on the real
/// runtime: the mock one of the command tests has no engine).
pub fn plugin() -> TauriPlugin<tauri::Wry> {
    tauri::plugin::Builder::new("page-recovery")
        .on_webview_ready(|webview| {
            #[cfg(target_os = "linux")]
            if let Err(e) = webview.with_webview(|page| {
                use webkit2gtk::{WebProcessTerminationReason as Reason, WebViewExt};
                page.inner().connect_web_process_terminated(|view, reason| {
                    // Not when the app itself ends it (a window closed).
                    if matches!(reason, Reason::Crashed | Reason::ExceededMemoryLimit) {
                        eprintln!(
                            "carambole: the page's engine ended ({reason:?}); loading the page again"
                        );
                        view.reload();
                    }
                });
            }) {
                eprintln!("carambole: the page's engine is not watched: {e}");
            }
            #[cfg(not(target_os = "linux"))]
            let _ = webview;
        })
        .build()
}
