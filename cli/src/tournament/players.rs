//! A player specification's engine in a tournament: internal engines are built, external
//! programs started ([`UgiPlayer`], [`CoursePlayer`]).

use super::course_player::CoursePlayer;
use super::ugi_player::UgiPlayer;
use crate::player_spec::{Kind, PlayerSpec};
use halma_engine::player::Engine;
use halma_engine::{Error, Game};
use std::time::Duration;

/// A fresh engine of player `spec` for a game under `rules_text` (`margin`: how long past
/// its time an external program may take before it is given up).
pub fn engine<P: Game>(
    spec: &PlayerSpec,
    rules_text: &str,
    margin: Duration,
) -> Result<Box<dyn Engine<P>>, Error> {
    match &spec.kind {
        Kind::Ugi {
            dialect,
            command,
            options,
        } => Ok(Box::new(UgiPlayer::start(
            *dialect, command, rules_text, options, margin,
        )?)),
        Kind::Course { command } => Ok(Box::new(CoursePlayer::new(command, margin)?)),
        _ => spec.internal_engine(),
    }
}
