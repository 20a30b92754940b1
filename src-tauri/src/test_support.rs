//! The Tauri shell on the mock runtime: the real handler and carom-app on a database
//! file, for the checks that only the shell can answer (the handler and the capability
//! file against the catalogue).

use serde_json::Value;
use tauri::ipc::{CallbackFn, InvokeBody};
use tauri::test::{get_ipc_response, mock_builder, mock_context, noop_assets, INVOKE_KEY};
use tauri::webview::InvokeRequest;
use tauri::Manager;

/// The main window of a mock app.
pub type Window = tauri::WebviewWindow<tauri::test::MockRuntime>;

/// A mock app on the database `db`, with every command; dialogs answer from `dialogs`.
pub fn app(db: &std::path::Path, dialogs: &std::path::Path) -> Window {
    let app = crate::with_commands(mock_builder())
        .build(mock_context(noop_assets()))
        .unwrap();
    let services = crate::platform::services(app.handle(), db, Some(dialogs.to_owned()));
    app.manage(carom_app::App::open(db, services));
    tauri::WebviewWindowBuilder::new(&app, "main", Default::default())
        .build()
        .unwrap()
}

/// Invokes `cmd` with `body` as the UI would.
pub fn invoke(w: &Window, cmd: &str, body: Value) -> Result<Value, Value> {
    get_ipc_response(
        w,
        InvokeRequest {
            cmd: cmd.into(),
            callback: CallbackFn(0),
            error: CallbackFn(1),
            url: "tauri://localhost".parse().unwrap(),
            body: InvokeBody::Json(body),
            headers: Default::default(),
            invoke_key: INVOKE_KEY.to_string(),
        },
    )
    .map(|b| b.deserialize::<Value>().unwrap())
}

/// Calls catalogue command `command` with its request `args` through the one command
/// `call`, as the UI does.
pub fn call(w: &Window, command: &str, args: Value) -> Result<Value, Value> {
    invoke(
        w,
        "call",
        serde_json::json!({"command": command, "args": args}),
    )
}
