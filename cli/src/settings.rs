//! The engine settings table.
