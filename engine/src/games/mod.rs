//! The games of the family, one module each, and the runtime choice among them.

pub mod halma;
pub mod legrec;
