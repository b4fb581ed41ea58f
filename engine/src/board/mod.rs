//! The boards of the family, shared by every game played on them: the square, diamond and
//! star lattices as compile-time geometries ([`geometry`]), and steps and jump chains over
//! them as bitboards ([`jumps`]). Halma and Chinese Checkers are played on all of them;
//! Top Secret on the 16×16 square, Hexma on the star.

pub mod geometry;
pub mod jumps;
