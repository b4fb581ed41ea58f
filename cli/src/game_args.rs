//! The arguments every command that takes a position shares: the rules, the option flags
//! that override them, and the position (`--position` text and/or `--moves` played).
//!
//! Resolution order: the game comes from `--position`'s first field if given, else from
//! `--rules` (default `halma8`): a Halma rule set or a relative (`embargo`, ...). For Halma
//! the options of an explicit `--rules name:opt=val,...` and then the option flags are
//! applied on top through [`halma_engine::Rules::set_option`], the one place where rule
//! options are interpreted; the relatives have no options.

use clap::Args;
use halma_engine::game::play_moves;
use halma_engine::games::all_games;
use halma_engine::games::{split_game_text, Variant};
use halma_engine::{Error, Game};

/// The game played when neither `--rules` nor `--position` names one.
pub const DEFAULT_RULES: &str = halma_engine::games::DEFAULT_GAME;

/// The long help of `--rules`: every game of the registry by name (`halma games` lists them
/// with their summaries).
fn rules_help() -> String {
    let names = |options: bool| {
        all_games()
            .filter(|i| i.has_options == options)
            .map(|i| i.name)
            .collect::<Vec<_>>()
            .join(", ")
    };
    format!(
        "Game: a rule set name or text form [default: {DEFAULT_RULES}, or the game of --position]\n\n\
         A Halma rule set ({}; N = 6..16), optionally followed by options in the text form \
         `name:option=value,...`, e.g. `halma10:jumps=long,deadline=none`; or a relative of \
         Halma (docs/games/): {}. `halma games` lists them with a line each. An unknown name \
         prints the full list. With --position it may only name the position's own game (its \
         options still apply).",
        names(true),
        names(false)
    )
}

/// Rules, option overrides and the position a command works on.
#[derive(Args, Debug, Clone)]
#[command(next_help_heading = "Game")]
pub struct GameArgs {
    /// Game: a rule set name or text form [default: halma8, or the game of --position]
    #[arg(long, value_name = "R", long_help = rules_help())]
    pub rules: Option<String>,

    /// Yard deadline N, or `none` [default: the rule set's]
    ///
    /// A side that completes its N-th move with a piece still in its home camp loses, and
    /// so does a side that later ends a move with a piece there. halma8 has 30, halma10 50,
    /// the others none.
    #[arg(long, value_name = "N|none")]
    pub deadline: Option<String>,

    /// Whether a piece in its goal camp may end a move outside it [default: the rule set's]
    #[arg(long, value_name = "RULE", value_parser = ["free", "locked"])]
    pub camp_exit: Option<String>,

    /// Win condition [default: the rule set's]
    ///
    /// all-in-goal: all of the mover's pieces stand in its goal camp; goal-filled: every
    /// goal cell is occupied, at least one by the mover.
    #[arg(long, value_name = "RULE", value_parser = ["all-in-goal", "goal-filled"])]
    pub win: Option<String>,

    /// Adjacent jumps, or long (Super Halma) jumps [default: the rule set's]
    ///
    /// long: a piece jumps along a line over exactly one piece standing midway, every other
    /// cell between origin and landing empty.
    #[arg(long, value_name = "KIND", value_parser = ["adjacent", "long"])]
    pub jumps: Option<String>,

    /// Turn on the follow-out rule (off in every named rule set)
    #[arg(long)]
    pub follow_out: bool,

    /// Turn on the vacate rule (on only in halma16-vacate)
    #[arg(long)]
    pub vacate: bool,

    /// Turn off the third-repetition draw (on in every named rule set)
    #[arg(long)]
    pub no_repetition: bool,

    /// Moves to play first, space-separated, e.g. "b3-c4 g6-f5"
    ///
    /// Played from the start position, or from --position when given. Each move is
    /// `from-to`, a full jump path like `c3-e5-g5` (every hop checked), or `pass`; an
    /// illegal move is an error naming it and its number.
    #[arg(long, value_name = "MOVES", allow_hyphen_values = true)]
    pub moves: Option<String>,

