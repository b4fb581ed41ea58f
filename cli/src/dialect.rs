//! The engine protocols `halma` speaks and drives: UGI, and CCP, its dialect of the CCERL
//! ladder (the CCP words themselves are in [`crate::ccp`]).

/// The protocol spoken: UGI, or CCP (the `ccerl` rules only).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dialect {
    /// UGI: any game, moves as from-to.
    Ugi,
    /// CCP: CCERL's star, hole ids, full jump paths.
    Ccp,
}

impl Dialect {
    /// The handshake command and its final answer.
    pub fn handshake(self) -> (&'static str, &'static str) {
        match self {
            Dialect::Ugi => ("ugi", "ugiok"),
            Dialect::Ccp => ("ccp", "ccpok"),
        }
    }
}
