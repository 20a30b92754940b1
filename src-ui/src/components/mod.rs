//! Reusable pieces of the screens: they read the app's state and may call the backend,
//! but never know which screen shows them.

pub mod announcements;
pub mod charts;
pub mod clock;
pub mod diagram;
pub mod form;
pub mod format;
pub mod keys;
pub mod loaded;
pub mod modal;
pub mod nav;
pub mod press;
pub mod sheet_view;
pub mod slot;
pub mod web_app;
