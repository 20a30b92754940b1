//! Settings: written, overwritten, kept across a reopen.

use super::{Opener, DB};

pub(super) fn a_setting_is_written_then_overwritten_and_kept_with_the_device_id(
    place: &dyn Opener,
) {
    let device = {
        let mut s = place.open(DB).unwrap();
        assert_eq!(s.setting("language").unwrap(), None);
        s.set_setting("language", "fr").unwrap();
        s.set_setting("language", "es").unwrap();
        assert_eq!(s.setting("language").unwrap().as_deref(), Some("es"));
        assert!(!s.device().is_empty());
        s.device().to_owned()
    };
    let s = place.open(DB).unwrap();
    assert_eq!(s.setting("language").unwrap().as_deref(), Some("es"));
    assert_eq!(s.device(), device);
}
