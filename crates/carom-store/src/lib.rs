//! placeholder replaced below