    /// Start from this position text instead of the start position
    ///
    /// Five fields: rules, placement, side to move, move counts, [passes], e.g.
    /// "halma8 4BBBB/5BBB/6BB/7B/A7/AA6/AAA5/AAAA4 A 0,0" (see docs/position-format.md).
    /// The option flags override the rules written in it.
    #[arg(long, value_name = "TEXT")]
    pub position: Option<String>,
}

/// The resolved game: the game with its final rules, plus what is still to be parsed once
/// the position type is known.
#[derive(Debug)]
pub struct Resolved<'a> {
    /// The game, Halma rules after every override.
    pub variant: Variant,
    /// The fields of `--position` after the rules field.
    fields: Option<&'a str>,
    /// The text of `--moves`.
    moves: Option<&'a str>,
}

impl GameArgs {
    /// Works out the rules (position text, `--rules`, then option flags) and checks them.
    pub fn resolve(&self) -> Result<Resolved<'_>, Error> {
        let explicit = self.rules.as_deref().map(Variant::parse).transpose()?;
        let (mut variant, fields) = match &self.position {
            Some(text) => {
                let (variant, fields) = split_game_text(text)?;
                if let Some(explicit) = explicit {
                    if explicit.base_name() != variant.base_name() {
                        return Err(Error::Rules(format!(
                            "--rules names {}, but the position is a {} position",
                            explicit.base_name(),
                            variant.base_name()
                        )));
                    }
                }
                (variant, Some(fields))
            }
            None => match explicit {
                Some(variant) => (variant, None),
                None => (Variant::parse(DEFAULT_RULES)?, None),
            },
        };
        let overrides = self.overrides();
        match &mut variant {
            Variant::Halma(rules) => {
                for (key, value) in overrides {
                    rules.set_option(key, value)?;
                }
            }
            Variant::Relative(r) => {
                if let Some((key, _)) = overrides.first() {
                    return Err(Error::Rules(format!(
                        "the rule option {key} is Halma's; {} has no options",
                        r.name()
                    )));
                }
            }
        }
        Ok(Resolved {
            variant,
            fields,
            moves: self.moves.as_deref(),
        })
    }

    /// The option overrides to apply, as (option, value) pairs in the order given: the
    /// options written in `--rules` (needed when `--position` supplies the rules, and
    /// harmless otherwise), then the flags.
    fn overrides(&self) -> Vec<(&str, &str)> {
        let mut out = Vec::new();
        if let Some((_, options)) = self.rules.as_deref().and_then(|r| r.split_once(':')) {
            // Rules::parse has already checked every option's shape.
            out.extend(options.split(',').filter_map(|o| o.split_once('=')));
        }
        let valued = [
            ("deadline", &self.deadline),
            ("camp-exit", &self.camp_exit),
            ("win", &self.win),
            ("jumps", &self.jumps),
        ];
        out.extend(
            valued
                .into_iter()
                .filter_map(|(key, value)| Some((key, value.as_deref()?))),
        );
        let flags = [
            ("follow-out", "on", self.follow_out),
            ("vacate", "on", self.vacate),
            ("repetition", "off", self.no_repetition),
        ];
        out.extend(
            flags
                .into_iter()
                .filter(|&(_, _, given)| given)
                .map(|(key, value, _)| (key, value)),
        );
        out
    }
}

impl Resolved<'_> {
    /// Builds the position of game `P` (which must be the resolved game, with `setup` its
    /// setup): the start or the `--position` fields, then every `--moves` move, each
    /// checked.
    pub fn position<P: Game>(&self, setup: &P::Setup) -> Result<P, Error> {
        let mut pos = match self.fields {
            Some(fields) => P::from_text_fields(setup, fields)?,
            None => P::start(setup),
        };
        let moves: Vec<&str> = self.moves.unwrap_or("").split_whitespace().collect();
        play_moves(&mut pos, &moves)
            .map_err(|e| Error::Move(format!("--moves, {}", e.message())))?;
        Ok(pos)
    }
}
